//! One proof on one thread against the same proof on two (feature `parallel`,
//! `bpkit::with_threads`): aggregated range proofs and Bulletproofs+ with m = 64 values of 64
//! bits, the SHA-256 preimage statement (one block) and Merkle membership at depth 32, proving
//! and verifying (with a verifying key made once, `-key`, and without: recording the circuit
//! each time). `BPKIT_THREADS_QUICK=1` skips the statements. Proofs are byte-identical on any thread count
//! (`tests/threads.rs`); only the wall time differs.
//!
//! `cargo bench -p bpkit --features parallel --bench threads` (ratios 2 threads / 1 thread in
//! bench/RESULTS.md, with the machine named: the figure means something only on an idle machine
//! with at least two cores).
//!
//! `BPKIT_THREADS_INTERLEAVED=rounds` (optionally `BPKIT_THREADS_ONLY=bp-verify,merkle-prove`):
//! instead of criterion, each workload on 1 and on 2 threads in interleaved rounds (one call of
//! each in turn, so that a shared machine's load hits both alike; at least `rounds`, more for
//! short workloads, up to about 1.5 s of calls per thread count), minimum and median and their
//! ratios — the figures RESULTS gives, criterion's sequential runs drifting by ±10 % on a shared
//! 2-core machine.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use bpkit::circuit::statements::{MerkleStatement, Sha256Statement, Sha256Witness};
use bpkit::group::Scalar;
use bpkit::plus::{ExtendedOpening, PlusGens, PlusProof, PlusStatement};
use bpkit::poseidon::{MerkleTree, Poseidon};
use bpkit::{with_threads, BulletproofGens, Opening, RangeProof};
use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use merlin::Transcript;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha20Rng;
use std::hint::black_box;
use std::time::Duration;

const M: usize = 64;

#[path = "common/interleave.rs"]
mod interleave;

/// The range-proof workloads' inputs: m = 64 openings, a Bulletproofs proof and a
/// Bulletproofs+ proof of them.
struct Ranges {
    openings: Vec<Opening>,
    proof: RangeProof,
    statement: bpkit::RangeStatement,
    gens: PlusGens,
    plus_openings: Vec<ExtendedOpening>,
    plus_statement: PlusStatement,
    plus_proof: PlusProof,
}

fn ranges(rng: &mut ChaCha20Rng) -> Ranges {
    let openings: Vec<Opening> = (0..M)
        .map(|_| Opening::random(rng.random(), &mut *rng))
        .collect();
    let (proof, statement) =
        RangeProof::prove(&mut Transcript::new(b"threads"), &openings, 64, rng).unwrap();
    let gens = PlusGens::bpkit(1).unwrap();
    let plus_openings: Vec<ExtendedOpening> = (0..M)
        .map(|_| ExtendedOpening::random(rng.random(), 1, &mut *rng))
        .collect();
    let plus_statement = PlusStatement::commit(gens.pedersen(), 64, &plus_openings, None).unwrap();
    let plus_proof = PlusProof::prove(
        &mut Transcript::new(b"threads"),
        &gens,
        &plus_statement,
        &plus_openings,
        rng,
    )
    .unwrap();
    Ranges {
        openings,
        proof,
        statement,
        gens,
        plus_openings,
        plus_statement,
        plus_proof,
    }
}

/// The workloads of both groups as closures taking a thread count, named as in criterion.
type Workload<'a> = (&'static str, Box<dyn Fn(usize) + Sync + 'a>);

/// `BPKIT_THREADS_INTERLEAVED`: every workload on 1 and 2 threads, interleaved (module docs).
fn interleaved(rounds: usize) {
    let only: Option<Vec<String>> = std::env::var("BPKIT_THREADS_ONLY")
        .ok()
        .map(|v| v.split(',').map(str::to_owned).collect());
    let wanted = |name: &str| {
        only.as_ref()
            .is_none_or(|o| o.iter().any(|w| name.contains(w)))
    };
    let mut rng = ChaCha20Rng::seed_from_u64(64);
    let Ranges {
        openings,
        proof,
        statement,
        gens,
        plus_openings,
        plus_statement,
        plus_proof,
    } = ranges(&mut rng);
    let bp = BulletproofGens::new(32768, 1);
    let w = Sha256Witness::new(vec![0x42; 32]);
    let sha = Sha256Statement::for_witness(&w).unwrap();
    let p = Poseidon::new();
    let leaves: Vec<Scalar> = (0..100u64).map(Scalar::from).collect();
    let tree = MerkleTree::new(&p, 32, &leaves).unwrap();
    let (merkle, mw) = MerkleStatement::for_leaf(&tree, 37, 37, Scalar::from(99u64)).unwrap();
    let statements = [
        "sha256-prove",
        "sha256-verify-key",
        "merkle32-prove",
        "merkle32-verify-key",
    ]
    .iter()
    .any(|s| wanted(s));
    let sha_proof = statements.then(|| sha.prove(&mut t(), &w, &bp, &mut rng).unwrap());
    let merkle_proof = statements.then(|| merkle.prove(&mut t(), &mw, &bp, &mut rng).unwrap());
    let sha_key = statements.then(|| sha.verifying_key().unwrap());
    let merkle_key = statements.then(|| merkle.verifying_key().unwrap());
    // The shifted table a long-running verifier has after 16 proofs of this size, built now so
    // that every round uses it.
    let _ = bpkit::generators::shared_shifted(M, true);
    let mut workloads: Vec<Workload<'_>> = vec![
        (
            "bp-prove-m64",
            Box::new(|_| {
                black_box(
                    RangeProof::prove(
                        &mut Transcript::new(b"threads"),
                        &openings,
                        64,
                        &mut ChaCha20Rng::seed_from_u64(1),
                    )
                    .unwrap(),
                );
            }),
        ),
        (
            "bp+-prove-m64",
            Box::new(|_| {
                black_box(
                    PlusProof::prove(
                        &mut Transcript::new(b"threads"),
                        &gens,
                        &plus_statement,
                        &plus_openings,
                        &mut ChaCha20Rng::seed_from_u64(1),
                    )
                    .unwrap(),
                );
            }),
        ),
        (
            "bp-verify-m64",
            Box::new(|_| {
                proof
                    .verify(&mut Transcript::new(b"threads"), &statement)
                    .unwrap()
            }),
        ),
        (
            "bp+-verify-m64",
            Box::new(|_| {
                plus_proof
                    .verify(&mut Transcript::new(b"threads"), &gens, &plus_statement)
                    .unwrap()
            }),
        ),
    ];
    if let (Some(sha_proof), Some(merkle_proof), Some(sha_key), Some(merkle_key)) =
        (&sha_proof, &merkle_proof, &sha_key, &merkle_key)
    {
        let more: Vec<Workload<'_>> = vec![
            (
                "sha256-prove",
                Box::new(|_| {
                    black_box(
                        sha.prove(&mut t(), &w, &bp, &mut ChaCha20Rng::seed_from_u64(1))
                            .unwrap(),
                    );
                }),
            ),
            (
                "sha256-verify",
                Box::new(|_| sha.verify(&mut t(), sha_proof, &bp).unwrap()),
            ),
            (
                "sha256-verify-key",
                Box::new(|_| {
                    sha.verify_with_key(sha_key, &mut t(), sha_proof, &bp)
                        .unwrap()
                }),
            ),
            (
                "merkle32-prove",
                Box::new(|_| {
                    black_box(
                        merkle
                            .prove(&mut t(), &mw, &bp, &mut ChaCha20Rng::seed_from_u64(1))
                            .unwrap(),
                    );
                }),
            ),
            (
                "merkle32-verify",
                Box::new(|_| merkle.verify(&mut t(), merkle_proof, &bp).unwrap()),
            ),
            (
                "merkle32-verify-key",
                Box::new(|_| {
                    merkle
                        .verify_with_key(merkle_key, &mut t(), merkle_proof, &bp)
                        .unwrap()
                }),
            ),
        ];
        workloads.extend(more);
    }
    for (name, f) in &workloads {
        if !wanted(name) {
            continue;
        }
        let mut jobs: Vec<interleave::Job<'_>> = [1usize, 2]
            .into_iter()
            .map(|threads| -> interleave::Job<'_> {
                let label: &'static str = if threads == 1 {
                    "1 thread"
                } else {
                    "2 threads"
                };
                (
                    label,
                    Box::new(move || with_threads(threads, || f(threads))),
                )
            })
            .collect();
        // Short workloads get more rounds: at least about 1.5 s of calls per thread count (a
        // 10 ms verification's minimum over 12 calls moved by 10 % between runs here).
        let start = std::time::Instant::now();
        with_threads(1, || f(1));
        let once = start.elapsed().as_secs_f64().max(1e-4);
        let rounds = rounds.max(((1.5 / once).ceil() as usize).min(300));
        let stats = interleave::run(rounds, &mut jobs);
        println!("{name}");
        interleave::report(&jobs, &stats, interleave::Unit::Millis);
    }
}

fn bench(c: &mut Criterion) {
    if let Ok(r) = std::env::var("BPKIT_THREADS_INTERLEAVED") {
        interleaved(r.parse().unwrap_or(15));
        return;
    }
    let mut rng = ChaCha20Rng::seed_from_u64(64);
    let Ranges {
        openings,
        proof,
        statement,
        gens,
        plus_openings,
        plus_statement,
        plus_proof,
    } = ranges(&mut rng);

    let mut g = c.benchmark_group("threads");
    g.sample_size(10)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(8));
    for threads in [1usize, 2] {
        g.bench_function(BenchmarkId::new("bp-prove-m64", threads), |b| {
            b.iter(|| {
                with_threads(threads, || {
                    RangeProof::prove(
                        &mut Transcript::new(b"threads"),
                        black_box(&openings),
                        64,
                        &mut ChaCha20Rng::seed_from_u64(1),
                    )
                    .unwrap()
                })
            })
        });
        g.bench_function(BenchmarkId::new("bp+-prove-m64", threads), |b| {
            b.iter(|| {
                with_threads(threads, || {
                    PlusProof::prove(
                        &mut Transcript::new(b"threads"),
                        &gens,
                        &plus_statement,
                        black_box(&plus_openings),
                        &mut ChaCha20Rng::seed_from_u64(1),
                    )
                    .unwrap()
                })
            })
        });
        g.bench_function(BenchmarkId::new("bp-verify-m64", threads), |b| {
            b.iter(|| {
                with_threads(threads, || {
                    black_box(&proof)
                        .verify(&mut Transcript::new(b"threads"), &statement)
                        .unwrap()
                })
            })
        });
        g.bench_function(BenchmarkId::new("bp+-verify-m64", threads), |b| {
            b.iter(|| {
                with_threads(threads, || {
                    black_box(&plus_proof)
                        .verify(&mut Transcript::new(b"threads"), &gens, &plus_statement)
                        .unwrap()
                })
            })
        });
    }
    g.finish();
}

fn t() -> Transcript {
    Transcript::new(b"threads")
}

fn statements(c: &mut Criterion) {
    if std::env::var_os("BPKIT_THREADS_QUICK").is_some()
        || std::env::var_os("BPKIT_THREADS_INTERLEAVED").is_some()
    {
        return;
    }
    let mut rng = ChaCha20Rng::seed_from_u64(5);
    let bp = BulletproofGens::new(32768, 1);
    let w = Sha256Witness::new(vec![0x42; 32]);
    let sha = Sha256Statement::for_witness(&w).unwrap();
    let sha_proof = sha.prove(&mut t(), &w, &bp, &mut rng).unwrap();
    let p = Poseidon::new();
    let leaves: Vec<Scalar> = (0..100u64).map(Scalar::from).collect();
    let tree = MerkleTree::new(&p, 32, &leaves).unwrap();
    let (merkle, mw) = MerkleStatement::for_leaf(&tree, 37, 37, Scalar::from(99u64)).unwrap();
    let merkle_proof = merkle.prove(&mut t(), &mw, &bp, &mut rng).unwrap();
    // Verifying keys (the circuit recorded once): `*-verify-key` measures the verification
    // itself, `*-verify` also records the circuit (serial gadget code) every time.
    let sha_key = sha.verifying_key().unwrap();
    let merkle_key = merkle.verifying_key().unwrap();

    let mut g = c.benchmark_group("threads");
    g.sample_size(10)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(20));
    for threads in [1usize, 2] {
        g.bench_function(BenchmarkId::new("sha256-prove", threads), |b| {
            b.iter(|| {
                with_threads(threads, || {
                    sha.prove(
                        &mut t(),
                        black_box(&w),
                        &bp,
                        &mut ChaCha20Rng::seed_from_u64(1),
                    )
                    .unwrap()
                })
            })
        });
        g.bench_function(BenchmarkId::new("sha256-verify", threads), |b| {
            b.iter(|| {
                with_threads(threads, || {
                    sha.verify(&mut t(), black_box(&sha_proof), &bp).unwrap()
                })
            })
        });
        g.bench_function(BenchmarkId::new("sha256-verify-key", threads), |b| {
            b.iter(|| {
                with_threads(threads, || {
                    sha.verify_with_key(&sha_key, &mut t(), black_box(&sha_proof), &bp)
                        .unwrap()
                })
            })
        });
        g.bench_function(BenchmarkId::new("merkle32-prove", threads), |b| {
            b.iter(|| {
                with_threads(threads, || {
                    merkle
                        .prove(
                            &mut t(),
                            black_box(&mw),
                            &bp,
                            &mut ChaCha20Rng::seed_from_u64(1),
                        )
                        .unwrap()
                })
            })
        });
        g.bench_function(BenchmarkId::new("merkle32-verify", threads), |b| {
            b.iter(|| {
                with_threads(threads, || {
                    merkle
                        .verify(&mut t(), black_box(&merkle_proof), &bp)
                        .unwrap()
                })
            })
        });
        g.bench_function(BenchmarkId::new("merkle32-verify-key", threads), |b| {
            b.iter(|| {
                with_threads(threads, || {
                    merkle
                        .verify_with_key(&merkle_key, &mut t(), black_box(&merkle_proof), &bp)
                        .unwrap()
                })
            })
        });
    }
    g.finish();
}

criterion_group!(benches, bench, statements);
criterion_main!(benches);
