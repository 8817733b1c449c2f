//! The Bulletproofs+ verifier: replays the transcript and folds every check into one equation
//! `Σ scalar·point = 0` (notes, "Verification equation"), checked with one variable-time
//! multiscalar multiplication — every input of the verifier is public.

use super::parameters::ExtendedPedersenGens;
#[cfg(feature = "std")]
use super::parameters::PlusGens;
use super::proof::PlusProof;
use super::statement::PlusStatement;
use super::transcript::{bind_statement, challenge_final, challenge_round, challenges_y_z};
use crate::equation::scalar::Mont;
use crate::equation::terms::{BitFactors, PowersOfYInv, VectorTerms};
use crate::errors::Error;
use crate::generators::BulletproofGens;
use crate::group::msm::{self, VartimeTable};
use crate::group::{CompressedRistretto, RistrettoPoint, Scalar};
use crate::range_proof::MAX_ROUNDS;
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

impl Challenges {
    /// What the verification equation needs inverted: the round challenges, then `y` (none is
    /// zero: the transcript functions reject zero challenges).
    pub(crate) fn to_invert(&self) -> impl Iterator<Item = Scalar> + '_ {
        self.rounds.iter().copied().chain(core::iter::once(self.y))
    }
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

/// One proof's verification equation with the `G`, `H` scalars in product form: what a
/// batch adds up ([`PlusProof::terms`]).
#[derive(Debug, Clone)]
pub(crate) struct Terms {
    /// Scalars on `G`, `H`.
    pub vectors: VectorTerms,
    /// Scalar on the value base.
    pub b: Scalar,
    /// Scalars on the blinding bases.
    pub b_blinding: Vec<Scalar>,
    /// Scalars on the proof's own points.
    pub dynamic_scalars: Vec<Scalar>,
    /// The proof's own points: `A, A1, B, L₀…, R₀…, C₀…` (padding commitments omitted).
    pub dynamic_points: Vec<RistrettoPoint>,
}

impl Equation {
    /// True when the equation holds. Variable-time: every input is public.
    pub fn holds(&self, gens: &ExtendedPedersenGens, bp: &BulletproofGens) -> bool {
        // Variable-time: the proof, the statement and the challenges are public. One proof: on
        // every core of the current pool when it is large.
        let result = msm::vartime_threaded(
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

impl Equation {
    /// [`Equation::holds_with_table`] on the engine's tables of the same points, the dynamic
    /// points decoded again by the engine from `encodings` (theirs, in the same order: dalek's
    /// points cannot be converted otherwise). `None` if the tables or the encodings do not cover
    /// the equation.
    #[cfg(feature = "std")]
    pub fn holds_with_engine_table(
        &self,
        table: &crate::group::engine::EngineTable,
        encodings: &[crate::group::CompressedRistretto],
    ) -> Option<bool> {
        if encodings.len() != self.dynamic_points.len() {
            return None;
        }
        // Variable-time: the proof's points are public.
        let points = crate::group::engine::decode_all(encodings).ok()?;
        let n = self.n.max(1);
        let mut fixed: Vec<Scalar> = Vec::with_capacity(
            self.g
                .len()
                .saturating_add(self.h.len())
                .saturating_add(self.b_blinding.len())
                .saturating_add(1),
        );
        fixed.push(self.b);
        fixed.extend_from_slice(&self.b_blinding);
        for (g, h) in self.g.chunks(n).zip(self.h.chunks(n)) {
            fixed.extend_from_slice(g);
            fixed.extend_from_slice(h);
        }
        // Variable-time: the proof, the statement and the challenges are public.
        table.vartime_mixed_is_zero(&fixed, &self.dynamic_scalars, &points)
    }
}

impl PlusProof {
    /// The encodings of [`Equation::dynamic_points`] in their order: `A, A1, B, L₀, R₀, …`, then
    /// the statement's commitments.
    #[cfg(feature = "std")]
    fn dynamic_encodings(
        &self,
        statement: &PlusStatement,
    ) -> Vec<crate::group::CompressedRistretto> {
        let mut out = Vec::with_capacity(
            self.l
                .len()
                .saturating_mul(2)
                .saturating_add(3)
                .saturating_add(statement.commitments().len()),
        );
        out.extend([self.a.compressed, self.a1.compressed, self.b.compressed]);
        for (l, r) in self.l.iter().zip(&self.r) {
            out.push(l.compressed);
            out.push(r.compressed);
        }
        out.extend_from_slice(statement.commitments());
        out
    }

    /// Verifies the proof against `statement`, with the vector generators of the core.
    ///
    /// The transcript must be in the state the prover's was in (same label, same messages
    /// appended before). Deterministic, variable-time (all inputs are public). Small proofs
    /// (`n·m' ≤ 64`) use the precomputed tables of `gens`, built on first use.
    #[cfg(feature = "std")]
    pub fn verify(
        &self,
        transcript: &mut Transcript,
        gens: &PlusGens,
        statement: &PlusStatement,
    ) -> Result<(), Error> {
        // One value (n·m' ≤ 64) is faster on the small Straus tables below (AVX2 build, ÷ Tari:
        // 0.83–0.91 against 0.88–1.05 on the shifted table); from two values on the shifted
        // table (m = 32: 0.27–0.30 against 0.38–0.50).
        if statement.total_bits() > super::parameters::TABLE_MAX_BITS {
            if let Some(result) = self.verify_on_shifted(transcript, gens, statement) {
                return result;
            }
        }
        let equation = self.equation(gens.pedersen(), transcript, statement)?;
        if statement.total_bits() <= super::parameters::TABLE_MAX_BITS {
            // The engine's tables where they beat dalek's (AVX2 without dalek on IFMA).
            if crate::group::engine::tables_preferred() {
                if let Some(table) = gens.engine_table(statement.bits()) {
                    let encodings = self.dynamic_encodings(statement);
                    if let Some(ok) = equation.holds_with_engine_table(table, &encodings) {
                        return if ok {
                            Ok(())
                        } else {
                            Err(Error::VerificationFailed)
                        };
                    }
                }
            }
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

    /// [`PlusProof::verify`] on the shifted table of the default generators (proofs of more than
    /// 64 bits in all) ([`crate::generators::shared_shifted`]: `B`, `B̃` and the parties' `G`, `H`, shared with
    /// the range proofs of the same party count and built once 16 proofs of it have been
    /// verified), for generators whose value base is the default `B` (bpkit's and Tari's both)
    /// and values of at most 64 bits. Blinding bases other than the default `B̃` (Tari's, or
    /// more than one) join the proof's points. `None` where no table applies (another value
    /// base, not built yet); the transcript is then untouched.
    #[cfg(feature = "std")]
    fn verify_on_shifted(
        &self,
        transcript: &mut Transcript,
        gens: &PlusGens,
        statement: &PlusStatement,
    ) -> Option<Result<(), Error>> {
        use crate::equation::accumulator::FixedAccumulator;
        use crate::equation::terms::{Base, FixedTerms, PlusTerms};
        let defaults = crate::generators::shared_pedersen();
        let pedersen = gens.pedersen();
        if pedersen.value_base() != defaults.b() || statement.bits() > crate::range_proof::MAX_BITS
        {
            return None;
        }
        let table = crate::generators::shared_shifted(statement.padded_values(), false)?;
        let default_blinding = pedersen.blinding_bases() == [*defaults.b_blinding()];
        let before = transcript.clone();
        let result = (|| {
            let (ch, commitments) = self.challenges(pedersen, transcript, statement)?;
            let terms = self.terms(&ch, statement, &commitments)?;
            let mut bases = alloc::vec![(Base::Value, terms.b)];
            let mut dynamic_scalars = terms.dynamic_scalars;
            let mut dynamic_points = terms.dynamic_points;
            if default_blinding {
                let s = terms.b_blinding.first().copied().unwrap_or(Scalar::ZERO);
                bases.push((Base::Blinding(0), s));
            } else {
                dynamic_scalars.extend_from_slice(&terms.b_blinding);
                dynamic_points.extend_from_slice(pedersen.blinding_bases());
            }
            let mut fixed = FixedAccumulator::new();
            fixed.add(&FixedTerms::Plus(PlusTerms {
                bases,
                vectors: terms.vectors,
            }));
            // Variable-time: the proof, the statement and the challenges are public.
            Ok::<_, Error>(fixed.check_with_shifted(table, &dynamic_scalars, &dynamic_points))
        })();
        match result {
            Err(e) => Some(Err(e)),
            Ok(Some(true)) => Some(Ok(())),
            Ok(Some(false)) => Some(Err(Error::VerificationFailed)),
            // The table did not cover the equation (it always does for these generators):
            // the plain path, from the transcript as it was.
            Ok(None) => {
                *transcript = before;
                None
            }
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
        let ch = replay(
            transcript,
            gens,
            statement,
            &self.a.compressed,
            self.l
                .iter()
                .zip(&self.r)
                .map(|(l, r)| (&l.compressed, &r.compressed)),
            &self.a1.compressed,
            &self.b.compressed,
        )?;
        Ok((ch, commitments))
    }

    /// Replays the transcript and computes the verification equation.
    pub(crate) fn equation(
        &self,
        gens: &ExtendedPedersenGens,
        transcript: &mut Transcript,
        statement: &PlusStatement,
    ) -> Result<Equation, Error> {
        let (ch, commitments) = self.challenges(gens, transcript, statement)?;
        self.equation_from(&ch, statement, &commitments)
    }

    /// The verification equation from the challenges (notes, "Verification equation"), with
    /// the `G`, `H` scalars expanded: for a single proof's multiscalar multiplication.
    pub(crate) fn equation_from(
        &self,
        ch: &Challenges,
        statement: &PlusStatement,
        commitments: &[RistrettoPoint],
    ) -> Result<Equation, Error> {
        let terms = self.terms(ch, statement, commitments)?;
        let (g, h) = terms.vectors.to_scalars();
        Ok(Equation {
            n: terms.vectors.n,
            parties: terms.vectors.parties,
            b: terms.b,
            b_blinding: terms.b_blinding,
            g,
            h,
            dynamic_scalars: terms.dynamic_scalars,
            dynamic_points: terms.dynamic_points,
        })
    }

    /// The verification equation from the challenges, the `G`, `H` scalars in product form
    /// ([`VectorTerms`]; notes, "Verification equation"):
    /// - `Gᵢ`: `−e²·z − r1·e·y⁻ⁱ·sᵢ`, where `y⁻ⁱ·sᵢ = s₀·Π_{bit k ∈ i} e_{R−1−k}²·y^{−2ᵏ}`;
    /// - `Hᵢ`: `e²·z + e²·z^{2(j+1)}·2^{i mod n}·y^{N−i} − s1·e·s_{N−1−i}` (party `j`), where
    ///   the middle term is `e²·z²·y^N` times `(2/y)^{2ᵏ}` per set bit `k < log₂ n` and
    ///   `(z²·y⁻ⁿ)^{2^{k − log₂ n}}` per higher set bit, and `s_{N−1−i} = Π e_j` times
    ///   `e_{R−1−k}⁻²` per set bit `k` of `i`.
    ///
    /// Each vector then costs one multiplication per entry to expand.
    pub(crate) fn terms(
        &self,
        ch: &Challenges,
        statement: &PlusStatement,
        commitments: &[RistrettoPoint],
    ) -> Result<Terms, Error> {
        let mut inverses: Vec<Scalar> = ch.to_invert().collect();
        Scalar::invert_batch_alloc(&mut inverses);
        self.terms_inverted(ch, statement, commitments, &inverses)
    }

    /// [`PlusProof::terms`] with the inverses of [`Challenges::to_invert`] given (a batch
    /// inverts those of many proofs at once).
    pub(crate) fn terms_inverted(
        &self,
        ch: &Challenges,
        statement: &PlusStatement,
        commitments: &[RistrettoPoint],
        inverses: &[Scalar],
    ) -> Result<Terms, Error> {
        let core = terms_core(
            ch,
            statement,
            commitments.len(),
            inverses,
            (self.r1, self.s1, &self.d1),
        )?;
        let mut dynamic_points = Vec::with_capacity(core.dynamic_scalars.len());
        dynamic_points.extend([self.a.point, self.a1.point, self.b.point]);
        for (l, r) in self.l.iter().zip(&self.r) {
            dynamic_points.push(l.point);
            dynamic_points.push(r.point);
        }
        dynamic_points.extend_from_slice(commitments);
        if dynamic_points.len() != core.dynamic_scalars.len() {
            return Err(Error::VerificationFailed);
        }
        Ok(Terms {
            vectors: core.vectors,
            b: core.b,
            b_blinding: core.b_blinding,
            dynamic_scalars: core.dynamic_scalars,
            dynamic_points,
        })
    }
}

/// Replays a proof's transcript from its encodings (after the shape checks): binds the
/// statement, appends `A`, each round's `L`, `R`, then `A1`, `B` (the identity refused).
pub(crate) fn replay<'p, I>(
    transcript: &mut Transcript,
    gens: &ExtendedPedersenGens,
    statement: &PlusStatement,
    a: &CompressedRistretto,
    lr: I,
    a1: &CompressedRistretto,
    b: &CompressedRistretto,
) -> Result<Challenges, Error>
where
    I: Iterator<Item = (&'p CompressedRistretto, &'p CompressedRistretto)>,
{
    bind_statement(transcript, gens, statement);
    let (y, z) = challenges_y_z(transcript, a)?;
    let mut rounds = Vec::new();
    for (l, r) in lr {
        rounds.push(challenge_round(transcript, l, r)?);
    }
    let e = challenge_final(transcript, a1, b)?;
    Ok(Challenges { y, z, rounds, e })
}

/// [`Terms`] without the points: the scalars on the proof's own points are in the order
/// `A, A1, B, L₀, R₀, …, C₀, …` (`commitments` of them).
pub(crate) struct TermsCore {
    pub vectors: VectorTerms,
    pub b: Scalar,
    pub b_blinding: Vec<Scalar>,
    pub dynamic_scalars: Vec<Scalar>,
}

/// What a Bulletproofs+ range proof's equation depends on besides challenges and proof
/// scalars: the group, generators, encodings and transcript do not enter it (Monero's format
/// uses it as it is, over Ed25519).
#[derive(Clone, Copy, Debug)]
pub(crate) struct PlusShape<'a> {
    /// Bits per value `n`.
    pub n: usize,
    /// Padded values `m'`.
    pub mp: usize,
    /// Each value's minimum (none: all zero).
    pub minimums: &'a [u64],
}

impl<'a> PlusShape<'a> {
    /// The shape of `statement`.
    pub(crate) fn of(statement: &'a PlusStatement) -> Self {
        PlusShape {
            n: statement.bits(),
            mp: statement.padded_values(),
            minimums: statement.minimums(),
        }
    }
}

/// The equation's scalars from the challenges, their inverses and the proof's scalars
/// `(r1, s1, d1)` (see [`PlusProof::terms`]).
pub(crate) fn terms_core(
    ch: &Challenges,
    statement: &PlusStatement,
    commitments: usize,
    inverses: &[Scalar],
    scalars: (Scalar, Scalar, &[Scalar]),
) -> Result<TermsCore, Error> {
    terms_core_shape(ch, PlusShape::of(statement), commitments, inverses, scalars)
}

/// [`terms_core`] for a [`PlusShape`]: group-independent, shared by every Bulletproofs+
/// format. The scalars on the proof's own points are in the order `A, A1, B, L₀, R₀, …, C₀, …`;
/// the `G`, `H` scalars are in product form ([`VectorTerms`]); `b` is on the value base,
/// `b_blinding` on the blinding bases.
pub(crate) fn terms_core_shape(
    ch: &Challenges,
    shape: PlusShape<'_>,
    commitments: usize,
    inverses: &[Scalar],
    (r1, s1, d1): (Scalar, Scalar, &[Scalar]),
) -> Result<TermsCore, Error> {
    let n = shape.n;
    let mp = shape.mp;
    let n_total = n.saturating_mul(mp);
    let (y, z, e) = (ch.y, ch.z, ch.e);
    let k = ch.rounds.len();
    if k > MAX_ROUNDS || 1usize.checked_shl(k as u32) != Some(n_total) {
        return Err(Error::VerificationFailed);
    }

    let Some((&y_inv, inverses)) = inverses.split_last() else {
        return Err(Error::VerificationFailed);
    };

    let zz = z * z;
    let ee = e * e;
    let y_n = scalar_pow(&y, n_total as u64);
    let y_n1 = y_n * y;
    let ee_z = ee * z;

    // Per-bit factors: y⁻ⁱ on the G vector; within a party the positive H vector carries
    // (2/y)ⁱ, across parties (z²·y⁻ⁿ)ʲ.
    let f = BitFactors::new(
        &ch.rounds,
        inverses,
        y_inv,
        PowersOfYInv::OnG,
        n.trailing_zeros() as usize,
        Scalar::from(2u64) * y_inv,
        zz * scalar_pow(&y_inv, n as u64),
    )?;
    let vectors = VectorTerms {
        n,
        parties: mp,
        rounds: k,
        g_const: Mont::from_scalar(&-ee_z),
        h_const: Mont::from_scalar(&ee_z),
        g_base: Mont::from_scalar(&(r1 * e * f.inverse_product)),
        p_base: Mont::from_scalar(&(ee * zz * y_n)),
        q_base: Mont::from_scalar(&(s1 * e * f.product)),
        g_factors: f.g,
        p_factors: f.p,
        q_factors: f.q,
    };

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
    let mins: Scalar = shape
        .minimums
        .iter()
        .zip(powers(zz).skip(1))
        .map(|(&min, zp)| zp * Scalar::from(min))
        .sum();
    let value = ee * (zeta - y_n1 * mins) - r1 * y * s1;
    let blinding: Vec<Scalar> = d1.iter().map(|d| -d).collect();

    // The proof's points: A (e²), A1 (e), B (1), Lⱼ (e²·eⱼ²), Rⱼ (e²·eⱼ⁻²),
    // Cⱼ (e²·y^{N+1}·z^{2(j+1)}); padding commitments are the identity and add nothing.
    let cap = k
        .saturating_mul(2)
        .saturating_add(3)
        .saturating_add(commitments);
    let mut dynamic_scalars = Vec::with_capacity(cap);
    dynamic_scalars.extend([ee, e, Scalar::ONE]);
    for (ej, ej_inv) in ch.rounds.iter().zip(inverses) {
        dynamic_scalars.push(ee * ej * ej);
        dynamic_scalars.push(ee * ej_inv * ej_inv);
    }
    let c_factor = ee * y_n1;
    dynamic_scalars.extend(powers(zz).skip(1).take(commitments).map(|zp| c_factor * zp));
    Ok(TermsCore {
        vectors,
        b: value,
        b_blinding: blinding,
        dynamic_scalars,
    })
}

#[cfg(test)]
mod tests {
    #![allow(
        clippy::unwrap_used,
        clippy::indexing_slicing,
        clippy::arithmetic_side_effects
    )]
    use super::*;
    use crate::group::encoding::Point;
    use crate::plus::wip::fold_scalars;
    use alloc::vec;

    /// A scalar from a counter (any values do: the formulas hold for all challenges).
    fn scalar(i: u64) -> Scalar {
        Scalar::from(i).invert() * Scalar::from(0x9e37_79b9_7f4a_7c15u64 ^ i)
    }

    /// The `G`, `H` scalars straight from the notes' formulas, with the folded scalars `sᵢ`.
    fn direct(
        proof: &PlusProof,
        ch: &Challenges,
        n: usize,
        mp: usize,
    ) -> (Vec<Scalar>, Vec<Scalar>) {
        let big_n = n * mp;
        let (y, z, e) = (ch.y, ch.z, ch.e);
        let inverses: Vec<Scalar> = ch.rounds.iter().map(Scalar::invert).collect();
        let s = fold_scalars(&ch.rounds, &inverses).unwrap();
        let y_inv = y.invert();
        let ee = e * e;
        let mut g = Vec::new();
        let mut h = Vec::new();
        for i in 0..big_n {
            let (j, r) = (i / n, i % n);
            g.push(-ee * z - proof.r1 * e * scalar_pow(&y_inv, i as u64) * s[i]);
            let d = scalar_pow(&z, 2 * (j as u64 + 1)) * scalar_pow(&Scalar::from(2u64), r as u64);
            h.push(
                ee * z + ee * d * scalar_pow(&y, (big_n - i) as u64)
                    - proof.s1 * e * s[big_n - 1 - i],
            );
        }
        (g, h)
    }

    #[test]
    fn product_form_matches_the_formulas() {
        let point = Point::from_point(*crate::generators::PedersenGens::default().b());
        let mut seed = 1u64;
        let mut next = || {
            seed += 1;
            scalar(seed)
        };
        for (n, m) in [
            (8usize, 1usize),
            (16, 3),
            (64, 1),
            (64, 2),
            (8, 64),
            (32, 5),
        ] {
            let mp = m.next_power_of_two();
            let rounds = (n * mp).trailing_zeros() as usize;
            let proof = PlusProof {
                a: point,
                a1: point,
                b: point,
                r1: next(),
                s1: next(),
                d1: vec![next()],
                l: vec![point; rounds],
                r: vec![point; rounds],
            };
            let statement =
                PlusStatement::with_minimums(n, vec![point.compressed; m], vec![1; m]).unwrap();
            let ch = Challenges {
                y: next(),
                z: next(),
                rounds: (0..rounds).map(|_| next()).collect(),
                e: next(),
            };
            let eq = proof
                .equation_from(&ch, &statement, &vec![point.point; m])
                .unwrap();
            let (g, h) = direct(&proof, &ch, n, mp);
            assert_eq!(eq.g, g, "G, n = {n}, m = {m}");
            assert_eq!(eq.h, h, "H, n = {n}, m = {m}");
            // Changing any challenge changes the vectors (the test can fail).
            let mut other = ch.clone();
            other.rounds[0] += Scalar::ONE;
            let eq2 = proof
                .equation_from(&other, &statement, &vec![point.point; m])
                .unwrap();
            assert_ne!(eq2.g, g);
            assert_ne!(eq2.h, h);
        }
    }
}
