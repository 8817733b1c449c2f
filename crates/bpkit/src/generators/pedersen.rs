//! The Pedersen commitment generators `B` and `B̃`.

use crate::group::hash::hash_to_point_sha3_512;
use crate::group::msm::FixedBase;
use crate::group::{CompressedRistretto, RistrettoPoint, Scalar};
use curve25519_dalek::constants::{RISTRETTO_BASEPOINT_COMPRESSED, RISTRETTO_BASEPOINT_POINT};

/// The generators of Pedersen commitments `C = v·B + r·B̃`.
///
/// `B` is the Ristretto basepoint and `B̃ = hash_to_group_SHA3-512(encoding of B)`, exactly as in
/// the `bulletproofs` crate. Constant-time tables for both are built with the generators, so
/// construct this once (or use [`super::shared_pedersen`]) rather than per commitment.
#[derive(Debug)]
pub struct PedersenGens {
    b: RistrettoPoint,
    b_blinding: RistrettoPoint,
    /// The encodings of `B` and `B̃` (each an inversion to compute: the circuits' transcripts
    /// hash them for every proof).
    encodings: [CompressedRistretto; 2],
    b_table: FixedBase,
    b_blinding_table: FixedBase,
}

impl PedersenGens {
    /// Generators with a caller-chosen pair of points. Both must be independent generators
    /// whose discrete-log relation nobody knows; use [`PedersenGens::default`] unless a format
    /// requires others.
    pub fn new(b: RistrettoPoint, b_blinding: RistrettoPoint) -> Self {
        PedersenGens {
            encodings: [b.compress(), b_blinding.compress()],
            b,
            b_blinding,
            b_table: FixedBase::new(&b),
            b_blinding_table: FixedBase::new(&b_blinding),
        }
    }

    /// The value generator `B`.
    pub fn b(&self) -> &RistrettoPoint {
        &self.b
    }

    /// The blinding generator `B̃`.
    pub fn b_blinding(&self) -> &RistrettoPoint {
        &self.b_blinding
    }

    /// The encodings of `B` and `B̃`, computed once.
    pub(crate) fn encodings(&self) -> &[CompressedRistretto; 2] {
        &self.encodings
    }

    /// `v·B + r·B̃`, in constant time.
    pub fn commit(&self, value: &Scalar, blinding: &Scalar) -> RistrettoPoint {
        self.b_table.mul(value) + self.b_blinding_table.mul(blinding)
    }

    /// `s·B`, in constant time.
    pub fn mul_b(&self, s: &Scalar) -> RistrettoPoint {
        self.b_table.mul(s)
    }

    /// `s·B̃`, in constant time.
    pub fn mul_b_blinding(&self, s: &Scalar) -> RistrettoPoint {
        self.b_blinding_table.mul(s)
    }
}

impl Default for PedersenGens {
    /// The `bulletproofs` crate's generators.
    fn default() -> Self {
        let b_blinding = hash_to_point_sha3_512(RISTRETTO_BASEPOINT_COMPRESSED.as_bytes());
        PedersenGens::new(RISTRETTO_BASEPOINT_POINT, b_blinding)
    }
}
