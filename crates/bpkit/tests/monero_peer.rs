//! Interop with the peer `monero-bulletproofs` 0.1.0 (monero-oxide): its proofs, serialized as
//! Monero serializes them, verify in bpkit — both formats, m = 1…16, single and batched — and
//! tampered statements fail in both.
#![cfg(feature = "monero")]
#![allow(
    clippy::unwrap_used,
    clippy::indexing_slicing,
    clippy::arithmetic_side_effects,
    clippy::panic
)]

use bpkit::monero::{original, plus, MoneroError, OriginalProof, PlusProof};
use monero_bulletproofs::Bulletproof;
use monero_ed25519::{Commitment, Scalar as PeerScalar};
use rand_08::rngs::StdRng;
use rand_08::{RngCore, SeedableRng};

/// `m` random openings and their on-chain commitments (32-byte encodings).
fn openings(rng: &mut StdRng, m: usize) -> (Vec<Commitment>, Vec<[u8; 32]>) {
    let mut out = Vec::new();
    let mut enc = Vec::new();
    for _ in 0..m {
        let mut wide = [0u8; 32];
        rng.fill_bytes(&mut wide);
        wide[31] &= 0x0f; // below ℓ
        let mask = PeerScalar::read(&mut &wide[..]).unwrap();
        let c = Commitment::new(mask, rng.next_u64());
        enc.push(c.commit().compress().to_bytes());
        out.push(c);
    }
    (out, enc)
}

#[test]
fn peer_plus_proofs_verify_in_bpkit() {
    let mut rng = StdRng::seed_from_u64(6);
    let mut all = Vec::new();
    for m in 1..=16 {
        let (open, c) = openings(&mut rng, m);
        let proof = Bulletproof::prove_plus(&mut rng, open).unwrap();
        let bytes = proof.serialize();
        let ours = PlusProof::from_bytes(&bytes).unwrap();
        assert_eq!(ours.to_bytes(), bytes, "m = {m}: byte-identical round trip");
        ours.verify(&c).unwrap_or_else(|e| panic!("m = {m}: {e}"));
        if m >= 2 {
            let mut swapped = c.clone();
            swapped.swap(0, 1);
            assert_eq!(ours.verify(&swapped), Err(MoneroError::VerificationFailed));
        }
        // One commitment too few or too many: a shape or equation failure, never a pass.
        assert!(ours.verify(&c[..m - 1]).is_err());
        all.push((ours, c));
    }
    let items: Vec<(&PlusProof, &[[u8; 32]])> =
        all.iter().map(|(p, c)| (p, c.as_slice())).collect();
    plus::verify_batch(&items).unwrap();
    // One bad proof in the batch fails it, and is located.
    let mut bad = all[5].1.clone();
    bad.swap(0, 1);
    let mut items2 = items.clone();
    items2[5].1 = &bad;
    assert_eq!(
        plus::verify_batch(&items2),
        Err(MoneroError::VerificationFailed)
    );
    assert_eq!(plus::locate_failures(&items2), vec![5]);
}

#[test]
fn peer_original_proofs_verify_in_bpkit() {
    let mut rng = StdRng::seed_from_u64(5);
    let mut all = Vec::new();
    for m in 1..=16 {
        let (open, c) = openings(&mut rng, m);
        let proof = Bulletproof::prove(&mut rng, open).unwrap();
        let bytes = proof.serialize();
        let ours = OriginalProof::from_bytes(&bytes).unwrap();
        assert_eq!(ours.to_bytes(), bytes, "m = {m}: byte-identical round trip");
        ours.verify(&c).unwrap_or_else(|e| panic!("m = {m}: {e}"));
        if m >= 2 {
            let mut swapped = c.clone();
            swapped.swap(0, 1);
            assert_eq!(ours.verify(&swapped), Err(MoneroError::VerificationFailed));
        }
        all.push((ours, c));
    }
    let items: Vec<(&OriginalProof, &[[u8; 32]])> =
        all.iter().map(|(p, c)| (p, c.as_slice())).collect();
    original::verify_batch(&items).unwrap();
}

#[test]
fn generators_match_the_peer() {
    use bpkit::monero::generators::{vector_gens, Family};
    for (family, dst) in [
        (Family::Original, &b"bulletproof"[..]),
        (Family::Plus, &b"bulletproof_plus"[..]),
    ] {
        let dst: &'static [u8] = if dst == b"bulletproof" {
            b"bulletproof"
        } else {
            b"bulletproof_plus"
        };
        let peer = monero_bulletproofs_generators::bulletproofs_generators(dst);
        let ours = vector_gens(family).unwrap();
        assert_eq!(peer.G.len(), ours.gi.len());
        for (a, b) in peer.G.iter().zip(&ours.gi) {
            assert_eq!(a.compress().to_bytes(), b.compress().to_bytes());
        }
        for (a, b) in peer.H.iter().zip(&ours.hi) {
            assert_eq!(a.compress().to_bytes(), b.compress().to_bytes());
        }
    }
}
