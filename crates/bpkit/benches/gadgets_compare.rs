//! SHA-256 preimage verification against its floor, interleaved: each round runs every
//! contender once, in turn, so that the load of a shared machine hits them alike; minimum and
//! median over the rounds, with ratios to the first contender (curve25519-dalek's
//! variable-time multiscalar multiplication of 2n = 65,536 points with uniformly random
//! scalars: the bound is verification ≤ 1.25× this).
//!
//! Contenders: `verify-key` (a verifying key made once, `Sha256Statement::verify_with_key`),
//! `verify` (from nothing: records the circuit, packs it, verifies), `batch-1` and `batch-4`
//! (`BatchVerifier` with the circuit recorded once; marginal cost = (four − one)/3).
//!
//! Run: `cargo bench -p bpkit --bench gadgets_compare` (about two minutes on two cores;
//! `BPKIT_COMPARE_ROUNDS` sets the rounds, default 9).
#![allow(
    missing_docs,
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    clippy::arithmetic_side_effects
)]

use std::hint::black_box;
use std::time::Duration;

use bpkit::batch::BatchVerifier;
use bpkit::circuit::statements::{Sha256Statement, Sha256Witness};
use bpkit::group::{RistrettoPoint, Scalar};
use bpkit::BulletproofGens;
use curve25519_dalek::traits::VartimeMultiscalarMul;
use merlin::Transcript;
use rand::SeedableRng;
use rand_chacha::ChaCha20Rng;

#[path = "common/interleave.rs"]
mod interleave;
use interleave::{Job, Unit};

fn t() -> Transcript {
    Transcript::new(b"gadgets bench")
}

fn main() {
    let rounds: usize = std::env::var("BPKIT_COMPARE_ROUNDS")
        .ok()
        .and_then(|r| r.parse().ok())
        .unwrap_or(9);
    let bp = BulletproofGens::new(32768, 1);
    let mut rng = ChaCha20Rng::seed_from_u64(11);
    let w = Sha256Witness::new(vec![0x42; 32]);
    let st = Sha256Statement::for_witness(&w).unwrap();
    let proofs: Vec<_> = (0..4)
        .map(|_| st.prove(&mut t(), &w, &bp, &mut rng).unwrap())
        .collect();
    let key = st.verifying_key().unwrap();
    let circuit = st.circuit().unwrap();
    let n2 = 2 * 32768;
    let points: Vec<RistrettoPoint> = (0..n2)
        .map(|i| RistrettoPoint::mul_base(&Scalar::from(i as u64 + 1)))
        .collect();
    let scalars: Vec<Scalar> = (0..n2).map(|_| Scalar::random(&mut rng)).collect();
    let batch = |count: usize| {
        let mut b = BatchVerifier::new();
        for p in proofs.iter().take(count) {
            b.add_circuit_proof(p.circuit_proof(), &circuit, &[], st.bind_transcript(t()));
        }
        b.verify(&mut ChaCha20Rng::seed_from_u64(2)).unwrap()
    };
    let mut jobs: Vec<Job<'_>> = vec![
        (
            "msm-vartime-2n",
            Box::new(|| {
                black_box(RistrettoPoint::vartime_multiscalar_mul(&scalars, &points));
            }),
        ),
        (
            "verify-key",
            Box::new(|| {
                st.verify_with_key(&key, &mut t(), black_box(&proofs[0]), &bp)
                    .unwrap()
            }),
        ),
        (
            "verify",
            Box::new(|| st.verify(&mut t(), black_box(&proofs[0]), &bp).unwrap()),
        ),
        ("batch-1", Box::new(|| batch(1))),
        ("batch-4", Box::new(|| batch(4))),
    ];
    let stats = interleave::run(rounds, &mut jobs);
    let ms = |d: Duration| d.as_secs_f64() * 1e3;
    println!(
        "sha256-preimage, one block (n = 32,768), {rounds} interleaved rounds; ratios ÷ the MSM"
    );
    interleave::report(&jobs, &stats, Unit::Millis);
    println!(
        "  batch marginal per further proof: min {:.1} ms, median {:.1} ms",
        (ms(stats[4].min) - ms(stats[3].min)) / 3.0,
        (ms(stats[4].median) - ms(stats[3].median)) / 3.0
    );
}
