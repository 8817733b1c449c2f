//! Bulletproofs+ against `tari_bulletproofs_plus` 0.5.3, in the same run: 64-bit proofs,
//! proving one value, verifying one value and 32 aggregated values.
//!
//! `cargo bench -p bpkit --bench plus` (add `-- --quick` for a short run).
#![allow(
    missing_docs,
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    clippy::arithmetic_side_effects
)]

#[path = "../tests/plus_common/mod.rs"]
mod plus_common;

use bpkit::group::{RistrettoPoint, Scalar};
use bpkit::plus::{ExtendedOpening, PlusGens, PlusProof, PlusStatement};
use criterion::{criterion_group, BenchmarkId, Criterion};
use merlin::Transcript;
use rand::SeedableRng;
use rand_chacha::ChaCha20Rng;
use std::time::Duration;
use tari_bulletproofs_plus::{
    commitment_opening::CommitmentOpening,
    range_proof::{RangeProof as TariProof, VerifyAction},
    range_statement::RangeStatement as TariStatement,
    range_witness::RangeWitness,
    ristretto::RistrettoRangeProof,
};

const BITS: usize = 64;

struct Setup {
    gens: PlusGens,
    openings: Vec<ExtendedOpening>,
    statement: PlusStatement,
    proof: PlusProof,
    tari_statement: TariStatement<RistrettoPoint>,
    tari_witness: RangeWitness,
    tari_proof: RistrettoRangeProof,
}

/// Both libraries, Tari's generators, `m` values.
fn setup(m: usize) -> Setup {
    setup_seeded(m, m as u64)
}

fn setup_seeded(m: usize, seed: u64) -> Setup {
    let mut rng = ChaCha20Rng::seed_from_u64(seed);
    let gens = PlusGens::tari(1).unwrap();
    let openings: Vec<ExtendedOpening> = (0..m)
        .map(|i| ExtendedOpening::random(1_000_000 + i as u64, 1, &mut rng))
        .collect();
    let statement = PlusStatement::commit(gens.pedersen(), BITS, &openings, None).unwrap();
    let proof = PlusProof::prove(
        &mut Transcript::new(b"bench"),
        &gens,
        &statement,
        &openings,
        &mut rng,
    )
    .unwrap();
    proof
        .verify(&mut Transcript::new(b"bench"), &gens, &statement)
        .unwrap();

    let tari_statement = plus_common::tari_statement(&statement, 1, None);
    let tari_witness = RangeWitness::init(
        openings
            .iter()
            .map(|o| CommitmentOpening::new(o.value, o.blindings.clone()))
            .collect(),
    )
    .unwrap();
    let tari_proof = RistrettoRangeProof::prove_with_rng(
        &mut tari_merlin::Transcript::new(b"bench"),
        &tari_statement,
        &tari_witness,
        &mut rng,
    )
    .unwrap();
    Setup {
        gens,
        openings,
        statement,
        proof,
        tari_statement,
        tari_witness,
        tari_proof,
    }
}

/// Decodes Tari's proof (its points stay compressed until `verify_batch`) and verifies it.
fn tari_verify(s: &Setup, bytes: &[u8]) {
    plus_common::tari_verify(b"bench", &s.tari_statement, bytes, VerifyAction::VerifyOnly).unwrap();
}

/// Decodes bpkit's proof (points decompressed here) and verifies it.
fn bpkit_verify(s: &Setup, bytes: &[u8]) {
    let proof = PlusProof::from_bytes(bytes).unwrap();
    proof
        .verify(&mut Transcript::new(b"bench"), &s.gens, &s.statement)
        .unwrap();
}

fn bench(c: &mut Criterion) {
    let one = setup(1);
    let mut rng = ChaCha20Rng::seed_from_u64(99);
    let mut group = c.benchmark_group("bp+ n=64");
    group
        .sample_size(20)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(3));
    group.bench_function(BenchmarkId::new("prove m=1", "bpkit"), |b| {
        b.iter(|| {
            PlusProof::prove(
                &mut Transcript::new(b"bench"),
                &one.gens,
                &one.statement,
                &one.openings,
                &mut rng,
            )
            .unwrap()
        })
    });
    group.bench_function(BenchmarkId::new("prove m=1", "tari"), |b| {
        b.iter(|| {
            RistrettoRangeProof::prove_with_rng(
                &mut tari_merlin::Transcript::new(b"bench"),
                &one.tari_statement,
                &one.tari_witness,
                &mut rng,
            )
            .unwrap()
        })
    });
    // Every verification starts from the proof's bytes (both libraries decompress the points).
    let (ours, theirs) = (one.proof.to_bytes(), one.tari_proof.to_bytes());
    group.bench_function(BenchmarkId::new("verify m=1", "bpkit"), |b| {
        b.iter(|| bpkit_verify(&one, &ours))
    });
    group.bench_function(BenchmarkId::new("verify m=1", "tari"), |b| {
        b.iter(|| tari_verify(&one, &theirs))
    });

    let many = setup(32);
    let (ours, theirs) = (many.proof.to_bytes(), many.tari_proof.to_bytes());
    group.bench_function(BenchmarkId::new("verify m=32", "bpkit"), |b| {
        b.iter(|| bpkit_verify(&many, &ours))
    });
    group.bench_function(BenchmarkId::new("verify m=32", "tari"), |b| {
        b.iter(|| tari_verify(&many, &theirs))
    });
    group.finish();
    let _ = Scalar::ONE;
}

/// Thread CPU time in microseconds (ignores time spent descheduled on a shared machine).
fn cpu_micros() -> f64 {
    let t = rustix::time::clock_gettime(rustix::time::ClockId::ThreadCPUTime);
    t.tv_sec as f64 * 1e6 + t.tv_nsec as f64 / 1e3
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(|a, b| a.partial_cmp(b).unwrap());
    v[v.len() / 2]
}

/// Interleaved measurement: bpkit and Tari alternate, each timed in thread CPU time, and the
/// ratio of the medians is printed. Robust to load changes during the run, unlike comparing
/// two criterion results taken minutes apart.
fn interleaved(name: &str, rounds: usize, mut ours: impl FnMut(), mut theirs: impl FnMut()) {
    let (mut a, mut b) = (Vec::new(), Vec::new());
    for _ in 0..rounds {
        let t = cpu_micros();
        ours();
        a.push(cpu_micros() - t);
        let t = cpu_micros();
        theirs();
        b.push(cpu_micros() - t);
    }
    let (ma, mb) = (median(a), median(b));
    println!(
        "{name:30} bpkit {ma:10.1} µs   tari {mb:10.1} µs   ratio {:.2}",
        ma / mb
    );
}

fn ratios() {
    println!("\ninterleaved, thread CPU time, medians:");
    let one = setup(1);
    let mut rng = ChaCha20Rng::seed_from_u64(7);
    let mut rng2 = ChaCha20Rng::seed_from_u64(8);
    interleaved(
        "prove m=1",
        200,
        || {
            PlusProof::prove(
                &mut Transcript::new(b"bench"),
                &one.gens,
                &one.statement,
                &one.openings,
                &mut rng,
            )
            .unwrap();
        },
        || {
            RistrettoRangeProof::prove_with_rng(
                &mut tari_merlin::Transcript::new(b"bench"),
                &one.tari_statement,
                &one.tari_witness,
                &mut rng2,
            )
            .unwrap();
        },
    );
    // From bytes on both sides (both libraries decompress the points).
    let (ours, theirs) = (one.proof.to_bytes(), one.tari_proof.to_bytes());
    interleaved(
        "verify m=1",
        1000,
        || bpkit_verify(&one, &ours),
        || tari_verify(&one, &theirs),
    );
    let many = setup(32);
    let (many_ours, many_theirs) = (many.proof.to_bytes(), many.tari_proof.to_bytes());
    interleaved(
        "verify m=32",
        60,
        || bpkit_verify(&many, &many_ours),
        || tari_verify(&many, &many_theirs),
    );
    // The same without the shifted tables (the path before them, and a one-shot verifier's:
    // a table is built once 16 proofs of a size have been verified).
    bpkit::generators::set_shifted_tables(false);
    interleaved(
        "verify m=1, no shifted table",
        1000,
        || bpkit_verify(&one, &ours),
        || tari_verify(&one, &theirs),
    );
    interleaved(
        "verify m=32, no shifted table",
        60,
        || bpkit_verify(&many, &many_ours),
        || tari_verify(&many, &many_theirs),
    );
    bpkit::generators::set_shifted_tables(true);
}

/// A batch of 256 single-value proofs: `BatchVerifier` against Tari's `verify_batch`.
fn batch_ratio() {
    const COUNT: usize = 256;
    let setups: Vec<Setup> = (0..COUNT as u64)
        .map(|i| setup_seeded(1, 1000 + i))
        .collect();
    let statements: Vec<TariStatement<RistrettoPoint>> =
        setups.iter().map(|s| s.tari_statement.clone()).collect();
    // Both sides start from the proofs' bytes: Tari decompresses its points in `verify_batch`,
    // bpkit in the batch (`add_plus_proof_bytes`: the verification engine decodes them) or in
    // `from_bytes` (parsed proofs, dalek decodes), so parsing is part of the work on both sides.
    let our_bytes: Vec<Vec<u8>> = setups.iter().map(|s| s.proof.to_bytes()).collect();
    let tari_bytes: Vec<Vec<u8>> = setups.iter().map(|s| s.tari_proof.to_bytes()).collect();
    let ours_with = |deterministic: bool, bytes: bool| {
        let mut batch = bpkit::batch::BatchVerifier::new();
        let proofs: Vec<PlusProof> = if bytes {
            for (s, b) in setups.iter().zip(&our_bytes) {
                batch.add_plus_proof_bytes(b, &s.statement, &s.gens, Transcript::new(b"bench"));
            }
            Vec::new()
        } else {
            our_bytes
                .iter()
                .map(|b| PlusProof::from_bytes(b).unwrap())
                .collect()
        };
        for (s, proof) in setups.iter().zip(&proofs) {
            batch.add_plus_proof(proof, &s.statement, &s.gens, Transcript::new(b"bench"));
        }
        if deterministic {
            batch.verify_deterministic().unwrap();
        } else {
            batch.verify(&mut ChaCha20Rng::seed_from_u64(5)).unwrap();
        }
    };
    let ours = |deterministic: bool| ours_with(deterministic, true);
    let theirs = || {
        let proofs: Vec<RistrettoRangeProof> = tari_bytes
            .iter()
            .map(|b| RistrettoRangeProof::from_bytes(b).unwrap())
            .collect();
        let mut transcripts: Vec<tari_merlin::Transcript> = (0..COUNT)
            .map(|_| tari_merlin::Transcript::new(b"bench"))
            .collect();
        TariProof::verify_batch(
            &mut transcripts,
            &statements,
            &proofs,
            VerifyAction::VerifyOnly,
        )
        .unwrap();
    };
    // For profiling: `BPKIT_PLUS_PROFILE=ROUNDS` runs only bpkit's batch, ROUNDS times.
    if let Some(rounds) = std::env::var("BPKIT_PLUS_PROFILE")
        .ok()
        .and_then(|r| r.parse::<usize>().ok())
    {
        for _ in 0..rounds {
            ours(false);
        }
        return;
    }
    ours(false);
    theirs();
    println!("\ninterleaved, thread CPU time, medians, per batch of {COUNT} (from bytes):");
    println!(
        "engine backend: {}; SIMD bucket pass: {}",
        bpkit::group::engine::backend(),
        bpkit_engine::backend::simd_buckets_active()
    );
    interleaved("batch 256 rnd (bytes, engine)", 15, || ours(false), theirs);
    interleaved("batch 256 det (bytes, engine)", 15, || ours(true), theirs);
    interleaved(
        "batch 256 rnd (bytes, engine, scalar buckets)",
        15,
        || {
            bpkit_engine::backend::simd_buckets(false);
            ours(false);
            bpkit_engine::backend::simd_buckets(true);
        },
        theirs,
    );
    interleaved(
        "batch 256 rnd (parsed, dalek)",
        15,
        || ours_with(false, false),
        theirs,
    );
}

criterion_group!(benches, bench);

fn main() {
    // `BPKIT_ENGINE_IFMA=0`: the engine without its IFMA backend (as the CLI), so that an
    // AVX2-only machine can be emulated on an IFMA one with `RUSTFLAGS=''`.
    if std::env::var_os("BPKIT_ENGINE_IFMA").is_some_and(|v| v == "0") {
        bpkit::group::engine::ifma(false);
    }
    if std::env::var_os("BPKIT_PLUS_BATCH_ONLY").is_some() {
        batch_ratio();
        return;
    }
    // For profiling: `BPKIT_PLUS_PROFILE_VERIFY=ROUNDS` decodes and verifies one m = 1 proof
    // ROUNDS times (bpkit only).
    if let Some(rounds) = std::env::var("BPKIT_PLUS_PROFILE_VERIFY")
        .ok()
        .and_then(|r| r.parse::<usize>().ok())
    {
        let one = setup(1);
        let bytes = one.proof.to_bytes();
        for _ in 0..rounds {
            let p = PlusProof::from_bytes(&bytes).unwrap();
            p.verify(&mut Transcript::new(b"bench"), &one.gens, &one.statement)
                .unwrap();
        }
        return;
    }
    if std::env::var_os("BPKIT_PLUS_RATIOS_ONLY").is_some() {
        ratios();
        batch_ratio();
        return;
    }
    benches();
    Criterion::default().configure_from_args().final_summary();
    // `BPKIT_PLUS_NO_RATIOS=1`: criterion only (e.g. with a filter).
    if std::env::var_os("BPKIT_PLUS_NO_RATIOS").is_none() {
        ratios();
        batch_ratio();
    }
}
