//! One party's algebra (Bulletproofs §4.1 and §4.3), independent of group and wire format.
//!
//! The dealer/party protocol of this crate (Ristretto255, dalek's format) and Monero's
//! Bulletproofs prover (Ed25519, `bpkit::monero::OriginalProof::prove`) run these functions; what
//! differs between them (the group, the bases, the encoding of published points, the transcript)
//! stays with the caller.
//!
//! For party `j` of `m'` with an `n`-bit value `v`, bits `a_L`, `a_R = a_L − 1`, nonces `α, ρ,
//! s_L, s_R, τ₁, τ₂`, and generators `G, H` (its `n`-slice) with blinding base `B̃`:
//!
//! ```text
//! A_j = α·B̃ + ⟨a_L, G⟩ + ⟨a_R, H⟩          S_j = ρ·B̃ + ⟨s_L, G⟩ + ⟨s_R, H⟩
//! l(X) = (a_L − z·1) + s_L·X
//! r(X) = y^{jn+i} ∘ (a_R + z·1 + s_R·X) + z^{2+j}·2ⁱ
//! t(X) = ⟨l(X), r(X)⟩ = t₀ + t₁·X + t₂·X²
//! share at x: t(x), τₓ = z^{2+j}·γ + τ₁·x + τ₂·x², μ = α + ρ·x, l(x), r(x)
//! ```
//!
//! Timing: constant-time in the value, the blinding and the nonces: bits are extracted with
//! shifts and masks, `A_j` is built with constant-time selection, `S_j` with a constant-time
//! multiplication, and the polynomial arithmetic has no secret-dependent branch.

use super::messages::ProofShare;
use crate::group::{ProverGroup, Scalar};
use crate::util::poly::{Poly2, VecPoly1};
use crate::util::scalars::{powers, scalar_pow};
use alloc::vec::Vec;
use subtle::Choice;
use zeroize::{Zeroize, ZeroizeOnDrop};

/// A party's nonces, in the order they are drawn.
#[derive(Zeroize, ZeroizeOnDrop)]
pub(crate) struct PartyNonces {
    /// `α`, blinding `A_j`.
    pub a_blinding: Scalar,
    /// `ρ`, blinding `S_j`.
    pub s_blinding: Scalar,
    /// `s_L`.
    pub s_l: Vec<Scalar>,
    /// `s_R`.
    pub s_r: Vec<Scalar>,
    /// `τ₁`.
    pub t_1_blinding: Scalar,
    /// `τ₂`.
    pub t_2_blinding: Scalar,
}

/// Draws a uniform scalar from Merlin's transcript RNG.
fn random_scalar(rng: &mut merlin::TranscriptRng) -> Scalar {
    use rand_core_06::RngCore;
    let mut wide = [0u8; 64];
    rng.fill_bytes(&mut wide);
    let s = Scalar::from_bytes_mod_order_wide(&wide);
    wide.zeroize();
    s
}

impl PartyNonces {
    /// No nonces (what a consumed state keeps once its nonces moved on).
    pub(crate) fn empty() -> Self {
        PartyNonces {
            a_blinding: Scalar::ZERO,
            s_blinding: Scalar::ZERO,
            s_l: Vec::new(),
            s_r: Vec::new(),
            t_1_blinding: Scalar::ZERO,
            t_2_blinding: Scalar::ZERO,
        }
    }

    /// Draws `α, ρ, s_L, s_R, τ₁, τ₂` (in that order) for an `n`-bit value from `rng`, a Merlin
    /// RNG the caller keyed with the statement, the witness and fresh randomness.
    pub(crate) fn draw(rng: &mut merlin::TranscriptRng, n: usize) -> Self {
        let a_blinding = random_scalar(rng);
        let s_blinding = random_scalar(rng);
        let s_l = (0..n).map(|_| random_scalar(rng)).collect();
        let s_r = (0..n).map(|_| random_scalar(rng)).collect();
        let t_1_blinding = random_scalar(rng);
        let t_2_blinding = random_scalar(rng);
        PartyNonces {
            a_blinding,
            s_blinding,
            s_l,
            s_r,
            t_1_blinding,
            t_2_blinding,
        }
    }
}

/// The low `n` bits of `v`, least significant first, as 0/1 bytes (shifts and masks only).
pub(crate) fn bits(v: u64, n: usize) -> Vec<u8> {
    (0..n.min(64)).map(|i| ((v >> i) & 1) as u8).collect()
}

// Group additions on a generic `ProverGroup`: they never overflow.
#[allow(clippy::arithmetic_side_effects)]
/// `A_j = alpha_term + Σ (bitᵢ ? Gᵢ : −Hᵢ)` (since `a_L` = bits and `a_R = a_L − 1`), with
/// `alpha_term = α·B̃`; constant-time selection.
pub(crate) fn commit_bits<P: ProverGroup>(alpha_term: P, bits: &[u8], g: &[P], h: &[P]) -> P {
    let mut a_j = alpha_term;
    for ((bit, gi), hi) in bits.iter().zip(g).zip(h) {
        a_j += P::conditional_select(&-*hi, gi, Choice::from(*bit));
    }
    a_j
}

// Group additions on a generic `ProverGroup`: they never overflow.
#[allow(clippy::arithmetic_side_effects)]
/// `S_j = rho_term + ⟨s_L, G⟩ + ⟨s_R, H⟩`, with `rho_term = ρ·B̃`: the nonces are secret, so a
/// constant-time multiplication. `None` if the lengths differ.
pub(crate) fn commit_nonces<P: ProverGroup>(
    rho_term: P,
    nonces: &PartyNonces,
    g: &[P],
    h: &[P],
) -> Option<P> {
    if nonces.s_l.len() != g.len() || nonces.s_r.len() != h.len() {
        return None;
    }
    let sum = P::msm_constant_time(
        nonces.s_l.iter().chain(&nonces.s_r).copied(),
        g.iter().chain(h),
    )?;
    Some(rho_term + sum)
}

/// `l(X)`, `r(X)`, `t(X)` of one party, and its `z^{2+j}`.
#[derive(Zeroize, ZeroizeOnDrop)]
pub(crate) struct PartyPolys {
    /// `z^{2+j}`.
    pub zz_j: Scalar,
    /// `l(X)`.
    pub l_poly: VecPoly1,
    /// `r(X)`.
    pub r_poly: VecPoly1,
    /// `t(X)`.
    pub t_poly: Poly2,
}

// Scalar arithmetic is modular: it never overflows.
#[allow(clippy::arithmetic_side_effects)]
/// Builds `l(X)`, `r(X)` and `t(X)` for party `j` of `n` bits under the challenges `y, z`.
pub(crate) fn polys(
    bits: &[u8],
    nonces: &PartyNonces,
    y: &Scalar,
    z: &Scalar,
    j: usize,
    n: usize,
) -> PartyPolys {
    let jn = (j as u64).saturating_mul(n as u64);
    let offset_y = scalar_pow(y, jn);
    let zz_j = z * z * scalar_pow(z, j as u64);

    let mut l_poly = VecPoly1::default();
    let mut r_poly = VecPoly1::default();
    l_poly.a.reserve(n);
    r_poly.a.reserve(n);
    let two = Scalar::from(2u64);
    let mut exp_2 = Scalar::ONE;
    for (((bit, sl), sr), y_i) in bits
        .iter()
        .zip(&nonces.s_l)
        .zip(&nonces.s_r)
        .zip(powers(*y).map(|p| p * offset_y))
    {
        let a_l = Scalar::from(u64::from(*bit));
        let a_r = a_l - Scalar::ONE;
        l_poly.a.push(a_l - z);
        l_poly.b.push(*sl);
        r_poly.a.push(y_i * (a_r + z) + zz_j * exp_2);
        r_poly.b.push(y_i * sr);
        exp_2 *= two;
    }
    let t_poly = l_poly.inner_product(&r_poly);
    PartyPolys {
        zz_j,
        l_poly,
        r_poly,
        t_poly,
    }
}

// Scalar arithmetic is modular: it never overflows.
#[allow(clippy::arithmetic_side_effects)]
/// The party's share at `x`: `t(x)`, `τₓ`, `μ`, `l(x)`, `r(x)`; `v_blinding` is `γ`.
pub(crate) fn share(
    polys: &PartyPolys,
    nonces: &PartyNonces,
    v_blinding: &Scalar,
    x: &Scalar,
) -> ProofShare {
    let t_blinding = Poly2(
        polys.zz_j * v_blinding,
        nonces.t_1_blinding,
        nonces.t_2_blinding,
    );
    ProofShare {
        t_x: polys.t_poly.eval(x),
        t_x_blinding: t_blinding.eval(x),
        e_blinding: nonces.a_blinding + nonces.s_blinding * x,
        l_vec: polys.l_poly.eval(x),
        r_vec: polys.r_poly.eval(x),
    }
}
