//! One proof's (weighted) verification equation, in the form a batch adds up.
//!
//! An equation is `Σ (scalar·point) = 0` split in two:
//! - terms on **fixed generators**, shared by every proof of the batch, keyed by generator set
//!   ([`FixedTerms`]); a batch adds these scalars up so each fixed generator appears once in the
//!   final multiscalar multiplication;
//! - **dynamic** terms on the proof's own points (and its statement's commitments).
//!
//! Fixed terms are kept in a compact form and expanded only when added to an accumulator, so a
//! prepared proof costs memory proportional to its size in bytes, not to `n·m`.
//!
//! Adding a proof system means adding a [`FixedTerms`] variant: Bulletproofs+ range proofs put
//! other scalars on the same kinds of generators (value base, one or more blinding bases, vector
//! sets `G`, `H`); circuit proofs add generator sets of their own ([`VectorSet`]).

use super::scalar::Mont;
use crate::errors::Error;
use crate::group::engine::EnginePoint;
use crate::group::{RistrettoPoint, Scalar};
use crate::limits::MAX_ROUNDS;
use alloc::vec::Vec;

/// A single fixed generator.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[allow(dead_code)]
pub(crate) enum Base {
    /// The Pedersen value generator `B`.
    Value,
    /// A Pedersen blinding generator: `B̃` is 0 (extended commitments would use more).
    Blinding(u8),
    /// Any other single generator (a Bulletproofs+ blinding base, Tari's bases), keyed by
    /// the point itself so that proofs over the same generator set share it.
    Other(RistrettoPoint),
}

/// A family of fixed vector generators, indexed by party and position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum VectorSet {
    /// `G_j[i]`.
    G,
    /// `H_j[i]`.
    H,
}

/// The scalars one proof puts on fixed generators, in compact form.
// The range variant is compact by design (no allocation); the size difference is accepted.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug, Default)]
pub(crate) enum FixedTerms {
    /// No fixed terms.
    #[default]
    None,
    /// A range proof (`bulletproofs` protocol).
    Range(RangeTerms),
    /// A Bulletproofs+ range proof.
    Plus(PlusTerms),
    /// An arithmetic-circuit proof.
    Circuit(CircuitTerms),
}

/// A circuit proof's weighted fixed-generator scalars: on `B`, `B̃`, and on party 0's `G`, `H`
/// (dense: a circuit's weights have no product form).
#[derive(Clone, Debug)]
pub(crate) struct CircuitTerms {
    /// Scalar on `B`.
    pub b: Scalar,
    /// Scalar on `B̃`.
    pub b_blinding: Scalar,
    /// Scalars on `G_0[0..n']`.
    pub g: Vec<Scalar>,
    /// Scalars on `H_0[0..n']`.
    pub h: Vec<Scalar>,
}

/// A Bulletproofs+ proof's weighted fixed-generator scalars: one per single generator (value
/// base, blinding bases), and the `G`, `H` vectors in product form.
#[derive(Clone, Debug)]
pub(crate) struct PlusTerms {
    /// Scalars on single generators (value base, blinding bases).
    pub bases: Vec<(Base, Scalar)>,
    /// Scalars on `G` and `H`.
    pub vectors: VectorTerms,
}

/// A range proof's fixed-generator scalars (see `range_proof::verifier::prepare`): on `B`,
/// `b`; on `B̃`, `b_blinding`; on `G` and `H`, [`VectorTerms`].
#[derive(Clone, Debug)]
pub(crate) struct RangeTerms {
    /// Scalar on `B`.
    pub b: Scalar,
    /// Scalar on `B̃`.
    pub b_blinding: Scalar,
    /// Scalars on `G` and `H`.
    pub vectors: VectorTerms,
}

/// The scalars a proof puts on the vector generators, in product form, in Montgomery form
/// ([`Mont`]) for the expansion loops. With `ι = j·n + i` the flat index of `G_j[i]`, `H_j[i]`:
/// - on `G_ι`: `g_const − g_base·Π_{bit ∈ ι} g_factors[bit]`;
/// - on `H_ι`: `h_const + p_base·Π_{bit ∈ ι} p_factors[bit] − q_base·Π_{bit ∈ ι} q_factors[bit]`.
///
/// Both proof systems' vectors have this shape (one multiplication per entry to expand); the
/// constants are added once per generator over a whole batch, not once per proof.
#[derive(Clone, Debug)]
pub(crate) struct VectorTerms {
    /// Bits per party `n`.
    pub n: usize,
    /// Parties `m'`.
    pub parties: usize,
    /// `k = log₂(n·m')`.
    pub rounds: usize,
    /// Added to every `G` scalar.
    pub g_const: Mont,
    /// Added to every `H` scalar.
    pub h_const: Mont,
    /// Base of the `G` product vector.
    pub g_base: Mont,
    /// Base of the positive `H` product vector.
    pub p_base: Mont,
    /// Base of the negative `H` product vector.
    pub q_base: Mont,
    /// Per-bit factors of the `G` vector.
    pub g_factors: [Mont; MAX_ROUNDS],
    /// Per-bit factors of the positive `H` vector.
    pub p_factors: [Mont; MAX_ROUNDS],
    /// Per-bit factors of the negative `H` vector.
    pub q_factors: [Mont; MAX_ROUNDS],
}

/// `out = [base·Π_{bit ∈ i} factors[bit] for i < 2^len(factors)]`: one multiplication per entry.
pub(crate) fn expand_product(base: Mont, factors: &[Mont], out: &mut Vec<Mont>) {
    out.clear();
    out.push(base);
    for f in factors {
        let len = out.len();
        out.extend_from_within(..);
        if let Some(upper) = out.get_mut(len..) {
            for x in upper {
                *x = x.mul(f);
            }
        }
    }
}

fn prefix(f: &[Mont; MAX_ROUNDS], k: usize) -> &[Mont] {
    f.get(..k).unwrap_or(&[])
}

impl VectorTerms {
    /// The `G` and `H` scalars, flat (party-major), without the constants.
    /// `scratch` is reused between calls.
    pub fn expand(&self, g: &mut Vec<Mont>, h: &mut Vec<Mont>, scratch: &mut Vec<Mont>) {
        let k = self.rounds.min(MAX_ROUNDS);
        expand_product(self.g_base, prefix(&self.g_factors, k), g);
        expand_product(self.p_base, prefix(&self.p_factors, k), h);
        expand_product(self.q_base, prefix(&self.q_factors, k), scratch);
        for (x, q) in h.iter_mut().zip(scratch.iter()) {
            *x = x.sub(q);
        }
    }

    /// The `G` and `H` scalars in full (constants included), flat, as dalek scalars: for a
    /// single proof's multiscalar multiplication.
    pub fn to_scalars(&self) -> (Vec<Scalar>, Vec<Scalar>) {
        let (mut g, mut h, mut scratch) = (Vec::new(), Vec::new(), Vec::new());
        self.expand(&mut g, &mut h, &mut scratch);
        let g = g.iter().map(|x| self.g_const.sub(x).to_scalar()).collect();
        let h = h.iter().map(|x| self.h_const.add(x).to_scalar()).collect();
        (g, h)
    }
}

/// Which product vector carries the powers `y⁻ⁱ`: `Q` in the range proof (`H` side), `G` in
/// Bulletproofs+.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum PowersOfYInv {
    /// On the `G` vector.
    OnG,
    /// On the negative `H` vector.
    OnQ,
}

/// The per-bit factors of [`VectorTerms`] for `k = challenges.len()` rounds; bit `b` of the
/// flat index pairs with challenge `c = c_{k−1−b}`:
/// - `G`: `c²`, times `y^{−2ᵇ}` with [`PowersOfYInv::OnG`];
/// - `Q`: `c⁻²`, times `y^{−2ᵇ}` with [`PowersOfYInv::OnQ`];
/// - `P`: `low^{2ᵇ}` for the bits within a party (`b < log₂ n`), `high^{2^{b − log₂ n}}` for the
///   party bits above.
#[derive(Clone, Debug)]
pub(crate) struct BitFactors {
    /// Factors of the `G` vector.
    pub g: [Mont; MAX_ROUNDS],
    /// Factors of the positive `H` vector.
    pub p: [Mont; MAX_ROUNDS],
    /// Factors of the negative `H` vector.
    pub q: [Mont; MAX_ROUNDS],
    /// `Π c⁻¹` over all challenges.
    pub inverse_product: Scalar,
    /// `Π c` over all challenges.
    pub product: Scalar,
}

impl BitFactors {
    /// The factors; `inverses` are the challenges' inverses. Fails when there are more than
    /// [`MAX_ROUNDS`] challenges or fewer inverses than challenges.
    pub fn new(
        challenges: &[Scalar],
        inverses: &[Scalar],
        y_inv: Scalar,
        y_on: PowersOfYInv,
        log_n: usize,
        low: Scalar,
        high: Scalar,
    ) -> Result<Self, Error> {
        let k = challenges.len();
        let inverses = inverses.get(..k).ok_or(Error::VerificationFailed)?;
        if k > MAX_ROUNDS {
            return Err(Error::VerificationFailed);
        }
        let mut f = BitFactors {
            g: [Mont::ZERO; MAX_ROUNDS],
            p: [Mont::ZERO; MAX_ROUNDS],
            q: [Mont::ZERO; MAX_ROUNDS],
            inverse_product: Scalar::ONE,
            product: Scalar::ONE,
        };
        let (mut y_inv_2b, mut low_2b, mut high_2b) = (y_inv, low, high);
        let pairs = challenges.iter().zip(inverses).rev();
        for (bit, (((gf, pf), qf), (c, c_inv))) in
            f.g.iter_mut()
                .zip(f.p.iter_mut())
                .zip(f.q.iter_mut())
                .zip(pairs)
                .enumerate()
        {
            let (c_sq, c_inv_sq) = (c * c, c_inv * c_inv);
            let (g, q) = match y_on {
                PowersOfYInv::OnG => (c_sq * y_inv_2b, c_inv_sq),
                PowersOfYInv::OnQ => (c_sq, c_inv_sq * y_inv_2b),
            };
            *gf = Mont::from_scalar(&g);
            *qf = Mont::from_scalar(&q);
            if bit < log_n {
                *pf = Mont::from_scalar(&low_2b);
                low_2b = low_2b * low_2b;
            } else {
                *pf = Mont::from_scalar(&high_2b);
                high_2b = high_2b * high_2b;
            }
            y_inv_2b = y_inv_2b * y_inv_2b;
            f.inverse_product *= c_inv;
            f.product *= c;
        }
        Ok(f)
    }
}

/// One proof's weighted equation, prepared for a batch.
///
/// The proof's own points are either dalek points (`dynamic_points`) or points the verification
/// engine decoded from their encodings (`engine_points`, see [`crate::group::engine`]); each list
/// has its own scalars.
#[derive(Clone, Debug, Default)]
pub(crate) struct Equation {
    /// Terms on fixed generators.
    pub fixed: FixedTerms,
    /// Scalars on the proof's own dalek points.
    pub dynamic_scalars: Vec<Scalar>,
    /// The proof's own points (`A, S, T₁, T₂, L₀, R₀, …, Vⱼ`), decoded by dalek.
    pub dynamic_points: Vec<RistrettoPoint>,
    /// Scalars on the proof's own engine points.
    pub engine_scalars: Vec<Scalar>,
    /// The proof's own points, decoded by the engine.
    pub engine_points: Vec<EnginePoint>,
}

impl DynamicTerms {
    /// Appends the dynamic terms of `eq` (its own points and their scalars).
    pub fn extend_from(&mut self, eq: &Equation) {
        self.scalars.extend_from_slice(&eq.dynamic_scalars);
        self.points.extend_from_slice(&eq.dynamic_points);
        self.engine_scalars.extend_from_slice(&eq.engine_scalars);
        self.engine_points.extend_from_slice(&eq.engine_points);
    }
}

/// The dynamic terms of one or many equations: on dalek points and on engine points.
#[derive(Clone, Debug, Default)]
pub(crate) struct DynamicTerms {
    /// Scalars on `points`.
    pub scalars: Vec<Scalar>,
    /// Points decoded by dalek.
    pub points: Vec<RistrettoPoint>,
    /// Scalars on `engine_points`.
    pub engine_scalars: Vec<Scalar>,
    /// Points decoded by the engine.
    pub engine_points: Vec<EnginePoint>,
}

impl DynamicTerms {
    /// Appends `other`.
    pub fn append(&mut self, other: DynamicTerms) {
        self.scalars.extend(other.scalars);
        self.points.extend(other.points);
        self.engine_scalars.extend(other.engine_scalars);
        self.engine_points.extend(other.engine_points);
    }
}
