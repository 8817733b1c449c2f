//! Monero range proofs against the peer `monero-bulletproofs` 0.1.0 in the same run, single
//! thread: prove one 2-output Bulletproofs+ proof (the common transaction; both sides commit
//! to the same amounts and masks) and one 2-output original Bulletproofs proof, verify one, and verify a batch of 256, from the same bytes
//! (the peer's proofs; both sides decode them).
//!
//! `cargo bench -p bpkit --bench monero` (add `-- --quick` for a short run).
#![allow(
    missing_docs,
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    clippy::arithmetic_side_effects
)]

use bpkit::monero::{plus, Opening, OriginalProof, PlusProof};
use criterion::{criterion_group, Criterion};
use monero_bulletproofs::{BatchVerifier, Bulletproof};
use monero_ed25519::{Commitment, CompressedPoint, Scalar as PeerScalar};
use rand_08::rngs::StdRng;
use rand_08::{RngCore, SeedableRng};
use std::time::Duration;

const BATCH: usize = 256;

struct Item {
    bytes: Vec<u8>,
    commitments: Vec<[u8; 32]>,
}

fn items(n: usize) -> Vec<Item> {
    let mut rng = StdRng::seed_from_u64(8);
    (0..n)
        .map(|_| {
            let mut open = Vec::new();
            let mut commitments = Vec::new();
            for _ in 0..2 {
                let mut b = [0u8; 32];
                rng.fill_bytes(&mut b);
                b[31] &= 0x0f;
                let c = Commitment::new(PeerScalar::read(&mut &b[..]).unwrap(), rng.next_u64());
                commitments.push(c.commit().compress().to_bytes());
                open.push(c);
            }
            let bytes = Bulletproof::prove_plus(&mut rng, open).unwrap().serialize();
            Item { bytes, commitments }
        })
        .collect()
}

/// Two outputs' openings, for both provers (the same amounts and masks).
fn openings() -> (Vec<Opening>, Vec<Commitment>) {
    let mut rng = StdRng::seed_from_u64(10);
    let mut ours = Vec::new();
    let mut peer = Vec::new();
    for _ in 0..2 {
        let mut b = [0u8; 32];
        rng.fill_bytes(&mut b);
        b[31] &= 0x0f;
        let amount = rng.next_u64();
        ours.push(Opening::new(
            amount,
            bpkit::Scalar::from_canonical_bytes(b).unwrap(),
        ));
        peer.push(Commitment::new(
            PeerScalar::read(&mut &b[..]).unwrap(),
            amount,
        ));
    }
    (ours, peer)
}

fn bench_prove(c: &mut Criterion) {
    use rand::SeedableRng as _;
    let (ours, peer) = openings();
    let mut rng = StdRng::seed_from_u64(11);
    let mut chacha = rand_chacha::ChaCha20Rng::from_seed([12; 32]);
    // The same commitments on both sides; warm the generator caches.
    let (proof, commitments) = PlusProof::prove(&ours, &mut chacha).unwrap();
    let peer_c: Vec<[u8; 32]> = peer
        .iter()
        .map(|c| c.commit().compress().to_bytes())
        .collect();
    assert_eq!(commitments, peer_c);
    proof.verify(&commitments).unwrap();
    let _ = Bulletproof::prove_plus(&mut rng, peer.clone()).unwrap();
    let mut g = c.benchmark_group("monero-bp+ prove 2 outputs");
    g.sample_size(20);
    g.bench_function("bpkit", |b| {
        b.iter(|| PlusProof::prove(&ours, &mut chacha).unwrap())
    });
    g.bench_function("monero-bulletproofs", |b| {
        b.iter(|| Bulletproof::prove_plus(&mut rng, peer.clone()).unwrap())
    });
    g.finish();

    // Original Bulletproofs (RingCT types 3-5): the same openings.
    let (proof, commitments) = OriginalProof::prove(&ours, &mut chacha).unwrap();
    assert_eq!(commitments, peer_c);
    proof.verify(&commitments).unwrap();
    let _ = Bulletproof::prove(&mut rng, peer.clone()).unwrap();
    let mut g = c.benchmark_group("monero-bp prove 2 outputs");
    g.sample_size(20);
    g.bench_function("bpkit", |b| {
        b.iter(|| OriginalProof::prove(&ours, &mut chacha).unwrap())
    });
    g.bench_function("monero-bulletproofs", |b| {
        b.iter(|| Bulletproof::prove(&mut rng, peer.clone()).unwrap())
    });
    g.finish();
}

fn bench(c: &mut Criterion) {
    let all = items(BATCH);
    let one = &all[0];
    let mut rng = StdRng::seed_from_u64(9);
    // Warm the generator caches of both sides.
    PlusProof::from_bytes(&one.bytes)
        .unwrap()
        .verify(&one.commitments)
        .unwrap();
    let mut g = c.benchmark_group("monero-bp+ verify 2 outputs");
    g.bench_function("bpkit", |b| {
        b.iter(|| {
            PlusProof::from_bytes(&one.bytes)
                .unwrap()
                .verify(&one.commitments)
                .unwrap()
        })
    });
    g.bench_function("monero-bulletproofs", |b| {
        b.iter(|| {
            let p = Bulletproof::read_plus(&mut one.bytes.as_slice()).unwrap();
            let cs: Vec<CompressedPoint> = one
                .commitments
                .iter()
                .map(|k| CompressedPoint::from(*k))
                .collect();
            assert!(p.verify(&mut rng, &cs));
        })
    });
    g.finish();
    let mut g = c.benchmark_group("monero-bp+ batch 256 x 2 outputs");
    g.sample_size(10);
    g.bench_function("bpkit", |b| {
        b.iter(|| {
            let proofs: Vec<PlusProof> = all
                .iter()
                .map(|i| PlusProof::from_bytes(&i.bytes).unwrap())
                .collect();
            let refs: Vec<(&PlusProof, &[[u8; 32]])> = proofs
                .iter()
                .zip(&all)
                .map(|(p, i)| (p, i.commitments.as_slice()))
                .collect();
            plus::verify_batch(&refs).unwrap()
        })
    });
    // What the soundness fix of advisory BPKIT-2026-001 added to a batch: each proof
    // serialized again and hashed with its commitments (`monero::batch::binding`), once per
    // proof. Its ratio to "bpkit" above is the fix's cost (the old weights hashed 32-byte
    // transcript states; the final digest over 32 bytes a proof is the same size either way).
    let parsed: Vec<PlusProof> = all
        .iter()
        .map(|i| PlusProof::from_bytes(&i.bytes).unwrap())
        .collect();
    g.bench_function("bpkit weight bindings alone", |b| {
        b.iter(|| {
            parsed
                .iter()
                .zip(&all)
                .map(|(p, i)| {
                    let flat: Vec<u8> = i.commitments.iter().flatten().copied().collect();
                    let bytes = p.to_bytes();
                    bpkit::monero::keccak::keccak256(&[
                        &25u64.to_le_bytes(),
                        b"bpkit monero-bp+ batch v2",
                        &(bytes.len() as u64).to_le_bytes(),
                        &bytes,
                        &(i.commitments.len() as u64).to_le_bytes(),
                        &flat,
                    ])
                })
                .fold(0u8, |acc, d| acc ^ d[0])
        })
    });
    g.bench_function("monero-bulletproofs", |b| {
        b.iter(|| {
            let mut v = BatchVerifier::new();
            for i in &all {
                let p = Bulletproof::read_plus(&mut i.bytes.as_slice()).unwrap();
                let cs: Vec<CompressedPoint> = i
                    .commitments
                    .iter()
                    .map(|k| CompressedPoint::from(*k))
                    .collect();
                assert!(p.batch_verify(&mut rng, &mut v, &cs));
            }
            assert!(v.verify());
        })
    });
    g.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default().warm_up_time(Duration::from_secs(1)).measurement_time(Duration::from_secs(5));
    targets = bench_prove, bench
}

fn main() {
    benches();
    Criterion::default().configure_from_args().final_summary();
}
