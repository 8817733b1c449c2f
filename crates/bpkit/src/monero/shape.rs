//! Checks shared by both proof kinds, all made before any generator is touched: the number of
//! outputs, the number of rounds, canonical scalars, point decoding (×8), and the commitments
//! `V = C·(1/8)` Monero hashes into its transcripts.

use super::error::MoneroError;
use super::generators::MAX_OUTPUTS;
use super::point::{decode, inv_eight};
use crate::group::Scalar;
use alloc::vec::Vec;
use bpkit_engine::Extended;

/// `log₂` of the bits per output (64).
pub(crate) const LOG_N: usize = 6;

/// `(log₂ m', rounds)` for `m` outputs: `m' = 2^⌈log₂ m⌉`, `rounds = 6 + log₂ m'`. Refuses
/// `m` outside `1..=16` (Monero's own loop would give 17 outputs 11 rounds and read past its
/// generator tables: monero PR #11232).
pub(crate) fn rounds_for(m: usize) -> Result<(usize, usize), MoneroError> {
    if m == 0 || m > MAX_OUTPUTS {
        return Err(MoneroError::InvalidOutputCount(m));
    }
    let log_m = m.next_power_of_two().trailing_zeros() as usize;
    Ok((log_m, LOG_N.saturating_add(log_m)))
}

/// Checks `|L| = |R| = rounds`.
pub(crate) fn check_rounds(l: usize, r: usize, rounds: usize) -> Result<(), MoneroError> {
    if l != rounds || r != rounds {
        return Err(MoneroError::WrongRounds {
            expected: rounds,
            found: if l == rounds { r } else { l },
        });
    }
    Ok(())
}

/// A scalar that must be canonical (`sc_check`).
pub(crate) fn scalar(bytes: &[u8; 32], offset: usize) -> Result<Scalar, MoneroError> {
    Option::<Scalar>::from(Scalar::from_canonical_bytes(*bytes))
        .ok_or(MoneroError::NonCanonicalScalar { offset })
}

/// A stored proof point, decoded (Monero's rules, by the verification engine) and multiplied
/// by 8.
pub(crate) fn point8(bytes: &[u8; 32], offset: usize) -> Result<Extended, MoneroError> {
    bpkit_engine::edwards::decode_mul8(bytes).ok_or(MoneroError::InvalidPoint { offset })
}

/// The commitments as a verifier uses them.
pub(crate) struct Commitments {
    /// `V = C·(1/8)` encoded (Monero's `scalarmultKey(outPk.mask, INV_EIGHT)`): what the
    /// transcript hashes.
    pub v_bytes: Vec<[u8; 32]>,
    /// `8·V`: what enters the multiscalar multiplication (engine form).
    pub v8: Vec<Extended>,
}

/// From the on-chain output commitments `C` (as in `outPk`, not scaled).
pub(crate) fn commitments(c: &[[u8; 32]]) -> Result<Commitments, MoneroError> {
    let inv8 = inv_eight();
    let mut v_bytes = Vec::with_capacity(c.len());
    let mut v8 = Vec::with_capacity(c.len());
    for (index, bytes) in c.iter().enumerate() {
        let point = decode(bytes).ok_or(MoneroError::InvalidCommitment { index })?;
        let v = (inv8 * point).compress().to_bytes();
        // `V` is a canonical encoding of a point (dalek's), so the engine decodes it.
        v8.push(
            bpkit_engine::edwards::decode_mul8(&v)
                .ok_or(MoneroError::InvalidCommitment { index })?,
        );
        v_bytes.push(v);
    }
    Ok(Commitments { v_bytes, v8 })
}

/// A Fiat–Shamir challenge, refused if zero.
pub(crate) fn nonzero(c: Scalar) -> Result<Scalar, MoneroError> {
    if c == Scalar::ZERO {
        Err(MoneroError::ZeroChallenge)
    } else {
        Ok(c)
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    #[test]
    fn rounds() {
        assert_eq!(rounds_for(1).unwrap(), (0, 6));
        assert_eq!(rounds_for(2).unwrap(), (1, 7));
        assert_eq!(rounds_for(3).unwrap(), (2, 8));
        assert_eq!(rounds_for(16).unwrap(), (4, 10));
        assert_eq!(rounds_for(0), Err(MoneroError::InvalidOutputCount(0)));
        // The #11232 shape: 17 outputs (Monero's loop gives 11 rounds).
        assert_eq!(rounds_for(17), Err(MoneroError::InvalidOutputCount(17)));
        assert!(check_rounds(11, 11, 10).is_err());
        assert!(check_rounds(10, 9, 10).is_err());
        assert!(check_rounds(10, 10, 10).is_ok());
    }
}
