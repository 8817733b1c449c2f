//! Profiling harness for the circuit prover: proves the bench's chain circuit of n = 2^LG
//! multipliers and/or runs dalek's constant-time MSM of 2n random points, REPS times each, and
//! prints the best times. Made for instruction counts (bench/RESULTS.md, "Prover: profile and
//! cheaper scalar work"):
//!
//! ```text
//! cargo build --release -p bpkit --example prove_profile
//! valgrind --tool=callgrind --toggle-collect='*do_prove*' target/release/examples/prove_profile 12 1 prove
//! valgrind --tool=callgrind --toggle-collect='*do_msm*' target/release/examples/prove_profile 12 1 msm
//! ```
//!
//! Usage: `prove_profile LG REPS prove|msm|both`.
#![allow(
    missing_docs,
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    clippy::arithmetic_side_effects
)]
use bpkit::circuit::{ConstraintSystem, Prover, Variable};
use bpkit::group::{RistrettoPoint, Scalar};
use bpkit::{BulletproofGens, PedersenGens};
use curve25519_dalek::traits::MultiscalarMul;
use merlin::Transcript;
use rand::SeedableRng;
use rand_chacha::ChaCha20Rng;
use std::hint::black_box;
use std::time::Instant;

fn chain<CS: ConstraintSystem>(cs: &mut CS, v: Variable, n: usize, prover: bool) {
    let mut l_val = Scalar::from(3u64);
    let mut prev: Option<(Variable, Variable)> = None;
    for i in 0..n {
        let r_val = Scalar::from(i as u64 + 2);
        let (l, r, o) = cs
            .allocate_multiplier(prover.then_some((l_val, r_val)))
            .unwrap();
        match prev {
            None => cs.constrain(l - v),
            Some((pl, po)) => cs.constrain(l - po + pl),
        }
        cs.constrain(r - Scalar::from(i as u64 + 2));
        let o_val = l_val * r_val;
        l_val = o_val - l_val;
        prev = Some((l, o));
    }
}

#[inline(never)]
fn do_prove(
    pc: &PedersenGens,
    bp: &BulletproofGens,
    n: usize,
    seed: u64,
) -> bpkit::circuit::CircuitProof {
    let mut t = Transcript::new(b"circuit bench");
    let mut p = Prover::new(pc, &mut t);
    let (_c, v) = p.commit(Scalar::from(3u64), Scalar::from(seed + 1000));
    chain(&mut p, v, n, true);
    p.prove(bp, &mut ChaCha20Rng::seed_from_u64(seed)).unwrap()
}

#[inline(never)]
fn do_msm(s: &[Scalar], p: &[RistrettoPoint]) -> RistrettoPoint {
    RistrettoPoint::multiscalar_mul(s, p)
}

fn main() {
    let a: Vec<String> = std::env::args().collect();
    let lg: usize = a[1].parse().unwrap();
    let reps: usize = a[2].parse().unwrap();
    let mode = a[3].as_str();
    let n = 1usize << lg;
    let pc = PedersenGens::default();
    let bp = BulletproofGens::new(n, 1);
    let mut rng = ChaCha20Rng::seed_from_u64(n as u64);
    let s: Vec<Scalar> = (0..2 * n).map(|_| Scalar::random(&mut rng)).collect();
    let p: Vec<RistrettoPoint> = (0..2 * n)
        .map(|_| RistrettoPoint::random(&mut rng))
        .collect();
    let mut tp = f64::INFINITY;
    let mut tm = f64::INFINITY;
    for r in 0..reps {
        if mode != "msm" {
            let t0 = Instant::now();
            black_box(do_prove(&pc, &bp, n, r as u64));
            tp = tp.min(t0.elapsed().as_secs_f64());
        }
        if mode != "prove" {
            let t0 = Instant::now();
            black_box(do_msm(&s, &p));
            tm = tm.min(t0.elapsed().as_secs_f64());
        }
    }
    println!(
        "n=2^{lg}: prove {:.3} ms, ct msm 2n {:.3} ms, ratio {:.2}",
        tp * 1e3,
        tm * 1e3,
        tp / tm
    );
}
