//! The range-proof verifier: replays the transcript and folds every check into one equation
//! (notes: "Verification"), checked with one variable-time multiscalar multiplication — every
//! input of the verifier is public.
//!
//! Verification is split in two steps so that a batch can run them over many proofs:
//! 1. [`replay`]: the Fiat–Shamir transcript, on the compressed encodings only (no point
//!    decompression, no inversion) → [`Challenges`];
//! 2. [`prepare`]: with the challenges' inverses (batch-inverted by the caller, across proofs)
//!    and the decompressed points, the proof's equation multiplied by a weight, in compact form
//!    ([`Equation`]): scalars on the fixed generators are expanded only when added to an
//!    accumulator.
//!
//! [`RangeProof::verify_with_generators`] is a batch of one with weight 1.

use super::proof::{ProofView, MAX_ROUNDS};
use super::{RangeProof, RangeStatement};
use crate::equation::accumulator::FixedAccumulator;
use crate::equation::scalar::Mont;
use crate::equation::terms::{BitFactors, FixedTerms, PowersOfYInv, RangeTerms, VectorTerms};
use crate::errors::Error;
use crate::generators::{BulletproofGens, PedersenGens};
use crate::group::{CompressedRistretto, RistrettoPoint, Scalar};
use crate::inner_product;
use crate::transcript::TranscriptProtocol;
use crate::util::scalars::{powers, scalar_pow, sum_of_powers};
use alloc::vec::Vec;
use merlin::Transcript;

/// Everything the transcript yields for one proof.
#[derive(Clone, Debug)]
pub(crate) struct Challenges {
    /// Bits per value `n`.
    pub n: usize,
    /// Values `m`.
    pub m: usize,
    /// Padded values `m'`.
    pub mp: usize,
    /// Inner-product rounds `k = log₂(n·m')`.
    pub rounds: usize,
    /// `y, z, x, w`.
    pub y: Scalar,
    /// `z`.
    pub z: Scalar,
    /// `x`.
    pub x: Scalar,
    /// `w`.
    pub w: Scalar,
    /// The verifier's weight `c` combining the inner-product check and the `t` check.
    pub c: Scalar,
    /// `u₁ … u_k` (the first `rounds` are used).
    pub u: [Scalar; MAX_ROUNDS],
    /// 32 bytes that bind the whole transcript (statement, proof, caller's prefix): what
    /// deterministic batch weights are derived from.
    pub binding: [u8; 32],
}

impl Challenges {
    /// `u₁ … u_k`.
    pub fn u(&self) -> &[Scalar] {
        self.u.get(..self.rounds).unwrap_or(&[])
    }

    /// The scalars whose inverses [`prepare`] needs: `y, u₁, …, u_k` (none is zero).
    pub fn to_invert(&self) -> impl Iterator<Item = Scalar> + '_ {
        core::iter::once(self.y).chain(self.u().iter().copied())
    }
}

/// Replays the verifier's transcript for `proof` against `statement`.
///
/// Needs only the encodings: commitments and proof points are appended compressed (the identity
/// refused where the protocol forbids it); validity of the encodings is checked by [`prepare`]'s
/// caller when decompressing.
pub(crate) fn replay(
    proof: &ProofView,
    statement: &RangeStatement,
    transcript: &mut Transcript,
) -> Result<Challenges, Error> {
    let n = statement.bits();
    let m = statement.values();
    let mp = statement.padded_values();
    let total = n.saturating_mul(mp);
    let rounds = proof.rounds;
    let proof_bits = 1usize.checked_shl(rounds as u32).unwrap_or(0);
    if proof_bits != total || rounds > MAX_ROUNDS {
        return Err(Error::SizeMismatch {
            proof: proof_bits,
            statement: total,
        });
    }

    transcript.rangeproof_domain_sep(n as u64, mp as u64);
    for v in statement.commitments() {
        transcript.append_point(b"V", v);
    }
    for _ in m..mp {
        transcript.append_point(b"V", &CompressedRistretto::default());
    }
    let [a, s, t_1, t_2] = &proof.head;
    inner_product::append_non_identity(transcript, b"A", a)?;
    inner_product::append_non_identity(transcript, b"S", s)?;
    let y = transcript.challenge_scalar(b"y");
    let z = transcript.challenge_scalar(b"z");
    inner_product::append_non_identity(transcript, b"T_1", t_1)?;
    inner_product::append_non_identity(transcript, b"T_2", t_2)?;
    let x = transcript.challenge_scalar(b"x");
    transcript.append_scalar(b"t_x", &proof.t_x);
    transcript.append_scalar(b"t_x_blinding", &proof.t_x_blinding);
    transcript.append_scalar(b"e_blinding", &proof.e_blinding);
    let w = transcript.challenge_scalar(b"w");

    let mut u = [Scalar::ZERO; MAX_ROUNDS];
    inner_product::replay(proof.lr(), total, transcript, &mut u)?;
    // A zero challenge has probability 2⁻²⁵²; refusing it keeps every inverse defined.
    if y == Scalar::ZERO {
        return Err(Error::VerificationFailed);
    }

    // The weight c combining the inner-product check and the t-check, derived from the whole
    // transcript on a copy, so the caller's transcript ends where the prover's does.
    let mut weight_transcript = transcript.clone();
    weight_transcript.append_message(b"dom-sep", b"bpkit rangeproof weight v1");
    weight_transcript.append_scalar(b"a", &proof.a);
    weight_transcript.append_scalar(b"b", &proof.b);
    let c = weight_transcript.challenge_scalar(b"c");
    let mut binding = [0u8; 32];
    weight_transcript.challenge_bytes(b"batch binding", &mut binding);

    Ok(Challenges {
        n,
        m,
        mp,
        rounds,
        y,
        z,
        x,
        w,
        c,
        u,
        binding,
    })
}

/// The proof's verification equation times `weight`: returns the fixed-generator terms and
/// appends to `scalars` the `4 + 2k + m` scalars of the dynamic points, in the order
/// `A, S, T₁, T₂, L₀, R₀, L₁, R₁, …, V₀, …, V_{m−1}` (the order of
/// [`ProofView::decompress_append`] followed by [`decompress_commitments`]).
///
/// `inverses` are `y⁻¹, u₁⁻¹, …, u_k⁻¹` (the inverses of [`Challenges::to_invert`]).
///
/// Notation as in the notes; `ρ` is the weight, `sᵢ = Π u_j^{±1}`. The equation is
/// `Σ dynamic + b·B + b̃·B̃ + Σ gᵢ·Gᵢ + Σ hᵢ·Hᵢ = 0` with
/// - `gᵢ = −ρz − ρa·sᵢ`,
/// - `hᵢ = ρz + ρz²·y⁻ⁱ·z^{⌊i/n⌋}·2^{i mod n} − ρb·y⁻ⁱ·s_{N−1−i}`.
///
/// Each of `ρa·sᵢ`, `ρz²·y⁻ⁱ·z^{⌊i/n⌋}·2^{i mod n}` and `ρb·y⁻ⁱ·s_{N−1−i}` is a product over
/// the set bits of `i` of one factor per bit, so each vector costs one multiplication per entry
/// ([`RangeTerms`]); the constants `∓ρz` are added once per generator, not once per proof.
pub(crate) fn prepare(
    ch: &Challenges,
    proof: &ProofView,
    inverses: &[Scalar],
    weight: Scalar,
    scalars: &mut Vec<Scalar>,
) -> Result<FixedTerms, Error> {
    prepare_scalars(ch, &ProofScalars::of(proof), inverses, weight, scalars).map(FixedTerms::Range)
}

/// The scalars of a range proof that its verification equation uses: the same in every
/// format and group (Monero's Bulletproofs use them as they are, over Ed25519).
#[derive(Clone, Copy, Debug)]
pub(crate) struct ProofScalars {
    /// `t_x`.
    pub t_x: Scalar,
    /// `t̃_x`.
    pub t_x_blinding: Scalar,
    /// `μ`.
    pub e_blinding: Scalar,
    /// The inner-product proof's final `a`.
    pub a: Scalar,
    /// The inner-product proof's final `b`.
    pub b: Scalar,
}

impl ProofScalars {
    /// The scalars of a parsed proof.
    pub(crate) fn of(proof: &ProofView) -> Self {
        ProofScalars {
            t_x: proof.t_x,
            t_x_blinding: proof.t_x_blinding,
            e_blinding: proof.e_blinding,
            a: proof.a,
            b: proof.b,
        }
    }
}

/// [`prepare`] from the proof's scalars alone: group-independent, shared by every format of
/// the range proof. Returns the fixed-generator terms; appends the dynamic scalars in the
/// order `A, S, T₁, T₂, L₀, R₀, …, V₀, …, V_{m−1}`.
pub(crate) fn prepare_scalars(
    ch: &Challenges,
    proof: &ProofScalars,
    inverses: &[Scalar],
    weight: Scalar,
    scalars: &mut Vec<Scalar>,
) -> Result<RangeTerms, Error> {
    let k = ch.rounds;
    let (Some(&y_inv), Some(u_inv)) = (inverses.first(), inverses.get(1..)) else {
        return Err(Error::VerificationFailed);
    };
    let u = ch.u();
    if u_inv.len() != k {
        return Err(Error::VerificationFailed);
    }
    let rho = weight;
    let (y, z, x, c) = (ch.y, ch.z, ch.x, ch.c);
    let zz = z * z;
    let a = proof.a;
    let b = proof.b;

    // Per-bit factors: y⁻ⁱ on the negative H vector; within a party the positive H vector
    // carries (2/y)ⁱ, across parties (z·y⁻ⁿ)ʲ.
    let log_n = ch.n.trailing_zeros() as usize;
    let y_inv_n = scalar_pow(&y_inv, ch.n as u64);
    let f = BitFactors::new(
        u,
        u_inv,
        y_inv,
        PowersOfYInv::OnQ,
        log_n,
        Scalar::from(2u64) * y_inv,
        z * y_inv_n,
    )?;

    // δ(y, z) = (z − z²)·Σ_{i<N} yⁱ − z³·(2ⁿ − 1)·Σ_{j<m'} zʲ.
    let total = ch.n.saturating_mul(ch.mp);
    let sum_2 = if ch.n >= 64 {
        Scalar::from(u64::MAX)
    } else {
        Scalar::from((1u64 << ch.n).saturating_sub(1))
    };
    let delta = (z - zz) * sum_of_powers(&y, total) - zz * z * sum_2 * sum_of_powers(&z, ch.mp);

    let rho_z = rho * z;
    let terms = RangeTerms {
        b: rho * (ch.w * (proof.t_x - a * b) + c * (delta - proof.t_x)),
        b_blinding: -(rho * (proof.e_blinding + c * proof.t_x_blinding)),
        vectors: VectorTerms {
            n: ch.n,
            parties: ch.mp,
            rounds: k,
            g_const: Mont::from_scalar(&-rho_z),
            h_const: Mont::from_scalar(&rho_z),
            g_base: Mont::from_scalar(&(rho * a * f.inverse_product)),
            p_base: Mont::from_scalar(&(rho * zz)),
            q_base: Mont::from_scalar(&(rho * b * f.product)),
            g_factors: f.g,
            p_factors: f.p,
            q_factors: f.q,
        },
    };

    let rho_c_x = rho * c * x;
    scalars.extend([rho, rho * x, rho_c_x, rho_c_x * x]);
    for (u_j, u_j_inv) in u.iter().zip(u_inv) {
        scalars.push(rho * u_j * u_j);
        scalars.push(rho * u_j_inv * u_j_inv);
    }
    // Padding commitments are the identity and contribute nothing.
    let rho_c_zz = rho * c * zz;
    scalars.extend(powers(z).take(ch.m).map(|zj| rho_c_zz * zj));
    Ok(terms)
}

/// Number of dynamic points of a proof with these challenges: `4 + 2k + m`.
pub(crate) fn dynamic_len(ch: &Challenges) -> usize {
    ch.rounds
        .saturating_mul(2)
        .saturating_add(4)
        .saturating_add(ch.m)
}

/// Decompresses a statement's commitments (the identity allowed, as in the `bulletproofs`
/// crate) and appends them to `out`.
pub(crate) fn decompress_commitments(
    statement: &RangeStatement,
    out: &mut Vec<RistrettoPoint>,
) -> Result<(), Error> {
    for (index, v) in statement.commitments().iter().enumerate() {
        out.push(v.decompress().ok_or(Error::InvalidCommitment { index })?);
    }
    Ok(())
}

/// Largest `m'` whose single verification uses precomputed tables of the generators:
/// `m' = 1` party 0's ([`crate::generators::shared_table`], 1.3 MiB), `m' = 2` the first two
/// parties' ([`crate::generators::shared_party_table`], 2.6 MiB). Measured (2 vCPU Zen 4,
/// 2026-11-26): the mixed table/Straus multiplication alone, hot, ÷ Pippenger over all the
/// points: with dalek's AVX2 backend 0.65, 0.54, 0.65, 1.16 at m' = 1, 2, 4, 8; with its IFMA
/// backend 0.70, 0.92, 1.23 at m' = 1, 2, 4. Whole verifications interleaved with
/// `bulletproofs`' (`benches/compare.rs`, AVX2 build), where the tables are partly evicted
/// between calls: m' = 2 went from 0.94 to 0.85 of `bulletproofs`' time, m' = 4 from 0.94 to
/// 1.07 (worse). So tables up to two parties.
#[cfg(feature = "std")]
const TABLE_MAX_PARTIES: usize = crate::generators::PARTY_TABLE_PARTIES;

/// The precomputed tables a single verification multiplies the equation out with.
#[cfg_attr(not(feature = "std"), allow(dead_code))]
enum Tables<'a> {
    /// None: dalek's multiplication over every point.
    None,
    /// Straus's tables of `B, B̃` and the first parties' generators (m ≤ 2).
    Straus(&'a crate::generators::VerifierTable),
    /// A shifted table of the default generators (the engine's one-window Pippenger).
    #[cfg(feature = "std")]
    Shifted(&'a crate::generators::ShiftedGens),
}

impl RangeProof {
    /// Appends `A, S, T₁, T₂, L₀, R₀, L₁, R₁, …` (already decompressed) to `out`.
    pub(crate) fn append_points(&self, out: &mut Vec<RistrettoPoint>) {
        out.extend([self.a.point, self.s.point, self.t_1.point, self.t_2.point]);
        for (l, r) in self.ipp.l_vec.iter().zip(&self.ipp.r_vec) {
            out.push(l.point);
            out.push(r.point);
        }
    }

    /// Verifies the proof against `statement`, with the default generators.
    ///
    /// The transcript must be in the state the prover's was in (same label, same messages
    /// appended before). Deterministic: the weight that combines the two checks is derived from
    /// the whole transcript (spec §7). Variable-time: every input is public.
    ///
    /// Proofs of one value use precomputed tables for `B, B̃` and the first party's generators
    /// ([`crate::generators::shared_table`], 1.3 MiB, built on first use), about 35% faster;
    /// proofs of 2 values the first two parties' ([`crate::generators::shared_party_table`],
    /// 2.6 MiB, built on first use).
    #[cfg(feature = "std")]
    pub fn verify(
        &self,
        transcript: &mut Transcript,
        statement: &RangeStatement,
    ) -> Result<(), Error> {
        let bp_gens = crate::generators::shared(statement.bits(), statement.padded_values());
        let pc_gens = crate::generators::shared_pedersen();
        if let Some(shifted) = crate::generators::shared_shifted(statement.padded_values(), false) {
            let tables = Tables::Shifted(shifted);
            return self.verify_inner(pc_gens, &bp_gens, tables, transcript, statement);
        }
        let table = match statement.padded_values() {
            1 => crate::generators::shared_table(),
            m if m <= TABLE_MAX_PARTIES => crate::generators::shared_party_table(),
            _ => None,
        };
        let tables = table.map_or(Tables::None, Tables::Straus);
        self.verify_inner(pc_gens, &bp_gens, tables, transcript, statement)
    }

    /// [`RangeProof::verify`] with caller-supplied generators.
    pub fn verify_with_generators(
        &self,
        pc_gens: &PedersenGens,
        bp_gens: &BulletproofGens,
        transcript: &mut Transcript,
        statement: &RangeStatement,
    ) -> Result<(), Error> {
        self.verify_inner(pc_gens, bp_gens, Tables::None, transcript, statement)
    }

    fn verify_inner(
        &self,
        pc_gens: &PedersenGens,
        bp_gens: &BulletproofGens,
        tables: Tables<'_>,
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
        let view = ProofView::of(self);
        let ch = replay(&view, statement, transcript)?;
        // Decoding the commitments and the equation's scalars are independent: side by side
        // with the `parallel` feature (for m = 64 about 0.3 ms each, a tenth of a verification
        // on two threads). A decoding error comes first, as it would one after the other.
        let (points, prepared) = crate::util::par::join(
            || {
                let mut points = Vec::with_capacity(dynamic_len(&ch));
                self.append_points(&mut points);
                decompress_commitments(statement, &mut points).map(|()| points)
            },
            || {
                let mut inverses: Vec<Scalar> = ch.to_invert().collect();
                // One inversion for y and every u_j (none is zero: checked by `replay`).
                let _ = Scalar::invert_batch_alloc(&mut inverses);
                let mut scalars = Vec::with_capacity(dynamic_len(&ch));
                let terms = prepare(&ch, &view, &inverses, Scalar::ONE, &mut scalars)?;
                let mut fixed = FixedAccumulator::new();
                fixed.add(&terms);
                Ok::<_, Error>((scalars, fixed))
            },
        );
        let points = points?;
        let (scalars, mut fixed) = prepared?;
        // Variable-time: every scalar and point of a verification is public.
        let holds = match tables {
            Tables::Straus(table) => fixed.check_with_table(table, bp_gens, &scalars, &points),
            #[cfg(feature = "std")]
            Tables::Shifted(table) => fixed.check_with_shifted(table, &scalars, &points),
            Tables::None => fixed.check(pc_gens, bp_gens, &scalars, &points),
        };
        match holds {
            Some(true) => Ok(()),
            Some(false) => Err(Error::VerificationFailed),
            None => Err(Error::GeneratorsTooSmall {
                needed: statement.bits().saturating_mul(statement.padded_values()),
                available: bp_gens
                    .gens_capacity()
                    .saturating_mul(bp_gens.party_capacity()),
            }),
        }
    }
}
