//! Generator derivation: hash-to-group with SHA3-512 and the SHAKE256 "GeneratorsChain".
//!
//! Both constructions are those of the `bulletproofs` crate, so that generators, and therefore
//! commitments and proofs, are interchangeable with it (spec §2).

use super::RistrettoPoint;
use sha3::digest::{Digest, ExtendableOutput, Update, XofReader};
use sha3::{Sha3_512, Shake256};

/// Ristretto's "from uniform bytes" map applied to SHA3-512(input) (what
/// `RistrettoPoint::hash_from_bytes::<Sha3_512>` computes).
pub fn hash_to_point_sha3_512(input: &[u8]) -> RistrettoPoint {
    let digest = Sha3_512::digest(input);
    let mut wide = [0u8; 64];
    wide.copy_from_slice(digest.as_slice());
    RistrettoPoint::from_uniform_bytes(&wide)
}

/// An endless sequence of points: SHAKE256("GeneratorsChain" ‖ label) read 64 bytes at a time,
/// each 64-byte block mapped to a point with the Ristretto "from uniform bytes" map.
pub struct GeneratorsChain {
    reader: <Shake256 as ExtendableOutput>::Reader,
}

impl GeneratorsChain {
    /// Starts the chain for `label`.
    pub fn new(label: &[u8]) -> Self {
        let mut shake = Shake256::default();
        shake.update(b"GeneratorsChain");
        shake.update(label);
        GeneratorsChain {
            reader: shake.finalize_xof(),
        }
    }

    /// Skips `count` points without mapping them to the group (cheap).
    pub fn skip_points(&mut self, count: usize) {
        let mut block = [0u8; 64];
        for _ in 0..count {
            self.reader.read(&mut block);
        }
    }
}

impl Iterator for GeneratorsChain {
    type Item = RistrettoPoint;

    fn next(&mut self) -> Option<RistrettoPoint> {
        let mut block = [0u8; 64];
        self.reader.read(&mut block);
        Some(RistrettoPoint::from_uniform_bytes(&block))
    }
}

/// Tari's masking base `i` (1-based): `hash_to_point_sha3_512("RISTRETTO_MASKING_BASEPOINT_" ‖ i)`,
/// `i` written in decimal ASCII, as `tari_bulletproofs_plus` derives its blinding bases
/// (spec `docs/plus.md`, §2).
pub fn tari_masking_base(i: usize) -> RistrettoPoint {
    let label = alloc::format!("RISTRETTO_MASKING_BASEPOINT_{i}");
    hash_to_point_sha3_512(label.as_bytes())
}

/// bpkit's blinding bases `B̃₁, …, B̃_count` for extended commitments: `B̃₁ = B̃` is the
/// `bulletproofs` crate's blinding base `hash_to_point_sha3_512(encoding of B)`, and each next one
/// hashes the encoding of the previous, `B̃ᵢ₊₁ = hash_to_point_sha3_512(encoding of B̃ᵢ)` — the
/// same construction continued, so `B̃₁` is the core's and one commitment works with BP and BP+.
pub fn bpkit_blinding_bases(count: usize) -> alloc::vec::Vec<RistrettoPoint> {
    let mut out = alloc::vec::Vec::with_capacity(count);
    let mut previous = curve25519_dalek::constants::RISTRETTO_BASEPOINT_COMPRESSED;
    for _ in 0..count {
        let next = hash_to_point_sha3_512(previous.as_bytes());
        previous = next.compress();
        out.push(next);
    }
    out
}
