//! The range-proof verifier: replays the transcript and folds every check into one equation
//! (notes: "Verification"), checked with one variable-time multiscalar multiplication — every
//! input of the verifier is public.

use super::{RangeProof, RangeStatement};
use crate::errors::Error;
use crate::generators::{BulletproofGens, PedersenGens};
use crate::group::{msm, CompressedRistretto, RistrettoPoint, Scalar};
use crate::inner_product::VerificationScalars;
use crate::transcript::TranscriptProtocol;
use crate::util::scalars::{powers, sum_of_powers};
use alloc::vec::Vec;
use curve25519_dalek::traits::IsIdentity;
use merlin::Transcript;

/// One proof's verification equation: `Σ scalar·point = 0`, split into the terms on fixed
/// generators (shared by every proof, so a batch can add them up) and the proof's own points.
#[derive(Debug, Clone)]
pub(crate) struct Equation {
    /// Bits per party `n`.
    pub n: usize,
    /// Parties `m'` (padded).
    pub parties: usize,
    /// Scalar on `B`.
    pub b: Scalar,
    /// Scalar on `B̃`.
    pub b_blinding: Scalar,
    /// Scalars on `G` (party-major, `n` per party).
    pub g: Vec<Scalar>,
    /// Scalars on `H`.
    pub h: Vec<Scalar>,
    /// Scalars on the proof's own points.
    pub dynamic_scalars: Vec<Scalar>,
    /// The proof's own points (`A, S, T₁, T₂, Lᵢ, Rᵢ, Vⱼ`).
    pub dynamic_points: Vec<RistrettoPoint>,
}

impl Equation {
    /// True when the equation holds. Variable-time: every input is public.
    pub fn holds(&self, pc_gens: &PedersenGens, bp_gens: &BulletproofGens) -> bool {
        let result = msm::vartime(
            self.dynamic_scalars
                .iter()
                .chain([&self.b, &self.b_blinding])
                .chain(&self.g)
                .chain(&self.h)
                .copied(),
            self.dynamic_points
                .iter()
                .chain([pc_gens.b(), pc_gens.b_blinding()])
                .chain(bp_gens.g_iter(self.n, self.parties))
                .chain(bp_gens.h_iter(self.n, self.parties)),
        );
        result.is_some_and(|p| p.is_identity())
    }
}

impl RangeProof {
    /// Verifies the proof against `statement`, with the default generators.
    ///
    /// The transcript must be in the state the prover's was in (same label, same messages
    /// appended before). Deterministic: the weight that combines the two checks is derived from
    /// the whole transcript (spec §7).
    #[cfg(feature = "std")]
    pub fn verify(
        &self,
        transcript: &mut Transcript,
        statement: &RangeStatement,
    ) -> Result<(), Error> {
        let bp_gens = crate::generators::shared(statement.bits(), statement.padded_values());
        let pc_gens = crate::generators::shared_pedersen();
        self.verify_with_generators(pc_gens, &bp_gens, transcript, statement)
    }

    /// [`RangeProof::verify`] with caller-supplied generators.
    pub fn verify_with_generators(
        &self,
        pc_gens: &PedersenGens,
        bp_gens: &BulletproofGens,
        transcript: &mut Transcript,
        statement: &RangeStatement,
    ) -> Result<(), Error> {
        if !bp_gens.covers(statement.bits(), statement.padded_values()) {
            return Err(Error::GeneratorsTooSmall {
                needed: statement.bits().saturating_mul(statement.padded_values()),
                available: bp_gens
                    .gens_capacity()
                    .saturating_mul(bp_gens.party_capacity()),
            });
        }
        let equation = self.equation(transcript, statement)?;
        if equation.holds(pc_gens, bp_gens) {
            Ok(())
        } else {
            Err(Error::VerificationFailed)
        }
    }

    /// Replays the transcript and computes the verification equation.
    pub(crate) fn equation(
        &self,
        transcript: &mut Transcript,
        statement: &RangeStatement,
    ) -> Result<Equation, Error> {
        let n = statement.bits();
        let m = statement.values();
        let mp = statement.padded_values();
        let total = n.saturating_mul(mp);
        if self.total_bits() != total {
            return Err(Error::SizeMismatch {
                proof: self.total_bits(),
                statement: total,
            });
        }
        // Commitments may be the identity (value 0, blinding 0), as in the `bulletproofs` crate.
        let mut v_points = Vec::with_capacity(m);
        for (index, v) in statement.commitments().iter().enumerate() {
            v_points.push(v.decompress().ok_or(Error::InvalidCommitment { index })?);
        }

        transcript.rangeproof_domain_sep(n as u64, mp as u64);
        for v in statement.commitments() {
            transcript.append_point(b"V", v);
        }
        for _ in m..mp {
            transcript.append_point(b"V", &CompressedRistretto::default());
        }
        transcript.validate_and_append_point(b"A", &self.a)?;
        transcript.validate_and_append_point(b"S", &self.s)?;
        let y = transcript.challenge_scalar(b"y");
        let z = transcript.challenge_scalar(b"z");
        transcript.validate_and_append_point(b"T_1", &self.t_1)?;
        transcript.validate_and_append_point(b"T_2", &self.t_2)?;
        let x = transcript.challenge_scalar(b"x");
        transcript.append_scalar(b"t_x", &self.t_x);
        transcript.append_scalar(b"t_x_blinding", &self.t_x_blinding);
        transcript.append_scalar(b"e_blinding", &self.e_blinding);
        let w = transcript.challenge_scalar(b"w");

        let ipp = VerificationScalars::new(&self.ipp, total, transcript, y)?;
        let y_inv = ipp.extra_inv;

        // The weight c combining the inner-product check and the t-check, derived from the whole
        // transcript on a copy, so the caller's transcript ends where the prover's does.
        let mut weight_transcript = transcript.clone();
        weight_transcript.append_message(b"dom-sep", b"bpkit rangeproof weight v1");
        weight_transcript.append_scalar(b"a", &self.ipp.a);
        weight_transcript.append_scalar(b"b", &self.ipp.b);
        let c = weight_transcript.challenge_scalar(b"c");

        let a = self.ipp.a;
        let b = self.ipp.b;
        let zz = z * z;
        let minus_z = -z;

        let g: Vec<Scalar> = ipp.s.iter().map(|s_i| minus_z - a * s_i).collect();

        // h_i = z + y^{−i}·(z²·z^j·2^{i mod n} − b·s_{N−1−i}), j = ⌊i/n⌋.
        let two = Scalar::from(2u64);
        let z_and_2 = powers(z)
            .take(mp)
            .flat_map(|zj| powers(two).take(n).map(move |p| zz * zj * p));
        let h: Vec<Scalar> = ipp
            .s
            .iter()
            .rev()
            .zip(powers(y_inv))
            .zip(z_and_2)
            .map(|((s_inv_i, y_inv_i), z2)| z + y_inv_i * (z2 - b * s_inv_i))
            .collect();

        // δ(y, z) = (z − z²)·Σ_{i<N} yⁱ − z³·(2ⁿ − 1)·Σ_{j<m'} zʲ.
        let sum_2 = if n >= 64 {
            Scalar::from(u64::MAX)
        } else {
            Scalar::from((1u64 << n).saturating_sub(1))
        };
        let delta = (z - zz) * sum_of_powers(&y, total) - zz * z * sum_2 * sum_of_powers(&z, mp);

        let b_scalar = w * (self.t_x - a * b) + c * (delta - self.t_x);
        let b_blinding = -self.e_blinding - c * self.t_x_blinding;

        let rounds = self.ipp.rounds();
        let mut dynamic_scalars =
            Vec::with_capacity(rounds.saturating_mul(2).saturating_add(m).saturating_add(4));
        let mut dynamic_points = Vec::with_capacity(dynamic_scalars.capacity());
        dynamic_scalars.extend([Scalar::ONE, x, c * x, c * x * x]);
        dynamic_points.extend([self.a.point, self.s.point, self.t_1.point, self.t_2.point]);
        dynamic_scalars.extend(ipp.u_sq.iter().chain(&ipp.u_inv_sq).copied());
        dynamic_points.extend(
            self.ipp
                .l_vec
                .iter()
                .chain(&self.ipp.r_vec)
                .map(|p| p.point),
        );
        // Padding commitments are the identity and contribute nothing.
        dynamic_scalars.extend(powers(z).take(m).map(|zj| c * zz * zj));
        dynamic_points.extend(v_points);

        Ok(Equation {
            n,
            parties: mp,
            b: b_scalar,
            b_blinding,
            g,
            h,
            dynamic_scalars,
            dynamic_points,
        })
    }
}
