//! Interleaved A/B timing, robust to a loaded machine: each round runs every contender once, in
//! turn, and the minimum and median over rounds are reported, with ratios to the first
//! contender of each group. Complements the criterion benches (`range_proof`), whose separate
//! runs drift when other work shares the cores.
//!
//! Run: `cargo bench -p bpkit --bench compare [-- FILTER]`.
#![allow(
    missing_docs,
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    clippy::arithmetic_side_effects
)]

use std::hint::black_box;
use std::time::Instant;

use bpkit::batch::{BatchOptions, BatchVerifier};
use bpkit::{Opening, RangeProof, RangeStatement};
use merlin::Transcript;
use rand::SeedableRng;
use rand_chacha::ChaCha20Rng;

use bulletproofs as peer;
use curve25519_dalek_4 as d4;

#[path = "common/interleave.rs"]
mod interleave;
use interleave::{Job, Unit};

/// Runs one group of contenders (skipped unless its name contains the command line's filter).
fn compare(group: &str, rounds: usize, mut jobs: Vec<Job<'_>>) {
    let filter = std::env::args().nth(1).filter(|a| !a.starts_with('-'));
    if filter.as_deref().is_some_and(|f| !group.contains(f)) {
        return;
    }
    let stats = interleave::run(rounds, &mut jobs);
    println!("{group}");
    interleave::report(&jobs, &stats, Unit::Micros);
}

fn case(
    m: usize,
    seed: u64,
) -> (
    Vec<u8>,
    RangeStatement,
    Vec<d4::ristretto::CompressedRistretto>,
) {
    let mut rng = ChaCha20Rng::seed_from_u64(seed);
    let openings: Vec<Opening> = (0..m)
        .map(|j| Opening::random(j as u64 * 7919 + seed, &mut rng))
        .collect();
    let (proof, statement) =
        RangeProof::prove(&mut Transcript::new(b"cmp"), &openings, 64, &mut rng).unwrap();
    let mut peer_c: Vec<_> = statement
        .commitments()
        .iter()
        .map(|c| d4::ristretto::CompressedRistretto(c.to_bytes()))
        .collect();
    peer_c.resize(m.next_power_of_two(), Default::default());
    (proof.to_bytes(), statement, peer_c)
}

#[path = "common/tari_set.rs"]
mod tari;

fn main() {
    // `BPKIT_ENGINE_IFMA=0`: the engine without its IFMA backend (as the CLI), so that an
    // AVX2-only machine can be emulated on an IFMA one with `RUSTFLAGS=''`.
    if std::env::var_os("BPKIT_ENGINE_IFMA").is_some_and(|v| v == "0") {
        bpkit::group::engine::ifma(false);
    }
    println!("{}", bpkit::backend::report());
    println!(
        "engine backend: {}; SIMD bucket pass: {}",
        bpkit::group::engine::backend(),
        bpkit_engine::backend::simd_buckets_active()
    );
    // For profiling: `BPKIT_PROFILE_VERIFY=ROUNDS` decodes and verifies one m = 1 proof ROUNDS
    // times (bpkit only).
    if let Some(rounds) = std::env::var("BPKIT_PROFILE_VERIFY")
        .ok()
        .and_then(|r| r.parse::<usize>().ok())
    {
        let (bytes, statement, _) = case(1, 1);
        for _ in 0..rounds {
            let p = RangeProof::from_bytes(black_box(&bytes)).unwrap();
            p.verify(&mut Transcript::new(b"cmp"), &statement).unwrap();
        }
        return;
    }
    let pc4 = peer::PedersenGens::default();
    // `BPKIT_COMPARE_BATCH_ONLY=1`: only the batch groups (256 and 1024 proofs).
    let batch_only = std::env::var_os("BPKIT_COMPARE_BATCH_ONLY").is_some();
    let sizes: &[usize] = if batch_only {
        &[]
    } else {
        &[1, 2, 4, 8, 16, 32, 64]
    };
    for &m in sizes {
        let mp = m.next_power_of_two();
        let bp4 = peer::BulletproofGens::new(64, mp);
        let mut rng = ChaCha20Rng::seed_from_u64(m as u64);
        let openings: Vec<Opening> = (0..m)
            .map(|j| Opening::random(j as u64 * 31 + 5, &mut rng))
            .collect();
        let mut values: Vec<u64> = openings.iter().map(|o| o.value).collect();
        values.resize(mp, 0);
        let mut blindings: Vec<d4::scalar::Scalar> = openings
            .iter()
            .map(|o| d4::scalar::Scalar::from_canonical_bytes(o.blinding.to_bytes()).unwrap())
            .collect();
        blindings.resize(mp, d4::scalar::Scalar::ZERO);
        let rounds = if m >= 32 {
            6
        } else if m >= 8 {
            20
        } else {
            60
        };
        compare(
            &format!("prove m={m}"),
            rounds,
            vec![
                (
                    "bulletproofs",
                    Box::new(|| {
                        peer::RangeProof::prove_multiple(
                            &bp4,
                            &pc4,
                            &mut Transcript::new(b"cmp"),
                            &values,
                            &blindings,
                            64,
                        )
                        .unwrap();
                    }),
                ),
                (
                    "bpkit",
                    Box::new(|| {
                        RangeProof::prove(&mut Transcript::new(b"cmp"), &openings, 64, &mut rng)
                            .unwrap();
                    }),
                ),
            ],
        );
    }
    for m in [1usize, 2, 4, 8, 64] {
        let (bytes, statement, peer_c) = case(m, m as u64);
        let bp4 = peer::BulletproofGens::new(64, m.next_power_of_two());
        let pc = bpkit::PedersenGens::default();
        let bp = bpkit::BulletproofGens::new(64, m.next_power_of_two());
        let rounds = if m >= 64 { 20 } else { 200 };
        compare(
            &format!("verify m={m}"),
            rounds,
            vec![
                (
                    "bulletproofs",
                    Box::new(|| {
                        let p = peer::RangeProof::from_bytes(black_box(&bytes)).unwrap();
                        p.verify_multiple(&bp4, &pc4, &mut Transcript::new(b"cmp"), &peer_c, 64)
                            .unwrap();
                    }),
                ),
                (
                    "bpkit verify",
                    Box::new(|| {
                        let p = RangeProof::from_bytes(black_box(&bytes)).unwrap();
                        p.verify(&mut Transcript::new(b"cmp"), &statement).unwrap();
                    }),
                ),
                (
                    // The path before shifted tables (dalek's multiplication, and its
                    // precomputed tables at m ≤ 2).
                    "bpkit verify, no shifted table",
                    Box::new(|| {
                        bpkit::generators::set_shifted_tables(false);
                        let p = RangeProof::from_bytes(black_box(&bytes)).unwrap();
                        p.verify(&mut Transcript::new(b"cmp"), &statement).unwrap();
                        bpkit::generators::set_shifted_tables(true);
                    }),
                ),
                (
                    "bpkit verify_with_generators",
                    Box::new(|| {
                        let p = RangeProof::from_bytes(black_box(&bytes)).unwrap();
                        p.verify_with_generators(
                            &pc,
                            &bp,
                            &mut Transcript::new(b"cmp"),
                            &statement,
                        )
                        .unwrap();
                    }),
                ),
                (
                    // The engine's path for one proof (decoding and multiplication on the
                    // engine), as the batch verifier runs it.
                    "bpkit batch of one",
                    Box::new(|| {
                        let mut batch = bpkit::batch::BatchVerifier::new();
                        batch.add_range_proof_bytes(
                            black_box(&bytes),
                            &statement,
                            Transcript::new(b"cmp"),
                        );
                        batch.verify_deterministic().unwrap();
                    }),
                ),
            ],
        );
    }

    let singles: Vec<_> = (0..256).map(|i| case(1, 1000 + i)).collect();
    let tari_set = if std::env::var("BPKIT_PROFILE_BATCH").is_ok() {
        tari::set(1)
    } else {
        tari::set(256)
    };
    let bp4 = peer::BulletproofGens::new(64, 1);
    let batch_engine = |threads: usize, count: usize, deterministic: bool, engine: bool| {
        let singles = &singles;
        move || {
            let options = BatchOptions::default().threads(threads).engine(engine);
            let mut b = BatchVerifier::new().with_options(options);
            for i in 0..count {
                let (bytes, s, _) = &singles[i % singles.len()];
                b.add_range_proof_bytes(bytes, s, Transcript::new(b"cmp"));
            }
            if deterministic {
                b.verify_deterministic().unwrap();
            } else {
                b.verify(&mut ChaCha20Rng::seed_from_u64(1)).unwrap();
            }
        }
    };
    let batch = |threads: usize, count: usize, deterministic: bool| {
        batch_engine(threads, count, deterministic, true)
    };
    // The engine with Pippenger's bucket additions on the portable code instead of four AVX2
    // lanes (the same batch otherwise).
    let scalar_buckets = |count: usize| {
        let job = batch(1, count, false);
        move || {
            bpkit_engine::backend::simd_buckets(false);
            job();
            bpkit_engine::backend::simd_buckets(true);
        }
    };
    // For profiling: `BPKIT_PROFILE_BATCH=ROUNDS` runs only bpkit's batch of 1024 (the 256 proofs
    // four times over), ROUNDS times, on `BPKIT_PROFILE_THREADS` threads (default 1).
    if let Some(rounds) = std::env::var("BPKIT_PROFILE_BATCH")
        .ok()
        .and_then(|r| r.parse::<usize>().ok())
    {
        let threads = std::env::var("BPKIT_PROFILE_THREADS")
            .ok()
            .and_then(|t| t.parse().ok())
            .unwrap_or(1);
        let job = batch(threads, 1024, false);
        eprintln!("profiling");
        let t = Instant::now();
        for _ in 0..rounds {
            job();
        }
        eprintln!(
            "{rounds} batches of 1024: {:?} per batch",
            t.elapsed() / rounds as u32
        );
        return;
    }
    let small: &[usize] = if batch_only { &[] } else { &[1, 4, 16] };
    for &size in small {
        compare(
            &format!("small batch {size} (per batch)"),
            40,
            vec![
                (
                    "bpkit single verify × size",
                    Box::new(|| {
                        for (bytes, s, _) in &singles[..size] {
                            let p = RangeProof::from_bytes(black_box(bytes)).unwrap();
                            p.verify(&mut Transcript::new(b"cmp"), s).unwrap();
                        }
                    }),
                ),
                ("bpkit batch", Box::new(batch(1, size, false))),
                (
                    "tari verify_batch",
                    Box::new(|| tari::verify(&tari_set, size)),
                ),
            ],
        );
    }
    compare(
        "batch 256 (per batch; divide by 256)",
        10,
        vec![
            (
                "bulletproofs 256 × single",
                Box::new(|| {
                    for (bytes, _, peer_c) in &singles {
                        let p = peer::RangeProof::from_bytes(black_box(bytes)).unwrap();
                        p.verify_single(&bp4, &pc4, &mut Transcript::new(b"cmp"), &peer_c[0], 64)
                            .unwrap();
                    }
                }),
            ),
            (
                "tari verify_batch",
                Box::new(|| tari::verify(&tari_set, 256)),
            ),
            ("bpkit random", Box::new(batch(1, 256, false))),
            ("bpkit deterministic", Box::new(batch(1, 256, true))),
            (
                "bpkit random, engine off",
                Box::new(batch_engine(1, 256, false, false)),
            ),
            (
                "bpkit random, scalar buckets",
                Box::new(scalar_buckets(256)),
            ),
        ],
    );
    compare(
        "batch 1024 (per batch; divide by 1024)",
        5,
        vec![
            (
                "bulletproofs 1024 × single",
                Box::new(|| {
                    for _ in 0..4 {
                        for (bytes, _, peer_c) in &singles {
                            let p = peer::RangeProof::from_bytes(black_box(bytes)).unwrap();
                            p.verify_single(
                                &bp4,
                                &pc4,
                                &mut Transcript::new(b"cmp"),
                                &peer_c[0],
                                64,
                            )
                            .unwrap();
                        }
                    }
                }),
            ),
            ("bpkit random", Box::new(batch(1, 1024, false))),
            (
                "bpkit random, engine off",
                Box::new(batch_engine(1, 1024, false, false)),
            ),
            (
                "bpkit random, scalar buckets",
                Box::new(scalar_buckets(1024)),
            ),
        ],
    );
    #[cfg(feature = "parallel")]
    compare(
        "batch 1024 threads",
        5,
        vec![
            ("bpkit 1 thread", Box::new(batch(1, 1024, false))),
            ("bpkit 2 threads", Box::new(batch(2, 1024, false))),
        ],
    );
}
