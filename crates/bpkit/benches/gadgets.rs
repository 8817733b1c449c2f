//! Ready-made statements and gadgets, proven and verified, with the unavoidable work measured in
//! the same run.
//!
//! - `sha256/prove`, `sha256/verify`: the SHA-256 preimage of a 32-byte message (one block,
//!   25,275 multipliers, padded n = 32,768); `verify` records the circuit, `verify-key` uses a
//!   verifying key made once (`Sha256Statement::verifying_key`); `sha256/key` is the cost of
//!   making the key; `sha256/batch-1`, `sha256/batch-4`: one and four such proofs in a
//!   `BatchVerifier` with the circuit recorded once (marginal cost per further proof =
//!   (four − one)/3); `sha256/msm-vartime-2n`: curve25519-dalek's variable-time multiscalar
//!   multiplication of 2n = 65,536 points with uniformly random scalars (the verifier's floor:
//!   its scalars are full width; the bound is 1.25× this); `sha256/msm-vartime-2n-128`:
//!   the same with 128-bit scalars (what this bench measured before 2026-11-23; about half
//!   the work).
//! - `merkle/prove/d`, `merkle/verify/d`, `merkle/verify-key/d` for depths 16 and 32.
//! - `shuffle/prove/k`, `shuffle/verify/k`, `shuffle/verify-key/k` for k = 8 and 64.
//! - `range64/prove`, `range64/verify`: the 64-bit range gadget on one committed value.
//!
//! `cargo bench -p bpkit --bench gadgets` (about ten minutes on two cores). Proof sizes are
//! printed once. Set `BPKIT_GADGETS_QUICK=1` for a smoke run (SHA-256 skipped).
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
use bpkit::circuit::gadgets::bits;
use bpkit::circuit::statements::{
    MerkleStatement, Sha256Statement, Sha256Witness, ShuffleStatement, ShuffleWitness,
};
use bpkit::circuit::{Prover, Verifier};
use bpkit::group::{RistrettoPoint, Scalar};
use bpkit::poseidon::{MerkleTree, Poseidon};
use bpkit::{BulletproofGens, Opening, PedersenGens};
use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use curve25519_dalek::traits::VartimeMultiscalarMul;
use merlin::Transcript;
use rand::SeedableRng;
use rand_chacha::ChaCha20Rng;

fn t() -> Transcript {
    Transcript::new(b"gadgets bench")
}

fn quick() -> bool {
    std::env::var("BPKIT_GADGETS_QUICK").is_ok()
}

fn sha256(c: &mut Criterion) {
    if quick() {
        return;
    }
    let bp = BulletproofGens::new(32768, 1);
    let mut rng = ChaCha20Rng::seed_from_u64(1);
    let w = Sha256Witness::new(vec![0x42; 32]);
    let st = Sha256Statement::for_witness(&w).unwrap();
    let proof = st.prove(&mut t(), &w, &bp, &mut rng).unwrap();
    eprintln!(
        "sha256-preimage (32 bytes): {} bytes",
        proof.serialized_size()
    );
    let mut g = c.benchmark_group("sha256");
    g.sample_size(10).measurement_time(Duration::from_secs(20));
    g.bench_function("prove", |b| {
        b.iter(|| st.prove(&mut t(), &w, &bp, &mut rng).unwrap())
    });
    g.bench_function("verify", |b| {
        b.iter(|| st.verify(&mut t(), black_box(&proof), &bp).unwrap())
    });
    g.bench_function("key", |b| b.iter(|| st.verifying_key().unwrap()));
    let key = st.verifying_key().unwrap();
    g.bench_function("verify-key", |b| {
        b.iter(|| {
            st.verify_with_key(&key, &mut t(), black_box(&proof), &bp)
                .unwrap()
        })
    });
    // Batches of 1 and 4 proofs of the statement.
    let proofs: Vec<_> = (0..4)
        .map(|_| st.prove(&mut t(), &w, &bp, &mut rng).unwrap())
        .collect();
    let circuit = st.circuit().unwrap();
    for count in [1usize, 4] {
        g.bench_function(format!("batch-{count}"), |b| {
            b.iter(|| {
                let mut batch = BatchVerifier::new();
                for p in proofs.iter().take(count) {
                    let tr = st.bind_transcript(t());
                    batch.add_circuit_proof(p.circuit_proof(), &circuit, &[], tr);
                }
                batch.verify(&mut ChaCha20Rng::seed_from_u64(2)).unwrap()
            })
        });
    }
    let n2 = 2 * 32768;
    let points: Vec<RistrettoPoint> = (0..n2)
        .map(|i| RistrettoPoint::mul_base(&Scalar::from(i as u64 + 1)))
        .collect();
    let scalars: Vec<Scalar> = (0..n2)
        .map(|i| Scalar::from(i as u64 * 7919 + 3) * Scalar::from(0x1234_5678_9abc_def1u64))
        .collect();
    g.bench_function("msm-vartime-2n-128", |b| {
        b.iter(|| RistrettoPoint::vartime_multiscalar_mul(black_box(&scalars), &points))
    });
    let random: Vec<Scalar> = (0..n2).map(|_| Scalar::random(&mut rng)).collect();
    g.bench_function("msm-vartime-2n", |b| {
        b.iter(|| RistrettoPoint::vartime_multiscalar_mul(black_box(&random), &points))
    });
    g.finish();
}

fn merkle(c: &mut Criterion) {
    let bp = BulletproofGens::new(8192, 1);
    let p = Poseidon::new();
    let mut g = c.benchmark_group("merkle");
    g.sample_size(10);
    let depths: &[u32] = if quick() { &[16] } else { &[16, 32] };
    for &d in depths {
        let leaves: Vec<Scalar> = (0..100u64).map(Scalar::from).collect();
        let tree = MerkleTree::new(&p, d, &leaves).unwrap();
        let (st, w) = MerkleStatement::for_leaf(&tree, 37, 37, Scalar::from(99u64)).unwrap();
        let mut rng = ChaCha20Rng::seed_from_u64(3);
        let proof = st.prove(&mut t(), &w, &bp, &mut rng).unwrap();
        let circuit = st.circuit().unwrap();
        eprintln!(
            "merkle-membership depth {d}: {} multipliers (padded {}), {} bytes",
            circuit.multipliers(),
            circuit.padded_multipliers(),
            proof.serialized_size()
        );
        g.bench_with_input(BenchmarkId::new("prove", d), &d, |b, _| {
            b.iter(|| st.prove(&mut t(), &w, &bp, &mut rng).unwrap())
        });
        g.bench_with_input(BenchmarkId::new("verify", d), &d, |b, _| {
            b.iter(|| st.verify(&mut t(), black_box(&proof), &bp).unwrap())
        });
        let key = st.verifying_key().unwrap();
        g.bench_with_input(BenchmarkId::new("verify-key", d), &d, |b, _| {
            b.iter(|| {
                st.verify_with_key(&key, &mut t(), black_box(&proof), &bp)
                    .unwrap()
            })
        });
    }
    g.finish();
}

fn shuffle(c: &mut Criterion) {
    let bp = BulletproofGens::new(128, 1);
    let mut g = c.benchmark_group("shuffle");
    g.sample_size(20);
    for k in [8usize, 64] {
        let mut rng = ChaCha20Rng::seed_from_u64(4);
        let inputs: Vec<Opening> = (0..k as u64)
            .map(|v| Opening::random(v, &mut rng))
            .collect();
        let outputs: Vec<Opening> = (0..k as u64)
            .rev()
            .map(|v| Opening::random(v, &mut rng))
            .collect();
        let w = ShuffleWitness::new(inputs, outputs);
        let st = ShuffleStatement::for_witness(&w).unwrap();
        let proof = st.prove(&mut t(), &w, &bp, &mut rng).unwrap();
        eprintln!("shuffle k = {k}: {} bytes", proof.serialized_size());
        g.bench_with_input(BenchmarkId::new("prove", k), &k, |b, _| {
            b.iter(|| st.prove(&mut t(), &w, &bp, &mut rng).unwrap())
        });
        g.bench_with_input(BenchmarkId::new("verify", k), &k, |b, _| {
            b.iter(|| st.verify(&mut t(), black_box(&proof), &bp).unwrap())
        });
        let key = st.verifying_key().unwrap();
        g.bench_with_input(BenchmarkId::new("verify-key", k), &k, |b, _| {
            b.iter(|| {
                st.verify_with_key(&key, &mut t(), black_box(&proof), &bp)
                    .unwrap()
            })
        });
    }
    g.finish();
}

fn range64(c: &mut Criterion) {
    let pc = PedersenGens::default();
    let bp = BulletproofGens::new(64, 1);
    let mut rng = ChaCha20Rng::seed_from_u64(5);
    let value = Scalar::from(0xdead_beef_u64);
    let blinding = Scalar::from(12345u64);
    let prove = |rng: &mut ChaCha20Rng| {
        let mut tr = t();
        let mut prover = Prover::new(&pc, &mut tr);
        let (v, var) = prover.commit(value, blinding);
        bits::range_check(&mut prover, var.into(), 64).unwrap();
        (prover.prove(&bp, rng).unwrap(), v)
    };
    let (proof, v) = prove(&mut rng);
    eprintln!("range64 gadget: {} bytes", proof.serialized_size());
    let mut g = c.benchmark_group("range64");
    g.sample_size(20);
    g.bench_function("prove", |b| b.iter(|| prove(&mut rng)));
    g.bench_function("verify", |b| {
        b.iter(|| {
            let mut tr = t();
            let mut verifier = Verifier::new(&mut tr);
            let var = verifier.commit(v);
            bits::range_check(&mut verifier, var.into(), 64).unwrap();
            verifier.verify(black_box(&proof), &pc, &bp).unwrap()
        })
    });
    g.finish();
}

criterion_group!(benches, sha256, merkle, shuffle, range64);
criterion_main!(benches);
