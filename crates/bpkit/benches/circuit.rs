//! Arithmetic-circuit benchmarks: prove and verify a circuit of n multipliers, against the
//! unavoidable work measured in the same run.
//!
//! Groups, for n = 2⁶ … 2^max (max = `BPKIT_CIRCUIT_MAX_LG`, default 10 so the CI smoke run stays
//! cheap; 16 for the README figures):
//! - `circuit/prove/n`, `circuit/verify/n` (verification from the proof's bytes);
//! - `msm/vartime-2n/n`: curve25519-dalek's variable-time multiscalar multiplication of 2n random
//!   points (the verifier's floor), `msm/vartime-chunked-2n/n`: the same in bpkit's chunks of
//!   `msm::VARTIME_CHUNK` terms (what the verifier runs), `msm/consttime-2n/n`: dalek's
//!   constant-time one (the prover's);
//! - `batch/one/n`, `batch/two/n` for n = min(2¹⁵, 2^max): one proof, and two proofs of the same
//!   circuit, in a `BatchVerifier` (the marginal cost of a further proof is two − one).
//!
//! The circuit: one committed value, n multipliers with assigned inputs, each output tied to
//! the next left input by a row of three terms, and a row per multiplier fixing its right input.
//! Full run: `BPKIT_CIRCUIT_MAX_LG=16 cargo bench -p bpkit --bench circuit`; `bench/circuit.py`
//! prints the ratios.
//!
//! Then, in a `cargo bench` run unless `BPKIT_INTERLEAVED=0`, interleaved rounds of `prove` and
//! dalek's constant-time MSM of 2n points for n = 2^min … 2^max (`BPKIT_CIRCUIT_MIN_LG`, default
//! 6): each round runs both once, and min and median ratios are printed (robust to a loaded
//! machine, where criterion's groups run minutes apart). A filter matching no group
//! (`cargo bench -p bpkit --bench circuit -- interleaved-only`) runs only these rounds.
#![allow(
    missing_docs,
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    clippy::arithmetic_side_effects
)]

use std::hint::black_box;
use std::time::{Duration, Instant};

use bpkit::batch::BatchVerifier;
use bpkit::circuit::{Circuit, CircuitProof, Prover, Recorder};
use bpkit::group::{CompressedRistretto, RistrettoPoint, Scalar};
use bpkit::{BulletproofGens, PedersenGens};
use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use curve25519_dalek::traits::{MultiscalarMul, VartimeMultiscalarMul};
use merlin::Transcript;
use rand::SeedableRng;
use rand_chacha::ChaCha20Rng;

#[path = "common/chain.rs"]
mod chain;
use chain::chain;

const LABEL: &[u8] = b"circuit bench";

fn max_lg() -> usize {
    std::env::var("BPKIT_CIRCUIT_MAX_LG")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(10)
        .clamp(6, 16)
}

struct Setup {
    pc: PedersenGens,
    bp: BulletproofGens,
}

fn prove(s: &Setup, n: usize, seed: u64) -> (CircuitProof, CompressedRistretto) {
    let mut t = Transcript::new(LABEL);
    let mut p = Prover::new(&s.pc, &mut t);
    let (c, v) = p.commit(Scalar::from(3u64), Scalar::from(seed + 1000));
    chain(&mut p, v, n, true);
    let proof = p
        .prove(&s.bp, &mut ChaCha20Rng::seed_from_u64(seed))
        .unwrap();
    (proof, c)
}

fn record(n: usize) -> Circuit {
    let mut r = Recorder::new();
    let v = r.commit();
    chain(&mut r, v, n, false);
    r.into_circuit().unwrap()
}

fn random_msm_inputs(len: usize) -> (Vec<Scalar>, Vec<RistrettoPoint>) {
    let mut rng = ChaCha20Rng::seed_from_u64(len as u64);
    let scalars = (0..len).map(|_| Scalar::random(&mut rng)).collect();
    let points = (0..len).map(|_| RistrettoPoint::random(&mut rng)).collect();
    (scalars, points)
}

fn benches(c: &mut Criterion) {
    let max = max_lg();
    let s = Setup {
        pc: PedersenGens::default(),
        bp: BulletproofGens::new(1 << max, 1),
    };
    let mut g = c.benchmark_group("circuit");
    g.sample_size(10);
    for lg in 6..=max {
        let n = 1usize << lg;
        let circuit = record(n);
        let (proof, commitment) = prove(&s, n, 1);
        let bytes = proof.to_bytes();
        println!("circuit n = {n}: proof {} bytes", bytes.len());
        g.bench_with_input(BenchmarkId::new("prove", n), &n, |b, &n| {
            b.iter(|| black_box(prove(&s, n, 2)))
        });
        g.bench_with_input(BenchmarkId::new("verify", n), &n, |b, _| {
            b.iter(|| {
                let p = CircuitProof::from_bytes(black_box(&bytes)).unwrap();
                circuit
                    .verify(&mut Transcript::new(LABEL), &p, &[commitment], &s.pc, &s.bp)
                    .unwrap()
            })
        });
    }
    g.finish();

    let mut g = c.benchmark_group("msm");
    g.sample_size(10);
    for lg in 6..=max {
        let n = 1usize << lg;
        let (scalars, points) = random_msm_inputs(2 * n);
        g.bench_with_input(BenchmarkId::new("vartime-2n", n), &n, |b, _| {
            b.iter(|| RistrettoPoint::vartime_multiscalar_mul(black_box(&scalars), &points))
        });
        // The verifier's chunked form of the same multiplication (bounded memory).
        g.bench_with_input(BenchmarkId::new("vartime-chunked-2n", n), &n, |b, _| {
            b.iter(|| {
                bpkit::group::msm::vartime_chunked(black_box(&scalars).iter().copied().zip(&points))
            })
        });
        g.bench_with_input(BenchmarkId::new("consttime-2n", n), &n, |b, _| {
            b.iter(|| RistrettoPoint::multiscalar_mul(black_box(&scalars), &points))
        });
    }
    g.finish();

    let n = 1usize << max.min(15);
    let circuit = record(n);
    let (p1, c1) = prove(&s, n, 3);
    let (p2, c2) = prove(&s, n, 4);
    let (c1, c2) = ([c1], [c2]);
    let mut g = c.benchmark_group("batch");
    g.sample_size(10);
    g.bench_with_input(BenchmarkId::new("one", n), &n, |b, _| {
        b.iter(|| {
            let mut batch = BatchVerifier::with_generators(&s.pc, &s.bp);
            batch.add_circuit_proof(&p1, &circuit, &c1, Transcript::new(LABEL));
            batch.verify_deterministic().unwrap()
        })
    });
    g.bench_with_input(BenchmarkId::new("two", n), &n, |b, _| {
        b.iter(|| {
            let mut batch = BatchVerifier::with_generators(&s.pc, &s.bp);
            batch.add_circuit_proof(&p1, &circuit, &c1, Transcript::new(LABEL));
            batch.add_circuit_proof(&p2, &circuit, &c2, Transcript::new(LABEL));
            batch.verify_deterministic().unwrap()
        })
    });
    g.finish();
}

/// Interleaved rounds of `prove` and the constant-time MSM of 2n points at every n; prints min and
/// median times and the ratios prove / MSM.
fn interleaved_prove(s: &Setup, min: usize, max: usize) {
    println!("interleaved prove vs dalek constant-time MSM of 2n (min, median over rounds)");
    for lg in min..=max {
        let n = 1usize << lg;
        let (scalars, points) = random_msm_inputs(2 * n);
        let rounds = if lg >= 15 { 9 } else { 15 };
        let (mut tp, mut tm): (Vec<Duration>, Vec<Duration>) = (Vec::new(), Vec::new());
        black_box(prove(s, n, 5));
        for r in 0..rounds {
            let t = Instant::now();
            black_box(RistrettoPoint::multiscalar_mul(
                black_box(&scalars),
                &points,
            ));
            tm.push(t.elapsed());
            let t = Instant::now();
            black_box(prove(s, n, 6 + r as u64));
            tp.push(t.elapsed());
        }
        tp.sort();
        tm.sort();
        let (pm, pd) = (tp[0].as_secs_f64(), tp[rounds / 2].as_secs_f64());
        let (mm, md) = (tm[0].as_secs_f64(), tm[rounds / 2].as_secs_f64());
        println!(
            "  n = 2^{lg:<2} ({rounds} rounds): prove min {:>9.2} ms median {:>9.2} ms; ct MSM 2n min {:>9.2} ms median {:>9.2} ms; ratio(min) {:.2} ratio(median) {:.2}",
            pm * 1e3,
            pd * 1e3,
            mm * 1e3,
            md * 1e3,
            pm / mm,
            pd / md
        );
    }
}

fn interleaved(c: &mut Criterion) {
    let _ = c;
    // Only in a real run (`cargo bench` passes `--bench`; `cargo test --bench` is a smoke run).
    let bench_run = std::env::args().any(|a| a == "--bench");
    if !bench_run || std::env::var("BPKIT_INTERLEAVED").as_deref() == Ok("0") {
        return;
    }
    let max = max_lg();
    let min = std::env::var("BPKIT_CIRCUIT_MIN_LG")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(6)
        .clamp(6, max);
    let s = Setup {
        pc: PedersenGens::default(),
        bp: BulletproofGens::new(1 << max, 1),
    };
    interleaved_prove(&s, min, max);
}

criterion_group!(circuit_benches, benches, interleaved);
criterion_main!(circuit_benches);
