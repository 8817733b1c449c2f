//! Mask recovery: the holder of a proof's [`RecoverySeed`] recomputes the prover's nonces and
//! solves the last response `d1` for the blinding factors (notes, "Mask recovery").
//!
//! `d1_k = η_k + e·d_k + e²·α̂_k` with `α̂_k = α_k + Σⱼ (eⱼ²·dL_{j,k} + eⱼ⁻²·dR_{j,k}) +
//! y^{N+1}·z²·r_k` for a single value, so
//! `r_k = ((d1_k − η_k − e·d_k)/e² − α_k − Σⱼ (…)) / (y^{N+1}·z²)`.

use super::nonces::{seeded, ALPHA, D, D_L, D_R, ETA};
use super::parameters::ExtendedPedersenGens;
use super::proof::PlusProof;
use super::statement::PlusStatement;
use super::witness::{ExtendedOpening, RecoverySeed};
use crate::errors::Error;
use crate::generators::BulletproofGens;
use crate::group::Scalar;
use crate::util::scalars::scalar_pow;
use alloc::vec::Vec;
use merlin::Transcript;
use subtle::ConstantTimeEq;
use zeroize::Zeroizing;

/// What [`PlusProof::recover`] does besides recovering the mask.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RecoveryMode {
    /// Recover the mask and check that it opens the commitment; do not verify the proof (fast:
    /// no multiscalar multiplication).
    RecoverOnly,
    /// Recover the mask, check that it opens the commitment, and verify the proof.
    RecoverAndVerify,
}

fn index_u32(i: usize) -> Result<u32, Error> {
    u32::try_from(i).map_err(|_| Error::TooLarge {
        max: u32::MAX as usize,
        found: i,
    })
}

impl PlusProof {
    /// Recovers the blinding factors of a single-value proof made with `seed`
    /// ([`PlusProof::prove_recoverable`]), and returns the opening `(value, blindings)` — only
    /// after checking that it opens the statement's commitment; otherwise
    /// [`Error::RecoveryFailed`] (wrong seed, wrong value, or a proof not made with this seed).
    ///
    /// `value` is the value the caller expects (it is not in the proof). With
    /// [`RecoveryMode::RecoverAndVerify`] the proof is also verified. The transcript must be in
    /// the state the prover's was in. Timing: constant-time in the seed and the recovered mask.
    #[cfg(feature = "std")]
    pub fn recover(
        &self,
        transcript: &mut Transcript,
        gens: &super::PlusGens,
        statement: &PlusStatement,
        seed: &RecoverySeed,
        value: u64,
        mode: RecoveryMode,
    ) -> Result<ExtendedOpening, Error> {
        let (opening, ch, commitments) =
            self.recover_opening(gens.pedersen(), transcript, statement, seed, value)?;
        if mode == RecoveryMode::RecoverAndVerify {
            let equation = self.equation_from(&ch, statement, &commitments)?;
            let ok = match gens.table(statement.bits()) {
                Some(table) if statement.total_bits() <= super::parameters::TABLE_MAX_BITS => {
                    equation.holds_with_table(table).unwrap_or(false)
                }
                _ => {
                    let bp = crate::generators::shared(statement.bits(), statement.padded_values());
                    equation.holds(gens.pedersen(), &bp)
                }
            };
            if !ok {
                return Err(Error::VerificationFailed);
            }
        }
        Ok(opening)
    }

    /// [`PlusProof::recover`] with caller-supplied generators; `bp` is needed only to verify
    /// (`None` means [`RecoveryMode::RecoverOnly`]).
    pub fn recover_with_generators(
        &self,
        gens: &ExtendedPedersenGens,
        bp: Option<&BulletproofGens>,
        transcript: &mut Transcript,
        statement: &PlusStatement,
        seed: &RecoverySeed,
        value: u64,
    ) -> Result<ExtendedOpening, Error> {
        let (opening, ch, commitments) =
            self.recover_opening(gens, transcript, statement, seed, value)?;
        if let Some(bp) = bp {
            if !bp.covers(statement.bits(), statement.padded_values()) {
                return Err(Error::GeneratorsTooSmall {
                    needed: statement.total_bits(),
                    available: bp.gens_capacity().saturating_mul(bp.party_capacity()),
                });
            }
            if !self
                .equation_from(&ch, statement, &commitments)?
                .holds(gens, bp)
            {
                return Err(Error::VerificationFailed);
            }
        }
        Ok(opening)
    }

    /// Replays the transcript, solves for the mask, and checks it against the commitment.
    #[allow(clippy::type_complexity)]
    fn recover_opening(
        &self,
        gens: &ExtendedPedersenGens,
        transcript: &mut Transcript,
        statement: &PlusStatement,
        seed: &RecoverySeed,
        value: u64,
    ) -> Result<
        (
            ExtendedOpening,
            super::verifier::Challenges,
            Vec<crate::group::RistrettoPoint>,
        ),
        Error,
    > {
        if statement.values() != 1 {
            return Err(Error::AggregatedRecovery {
                values: statement.values(),
            });
        }
        let (ch, commitments) = self.challenges(gens, transcript, statement)?;
        let e = ch.e;
        let ee = e * e;
        let zz = ch.z * ch.z;
        let y_n1 = scalar_pow(&ch.y, statement.total_bits() as u64) * ch.y;
        // Public and nonzero (every challenge is): the inversion is safe.
        let ee_inv = ee.invert();
        let denominator_inv = (zz * y_n1).invert();
        let squares: Vec<(Scalar, Scalar)> = ch
            .rounds
            .iter()
            .map(|ej| {
                let sq = ej * ej;
                (sq, sq.invert())
            })
            .collect();
        let mut blindings = Vec::with_capacity(self.d1.len());
        for (k, d1) in self.d1.iter().enumerate() {
            let k32 = Some(index_u32(k)?);
            let eta = Zeroizing::new(seeded(seed, ETA, None, k32)?);
            let d = Zeroizing::new(seeded(seed, D, None, k32)?);
            let mut residue = Zeroizing::new(seeded(seed, ALPHA, None, k32)?);
            for (j, (sq, sq_inv)) in squares.iter().enumerate() {
                let j32 = Some(index_u32(j)?);
                *residue += sq * seeded(seed, D_L, j32, k32)?;
                *residue += sq_inv * seeded(seed, D_R, j32, k32)?;
            }
            let alpha_hat = Zeroizing::new((d1 - *eta - e * *d) * ee_inv);
            blindings.push((*alpha_hat - *residue) * denominator_inv);
        }
        let opening = ExtendedOpening::new(value, blindings);
        let commitment = statement
            .commitments()
            .first()
            .ok_or(Error::AggregatedRecovery { values: 0 })?;
        let recomputed = opening.commit_with(gens)?;
        if bool::from(recomputed.as_bytes().ct_eq(commitment.as_bytes())) {
            Ok((opening, ch, commitments))
        } else {
            Err(Error::RecoveryFailed)
        }
    }
}
