//! The prover's secrets: an output's amount and mask.

use super::generators;
use crate::group::Scalar;
use curve25519_dalek::edwards::EdwardsPoint;
use zeroize::{Zeroize, ZeroizeOnDrop, Zeroizing};

/// The opening of a Monero output commitment `C = mask·G + amount·H`. Zeroized on drop; `Debug`
/// shows neither field.
#[derive(Clone, Zeroize, ZeroizeOnDrop, PartialEq, Eq)]
pub struct Opening {
    /// The amount (any 64-bit value: Monero's range is `[0, 2⁶⁴)`).
    pub amount: u64,
    /// The mask (blinding factor).
    pub mask: Scalar,
}

impl Opening {
    /// An opening with a chosen mask.
    pub fn new(amount: u64, mask: Scalar) -> Self {
        Opening { amount, mask }
    }

    /// An opening with a fresh uniformly random mask.
    pub fn random<R: rand_core::CryptoRng + ?Sized>(amount: u64, rng: &mut R) -> Self {
        Opening {
            amount,
            mask: Scalar::random(rng),
        }
    }

    /// `mask·G + amount·H`, in constant time (fixed-base table for `G`, dalek's constant-time
    /// variable-base multiplication for `H`).
    pub(crate) fn commit_point(&self) -> EdwardsPoint {
        let amount = Zeroizing::new(Scalar::from(self.amount));
        EdwardsPoint::mul_base(&self.mask) + generators::h() * *amount
    }

    /// The on-chain commitment `C = mask·G + amount·H` (as in a transaction's `outPk`, not
    /// ×1/8), computed in constant time.
    pub fn commit(&self) -> [u8; 32] {
        self.commit_point().compress().to_bytes()
    }
}

impl core::fmt::Debug for Opening {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str("Opening { amount: <secret>, mask: <secret> }")
    }
}
