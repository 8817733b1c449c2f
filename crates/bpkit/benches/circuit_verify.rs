//! The circuit verifier against its floor, robust to a loaded machine: for each n the
//! verification of an n-multiplier circuit and curve25519-dalek's variable-time multiscalar
//! multiplication of 2n random points are measured next to each other, and then interleaved.
//!
//! - criterion groups `verify-vs-msm/n`: `verify` (from the proof's bytes, the recorded circuit
//!   given), `msm-vartime-2n` (dalek, one call), `msm-chunked-2n` (bpkit's
//!   `msm::vartime_chunked`, what the verifier runs), adjacent in time;
//! - `batch-2e15`: a single verification, a batch of one and a batch of two proofs of the same
//!   circuit at n = min(2¹⁵, 2^max) (the marginal cost of a further proof is two − one), and the
//!   batch of two against prepared circuits (`add_prepared_circuit_proof`);
//! - then, in a `cargo bench` run unless `BPKIT_INTERLEAVED=0`, interleaved rounds (each round
//!   runs every contender once) printing min and median ratios to dalek's MSM: `verify` (the
//!   default path: the verification engine from `ENGINE_MIN_MULTIPLIERS` on), `verify-engine`
//!   and `verify-dalek` (from the bytes, each path forced); and for the batch, caller-given
//!   generators (dalek) and shared generators with the engine on and off.
//!
//! n = 2^min … 2^max with `BPKIT_CIRCUIT_MIN_LG` (default 10) and `BPKIT_CIRCUIT_MAX_LG`
//! (default 10, so a smoke run is cheap; 16 for the README figures). The circuit is the one of
//! `benches/circuit.rs` (a chain of n multipliers, 2n rows of 1–3 terms, one commitment).
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

use bpkit::batch::{BatchOptions, BatchVerifier};
use bpkit::circuit::{
    set_engine_threshold, Circuit, CircuitProof, PreparedCircuit, Prover, Recorder,
    ENGINE_MIN_MULTIPLIERS,
};
use bpkit::group::{msm, CompressedRistretto, RistrettoPoint, Scalar};
use bpkit::{BulletproofGens, PedersenGens};
use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use curve25519_dalek::traits::VartimeMultiscalarMul;
use merlin::Transcript;
use rand::SeedableRng;
use rand_chacha::ChaCha20Rng;

#[path = "common/chain.rs"]
mod chain;
use chain::chain;

const LABEL: &[u8] = b"circuit verify bench";

fn env_lg(name: &str, default: usize) -> usize {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
        .clamp(6, 16)
}

struct Case {
    n: usize,
    circuit: Circuit,
    bytes: Vec<u8>,
    commitment: CompressedRistretto,
    scalars: Vec<Scalar>,
    points: Vec<RistrettoPoint>,
}

fn case(pc: &PedersenGens, bp: &BulletproofGens, n: usize, seed: u64) -> Case {
    let mut t = Transcript::new(LABEL);
    let mut p = Prover::new(pc, &mut t);
    let (commitment, v) = p.commit(Scalar::from(3u64), Scalar::from(seed + 1000));
    chain(&mut p, v, n, true);
    let proof = p.prove(bp, &mut ChaCha20Rng::seed_from_u64(seed)).unwrap();
    let circuit = {
        let mut r = Recorder::new();
        let v = r.commit();
        chain(&mut r, v, n, false);
        r.into_circuit().unwrap()
    };
    let mut rng = ChaCha20Rng::seed_from_u64(n as u64);
    Case {
        n,
        circuit,
        bytes: proof.to_bytes(),
        commitment,
        scalars: (0..2 * n).map(|_| Scalar::random(&mut rng)).collect(),
        points: (0..2 * n)
            .map(|_| RistrettoPoint::random(&mut rng))
            .collect(),
    }
}

fn verify(c: &Case, pc: &PedersenGens, bp: &BulletproofGens) {
    let p = CircuitProof::from_bytes(black_box(&c.bytes)).unwrap();
    c.circuit
        .verify(&mut Transcript::new(LABEL), &p, &[c.commitment], pc, bp)
        .unwrap()
}

/// [`verify`] on a chosen path: the engine (`true`) or dalek, from the bytes
/// (`Circuit::verify_bytes`: on the engine the proof is parsed without dalek).
fn verify_on(c: &Case, pc: &PedersenGens, bp: &BulletproofGens, engine: bool) {
    if engine {
        // Converted once per process (a single verification does not convert them itself).
        bpkit::generators::shared_engine(c.circuit.padded_multipliers(), 1);
    }
    set_engine_threshold(if engine { 1 } else { usize::MAX });
    c.circuit
        .verify_bytes(
            &mut Transcript::new(LABEL),
            black_box(&c.bytes),
            &[c.commitment],
            pc,
            bp,
        )
        .unwrap();
    set_engine_threshold(ENGINE_MIN_MULTIPLIERS);
}

fn msm_dalek(c: &Case) -> RistrettoPoint {
    RistrettoPoint::vartime_multiscalar_mul(black_box(&c.scalars), &c.points)
}

fn msm_chunked(c: &Case) -> RistrettoPoint {
    msm::vartime_chunked(black_box(&c.scalars).iter().copied().zip(&c.points))
}

fn batch(c: &Case, d: &Case, pc: &PedersenGens, bp: &BulletproofGens, two: bool) {
    let p1 = CircuitProof::from_bytes(&c.bytes).unwrap();
    let p2 = CircuitProof::from_bytes(&d.bytes).unwrap();
    let (c1, c2) = ([c.commitment], [d.commitment]);
    let mut b = BatchVerifier::with_generators(pc, bp);
    b.add_circuit_proof(&p1, &c.circuit, &c1, Transcript::new(LABEL));
    if two {
        b.add_circuit_proof(&p2, &d.circuit, &c2, Transcript::new(LABEL));
    }
    b.verify_deterministic().unwrap()
}

/// [`batch`] with the circuits prepared ([`PreparedCircuit`], as statements' keys hold them):
/// weights from the packed rows.
fn batch_prepared(
    c: &Case,
    d: &Case,
    prepared: &(PreparedCircuit, PreparedCircuit),
    pc: &PedersenGens,
    bp: &BulletproofGens,
    two: bool,
) {
    let p1 = CircuitProof::from_bytes(&c.bytes).unwrap();
    let p2 = CircuitProof::from_bytes(&d.bytes).unwrap();
    let (c1, c2) = ([c.commitment], [d.commitment]);
    let mut b = BatchVerifier::with_generators(pc, bp);
    b.add_prepared_circuit_proof(&p1, &prepared.0, &c1, Transcript::new(LABEL));
    if two {
        b.add_prepared_circuit_proof(&p2, &prepared.1, &c2, Transcript::new(LABEL));
    }
    b.verify_deterministic().unwrap()
}

/// A batch over the default (shared) generators, proofs added as bytes, the engine on or off.
fn batch_shared(c: &Case, d: &Case, two: bool, engine: bool) {
    let (c1, c2) = ([c.commitment], [d.commitment]);
    let mut b = BatchVerifier::new().with_options(BatchOptions::default().engine(engine));
    b.add_circuit_proof_bytes(&c.bytes, &c.circuit, &c1, Transcript::new(LABEL))
        .unwrap();
    if two {
        b.add_circuit_proof_bytes(&d.bytes, &d.circuit, &c2, Transcript::new(LABEL))
            .unwrap();
    }
    b.verify_deterministic().unwrap()
}

type Job<'a> = (&'static str, Box<dyn FnMut() + 'a>);

/// Each round runs every job once; prints min and median and their ratios to the first job.
fn interleave(group: &str, rounds: usize, mut jobs: Vec<Job<'_>>) {
    let mut times: Vec<Vec<Duration>> = vec![Vec::new(); jobs.len()];
    for (_, job) in jobs.iter_mut() {
        job();
    }
    for _ in 0..rounds {
        for (i, (_, job)) in jobs.iter_mut().enumerate() {
            let t = Instant::now();
            job();
            times[i].push(t.elapsed());
        }
    }
    let stats: Vec<(f64, f64)> = times
        .iter_mut()
        .map(|t| {
            t.sort();
            (t[0].as_secs_f64(), t[t.len() / 2].as_secs_f64())
        })
        .collect();
    println!("interleaved {group} ({rounds} rounds)");
    for ((name, _), (min, med)) in jobs.iter().zip(&stats) {
        println!(
            "  {name:<16} min {:>10.2} ms  median {:>10.2} ms  ratio(min) {:.3}  ratio(median) {:.3}",
            min * 1e3,
            med * 1e3,
            min / stats[0].0,
            med / stats[0].1,
        );
    }
}

fn benches(c: &mut Criterion) {
    let (min, max) = (
        env_lg("BPKIT_CIRCUIT_MIN_LG", 10),
        env_lg("BPKIT_CIRCUIT_MAX_LG", 10),
    );
    let pc = PedersenGens::default();
    let bp = BulletproofGens::new(1 << max, 1);
    let cases: Vec<Case> = (min..=max.max(min))
        .map(|lg| case(&pc, &bp, 1 << lg, lg as u64))
        .collect();
    for k in &cases {
        let mut g = c.benchmark_group("verify-vs-msm");
        g.sample_size(10);
        g.bench_with_input(BenchmarkId::new("verify", k.n), k, |b, k| {
            b.iter(|| verify(k, &pc, &bp))
        });
        g.bench_with_input(BenchmarkId::new("msm-vartime-2n", k.n), k, |b, k| {
            b.iter(|| msm_dalek(k))
        });
        g.bench_with_input(BenchmarkId::new("msm-chunked-2n", k.n), k, |b, k| {
            b.iter(|| msm_chunked(k))
        });
        g.finish();
    }
    let bn = 1usize << max.min(15);
    let (b1, b2) = (case(&pc, &bp, bn, 101), case(&pc, &bp, bn, 102));
    let mut g = c.benchmark_group("batch");
    g.sample_size(10);
    g.bench_with_input(BenchmarkId::new("verify", bn), &bn, |b, _| {
        b.iter(|| verify(&b1, &pc, &bp))
    });
    g.bench_with_input(BenchmarkId::new("one", bn), &bn, |b, _| {
        b.iter(|| batch(&b1, &b2, &pc, &bp, false))
    });
    g.bench_with_input(BenchmarkId::new("two", bn), &bn, |b, _| {
        b.iter(|| batch(&b1, &b2, &pc, &bp, true))
    });
    let prepared = (
        PreparedCircuit::new(b1.circuit.clone()).unwrap(),
        PreparedCircuit::new(b2.circuit.clone()).unwrap(),
    );
    g.bench_with_input(BenchmarkId::new("prepared-two", bn), &bn, |b, _| {
        b.iter(|| batch_prepared(&b1, &b2, &prepared, &pc, &bp, true))
    });
    g.finish();

    // Interleaved rounds only in a real run (`cargo bench` passes `--bench`; `cargo test
    // --bench` runs each criterion case once as a smoke test).
    let bench_run = std::env::args().any(|a| a == "--bench");
    if !bench_run || std::env::var("BPKIT_INTERLEAVED").as_deref() == Ok("0") {
        return;
    }
    // The engine path's one-time cost per process: the default generators converted to engine
    // points (and built first in the shared dalek cache, which the caller's `bp` does not fill).
    let t = Instant::now();
    bpkit::generators::shared_engine(1 << max, 1);
    println!(
        "one-time: shared_engine(2^{max}, 1) built in {:.0} ms (default generators built and converted)",
        t.elapsed().as_secs_f64() * 1e3
    );
    for k in &cases {
        let rounds = if k.n >= 1 << 15 { 7 } else { 15 };
        interleave(
            &format!("n = {}", k.n),
            rounds,
            vec![
                (
                    "msm-vartime-2n",
                    Box::new(|| {
                        black_box(msm_dalek(k));
                    }),
                ),
                (
                    "msm-chunked-2n",
                    Box::new(|| {
                        black_box(msm_chunked(k));
                    }),
                ),
                ("verify", Box::new(|| verify(k, &pc, &bp))),
                ("verify-engine", Box::new(|| verify_on(k, &pc, &bp, true))),
                ("verify-dalek", Box::new(|| verify_on(k, &pc, &bp, false))),
            ],
        );
    }
    interleave(
        &format!("batch n = {bn}"),
        7,
        vec![
            ("verify", Box::new(|| verify(&b1, &pc, &bp))),
            ("batch one", Box::new(|| batch(&b1, &b2, &pc, &bp, false))),
            ("batch two", Box::new(|| batch(&b1, &b2, &pc, &bp, true))),
            (
                "prepared one",
                Box::new(|| batch_prepared(&b1, &b2, &prepared, &pc, &bp, false)),
            ),
            (
                "prepared two",
                Box::new(|| batch_prepared(&b1, &b2, &prepared, &pc, &bp, true)),
            ),
            (
                "shared one eng",
                Box::new(|| batch_shared(&b1, &b2, false, true)),
            ),
            (
                "shared two eng",
                Box::new(|| batch_shared(&b1, &b2, true, true)),
            ),
            (
                "shared one dalek",
                Box::new(|| batch_shared(&b1, &b2, false, false)),
            ),
            (
                "shared two dalek",
                Box::new(|| batch_shared(&b1, &b2, true, false)),
            ),
        ],
    );
}

criterion_group!(circuit_verify_benches, benches);
criterion_main!(circuit_verify_benches);
