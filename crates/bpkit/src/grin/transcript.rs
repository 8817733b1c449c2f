//! The Fiat–Shamir chain of secp256k1-zkp's Bulletproofs: a 32-byte state, each step
//! `state ← SHA256(state ‖ data)`, challenges read from the state as big-endian scalars.
//!
//! Points are absorbed two at a time (`update_commit`): one byte `2·flag(P) + flag(Q)` (flag:
//! y is not a square), then both x-coordinates. A state that is not a canonical non-zero scalar
//! makes the C library fail (prover) or reject (verifier); so does this code.

use crate::errors::Error;
use crate::group::secp256k1::encoding::XPoint;
use crate::group::secp256k1::Scalar;
use k256::elliptic_curve::PrimeField;
use sha2::{Digest, Sha256};

/// The 32-byte transcript state.
#[derive(Clone, Debug, Default)]
pub(crate) struct Transcript {
    state: [u8; 32],
}

impl Transcript {
    /// The all-zero initial state.
    pub(crate) fn new() -> Self {
        Transcript { state: [0u8; 32] }
    }

    /// `state ← SHA256(state ‖ (2·flag(P) + flag(Q)) ‖ P.x ‖ Q.x)`.
    pub(crate) fn points(&mut self, p: &XPoint, q: &XPoint) {
        let parity = (u8::from(p.flag) << 1) | u8::from(q.flag);
        self.state = Sha256::new()
            .chain_update(self.state)
            .chain_update([parity])
            .chain_update(p.x)
            .chain_update(q.x)
            .finalize()
            .into();
    }

    /// `state ← SHA256(state ‖ data)` (no length prefix).
    pub(crate) fn bytes(&mut self, data: &[u8]) {
        // Declassification point (feature `ctime`, `docs/ctime.md`): what the prover appends to
        // the transcript (extra data, proof scalars τ_x, μ, t) is public, since the verifier
        // recomputes the transcript from the statement and the proof. (Points are declassified
        // when encoded, in `XPoint::from_point`.)
        #[cfg(feature = "ctime")]
        let data = &{
            let mut copy = data.to_vec();
            crate::ctime::declassify(&mut copy);
            copy
        };
        self.state = Sha256::new()
            .chain_update(self.state)
            .chain_update(data)
            .finalize()
            .into();
    }

    /// The state as a challenge: a canonical, non-zero scalar, or an error.
    pub(crate) fn challenge(&self) -> Result<Scalar, Error> {
        let c = Option::<Scalar>::from(Scalar::from_repr(self.state.into()))
            .ok_or(Error::VerificationFailed)?;
        if bool::from(c.is_zero()) {
            return Err(Error::VerificationFailed);
        }
        Ok(c)
    }

    /// `SHA256(state)` as a challenge, without changing the state (the verifier's weight for
    /// the polynomial equation).
    pub(crate) fn peek_hash_challenge(&self) -> Result<Scalar, Error> {
        let mut next = self.clone();
        next.state = Sha256::digest(self.state).into();
        next.challenge()
    }
}
