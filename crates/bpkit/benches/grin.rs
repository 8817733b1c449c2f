//! Grin / MWEB range proofs (secp256k1) against the C module (secp256k1-zkp through
//! `grin_secp256k1zkp`), in the same run, single thread: prove, verify one 64-bit proof, and
//! verify a batch of 256 (bpkit's `verify_batch` against the C module's
//! `verify_bullet_proof_multi`).
//!
//! `cargo bench -p bpkit --bench grin` (add `-- --quick` for a short run).
#![allow(
    missing_docs,
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    clippy::arithmetic_side_effects
)]

#[path = "../tests/grin_common/mod.rs"]
mod grin_common;

use bpkit::grin::{prove, verify, verify_batch, GrinProof, GrinStatement};
use criterion::{criterion_group, BenchmarkId, Criterion};
use grin_common::*;
use secp256k1zkp as c;
use std::time::Duration;

const BATCH: usize = 256;

struct Item {
    statement: GrinStatement,
    bytes: Vec<u8>,
    c_commit: c::pedersen::Commitment,
}

fn items(n: usize) -> Vec<Item> {
    (0..n as u64)
        .map(|i| {
            let w = witness(1000 + i, 1_000_000 + i, true, None);
            let (commitment, proof) = prove(gens(), &w, 64, None).unwrap();
            Item {
                statement: GrinStatement {
                    commitment,
                    bits: 64,
                    extra: None,
                },
                bytes: proof.to_bytes(),
                c_commit: c::pedersen::Commitment::from_vec(commitment.to_bytes().to_vec()),
            }
        })
        .collect()
}

fn bench_prove(cr: &mut Criterion) {
    let secp = ctx();
    let w = witness(1, 123_456_789, true, None);
    let mut group = cr.benchmark_group("grin/prove 64-bit");
    group.bench_function("bpkit", |b| b.iter(|| prove(gens(), &w, 64, None).unwrap()));
    group.bench_function("secp256k1-zkp", |b| b.iter(|| c_prove(&secp, &w, None)));
    group.finish();
}

fn bench_verify(cr: &mut Criterion) {
    let secp = ctx();
    let it = &items(1)[0];
    let mut group = cr.benchmark_group("grin/verify 64-bit (from bytes)");
    group.bench_function("bpkit", |b| {
        b.iter(|| {
            let p = GrinProof::from_bytes(&it.bytes, 64).unwrap();
            verify(gens(), &it.statement, &p).unwrap()
        })
    });
    group.bench_function("secp256k1-zkp", |b| {
        b.iter(|| {
            secp.verify_bullet_proof(it.c_commit, c_proof(&it.bytes), None)
                .unwrap()
        })
    });
    group.finish();
}

fn bench_batch(cr: &mut Criterion) {
    let secp = ctx();
    let all = items(BATCH);
    let mut group = cr.benchmark_group("grin/batch verify 64-bit (from bytes)");
    group.sample_size(10);
    group.bench_with_input(BenchmarkId::new("bpkit", BATCH), &all, |b, all| {
        b.iter(|| {
            let set: Vec<(GrinStatement, GrinProof)> = all
                .iter()
                .map(|it| {
                    (
                        it.statement.clone(),
                        GrinProof::from_bytes(&it.bytes, 64).unwrap(),
                    )
                })
                .collect();
            verify_batch(gens(), &set).unwrap()
        })
    });
    group.bench_with_input(BenchmarkId::new("secp256k1-zkp", BATCH), &all, |b, all| {
        b.iter(|| {
            let commits = all.iter().map(|it| it.c_commit).collect();
            let proofs = all.iter().map(|it| c_proof(&it.bytes)).collect();
            secp.verify_bullet_proof_multi(commits, proofs, None)
                .unwrap()
        })
    });
    group.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default().warm_up_time(Duration::from_secs(1)).measurement_time(Duration::from_secs(5));
    targets = bench_verify, bench_prove, bench_batch
}

fn main() {
    let _ = gens();
    benches();
    Criterion::default().configure_from_args().final_summary();
}
