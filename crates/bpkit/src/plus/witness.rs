//! The prover's secrets: openings of extended commitments, and the optional recovery seed.

use super::parameters::ExtendedPedersenGens;
use crate::errors::Error;
use crate::group::{CompressedRistretto, Scalar};
use alloc::vec::Vec;
use zeroize::{Zeroize, ZeroizeOnDrop};

/// The opening of an extended commitment `C = v·B + r₁·B̃₁ + … + r_k·B̃_k`: the value and its
/// `k` blinding factors. Zeroized on drop; `Debug` shows neither.
#[derive(Clone, Zeroize, ZeroizeOnDrop, PartialEq, Eq)]
pub struct ExtendedOpening {
    /// The committed value `v`.
    pub value: u64,
    /// The blinding factors `r₁ … r_k`.
    pub blindings: Vec<Scalar>,
}

impl ExtendedOpening {
    /// An opening with chosen blindings.
    pub fn new(value: u64, blindings: Vec<Scalar>) -> Self {
        ExtendedOpening { value, blindings }
    }

    /// An opening with `k` fresh uniformly random blindings.
    pub fn random<R: rand_core::CryptoRng + ?Sized>(value: u64, k: usize, rng: &mut R) -> Self {
        ExtendedOpening {
            value,
            blindings: (0..k).map(|_| Scalar::random(rng)).collect(),
        }
    }

    /// The commitment, computed in constant time. Fails unless there are `k` blindings.
    pub fn commit_with(&self, gens: &ExtendedPedersenGens) -> Result<CompressedRistretto, Error> {
        Ok(gens
            .commit(&Scalar::from(self.value), &self.blindings)?
            .compress())
    }
}

impl core::fmt::Debug for ExtendedOpening {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str("ExtendedOpening { value: <secret>, blindings: <secret> }")
    }
}

/// A secret seed from which a prover derives its nonces, so that whoever holds the seed can
/// recover the blinding factors from the proof ([`super::PlusProof::recover`]).
///
/// **Never use a seed for more than one proof.** Each proof made with a seed reveals, to anyone,
/// a linear relation between its nonces; two proofs with the same nonces can leak the blinding
/// factors (and so the value) to everybody. Derive a fresh seed per output, e.g. from a key
/// exchange with the recipient and the output's position.
///
/// Zeroized on drop; `Debug` does not show it.
#[derive(Clone, Zeroize, ZeroizeOnDrop)]
pub struct RecoverySeed(pub(crate) Scalar);

impl RecoverySeed {
    /// A seed from a scalar (`tari_bulletproofs_plus` calls it the seed nonce).
    pub fn from_scalar(seed: Scalar) -> Self {
        RecoverySeed(seed)
    }

    /// A seed from 32 bytes, which must be a canonical scalar encoding.
    pub fn from_bytes(bytes: &[u8; 32]) -> Result<Self, Error> {
        Ok(RecoverySeed(crate::group::encoding::decode_scalar(
            bytes, 0,
        )?))
    }

    /// A fresh uniformly random seed.
    pub fn random<R: rand_core::CryptoRng + ?Sized>(rng: &mut R) -> Self {
        RecoverySeed(Scalar::random(rng))
    }
}

impl core::fmt::Debug for RecoverySeed {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str("RecoverySeed(<secret>)")
    }
}
