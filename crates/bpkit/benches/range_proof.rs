//! Range-proof benchmarks: bpkit against `bulletproofs` 5 and `tari_bulletproofs_plus` 0.5.3.
//!
//! Groups (n = 64 everywhere):
//! - `prove/{bpkit,bulletproofs}/m` and `verify/{bpkit,bulletproofs}/m` for m ∈ {1, 2, …, 64}.
//!   Verification starts from the proof's bytes for every library (bpkit decompresses points when
//!   parsing, the peers when verifying), so the same work is timed.
//! - `batch/{bpkit,bpkit-deterministic,tari,bulletproofs-single}/size`: verifying `size` single
//!   proofs from bytes; per-proof time = time / size (criterion's throughput is set to `size`).
//!   `bulletproofs` has no batch verifier: its line is `size` calls of `verify_single`.
//! - `threads/{1,2}/1024` (feature `parallel` only): bpkit's batch of 1024 on 1 and 2 threads.
//!
//! Quick run: `cargo bench -p bpkit --bench range_proof -- --warm-up-time 1 --measurement-time 3 verify/`.
//! `bench/report.py` turns criterion's output into a table and `bench/batch.svg`.
#![allow(
    missing_docs,
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    clippy::arithmetic_side_effects
)]

use std::hint::black_box;
use std::sync::OnceLock;

use bpkit::batch::{BatchOptions, BatchVerifier};
use bpkit::{Opening, RangeProof, RangeStatement};
use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use merlin::Transcript;
use rand::SeedableRng;
use rand_chacha::ChaCha20Rng;

use bulletproofs as peer;
use curve25519_dalek_4 as d4;

const N: usize = 64;
const MS: [usize; 7] = [1, 2, 4, 8, 16, 32, 64];
const BATCH_SIZES: [usize; 6] = [1, 4, 16, 64, 256, 1024];
const LABEL: &[u8] = b"bench";

fn rng(seed: u64) -> ChaCha20Rng {
    ChaCha20Rng::seed_from_u64(seed)
}

fn openings(m: usize, seed: u64) -> Vec<Opening> {
    let mut r = rng(seed);
    (0..m)
        .map(|j| Opening::random(1_000_000_007u64.wrapping_mul(j as u64 + seed), &mut r))
        .collect()
}

fn peer_gens(m: usize) -> (peer::PedersenGens, peer::BulletproofGens) {
    (
        peer::PedersenGens::default(),
        peer::BulletproofGens::new(N, m.next_power_of_two()),
    )
}

fn peer_scalar(s: &bpkit::group::Scalar) -> d4::scalar::Scalar {
    d4::scalar::Scalar::from_canonical_bytes(s.to_bytes()).unwrap()
}

/// A bpkit proof for `m` values and the peer's view of the same statement.
struct Case {
    bytes: Vec<u8>,
    statement: RangeStatement,
    peer_commitments: Vec<d4::ristretto::CompressedRistretto>,
}

fn case(m: usize, seed: u64) -> Case {
    let (proof, statement) = RangeProof::prove(
        &mut Transcript::new(LABEL),
        &openings(m, seed),
        N,
        &mut rng(seed),
    )
    .unwrap();
    let mut peer_commitments: Vec<_> = statement
        .commitments()
        .iter()
        .map(|c| d4::ristretto::CompressedRistretto(c.to_bytes()))
        .collect();
    // The peer wants the padding commitments (the identity) spelled out.
    peer_commitments.resize(m.next_power_of_two(), Default::default());
    Case {
        bytes: proof.to_bytes(),
        statement,
        peer_commitments,
    }
}

fn bench_prove(c: &mut Criterion) {
    let mut group = c.benchmark_group("prove");
    group.sample_size(10);
    for m in MS {
        let ours = openings(m, 1);
        group.bench_with_input(BenchmarkId::new("bpkit", m), &m, |b, _| {
            let mut r = rng(2);
            b.iter(|| RangeProof::prove(&mut Transcript::new(LABEL), &ours, N, &mut r).unwrap())
        });
        let values: Vec<u64> = ours.iter().map(|o| o.value).collect();
        let mut blindings: Vec<_> = ours.iter().map(|o| peer_scalar(&o.blinding)).collect();
        blindings.resize(m.next_power_of_two(), d4::scalar::Scalar::ZERO);
        let mut values = values;
        values.resize(m.next_power_of_two(), 0);
        group.bench_with_input(BenchmarkId::new("bulletproofs", m), &m, |b, &m| {
            let (pc, bp) = peer_gens(m);
            b.iter(|| {
                peer::RangeProof::prove_multiple(
                    &bp,
                    &pc,
                    &mut Transcript::new(LABEL),
                    &values,
                    &blindings,
                    N,
                )
                .unwrap()
            })
        });
    }
    group.finish();
}

/// One proof per m, made on first use (so a filtered run proves only what it measures).
fn verify_case(m: usize) -> &'static Case {
    static CASES: OnceLock<Vec<OnceLock<Case>>> = OnceLock::new();
    let cases = CASES.get_or_init(|| MS.iter().map(|_| OnceLock::new()).collect());
    let i = MS.iter().position(|&x| x == m).unwrap();
    cases[i].get_or_init(|| case(m, 3))
}

fn bench_verify(c: &mut Criterion) {
    let mut group = c.benchmark_group("verify");
    for m in MS {
        if m >= 16 {
            group.sample_size(20);
        }
        group.bench_with_input(BenchmarkId::new("bpkit", m), &m, |b, &m| {
            let case = verify_case(m);
            b.iter(|| {
                let proof = RangeProof::from_bytes(black_box(&case.bytes)).unwrap();
                proof
                    .verify(&mut Transcript::new(LABEL), &case.statement)
                    .unwrap()
            })
        });
        group.bench_with_input(BenchmarkId::new("bulletproofs", m), &m, |b, &m| {
            let case = verify_case(m);
            let (pc, bp) = peer_gens(m);
            b.iter(|| {
                let proof = peer::RangeProof::from_bytes(black_box(&case.bytes)).unwrap();
                if m == 1 {
                    proof.verify_single(
                        &bp,
                        &pc,
                        &mut Transcript::new(LABEL),
                        &case.peer_commitments[0],
                        N,
                    )
                } else {
                    proof.verify_multiple(
                        &bp,
                        &pc,
                        &mut Transcript::new(LABEL),
                        &case.peer_commitments,
                        N,
                    )
                }
                .unwrap()
            })
        });
    }
    group.finish();
}

/// 1024 single-value proofs, made once.
fn single_proofs() -> &'static [Case] {
    static CASES: OnceLock<Vec<Case>> = OnceLock::new();
    CASES.get_or_init(|| (0..1024).map(|i| case(1, 1000 + i)).collect())
}

fn bpkit_batch(cases: &[Case], options: BatchOptions, deterministic: bool) {
    let mut batch = BatchVerifier::new().with_options(options);
    for case in cases {
        batch.add_range_proof_bytes(&case.bytes, &case.statement, Transcript::new(LABEL));
    }
    let result = if deterministic {
        batch.verify_deterministic()
    } else {
        batch.verify(&mut rng(9))
    };
    result.unwrap();
}

#[path = "common/tari_set.rs"]
mod tari;

/// 1024 single 64-bit Tari proofs, made once.
fn tari_set() -> &'static tari::Set {
    static SET: OnceLock<tari::Set> = OnceLock::new();
    SET.get_or_init(|| tari::set(1024))
}

fn bench_batch(c: &mut Criterion) {
    let mut group = c.benchmark_group("batch");
    group.sample_size(10);
    for size in BATCH_SIZES {
        group.throughput(Throughput::Elements(size as u64));
        group.bench_with_input(BenchmarkId::new("bpkit", size), &size, |b, &size| {
            let cases = &single_proofs()[..size];
            b.iter(|| bpkit_batch(cases, BatchOptions::default(), false))
        });
        group.bench_with_input(
            BenchmarkId::new("bpkit-deterministic", size),
            &size,
            |b, &size| {
                let cases = &single_proofs()[..size];
                b.iter(|| bpkit_batch(cases, BatchOptions::default(), true))
            },
        );
        group.bench_with_input(BenchmarkId::new("tari", size), &size, |b, &size| {
            let set = tari_set();
            b.iter(|| tari::verify(set, size))
        });
        // No batch verifier in `bulletproofs`: the per-proof cost is that of one verification, so
        // one call is timed and the report scales it by `size` (throughput 1).
        if size == 1 {
            group.bench_with_input(
                BenchmarkId::new("bulletproofs-single", size),
                &size,
                |b, _| {
                    let (pc, bp) = peer_gens(1);
                    let case = &single_proofs()[0];
                    let commitment = d4::ristretto::CompressedRistretto(
                        case.statement.commitments()[0].to_bytes(),
                    );
                    b.iter(|| {
                        let proof = peer::RangeProof::from_bytes(black_box(&case.bytes)).unwrap();
                        proof
                            .verify_single(&bp, &pc, &mut Transcript::new(LABEL), &commitment, N)
                            .unwrap()
                    })
                },
            );
        }
    }
    group.finish();
}

#[cfg(feature = "parallel")]
fn bench_threads(c: &mut Criterion) {
    let mut group = c.benchmark_group("threads");
    group.sample_size(10);
    group.throughput(Throughput::Elements(1024));
    for threads in [1usize, 2] {
        group.bench_with_input(
            BenchmarkId::new(threads.to_string(), 1024),
            &threads,
            |b, &t| {
                let cases = single_proofs();
                b.iter(|| bpkit_batch(cases, BatchOptions::default().threads(t), false))
            },
        );
    }
    group.finish();
}

#[cfg(not(feature = "parallel"))]
fn bench_threads(_: &mut Criterion) {}

criterion_group!(
    benches,
    bench_prove,
    bench_verify,
    bench_batch,
    bench_threads
);
criterion_main!(benches);
