//! The multi-party prover of secp256k1-zkp: parties with blinding shares γⱼ of one commitment
//! `v·H + (Σγⱼ)·G`, a common rewind nonce (α, ρ, s vectors) and private nonces (τ₁ⱼ, τ₂ⱼ).
//!
//! 1. each party publishes `τ₁ⱼ·G`, `τ₂ⱼ·G` ([`Party::t_shares`]); they are summed;
//! 2. with the sums, each party publishes `τxⱼ = τ₁ⱼx + τ₂ⱼx² + z²γⱼ`
//!    ([`PartyAwaitingTSums::tau_share`]); they are summed;
//! 3. any party finishes the proof with both sums ([`PartyAwaitingTau::finish`]).
//!
//! Each step consumes the previous state, so the order of messages is enforced by the types.
//! The three steps run the single prover's code with a different source for `T₁`, `T₂`, `τx`.

use super::generators::GrinGens;
use super::proof::GrinProof;
use super::prover::{run, Mode, Output};
use super::witness::GrinWitness;
use crate::errors::Error;
use crate::group::secp256k1::encoding::Commitment33;
use crate::group::secp256k1::{ProjectivePoint, Scalar};
use alloc::vec::Vec;

/// A party before step 1. `witness.blinding` is this party's share, `witness.rewind_nonce` the
/// common nonce, `witness.private_nonce` this party's own (required).
pub struct Party<'g> {
    gens: &'g GrinGens,
    commitment: Commitment33,
    bits: usize,
    extra: Option<Vec<u8>>,
    witness: GrinWitness,
}

/// A party that has published its `T` shares and waits for their sums.
pub struct PartyAwaitingTSums<'g> {
    party: Party<'g>,
}

/// A party that has published its `τx` share and waits for the sum.
pub struct PartyAwaitingTau<'g> {
    party: Party<'g>,
    t1: ProjectivePoint,
    t2: ProjectivePoint,
}

impl<'g> Party<'g> {
    /// A party for the joint `commitment` (the sum of every party's).
    pub fn new(
        gens: &'g GrinGens,
        commitment: Commitment33,
        bits: usize,
        extra: Option<Vec<u8>>,
        witness: GrinWitness,
    ) -> Result<Self, Error> {
        if witness.private_nonce.is_none() {
            return Err(Error::InvalidOpening { index: 0 });
        }
        Ok(Party {
            gens,
            commitment,
            bits,
            extra,
            witness,
        })
    }

    fn run(&self, mode: Mode) -> Result<Output, Error> {
        run(
            self.gens,
            &self.commitment,
            self.bits,
            self.extra.as_deref(),
            &self.witness,
            mode,
        )
    }

    /// Step 1: this party's `τ₁ⱼ·G`, `τ₂ⱼ·G`.
    pub fn t_shares(
        self,
    ) -> Result<(PartyAwaitingTSums<'g>, (ProjectivePoint, ProjectivePoint)), Error> {
        match self.run(Mode::TShares)? {
            Output::TShares(a, b) => Ok((PartyAwaitingTSums { party: self }, (a, b))),
            _ => Err(Error::InvalidRange),
        }
    }
}

impl<'g> PartyAwaitingTSums<'g> {
    /// Step 2: with the sums of every party's `T` shares, this party's `τx` share.
    pub fn tau_share(
        self,
        t1_sum: ProjectivePoint,
        t2_sum: ProjectivePoint,
    ) -> Result<(PartyAwaitingTau<'g>, Scalar), Error> {
        match self.party.run(Mode::TauShare {
            t1: t1_sum,
            t2: t2_sum,
        })? {
            Output::TauShare(s) => Ok((
                PartyAwaitingTau {
                    party: self.party,
                    t1: t1_sum,
                    t2: t2_sum,
                },
                s,
            )),
            _ => Err(Error::InvalidRange),
        }
    }
}

impl PartyAwaitingTau<'_> {
    /// Step 3: the proof, from the sum of every party's `τx` share.
    pub fn finish(self, taux_sum: Scalar) -> Result<GrinProof, Error> {
        match self.party.run(Mode::Finish {
            t1: self.t1,
            t2: self.t2,
            taux: taux_sum,
        })? {
            Output::Proof(p) => Ok(p),
            _ => Err(Error::InvalidRange),
        }
    }
}
