//! Rewinding: the holder of the rewind nonce recovers the value and the 20-byte message, and
//! the blinding when the private nonce was the rewind nonce (as the C module's
//! `bulletproof_rangeproof_rewind`).
//!
//! −μ = v‖m − ρx − α' where (α', ρ) come from the nonce: adding ρx + α' gives the packed value
//! (its first four bytes must be zero). −τx + τ₁x + τ₂x² = −z²γ gives γ when τ₁, τ₂ also come
//! from this nonce; the result is kept only if `v·H + γ·G` is the commitment.
//!
//! Rewinding does not verify the proof: verify it as well before trusting it.

use super::generators::GrinGens;
use super::nonces::scalar_pair;
use super::proof::GrinProof;
use super::prover::commit;
use super::verifier::{challenges, Challenges};
use super::witness::MESSAGE_SIZE;
use crate::errors::Error;
use crate::group::secp256k1::encoding::{scalar_bytes, Commitment33};
use crate::group::secp256k1::Scalar;
use zeroize::{Zeroize, ZeroizeOnDrop, Zeroizing};

/// What rewinding recovers.
#[derive(Clone, Zeroize, ZeroizeOnDrop)]
pub struct Rewound {
    /// The committed value.
    pub value: u64,
    /// The 20-byte message (zero when none was given).
    pub message: [u8; MESSAGE_SIZE],
    /// The blinding factor, when it could be recovered and opens the commitment together with
    /// `value`; `None` when the proof's private nonce was not the rewind nonce.
    pub blinding: Option<Scalar>,
}

impl core::fmt::Debug for Rewound {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str("Rewound(..)")
    }
}

impl Rewound {
    /// Whether `value·H + blinding·G` is `commitment` (for a blinding known by other means).
    pub fn opens(&self, gens: &GrinGens, commitment: &Commitment33, blinding: &Scalar) -> bool {
        commit(gens, self.value, blinding).is_ok_and(|c| &c == commitment)
    }
}

/// Recovers value, message and (where possible) blinding with the rewind nonce.
///
/// Fails with [`Error::RecoveryFailed`] when the nonce or the extra data is not the prover's.
pub fn rewind(
    gens: &GrinGens,
    commitment: &Commitment33,
    extra: Option<&[u8]>,
    proof: &GrinProof,
    rewind_nonce: &[u8; 32],
) -> Result<Rewound, Error> {
    let Challenges { z, x, .. } = challenges(
        gens, commitment, extra, &proof.a, &proof.s, &proof.t1, &proof.t2,
    )?;
    let (alpha, rho) = scalar_pair(rewind_nonce, 0)?;
    let (alpha, rho) = (Zeroizing::new(alpha), Zeroizing::new(rho));
    let packed = Zeroizing::new(scalar_bytes(&(proof.neg_mu + *rho * x + *alpha)));
    let (head, rest) = packed.split_at(4);
    if head != [0u8; 4] {
        return Err(Error::RecoveryFailed);
    }
    let (msg, val) = rest.split_at(MESSAGE_SIZE);
    let mut message = [0u8; MESSAGE_SIZE];
    message.copy_from_slice(msg);
    let mut value_bytes = [0u8; 8];
    value_bytes.copy_from_slice(val);
    let value = u64::from_be_bytes(value_bytes);

    let (tau1, tau2) = scalar_pair(rewind_nonce, 1)?;
    let (tau1, tau2) = (Zeroizing::new(tau1), Zeroizing::new(tau2));
    let zz_inv = Option::<Scalar>::from((z * z).invert()).ok_or(Error::RecoveryFailed)?;
    let gamma = Zeroizing::new(-((proof.neg_taux + *tau1 * x + *tau2 * x * x) * zz_inv));
    let opens = commit(gens, value, &gamma).is_ok_and(|c| &c == commitment);
    Ok(Rewound {
        value,
        message,
        blinding: opens.then_some(*gamma),
    })
}
