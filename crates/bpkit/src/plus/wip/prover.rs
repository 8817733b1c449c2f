//! The weighted-inner-product prover, constant-time in the witness.
//!
//! Notation of the notes (`docs/notes/bulletproofs_plus.md`, "Prover"): round `r` works on
//! vectors `a, b` of length `n_r = N/2ʳ` with halves of length `h = n_r/2`, and sends
//! `L = c_L·B + Σ dL_k·B̃_k + ⟨y⁻ʰ·a_lo, G_hi⟩ + ⟨b_hi, H_lo⟩` and
//! `R = c_R·B + Σ dR_k·B̃_k + ⟨yʰ·a_hi, G_lo⟩ + ⟨b_lo, H_hi⟩` over the folded generators.
//!
//! Timing. Every product of a secret scalar (or a point that depends on the bits) with a point
//! is constant-time. Three techniques keep that affordable:
//! - *Lazy folding*: the folded generators `G⁽ʳ⁾ⱼ = Σ_v w_v·G⁽ˡ⁾_{j+v·n_r}` are kept as points of an
//!   earlier level `l` and public weights `w`, and only materialized (variable-time: generators
//!   and challenges are public) when that pays off.
//! - *Bit decomposition* in the first [`SUBSET_ROUNDS`] rounds: there `aⱼ = Σ_u α_u·β_{j+u·n_r} + κ`
//!   and `bⱼ = Σ_u γ_u·β_{j+u·n_r} + ρⱼ`, with bits `β` and public `α, κ, γ, ρ`; so
//!   `⟨a, G⟩` is a few constant-time *subset sums* of generators (conditional selection and
//!   addition, no multiplication), recombined by a small constant-time MSM with public scalars,
//!   plus a variable-time MSM whose scalars and points are all public.
//! - Later rounds: constant-time MSMs over the (lazily) folded generators.

use super::super::format::PlusFormat;
use super::super::nonces::{Nonces, D, D_L, D_R, ETA};
use crate::errors::Error;
use crate::group::ProverGroup;
use crate::group::Scalar;
use crate::util::par;
use crate::util::scalars::{powers, scalar_pow};
use alloc::vec::Vec;
use subtle::Choice;
use zeroize::Zeroizing;

/// Rounds done with subset sums over the original generators.
const SUBSET_ROUNDS: usize = 2;

/// Public parts of at most this many points join the constant-time MSM of their `L` or `R`.
const SMALL_PUBLIC: usize = 8;

/// The witness of the weighted-inner-product argument, with its bit decomposition.
pub(crate) struct WipWitness {
    /// The bits `β` (one byte each, 0 or 1), `N` of them.
    pub bits: Zeroizing<Vec<u8>>,
    /// `a = β − z·1`.
    pub a: Zeroizing<Vec<Scalar>>,
    /// `b = β − 1 + d∘y⃖ + z·1 = β + ρ`.
    pub b: Zeroizing<Vec<Scalar>>,
    /// The public part of `b`: `ρ = d∘y⃖ + (z − 1)·1`.
    pub rho: Vec<Scalar>,
    /// Bits per party `n` (`dᵢ∘y⃖ᵢ` is geometric, ratio `2/y`, within a party).
    pub party_bits: usize,
    /// The public part of `a`: `κ = −z`.
    pub kappa: Scalar,
    /// `α̂`, one per blinding base.
    pub alpha: Zeroizing<Vec<Scalar>>,
}

/// What the argument sends (points in the format's encoding `E`).
pub(crate) struct WipOutput<E> {
    pub l: Vec<E>,
    pub r: Vec<E>,
    pub a1: E,
    pub b: E,
    pub r1: Scalar,
    pub s1: Scalar,
    pub d1: Vec<Scalar>,
}

/// An internal size invariant failed (vectors and generators are sized from `N` up front).
fn size_error(needed: usize, available: usize) -> Error {
    Error::GeneratorsTooSmall { needed, available }
}

/// `v[start .. start + len]`, or an error.
fn part<T>(v: &[T], start: usize, len: usize) -> Result<&[T], Error> {
    let end = start
        .checked_add(len)
        .ok_or(size_error(usize::MAX, v.len()))?;
    v.get(start..end).ok_or(size_error(end, v.len()))
}

/// `Σ βᵢ·Pᵢ` for bits `β`, in constant time: conditional selection between `Pᵢ` and the
/// identity, then (complete, constant-time) addition.
// Group additions on a generic `ProverGroup`: they never overflow.
#[allow(clippy::arithmetic_side_effects)]
fn subset_sum<P: ProverGroup>(bits: &[u8], points: &[P]) -> P {
    let identity = P::identity();
    let mut acc = P::identity();
    for (bit, p) in bits.iter().zip(points) {
        acc += P::conditional_select(&identity, p, Choice::from(*bit));
    }
    acc
}

/// The generators of the current round, lazily folded: `G⁽ʳ⁾ⱼ = Σ_v wg_v·g[j + v·n_r]`.
struct Lazy<P> {
    /// Points of the stored level (`n_r · W` of them).
    g: Vec<P>,
    h: Vec<P>,
    /// Weights from the stored level to the current round (`W` of them).
    wg: Vec<Scalar>,
    wh: Vec<Scalar>,
    /// True while the stored level is the original generators.
    original: bool,
}

impl<P: ProverGroup> Lazy<P> {
    /// Folds the weights with the round challenge (`e⁻¹, e·y⁻ʰ` for `G`; `e, e⁻¹` for `H`).
    fn fold(&mut self, e: &Scalar, e_inv: &Scalar, y_inv_h: &Scalar) {
        let g_hi = e * y_inv_h;
        self.wg = self.wg.iter().flat_map(|w| [e_inv * w, g_hi * w]).collect();
        self.wh = self.wh.iter().flat_map(|w| [e * w, e_inv * w]).collect();
    }

    /// Replaces the stored level by the current one (`n` points per vector). Variable-time:
    /// generators and weights are public.
    fn materialize(&mut self, n: usize) -> Result<(), Error> {
        // Independent (on two threads with the `parallel` feature).
        let (g, h) = par::join(
            || materialize(&self.g, &self.wg, n),
            || materialize(&self.h, &self.wh, n),
        );
        self.g = g?;
        self.h = h?;
        self.wg = self.wg.first().copied().into_iter().collect();
        self.wh = self.wh.first().copied().into_iter().collect();
        self.original = false;
        Ok(())
    }

    /// The fully folded generators `G_fin`, `H_fin` (after the last round). Variable-time:
    /// public.
    fn finish(&self) -> Result<(P, P), Error> {
        // Variable-time: generators and fold weights (from challenges) are public.
        let g = P::msm_vartime(self.wg.iter().copied(), &self.g)
            .ok_or(size_error(self.wg.len(), self.g.len()))?;
        let h = P::msm_vartime(self.wh.iter().copied(), &self.h)
            .ok_or(size_error(self.wh.len(), self.h.len()))?;
        Ok((g, h))
    }
}

/// `P'ⱼ = Σ_v w_v·P[j + v·n]` for `j < n`, as `w₀·(P[j] + Σ_{v≥1} (w_v/w₀)·P[j + v·n])` — the
/// common factor `w₀` stays in the weights, saving one multiplication per point.
/// Variable-time: every input is public.
// Group additions on a generic `ProverGroup`: they never overflow.
#[allow(clippy::arithmetic_side_effects)]
fn materialize<P: ProverGroup>(points: &[P], w: &[Scalar], n: usize) -> Result<Vec<P>, Error> {
    let w0_inv = w.first().ok_or(size_error(1, 0))?.invert();
    let rel: Vec<Scalar> = w.iter().skip(1).map(|x| x * w0_inv).collect();
    // The new points are independent: an ordered map over them (several threads with the
    // `parallel` feature; the same points whatever the count).
    par::map_owned((0..n).collect(), |_, j| {
        let base = points.get(j).ok_or(size_error(j, points.len()))?;
        let others = points.iter().skip(j.saturating_add(n)).step_by(n.max(1));
        // Variable-time: generators and fold weights (from challenges) are public.
        let rest = P::msm_vartime(rel.iter().copied(), others.take(rel.len()))
            .ok_or(size_error(rel.len().saturating_mul(n), points.len()))?;
        Ok(*base + rest)
    })
    .into_iter()
    .collect()
}

/// The public bit decomposition of `a` and `b` (only kept during the subset-sum rounds):
/// `aᵢ = Σ_u α_u·β_{i+u·n_r} + κ`, `bᵢ = Σ_u γ_u·(β + ρ⁽⁰⁾)_{i+u·n_r}` — `ρ` folds with the
/// same coefficients as the bits of `b`, so the original `ρ⁽⁰⁾` is kept.
struct Decomposition<P> {
    alpha: Vec<Scalar>,
    kappa: Scalar,
    gamma: Vec<Scalar>,
    /// `ρ⁽⁰⁾ = D + c·1`, `D = d∘y⃖`, `c = z − 1`.
    rho0: Vec<Scalar>,
    c: Scalar,
    blocks: Blocks<P>,
}

impl<P> Decomposition<P> {
    fn fold(&mut self, e: &Scalar, e_inv: &Scalar, y_h: &Scalar) {
        let a_hi = e_inv * y_h;
        self.alpha = self.alpha.iter().flat_map(|x| [e * x, a_hi * x]).collect();
        self.kappa *= e + a_hi;
        self.gamma = self.gamma.iter().flat_map(|x| [e_inv * x, e * x]).collect();
    }
}

/// Geometric block sums of `H` for the public part `Σ ρᵢ·Hⱼ` of the subset-sum rounds.
/// Within a party `Dᵢ = d∘y⃖` is geometric with ratio `q = 2/y`, so over a block of `b`
/// generators that does not cross a party, `Σ_{i<b} D_{t+i}·H_{s+i} = D_t·Q_s` with
/// `Q_s = Σ_{i<b} qⁱ·H_{s+i}`. The `N/b` points `Q_s` (and plain sums `S_s`) are computed
/// once and serve all four public parts of rounds 0 and 1, which then cost a few points each
/// instead of `N/2`. `b = min(n, N/4)` divides every half-block of those rounds.
struct Blocks<P> {
    size: usize,
    q: Vec<P>,
    sums: Vec<P>,
}

impl<P: ProverGroup> Blocks<P> {
    /// Variable-time: generators and `q` (from the challenge `y`) are public.
    fn new(h: &[P], size: usize, q: &Scalar) -> Result<Self, Error> {
        let size = size.max(1);
        let q_pows: Vec<Scalar> = powers(*q).take(size).collect();
        // The blocks are independent: an ordered map over them (several threads with the
        // `parallel` feature).
        let blocks: Vec<Result<(P, P), Error>> =
            par::map_owned(h.chunks(size).collect(), |_, chunk| {
                let q = P::msm_vartime(q_pows.iter().copied(), chunk)
                    .ok_or(size_error(size, chunk.len()))?;
                Ok((q, chunk.iter().sum()))
            });
        let (qs, sums) = blocks
            .into_iter()
            .collect::<Result<Vec<_>, _>>()?
            .into_iter()
            .unzip();
        Ok(Blocks { size, q: qs, sums })
    }

    /// Index of the block starting at generator `start` (a multiple of the block size).
    fn index(&self, start: usize) -> Result<usize, Error> {
        start
            .checked_div(self.size)
            .ok_or(size_error(start, self.q.len()))
    }

    /// `Σ H` over `[start, start + len)` (both multiples of the block size).
    fn sum(&self, start: usize, len: usize) -> Result<P, Error> {
        let first = self.index(start)?;
        let count = self.index(len)?;
        Ok(part(&self.sums, first, count)?.iter().sum())
    }

    /// Adds the `D` part of `coef·Σ_{i<len} ρ⁽⁰⁾_{rho_start+i}·H_{h_start+i}` to `acc`, the
    /// coefficients of the `Q` blocks (the `c` part is the caller's, on plain sums).
    #[allow(clippy::too_many_arguments)]
    fn add_rho_terms(
        &self,
        acc: &mut [Scalar],
        dec: &Decomposition<P>,
        coef: &Scalar,
        rho_start: usize,
        h_start: usize,
        len: usize,
    ) -> Result<(), Error> {
        let count = self.index(len)?;
        let first = self.index(h_start)?;
        for beta in 0..count {
            let offset = beta
                .checked_mul(self.size)
                .ok_or(size_error(usize::MAX, len))?;
            let t = rho_start
                .checked_add(offset)
                .ok_or(size_error(usize::MAX, len))?;
            let d_t = dec.rho0.get(t).ok_or(size_error(t, dec.rho0.len()))? - dec.c;
            let slot = first
                .checked_add(beta)
                .and_then(|i| acc.get_mut(i))
                .ok_or(size_error(first, self.q.len()))?;
            *slot += coef * d_t;
        }
        Ok(())
    }
}

/// The secret scalars and points of one `L` or `R` (besides `c·B + Σ d_k·B̃_k`), for one
/// constant-time MSM; and the public ones, for one variable-time MSM.
struct Terms<P: ProverGroup> {
    secret_scalars: Zeroizing<Vec<Scalar>>,
    secret_points: Zeroizing<Vec<P>>,
    public_scalars: Vec<Scalar>,
    public_points: Vec<P>,
}

impl<P: ProverGroup> Terms<P> {
    fn new() -> Self {
        Terms {
            secret_scalars: Zeroizing::new(Vec::new()),
            secret_points: Zeroizing::new(Vec::new()),
            public_scalars: Vec::new(),
            public_points: Vec::new(),
        }
    }

    /// `c·B + Σ d_k·B̃_k + Σ secret (constant-time) + Σ public (variable-time)`. A public part
    /// of at most [`SMALL_PUBLIC`] points joins the constant-time MSM instead: a separate
    /// variable-time MSM would cost 256 doublings of its own.
    // Group additions on a generic `ProverGroup`: they never overflow.
    #[allow(clippy::arithmetic_side_effects)]
    fn evaluate(
        &self,
        value_base: &P,
        blinding_bases: &[P],
        c: &Scalar,
        d: &[Scalar],
    ) -> Result<P, Error> {
        let merge = self.public_points.len() <= SMALL_PUBLIC;
        let (merged_scalars, merged_points): (&[Scalar], &[P]) = if merge {
            (&self.public_scalars, &self.public_points)
        } else {
            (&[], &[])
        };
        let secret = P::msm_constant_time(
            core::iter::once(*c)
                .chain(d.iter().copied())
                .chain(self.secret_scalars.iter().copied())
                .chain(merged_scalars.iter().copied()),
            core::iter::once(value_base)
                .chain(blinding_bases)
                .chain(self.secret_points.iter())
                .chain(merged_points),
        )
        .ok_or(size_error(
            self.secret_scalars.len(),
            self.secret_points.len(),
        ))?;
        if merge {
            return Ok(secret);
        }
        // Variable-time: every scalar and point here is public (challenges, generators, ρ, κ).
        let public =
            P::msm_vartime(self.public_scalars.iter().copied(), &self.public_points).ok_or(
                size_error(self.public_scalars.len(), self.public_points.len()),
            )?;
        Ok(secret + public)
    }
}

/// Round `r` at the original generators, by subset sums (see the module docs).
/// Returns the terms of `L` and of `R`.
#[allow(clippy::too_many_arguments)]
fn subset_round<P: ProverGroup>(
    bits: &[u8],
    lazy: &Lazy<P>,
    dec: &Decomposition<P>,
    n_r: usize,
    y_h: &Scalar,
    y_inv_h: &Scalar,
) -> Result<(Terms<P>, Terms<P>), Error> {
    let h = n_r / 2;
    let (g, hv) = (&lazy.g, &lazy.h);
    let mut l = Terms::new();
    let mut r = Terms::new();
    // The subset sums, four per (u, v) in this order: L's two, then R's two. Independent: an
    // ordered map over them (several threads with the `parallel` feature; which thread sums
    // which depends only on their number, and each sum is constant-time).
    let mut sums: Vec<(&[u8], &[P])> = Vec::new();
    for (u, (alpha_u, gamma_u)) in dec.alpha.iter().zip(&dec.gamma).enumerate() {
        let block = u
            .checked_mul(n_r)
            .ok_or(size_error(usize::MAX, bits.len()))?;
        let bits_lo = part(bits, block, h)?;
        let bits_hi = part(bits, block.saturating_add(h), h)?;
        for (v, (wg, wh)) in lazy.wg.iter().zip(&lazy.wh).enumerate() {
            let gblock = v.checked_mul(n_r).ok_or(size_error(usize::MAX, g.len()))?;
            let g_lo = part(g, gblock, h)?;
            let g_hi = part(g, gblock.saturating_add(h), h)?;
            let h_lo = part(hv, gblock, h)?;
            let h_hi = part(hv, gblock.saturating_add(h), h)?;
            // L: ⟨y⁻ʰ·a_lo, G_hi⟩ and ⟨b_hi, H_lo⟩; R: ⟨yʰ·a_hi, G_lo⟩ and ⟨b_lo, H_hi⟩.
            l.secret_scalars.push(y_inv_h * alpha_u * wg);
            l.secret_scalars.push(gamma_u * wh);
            r.secret_scalars.push(y_h * alpha_u * wg);
            r.secret_scalars.push(gamma_u * wh);
            sums.extend([
                (bits_lo, g_hi),
                (bits_hi, h_lo),
                (bits_hi, g_lo),
                (bits_lo, h_hi),
            ]);
        }
    }
    let sums = par::map_owned(sums, |_, (b, p)| subset_sum(b, p));
    for four in sums.chunks_exact(4) {
        if let [l_g, l_h, r_g, r_h] = four {
            l.secret_points.extend([*l_g, *l_h]);
            r.secret_points.extend([*r_g, *r_h]);
        }
    }
    // Public parts: κ·Σ G over a half block, and ρ against H through the geometric blocks.
    let blocks = &dec.blocks;
    let mut l_q = alloc::vec![Scalar::ZERO; blocks.q.len()];
    let mut r_q = alloc::vec![Scalar::ZERO; blocks.q.len()];
    let gamma_sum: Scalar = dec.gamma.iter().sum();
    for (v, (wg, wh)) in lazy.wg.iter().zip(&lazy.wh).enumerate() {
        let gblock = v.checked_mul(n_r).ok_or(size_error(usize::MAX, g.len()))?;
        let g_lo: P = part(g, gblock, h)?.iter().sum();
        let g_hi: P = part(g, gblock.saturating_add(h), h)?.iter().sum();
        l.public_scalars.push(dec.kappa * y_inv_h * wg);
        l.public_points.push(g_hi);
        r.public_scalars.push(dec.kappa * y_h * wg);
        r.public_points.push(g_lo);
        // L: Σ_{i<h} ρ⁽ʳ⁾_{h+i}·H⁽ʳ⁾ᵢ = Σ_{u,v} γ_u·wh_v·Σ_{i<h} ρ⁽⁰⁾_{h+i+u·n_r}·H_{i+v·n_r};
        // R: Σ_{i<h} ρ⁽ʳ⁾ᵢ·H⁽ʳ⁾_{h+i} = Σ_{u,v} γ_u·wh_v·Σ_{i<h} ρ⁽⁰⁾_{i+u·n_r}·H_{h+i+v·n_r}.
        for (u, gamma_u) in dec.gamma.iter().enumerate() {
            let ublock = u.checked_mul(n_r).ok_or(size_error(usize::MAX, g.len()))?;
            let coef = gamma_u * wh;
            blocks.add_rho_terms(&mut l_q, dec, &coef, ublock.saturating_add(h), gblock, h)?;
            blocks.add_rho_terms(&mut r_q, dec, &coef, ublock, gblock.saturating_add(h), h)?;
        }
        let c_coef = dec.c * gamma_sum * wh;
        l.public_scalars.push(c_coef);
        l.public_points.push(blocks.sum(gblock, h)?);
        r.public_scalars.push(c_coef);
        r.public_points
            .push(blocks.sum(gblock.saturating_add(h), h)?);
    }
    for (terms, coefs) in [(&mut l, &l_q), (&mut r, &r_q)] {
        for (coef, q) in coefs.iter().zip(&blocks.q) {
            if coef != &Scalar::ZERO {
                terms.public_scalars.push(*coef);
                terms.public_points.push(*q);
            }
        }
    }
    Ok((l, r))
}

/// Round `r` over the stored level with constant-time MSMs (the scalars are secret).
fn msm_round<P: ProverGroup>(
    a: &[Scalar],
    b: &[Scalar],
    lazy: &Lazy<P>,
    n_r: usize,
    y_h: &Scalar,
    y_inv_h: &Scalar,
) -> Result<(Terms<P>, Terms<P>), Error> {
    let h = n_r / 2;
    let (a_lo, a_hi) = (part(a, 0, h)?, part(a, h, h)?);
    let (b_lo, b_hi) = (part(b, 0, h)?, part(b, h, h)?);
    let mut l = Terms::new();
    let mut r = Terms::new();
    for (v, (wg, wh)) in lazy.wg.iter().zip(&lazy.wh).enumerate() {
        let block = v
            .checked_mul(n_r)
            .ok_or(size_error(usize::MAX, lazy.g.len()))?;
        let (g_lo, g_hi) = (
            part(&lazy.g, block, h)?,
            part(&lazy.g, block.saturating_add(h), h)?,
        );
        let (h_lo, h_hi) = (
            part(&lazy.h, block, h)?,
            part(&lazy.h, block.saturating_add(h), h)?,
        );
        let lg = y_inv_h * wg;
        let rg = y_h * wg;
        l.secret_scalars.extend(a_lo.iter().map(|x| lg * x));
        l.secret_points.extend_from_slice(g_hi);
        l.secret_scalars.extend(b_hi.iter().map(|x| wh * x));
        l.secret_points.extend_from_slice(h_lo);
        r.secret_scalars.extend(a_hi.iter().map(|x| rg * x));
        r.secret_points.extend_from_slice(g_lo);
        r.secret_scalars.extend(b_lo.iter().map(|x| wh * x));
        r.secret_points.extend_from_slice(h_hi);
    }
    Ok((l, r))
}

/// Whether to materialize the generators of `level` (rather than keep folding lazily), for a
/// proof of `rounds` rounds: at level [`SUBSET_ROUNDS`] (straight from the original
/// generators, four points per new point), then every second level. Measured (instruction
/// counts, n = 64 with m = 1 and m = 8): every second level costs 5 % less than every level —
/// a materialized point costs a full-length scalar multiplication (256 doublings) while keeping
/// one more level lazy only doubles the constant-time MSM of the next round.
fn materialize_level(level: usize, rounds: usize) -> bool {
    level >= SUBSET_ROUNDS && level & 1 == 0 && level < rounds
}

/// Runs the argument: `R = log₂ N` rounds, then the last message. `g`, `h` are the `N` vector
/// generators in party order; `format` supplies the bases, encoding and transcript.
pub(crate) fn prove<F: PlusFormat>(
    format: &mut F,
    g: &[F::Point],
    h: &[F::Point],
    y: &Scalar,
    witness: WipWitness,
    nonces: &mut Nonces<'_>,
) -> Result<WipOutput<F::Encoded>, Error> {
    let WipWitness {
        bits,
        mut a,
        mut b,
        rho,
        party_bits,
        kappa,
        mut alpha,
    } = witness;
    let n_total = a.len();
    let k = format.blinding_bases().len();
    if !n_total.is_power_of_two() || b.len() != n_total || g.len() < n_total || h.len() < n_total {
        return Err(size_error(n_total, g.len().min(h.len())));
    }
    let rounds = n_total.trailing_zeros() as usize;
    let mut lazy = Lazy {
        g: part(g, 0, n_total)?.to_vec(),
        h: part(h, 0, n_total)?.to_vec(),
        wg: alloc::vec![Scalar::ONE],
        wh: alloc::vec![Scalar::ONE],
        original: true,
    };
    // ρ⁽⁰⁾ = d∘y⃖ + c·1 with c = z − 1 = −κ − 1; D is geometric with ratio 2/y in a party.
    let q = Scalar::from(2u64) * y.invert();
    let block = party_bits.min(n_total / 4).max(1);
    let mut dec = Decomposition {
        alpha: alloc::vec![Scalar::ONE],
        kappa,
        gamma: alloc::vec![Scalar::ONE],
        rho0: rho,
        c: -kappa - Scalar::ONE,
        blocks: Blocks::new(part(h, 0, n_total)?, block, &q)?,
    };
    let mut l_vec = Vec::with_capacity(rounds);
    let mut r_vec = Vec::with_capacity(rounds);
    let mut n = n_total;
    for round in 0..rounds {
        let half = n / 2;
        let y_h = scalar_pow(y, half as u64);
        let y_inv_h = y_h.invert();
        let d_l = nonces.vector(D_L, Some(round), k)?;
        let d_r = nonces.vector(D_R, Some(round), k)?;
        // c_L = a_lo ⊙_y b_hi = Σ a_lo,i·y^{i+1}·b_hi,i;  c_R = (yʰ·a_hi) ⊙_y b_lo.
        // Independent (side by side with the `parallel` feature).
        let (c_l, c_r): (Zeroizing<Scalar>, Zeroizing<Scalar>) = par::join(
            || {
                Zeroizing::new(
                    a.iter()
                        .take(half)
                        .zip(powers(*y).skip(1))
                        .zip(b.iter().skip(half))
                        .map(|((a, y), b)| a * y * b)
                        .sum(),
                )
            },
            || {
                Zeroizing::new(
                    a.iter()
                        .skip(half)
                        .zip(powers(*y).skip(half.saturating_add(1)))
                        .zip(b.iter().take(half))
                        .map(|((a, y), b)| a * y * b)
                        .sum(),
                )
            },
        );
        let (l_terms, r_terms) = if lazy.original && round < SUBSET_ROUNDS {
            subset_round(&bits, &lazy, &dec, n, &y_h, &y_inv_h)?
        } else {
            msm_round(&a, &b, &lazy, n, &y_h, &y_inv_h)?
        };
        // L and R are independent (side by side with the `parallel` feature: the same
        // constant-time work on each thread, whatever the secrets).
        let (value_base, blinding_bases) = (format.value_base(), format.blinding_bases());
        let (l_point, r_point) = par::join(
            || l_terms.evaluate(value_base, blinding_bases, &c_l, &d_l),
            || r_terms.evaluate(value_base, blinding_bases, &c_r, &d_r),
        );
        let l = format.encode(&l_point?);
        let r = format.encode(&r_point?);
        let e = format.challenge_round(&l, &r)?;
        l_vec.push(l);
        r_vec.push(r);
        let e_inv = e.invert();
        let e_sq = e * e;
        let e_inv_sq = e_inv * e_inv;

        // Fold the witness: a' = e·a_lo + e⁻¹·yʰ·a_hi, b' = e⁻¹·b_lo + e·b_hi.
        let a_hi_factor = e_inv * y_h;
        // Independent (side by side with the `parallel` feature).
        let (a_next, b_next) = par::join(
            || -> Vec<Scalar> {
                a.iter()
                    .take(half)
                    .zip(a.iter().skip(half))
                    .map(|(lo, hi)| e * lo + a_hi_factor * hi)
                    .collect()
            },
            || -> Vec<Scalar> {
                b.iter()
                    .take(half)
                    .zip(b.iter().skip(half))
                    .map(|(lo, hi)| e_inv * lo + e * hi)
                    .collect()
            },
        );
        a = Zeroizing::new(a_next);
        b = Zeroizing::new(b_next);
        for ((alpha, dl), dr) in alpha.iter_mut().zip(d_l.iter()).zip(d_r.iter()) {
            *alpha += dl * e_sq + dr * e_inv_sq;
        }
        let next = round.saturating_add(1);
        if lazy.original && next < SUBSET_ROUNDS {
            dec.fold(&e, &e_inv, &y_h);
        }
        lazy.fold(&e, &e_inv, &y_inv_h);
        n = half;
        if materialize_level(next, rounds) {
            lazy.materialize(n)?;
        }
    }

    // Last message: A1 = r·G + s·H + (r·y·b + s·y·a)·B + Σ d_k·B̃_k, B = r·y·s·B + Σ η_k·B̃_k.
    let (g_fin, h_fin) = lazy.finish()?;
    let a0 = Zeroizing::new(*a.first().ok_or(size_error(1, 0))?);
    let b0 = Zeroizing::new(*b.first().ok_or(size_error(1, 0))?);
    let r_nonce = Zeroizing::new(nonces.random());
    let s_nonce = Zeroizing::new(nonces.random());
    let d = nonces.vector(D, None, k)?;
    let eta = nonces.vector(ETA, None, k)?;
    let ry = Zeroizing::new(*r_nonce * y);
    let a1 = F::Point::msm_constant_time(
        [*r_nonce, *s_nonce, *ry * *b0 + *s_nonce * y * *a0]
            .into_iter()
            .chain(d.iter().copied()),
        [&g_fin, &h_fin, format.value_base()]
            .into_iter()
            .chain(format.blinding_bases()),
    )
    .ok_or(size_error(k, format.blinding_bases().len()))?;
    let b_point = F::Point::msm_constant_time(
        core::iter::once(*ry * *s_nonce).chain(eta.iter().copied()),
        core::iter::once(format.value_base()).chain(format.blinding_bases()),
    )
    .ok_or(size_error(k, format.blinding_bases().len()))?;
    let a1 = format.encode(&a1);
    let b_point = format.encode(&b_point);
    let e = format.challenge_final(&a1, &b_point)?;
    let e_sq = e * e;
    let d1 = eta
        .iter()
        .zip(d.iter())
        .zip(alpha.iter())
        .map(|((eta, d), alpha)| eta + d * e + alpha * e_sq)
        .collect();
    Ok(WipOutput {
        l: l_vec,
        r: r_vec,
        a1,
        b: b_point,
        r1: *r_nonce + *a0 * e,
        s1: *s_nonce + *b0 * e,
        d1,
    })
}
