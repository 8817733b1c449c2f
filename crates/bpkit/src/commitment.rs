//! Pedersen commitments `C = v·B + r·B̃` and their openings.

use crate::generators::PedersenGens;
use crate::group::{CompressedRistretto, RistrettoPoint, Scalar};
use zeroize::{Zeroize, ZeroizeOnDrop};

/// The secret behind a commitment: a value and its blinding. Zeroized on drop; its `Debug`
/// output shows neither.
#[derive(Clone, Zeroize, ZeroizeOnDrop, PartialEq, Eq)]
pub struct Opening {
    /// The committed value.
    pub value: u64,
    /// The blinding factor.
    pub blinding: Scalar,
}

impl Opening {
    /// An opening with a chosen blinding.
    pub fn new(value: u64, blinding: Scalar) -> Self {
        Opening { value, blinding }
    }

    /// An opening with a fresh uniformly random blinding.
    pub fn random<R: rand_core::CryptoRng + ?Sized>(value: u64, rng: &mut R) -> Self {
        Opening {
            value,
            blinding: Scalar::random(rng),
        }
    }

    /// The commitment `value·B + blinding·B̃`, computed in constant time.
    pub fn commit_with(&self, gens: &PedersenGens) -> CompressedRistretto {
        self.commit_point(gens).compress()
    }

    /// The commitment as a point.
    pub fn commit_point(&self, gens: &PedersenGens) -> RistrettoPoint {
        gens.commit(&Scalar::from(self.value), &self.blinding)
    }

    /// The commitment with the default generators (process-wide cache).
    #[cfg(feature = "std")]
    pub fn commit(&self) -> CompressedRistretto {
        self.commit_with(crate::generators::shared_pedersen())
    }
}

impl core::fmt::Debug for Opening {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str("Opening { value: <secret>, blinding: <secret> }")
    }
}
