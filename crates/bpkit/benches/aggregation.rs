//! The multi-party protocol against local aggregated proving, 64-bit values, K = 2, 8, 32.
//!
//! - `local`: `RangeProof::prove_with_generators` (the protocol in one process, shares trusted);
//! - `protocol`: dealer and parties in one thread, every message serialized and strictly parsed,
//!   shares audited by the dealer — the computation of a distributed run without the network;
//! - `protocol-unaudited`: the same with `receive_trusted_shares`, to split the audit's cost from
//!   the serialization's.
//!
//! `cargo bench -p bpkit --bench aggregation`
#![allow(clippy::unwrap_used, clippy::expect_used)]

use bpkit::aggregation::{
    BitChallenge, BitCommitment, Dealer, Party, PolyChallenge, PolyCommitment, ProofShare,
};
use bpkit::{BulletproofGens, Opening, PedersenGens, RangeProof};
use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, SamplingMode};
use merlin::Transcript;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha20Rng;
use std::hint::black_box;
use std::time::Duration;

const BITS: usize = 64;

/// One run with every message through `to_bytes`/`from_bytes`.
fn distributed(
    pc: &PedersenGens,
    bp: &BulletproofGens,
    openings: &[Opening],
    audit: bool,
    rng: &mut ChaCha20Rng,
) -> RangeProof {
    let m = openings.len();
    let mut transcript = Transcript::new(b"bench");
    let dealer = Dealer::new(pc, bp, &mut transcript, BITS, m, rng).unwrap();
    let (parties, wire): (Vec<_>, Vec<_>) = openings
        .iter()
        .enumerate()
        .map(|(j, o)| {
            let (p, msg) = Party::new(pc, bp, o, BITS)
                .unwrap()
                .assign_position(j, rng)
                .unwrap();
            (p, msg.to_bytes())
        })
        .unzip();
    let messages = wire
        .iter()
        .map(|b| BitCommitment::from_bytes(b).unwrap())
        .collect();
    let (dealer, yz) = dealer.receive_bit_commitments(messages).unwrap();
    let yz = BitChallenge::from_bytes(&yz.to_bytes()).unwrap();

    let (parties, wire): (Vec<_>, Vec<_>) = parties
        .into_iter()
        .map(|p| {
            let (p, msg) = p.apply_challenge(&yz).unwrap();
            (p, msg.to_bytes())
        })
        .unzip();
    let messages = wire
        .iter()
        .map(|b| PolyCommitment::from_bytes(b).unwrap())
        .collect();
    let (dealer, x) = dealer.receive_poly_commitments(messages).unwrap();
    let x = PolyChallenge::from_bytes(&x.to_bytes()).unwrap();

    let shares = parties
        .into_iter()
        .map(|p| ProofShare::from_bytes(&p.apply_challenge(&x).unwrap().to_bytes()).unwrap())
        .collect();
    if audit {
        dealer.receive_shares(shares).unwrap()
    } else {
        dealer.receive_trusted_shares(shares).unwrap()
    }
}

fn aggregation(c: &mut Criterion) {
    let pc = PedersenGens::default();
    let bp = BulletproofGens::new(BITS, 32);
    let mut rng = ChaCha20Rng::seed_from_u64(1);
    let mut group = c.benchmark_group("aggregation");
    group
        .sample_size(10)
        .sampling_mode(SamplingMode::Flat)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2));
    for k in [2usize, 8, 32] {
        let openings: Vec<Opening> = (0..k)
            .map(|_| Opening::random(rng.random::<u64>(), &mut rng))
            .collect();
        group.bench_with_input(BenchmarkId::new("local", k), &openings, |b, o| {
            b.iter(|| {
                RangeProof::prove_with_generators(
                    &pc,
                    &bp,
                    &mut Transcript::new(b"bench"),
                    o,
                    BITS,
                    &mut rng,
                )
                .unwrap()
            })
        });
        group.bench_with_input(BenchmarkId::new("protocol", k), &openings, |b, o| {
            b.iter(|| black_box(distributed(&pc, &bp, o, true, &mut rng)))
        });
        group.bench_with_input(
            BenchmarkId::new("protocol-unaudited", k),
            &openings,
            |b, o| b.iter(|| black_box(distributed(&pc, &bp, o, false, &mut rng))),
        );
    }
    group.finish();
}

criterion_group!(benches, aggregation);
criterion_main!(benches);
