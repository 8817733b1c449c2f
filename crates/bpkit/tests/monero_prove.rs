//! bpkit's Monero provers, Bulletproofs+ (`PlusProof::prove`) and the original Bulletproofs
//! (`OriginalProof::prove`), one test set run for each: their proofs verify in bpkit and in the
//! peer `monero-bulletproofs` 0.1.0 (single and batched), round-trip through Monero's
//! serialization, and tampered proofs or commitments are refused by both.
//!
//! CI proves m = 1, 2, 3, 16; `BPKIT_MONERO_ALL=1` proves every m = 1…16.
#![cfg(feature = "monero")]
#![allow(
    clippy::unwrap_used,
    clippy::indexing_slicing,
    clippy::arithmetic_side_effects,
    clippy::panic
)]

use bpkit::monero::{MoneroError, Opening};
use monero_bulletproofs::{BatchVerifier, Bulletproof};
use monero_ed25519::CompressedPoint;
use rand::SeedableRng;
use rand_chacha::ChaCha20Rng;

fn output_counts() -> Vec<usize> {
    if std::env::var_os("BPKIT_MONERO_ALL").is_some() {
        (1..=16).collect()
    } else {
        vec![1, 2, 3, 16]
    }
}

fn peer_verifies(
    read: fn(&mut &[u8]) -> std::io::Result<Bulletproof>,
    bytes: &[u8],
    commitments: &[[u8; 32]],
) -> bool {
    let Ok(proof) = read(&mut &bytes[..]) else {
        return false;
    };
    let c: Vec<CompressedPoint> = commitments
        .iter()
        .map(|c| CompressedPoint::from(*c))
        .collect();
    let mut rng = <rand_08::rngs::StdRng as rand_08::SeedableRng>::seed_from_u64(1);
    proof.verify(&mut rng, &c)
}

/// `m` openings with amounts that exercise the extremes (0, 2⁶⁴ − 1) and random ones.
fn openings(rng: &mut ChaCha20Rng, m: usize) -> Vec<Opening> {
    use rand::RngExt;
    (0..m)
        .map(|j| {
            let amount = match j {
                0 => u64::MAX,
                1 => 0,
                _ => rng.random(),
            };
            Opening::random(amount, rng)
        })
        .collect()
}

/// The tests, for one proof kind: its type, its module (batch verification), the peer's
/// reader and the number of 32-byte fields besides `L` and `R`.
macro_rules! prover_tests {
    ($name:ident, $proof:ident, $module:ident, $read:path, $fixed:expr) => {
        mod $name {
            use super::*;
            use bpkit::monero::{$module, $proof};

            const READ: fn(&mut &[u8]) -> std::io::Result<Bulletproof> = |r| $read(r);

            #[test]
            fn proofs_verify_in_bpkit_and_the_peer() {
                let mut rng = ChaCha20Rng::from_seed([3; 32]);
                let mut all = Vec::new();
                for m in output_counts() {
                    let open = openings(&mut rng, m);
                    let (proof, c) = $proof::prove(&open, &mut rng).unwrap();
                    assert_eq!(c.len(), m);
                    for (o, c) in open.iter().zip(&c) {
                        assert_eq!(&o.commit(), c);
                    }
                    let bytes = proof.to_bytes();
                    let rounds = 6 + m.next_power_of_two().trailing_zeros() as usize;
                    assert_eq!(bytes.len(), $fixed * 32 + 2 + 2 * 32 * rounds, "m = {m}");
                    // Round trip through Monero's serialization.
                    let back = $proof::from_bytes(&bytes).unwrap();
                    assert_eq!(back, proof);
                    assert_eq!(back.to_bytes(), bytes);
                    proof.verify(&c).unwrap_or_else(|e| panic!("m = {m}: {e}"));
                    assert!(
                        peer_verifies(READ, &bytes, &c),
                        "m = {m}: the peer refuses it"
                    );
                    // The peer's own serialization of the parsed proof is ours.
                    let peer = $read(&mut &bytes[..]).unwrap();
                    assert_eq!(peer.serialize(), bytes);
                    all.push((proof, c, bytes));
                }

                // Batched, in both.
                let items: Vec<(&$proof, &[[u8; 32]])> =
                    all.iter().map(|(p, c, _)| (p, c.as_slice())).collect();
                $module::verify_batch(&items).unwrap();
                let mut rng08 = <rand_08::rngs::StdRng as rand_08::SeedableRng>::seed_from_u64(2);
                let mut batch = BatchVerifier::new();
                for (_, c, bytes) in &all {
                    let proof = $read(&mut &bytes[..]).unwrap();
                    let c: Vec<CompressedPoint> =
                        c.iter().map(|c| CompressedPoint::from(*c)).collect();
                    assert!(proof.batch_verify(&mut rng08, &mut batch, &c));
                }
                assert!(batch.verify());
            }

            #[test]
            fn tampered_proofs_and_commitments_are_refused() {
                let mut rng = ChaCha20Rng::from_seed([4; 32]);
                let open = openings(&mut rng, 2);
                let (proof, c) = $proof::prove(&open, &mut rng).unwrap();
                let bytes = proof.to_bytes();
                assert!(peer_verifies(READ, &bytes, &c));

                // Every field: a changed bit anywhere fails (malformed or invalid) in bpkit and the peer.
                for pos in (0..bytes.len()).step_by(7) {
                    let mut bad = bytes.clone();
                    bad[pos] ^= 0x01;
                    let ours = $proof::from_bytes(&bad).and_then(|p| p.verify(&c));
                    assert!(ours.is_err(), "byte {pos}");
                    assert!(!peer_verifies(READ, &bad, &c), "byte {pos} (peer)");
                }

                // Commitments swapped, or one for another amount.
                let swapped = [c[1], c[0]];
                assert_eq!(proof.verify(&swapped), Err(MoneroError::VerificationFailed));
                assert!(!peer_verifies(READ, &bytes, &swapped));
                let other = Opening::new(open[0].amount.wrapping_add(1), open[0].mask).commit();
                let changed = [other, c[1]];
                assert_eq!(proof.verify(&changed), Err(MoneroError::VerificationFailed));
                assert!(!peer_verifies(READ, &bytes, &changed));

                // A proof for other commitments does not verify against these.
                let (proof2, _) = $proof::prove(&openings(&mut rng, 2), &mut rng).unwrap();
                assert_eq!(proof2.verify(&c), Err(MoneroError::VerificationFailed));
            }

            #[test]
            fn output_counts_outside_1_to_16_are_refused() {
                let mut rng = ChaCha20Rng::from_seed([5; 32]);
                assert_eq!(
                    $proof::prove(&[], &mut rng).map(|_| ()),
                    Err(MoneroError::InvalidOutputCount(0))
                );
                let seventeen = openings(&mut rng, 17);
                assert_eq!(
                    $proof::prove(&seventeen, &mut rng).map(|_| ()),
                    Err(MoneroError::InvalidOutputCount(17))
                );
            }

            #[test]
            fn proofs_are_randomized_and_hedged() {
                // Same openings, two RNG states: two different valid proofs.
                let open = openings(&mut ChaCha20Rng::from_seed([6; 32]), 1);
                let (p1, c1) = $proof::prove(&open, &mut ChaCha20Rng::from_seed([7; 32])).unwrap();
                let (p2, c2) = $proof::prove(&open, &mut ChaCha20Rng::from_seed([8; 32])).unwrap();
                assert_eq!(c1, c2);
                assert_ne!(p1, p2);
                p1.verify(&c1).unwrap();
                p2.verify(&c2).unwrap();
                // Same RNG state, other mask: the nonces differ too (the witness keys the nonce RNG).
                let other = [Opening::new(
                    open[0].amount,
                    open[0].mask + bpkit::Scalar::ONE,
                )];
                let (p3, _) = $proof::prove(&other, &mut ChaCha20Rng::from_seed([7; 32])).unwrap();
                assert_ne!(p1.to_bytes()[..32], p3.to_bytes()[..32]);
            }
        }
    };
}

prover_tests!(plus_proofs, PlusProof, plus, Bulletproof::read_plus, 6);
prover_tests!(
    original_proofs,
    OriginalProof,
    original,
    Bulletproof::read,
    9
);
