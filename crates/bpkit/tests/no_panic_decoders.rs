//! Stable smoke run of the fuzz targets' properties (fuzz/ needs nightly and stays out of CI):
//! every public byte decoder, fed random bytes or a mutated valid encoding, returns `Ok` or a
//! typed error, and whatever decodes re-encodes to exactly the same bytes.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    clippy::arithmetic_side_effects
)]

use bpkit::aggregation::{BitChallenge, BitCommitment, PolyChallenge, PolyCommitment, ProofShare};
use bpkit::circuit::statements::{MerkleProof, Sha256Proof, ShuffleProof};
use bpkit::plus::PlusProof;
use bpkit::IntervalProof;
use proptest::prelude::*;

/// Decodes `bytes` with every byte decoder; each success must round-trip.
fn check_all(bytes: &[u8]) {
    if let Ok(p) = PlusProof::from_bytes(bytes) {
        assert_eq!(p.to_bytes(), bytes);
    }
    if let Ok(p) = IntervalProof::from_bytes(bytes) {
        assert_eq!(p.to_bytes(), bytes);
    }
    if let Ok(p) = ShuffleProof::from_bytes(bytes) {
        assert_eq!(p.to_bytes(), bytes);
    }
    if let Ok(p) = MerkleProof::from_bytes(bytes) {
        assert_eq!(p.to_bytes(), bytes);
    }
    if let Ok(p) = Sha256Proof::from_bytes(bytes) {
        assert_eq!(p.to_bytes(), bytes);
    }
    if let Ok(m) = BitCommitment::from_bytes(bytes) {
        assert_eq!(m.to_bytes(), bytes);
    }
    if let Ok(m) = BitChallenge::from_bytes(bytes) {
        assert_eq!(m.to_bytes(), bytes);
    }
    if let Ok(m) = PolyCommitment::from_bytes(bytes) {
        assert_eq!(m.to_bytes(), bytes);
    }
    if let Ok(m) = PolyChallenge::from_bytes(bytes) {
        assert_eq!(m.to_bytes(), bytes);
    }
    if let Ok(m) = ProofShare::from_bytes(bytes) {
        assert_eq!(m.to_bytes(), bytes);
    }
}

fn plus_vector() -> Vec<u8> {
    let text = include_str!("../../../tests/vectors/bulletproofs_plus.json");
    let start = text.find("\"proof\": \"").expect("a proof") + "\"proof\": \"".len();
    let end = start + text[start..].find('"').expect("its end");
    let hex = &text[start..end];
    (0..hex.len() / 2)
        .map(|i| u8::from_str_radix(&hex[2 * i..2 * i + 2], 16).unwrap())
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, .. ProptestConfig::default() })]

    #[test]
    fn random_bytes_decode_canonically(bytes in proptest::collection::vec(any::<u8>(), 0..700)) {
        check_all(&bytes);
    }

    #[test]
    fn sized_random_bytes_decode_canonically(
        size in prop::sample::select(vec![32usize, 64, 96, 608, 1120]),
        seed in any::<[u8; 32]>(),
    ) {
        // Sizes the length checks accept, so the element checks are reached.
        let bytes: Vec<u8> = (0..size).map(|i| seed[i % 32] ^ (i as u8)).collect();
        check_all(&bytes);
    }

    #[test]
    fn mutated_plus_proof_decodes_canonically(
        edits in proptest::collection::vec((any::<usize>(), any::<u8>()), 1..4),
    ) {
        let mut bytes = plus_vector();
        assert!(PlusProof::from_bytes(&bytes).is_ok(), "the vector decodes");
        for (at, x) in edits {
            let i = at % bytes.len();
            bytes[i] ^= x;
        }
        check_all(&bytes);
    }
}
