//! A party: holds one value and its blinding, and answers the dealer's challenges.
//!
//! Timing: everything that touches the value, the blinding or the nonces is constant-time: bits
//! are extracted with shifts and masks, `A_j` is built with constant-time selection, `S_j` and
//! the `T` commitments with constant-time multiplications. The only data-dependent branch is the
//! range check in [`Party::new`], whose outcome (error or not) is public anyway.

use super::algebra::{self, PartyNonces, PartyPolys};
use super::messages::{BitChallenge, BitCommitment, PolyChallenge, PolyCommitment, ProofShare};
use crate::commitment::Opening;
use crate::errors::{Error, ProtocolError};
use crate::generators::{BulletproofGens, PedersenGens};
use crate::group::encoding::Point;
use crate::group::{RistrettoPoint, Scalar};
use crate::range_proof::{check_bits, MAX_PARTIES};
use crate::transcript::Drawn;
use alloc::vec::Vec;
use curve25519_dalek::traits::Identity;
use merlin::Transcript;
use zeroize::{Zeroize, ZeroizeOnDrop};

/// Entry point of the party side of the protocol.
pub struct Party;

impl Party {
    /// A party proving that `opening.value` lies in `[0, 2^n)`.
    ///
    /// Fails with [`Error::ValueOutOfRange`] (index 0) if it does not.
    #[allow(clippy::new_ret_no_self)]
    pub fn new<'a>(
        pc_gens: &'a PedersenGens,
        bp_gens: &'a BulletproofGens,
        opening: &Opening,
        n: usize,
    ) -> Result<PartyAwaitingPosition<'a>, Error> {
        check_bits(n)?;
        if bp_gens.gens_capacity() < n {
            return Err(Error::GeneratorsTooSmall {
                needed: n,
                available: bp_gens.gens_capacity(),
            });
        }
        // Branch on the secret value: its only outcome is this public error. Declassified
        // (feature `ctime`): the range check's outcome.
        if crate::ctime::declassify_bool(n < 64 && opening.value >> n != 0) {
            return Err(Error::ValueOutOfRange { index: 0 });
        }
        let v_j = Point::from_point(opening.commit_point(pc_gens));
        Ok(PartyAwaitingPosition {
            pc_gens,
            bp_gens,
            n,
            v: opening.value,
            v_blinding: opening.blinding,
            v_j,
        })
    }

    /// A padding party: value 0, blinding 0, commitment the identity (spec §5, padding rule).
    pub(crate) fn padding<'a>(
        pc_gens: &'a PedersenGens,
        bp_gens: &'a BulletproofGens,
        n: usize,
    ) -> PartyAwaitingPosition<'a> {
        PartyAwaitingPosition {
            pc_gens,
            bp_gens,
            n,
            v: 0,
            v_blinding: Scalar::ZERO,
            v_j: Point::from_point(RistrettoPoint::identity()),
        }
    }
}

/// A party waiting for its position `j` in the aggregation.
#[derive(Zeroize, ZeroizeOnDrop)]
pub struct PartyAwaitingPosition<'a> {
    #[zeroize(skip)]
    pc_gens: &'a PedersenGens,
    #[zeroize(skip)]
    bp_gens: &'a BulletproofGens,
    #[zeroize(skip)]
    n: usize,
    v: u64,
    v_blinding: Scalar,
    #[zeroize(skip)]
    v_j: Point,
}

impl<'a> PartyAwaitingPosition<'a> {
    /// The party's value commitment `V_j`.
    pub fn value_commitment(&self) -> &Point {
        &self.v_j
    }

    /// Takes position `j` (`0 ≤ j < 64`, else [`ProtocolError::InvalidPosition`]) and commits
    /// to the bits of the value.
    ///
    /// Nonces are hedged: drawn from a Merlin RNG keyed with the statement (`n`, `j`, `V_j`),
    /// the witness, and 32 bytes of `rng`, so a weak RNG alone does not expose the witness to
    /// someone who only sees the proof. Against a dealer it does not suffice: if `rng` repeats,
    /// a dealer who runs the same party (value, blinding, position) twice and answers with two
    /// different challenges gets two shares with the same nonces and solves for the bits. In the
    /// multi-party setting `rng` must be a cryptographic RNG that never repeats.
    pub fn assign_position<R: rand_core::CryptoRng + ?Sized>(
        self,
        j: usize,
        rng: &mut R,
    ) -> Result<(PartyAwaitingBitChallenge<'a>, BitCommitment), Error> {
        let mut entropy = zeroize::Zeroizing::new([0u8; 32]);
        rng.fill_bytes(entropy.as_mut());
        self.assign_position_with_entropy(j, &entropy)
    }

    /// [`Self::assign_position`] with the 32 bytes of fresh randomness drawn beforehand (the
    /// local prover draws every party's in order, then runs the parties on several threads:
    /// the same bytes whatever the thread count).
    pub(crate) fn assign_position_with_entropy(
        self,
        j: usize,
        entropy: &[u8; 32],
    ) -> Result<(PartyAwaitingBitChallenge<'a>, BitCommitment), Error> {
        if j >= MAX_PARTIES {
            return Err(ProtocolError::InvalidPosition(j).into());
        }
        let n = self.n;
        let (g, h) = self.bp_gens.party(j, n).ok_or(Error::GeneratorsTooSmall {
            needed: j.saturating_add(1),
            available: self.bp_gens.party_capacity(),
        })?;

        let mut t = Transcript::new(b"bpkit party nonces v1");
        t.append_u64(b"n", n as u64);
        t.append_u64(b"j", j as u64);
        t.append_message(b"V", self.v_j.compressed.as_bytes());
        let mut nonce_rng = t
            .build_rng()
            .rekey_with_witness_bytes(b"v", &self.v.to_le_bytes())
            .rekey_with_witness_bytes(b"v_blinding", self.v_blinding.as_bytes())
            .finalize(&mut Drawn::new(entropy));

        let nonces = PartyNonces::draw(&mut nonce_rng, n);
        let bits = algebra::bits(self.v, n);
        let a_j =
            algebra::commit_bits(self.pc_gens.mul_b_blinding(&nonces.a_blinding), &bits, g, h);
        let s_j = algebra::commit_nonces(
            self.pc_gens.mul_b_blinding(&nonces.s_blinding),
            &nonces,
            g,
            h,
        )
        .ok_or(Error::GeneratorsTooSmall {
            needed: n,
            available: g.len(),
        })?;

        let message = BitCommitment {
            v_j: self.v_j,
            a_j: Point::from_point(a_j),
            s_j: Point::from_point(s_j),
        };
        let next = PartyAwaitingBitChallenge {
            pc_gens: self.pc_gens,
            n,
            j,
            v_blinding: self.v_blinding,
            bits,
            nonces,
        };
        Ok((next, message))
    }
}

/// A party that has sent its bit commitments and waits for `y, z`.
#[derive(Zeroize, ZeroizeOnDrop)]
pub struct PartyAwaitingBitChallenge<'a> {
    #[zeroize(skip)]
    pc_gens: &'a PedersenGens,
    #[zeroize(skip)]
    n: usize,
    #[zeroize(skip)]
    j: usize,
    v_blinding: Scalar,
    bits: Vec<u8>,
    nonces: PartyNonces,
}

impl<'a> PartyAwaitingBitChallenge<'a> {
    /// Builds `l(X)`, `r(X)`, `t(X)` and commits to `t₁`, `t₂`.
    ///
    /// Refuses zero challenges with [`ProtocolError::MaliciousDealer`]. Fiat–Shamir never yields
    /// zero (but with probability 2⁻²⁵²), so a zero is a dealer not following the protocol:
    /// `y = 0` makes `y⁻¹` undefined and `z = 0` drops `V_j` from `t(X)`, so that no valid
    /// proof that binds the value can come out of the run.
    pub fn apply_challenge(
        mut self,
        challenge: &BitChallenge,
    ) -> Result<(PartyAwaitingPolyChallenge, PolyCommitment), Error> {
        let BitChallenge { y, z } = *challenge;
        if y == Scalar::ZERO || z == Scalar::ZERO {
            return Err(ProtocolError::MaliciousDealer.into());
        }
        let polys = algebra::polys(&self.bits, &self.nonces, &y, &z, self.j, self.n);
        let t_1 = self
            .pc_gens
            .commit(&polys.t_poly.1, &self.nonces.t_1_blinding);
        let t_2 = self
            .pc_gens
            .commit(&polys.t_poly.2, &self.nonces.t_2_blinding);
        let message = PolyCommitment {
            t_1_j: Point::from_point(t_1),
            t_2_j: Point::from_point(t_2),
        };
        let next = PartyAwaitingPolyChallenge {
            v_blinding: self.v_blinding,
            nonces: core::mem::replace(&mut self.nonces, PartyNonces::empty()),
            polys,
        };
        Ok((next, message))
    }
}

/// A party that has sent its polynomial commitments and waits for `x`.
#[derive(Zeroize, ZeroizeOnDrop)]
pub struct PartyAwaitingPolyChallenge {
    v_blinding: Scalar,
    nonces: PartyNonces,
    polys: PartyPolys,
}

impl PartyAwaitingPolyChallenge {
    /// Evaluates everything at `x` and returns the party's share. Refuses `x = 0` with
    /// [`ProtocolError::MaliciousDealer`]: `l(0) = a_L − z·1` would reveal the bits of the value.
    /// Any other `x`, even one chosen by the dealer, reveals nothing (`docs/aggregation.md`).
    pub fn apply_challenge(self, challenge: &PolyChallenge) -> Result<ProofShare, Error> {
        let x = challenge.x;
        if x == Scalar::ZERO {
            return Err(ProtocolError::MaliciousDealer.into());
        }
        Ok(algebra::share(
            &self.polys,
            &self.nonces,
            &self.v_blinding,
            &x,
        ))
    }
}
