//! The Bulletproofs+ verifier: replays the transcript and folds every check into one equation
//! `Σ scalar·point = 0` (notes, "Verification equation"), checked with one variable-time
//! multiscalar multiplication — every input of the verifier is public.

use super::parameters::ExtendedPedersenGens;
#[cfg(feature = "std")]
use super::parameters::PlusGens;
use super::proof::PlusProof;
use super::statement::PlusStatement;
use super::transcript::{bind_statement, challenge_final, challenge_round, challenges_y_z};
use super::wip::fold_scalars;
use crate::errors::Error;
use crate::generators::BulletproofGens;
use crate::group::msm::{self, VartimeTable};
use crate::group::{RistrettoPoint, Scalar};
use crate::util::scalars::{powers, scalar_pow, sum_of_powers};
use alloc::vec::Vec;
use curve25519_dalek::traits::IsIdentity;
use merlin::Transcript;

/// The Fiat–Shamir challenges of one proof.
#[derive(Debug, Clone)]
pub(crate) struct Challenges {
    pub y: Scalar,
    pub z: Scalar,
    /// One per round.
    pub rounds: Vec<Scalar>,
    /// The final challenge.
    pub e: Scalar,
}

/// One proof's verification equation: `Σ scalar·point = 0`, split into the terms on fixed
/// generators (shared by every proof over the same generators, so a batch can add them up) and
/// the proof's own points — the shape of the core range proof's equation, with one scalar per
/// blinding base instead of one.
#[derive(Debug, Clone)]
pub(crate) struct Equation {
    /// Bits per party `n`.
    pub n: usize,
    /// Parties `m'` (padded).
    pub parties: usize,
    /// Scalar on the value base `B` (as `b` in the core's equation).
    pub b: Scalar,
    /// Scalars on the blinding bases `B̃₁ … B̃_k` (the core's single `b_blinding`, `k` times).
    pub b_blinding: Vec<Scalar>,
    /// Scalars on `G` (party-major, `n` per party).
    pub g: Vec<Scalar>,
    /// Scalars on `H`.
    pub h: Vec<Scalar>,
    /// Scalars on the proof's own points.
    pub dynamic_scalars: Vec<Scalar>,
    /// The proof's own points: `A, A1, B, L₀…, R₀…, C₀…` (padding commitments omitted).
    pub dynamic_points: Vec<RistrettoPoint>,
}

impl Equation {
    /// True when the equation holds. Variable-time: every input is public.
    pub fn holds(&self, gens: &ExtendedPedersenGens, bp: &BulletproofGens) -> bool {
        // Variable-time: the proof, the statement and the challenges are public.
        let result = msm::vartime(
            self.dynamic_scalars
                .iter()
                .chain(core::iter::once(&self.b))
                .chain(&self.b_blinding)
                .chain(&self.g)
                .chain(&self.h)
                .copied(),
            self.dynamic_points
                .iter()
                .chain(core::iter::once(gens.value_base()))
                .chain(gens.blinding_bases())
                .chain(bp.g_iter(self.n, self.parties))
                .chain(bp.h_iter(self.n, self.parties)),
        );
        result.is_some_and(|p| p.is_identity())
    }

    /// The same check against precomputed tables over `B, B̃₁…B̃_k`, then `G`, `H` of each party
    /// in turn ([`super::PlusGens`]). `None` if the tables do not cover the equation.
    #[cfg_attr(not(feature = "std"), allow(dead_code))]
    pub fn holds_with_table(&self, table: &VartimeTable) -> Option<bool> {
        let n = self.n.max(1);
        let per_party = self
            .g
            .chunks(n)
            .zip(self.h.chunks(n))
            .flat_map(|(g, h)| g.iter().chain(h));
        // Variable-time: the proof, the statement and the challenges are public.
        let result = table.mixed_mul(
            core::iter::once(&self.b)
                .chain(&self.b_blinding)
                .chain(per_party)
                .copied(),
            self.dynamic_scalars.iter().copied(),
            &self.dynamic_points,
        )?;
        Some(result.is_identity())
    }
}

impl PlusProof {
    /// Verifies the proof against `statement`, with the vector generators of the core.
    ///
    /// The transcript must be in the state the prover's was in (same label, same messages
    /// appended before). Deterministic, variable-time (all inputs are public). Small proofs
    /// (`n·m' ≤ 128`) use the precomputed tables of `gens`, built on first use.
    #[cfg(feature = "std")]
    pub fn verify(
        &self,
        transcript: &mut Transcript,
        gens: &PlusGens,
        statement: &PlusStatement,
    ) -> Result<(), Error> {
        let equation = self.equation(gens.pedersen(), transcript, statement)?;
        if statement.total_bits() <= super::parameters::TABLE_MAX_BITS {
            if let Some(table) = gens.table(statement.bits()) {
                if let Some(ok) = equation.holds_with_table(table) {
                    return if ok {
                        Ok(())
                    } else {
                        Err(Error::VerificationFailed)
                    };
                }
            }
        }
        let bp = crate::generators::shared(statement.bits(), statement.padded_values());
        if equation.holds(gens.pedersen(), &bp) {
            Ok(())
        } else {
            Err(Error::VerificationFailed)
        }
    }

    /// [`PlusProof::verify`] with caller-supplied generators (no precomputed tables).
    pub fn verify_with_generators(
        &self,
        gens: &ExtendedPedersenGens,
        bp: &BulletproofGens,
        transcript: &mut Transcript,
        statement: &PlusStatement,
    ) -> Result<(), Error> {
        if !bp.covers(statement.bits(), statement.padded_values()) {
            return Err(Error::GeneratorsTooSmall {
                needed: statement.total_bits(),
                available: bp.gens_capacity().saturating_mul(bp.party_capacity()),
            });
        }
        let equation = self.equation(gens, transcript, statement)?;
        if equation.holds(gens, bp) {
            Ok(())
        } else {
            Err(Error::VerificationFailed)
        }
    }

    /// Checks that the proof fits the statement and generators, decodes the commitments, and
    /// replays the transcript.
    pub(crate) fn challenges(
        &self,
        gens: &ExtendedPedersenGens,
        transcript: &mut Transcript,
        statement: &PlusStatement,
    ) -> Result<(Challenges, Vec<RistrettoPoint>), Error> {
        if self.extension_degree() != gens.extension_degree() {
            return Err(Error::ExtensionMismatch {
                expected: gens.extension_degree(),
                found: self.extension_degree(),
            });
        }
        if self.total_bits() != statement.total_bits() {
            return Err(Error::SizeMismatch {
                proof: self.total_bits(),
                statement: statement.total_bits(),
            });
        }
        let mut commitments = Vec::with_capacity(statement.values());
        for (index, c) in statement.commitments().iter().enumerate() {
            commitments.push(c.decompress().ok_or(Error::InvalidCommitment { index })?);
        }
        bind_statement(transcript, gens, statement);
        let (y, z) = challenges_y_z(transcript, &self.a)?;
        let mut rounds = Vec::with_capacity(self.rounds());
        for (l, r) in self.l.iter().zip(&self.r) {
            rounds.push(challenge_round(transcript, l, r)?);
        }
        let e = challenge_final(transcript, &self.a1, &self.b)?;
        Ok((Challenges { y, z, rounds, e }, commitments))
    }

    /// Replays the transcript and computes the verification equation.
    pub(crate) fn equation(
        &self,
        gens: &ExtendedPedersenGens,
        transcript: &mut Transcript,
        statement: &PlusStatement,
    ) -> Result<Equation, Error> {
        let (ch, commitments) = self.challenges(gens, transcript, statement)?;
        self.equation_from(&ch, statement, commitments)
    }

    /// The verification equation from the challenges (notes, "Verification equation").
    pub(crate) fn equation_from(
        &self,
        ch: &Challenges,
        statement: &PlusStatement,
        commitments: Vec<RistrettoPoint>,
    ) -> Result<Equation, Error> {
        let n = statement.bits();
        let mp = statement.padded_values();
        let n_total = statement.total_bits();
        let (y, z, e) = (ch.y, ch.z, ch.e);

        // Inverses of the round challenges and of y, in one inversion.
        let mut inverses: Vec<Scalar> = ch.rounds.iter().copied().chain([y]).collect();
        Scalar::invert_batch_alloc(&mut inverses);
        let y_inv = inverses.pop().ok_or(Error::VerificationFailed)?;
        let s = fold_scalars(&ch.rounds, &inverses)?;

        let zz = z * z;
        let ee = e * e;
        let y_n = scalar_pow(&y, n_total as u64);
        let y_n1 = y_n * y;
        let r1e = self.r1 * e;
        let s1e = self.s1 * e;
        let ee_z = ee * z;

        // Gᵢ: −e²·z − r1·e·y⁻ⁱ·sᵢ  (two multiplications per i).
        let mut g = Vec::with_capacity(n_total);
        let mut r1e_y_inv_i = r1e;
        for s_i in &s {
            g.push(-ee_z - r1e_y_inv_i * s_i);
            r1e_y_inv_i *= y_inv;
        }
        // Hᵢ: e²·(z + dᵢ·y^{N−i}) − s1·e·s_{N−1−i}, dᵢ = z^{2(j+1)}·2^{i mod n} (party j):
        // e²·dᵢ·y^{N−i} is a running product, times 2/y within a party and restarted from
        // e²·z^{2(j+1)}·y^{N−jn} at each party (two multiplications per i).
        let two_y_inv = Scalar::from(2u64) * y_inv;
        let y_inv_n = scalar_pow(&y_inv, n as u64);
        let party_step = zz * y_inv_n;
        let mut h = Vec::with_capacity(n_total);
        let mut party_factor = ee * zz * y_n;
        let mut s_rev = s.iter().rev();
        for _ in 0..mp {
            let mut ee_d_y = party_factor;
            for _ in 0..n {
                let s_r = s_rev.next().ok_or(Error::VerificationFailed)?;
                h.push(ee_z + ee_d_y - s1e * s_r);
                ee_d_y *= two_y_inv;
            }
            party_factor *= party_step;
        }

        // B: e²·ζ − e²·y^{N+1}·Σ z^{2(j+1)}·min_j − r1·y·s1, with
        // ζ = (z − z²)·Σ_{i=1..N} yⁱ − z·y^{N+1}·(2ⁿ − 1)·Σ_{j=1..m'} z^{2j}.
        let two_n_minus_1 = if n >= 64 {
            Scalar::from(u64::MAX)
        } else {
            Scalar::from((1u64 << n).saturating_sub(1))
        };
        let sum_y = y * sum_of_powers(&y, n_total);
        let sum_z = zz * sum_of_powers(&zz, mp);
        let zeta = (z - zz) * sum_y - z * y_n1 * two_n_minus_1 * sum_z;
        let mins: Scalar = statement
            .minimums()
            .iter()
            .zip(powers(zz).skip(1))
            .map(|(&min, zp)| zp * Scalar::from(min))
            .sum();
        let value = ee * (zeta - y_n1 * mins) - self.r1 * y * self.s1;
        let blinding: Vec<Scalar> = self.d1.iter().map(|d| -d).collect();

        // The proof's points: A (e²), A1 (e), B (1), Lⱼ (e²·eⱼ²), Rⱼ (e²·eⱼ⁻²),
        // Cⱼ (e²·y^{N+1}·z^{2(j+1)}); padding commitments are the identity and add nothing.
        let rounds = self.rounds();
        let cap = rounds
            .saturating_mul(2)
            .saturating_add(3)
            .saturating_add(commitments.len());
        let mut dynamic_scalars = Vec::with_capacity(cap);
        let mut dynamic_points = Vec::with_capacity(cap);
        dynamic_scalars.extend([ee, e, Scalar::ONE]);
        dynamic_points.extend([self.a.point, self.a1.point, self.b.point]);
        for ((ej, ej_inv), (l, r)) in ch
            .rounds
            .iter()
            .zip(&inverses)
            .zip(self.l.iter().zip(&self.r))
        {
            dynamic_scalars.push(ee * ej * ej);
            dynamic_points.push(l.point);
            dynamic_scalars.push(ee * ej_inv * ej_inv);
            dynamic_points.push(r.point);
        }
        let c_factor = ee * y_n1;
        dynamic_scalars.extend(
            powers(zz)
                .skip(1)
                .take(commitments.len())
                .map(|zp| c_factor * zp),
        );
        dynamic_points.extend(commitments);
        Ok(Equation {
            n,
            parties: mp,
            b: value,
            b_blinding: blinding,
            g,
            h,
            dynamic_scalars,
            dynamic_points,
        })
    }
}
