//! The inner-product prover.
//!
//! Timing: the vectors `a, b` proven here are `l(x), r(x)` of the range proof, which are
//! uniformly distributed and independent of the values (they are blinded by `s_L·x` and
//! `s_R·x`, whose commitment `S` hides them). Every scalar here is therefore either public
//! (challenges, generator factors) or uniformly blinded, and the multiscalar multiplications
//! are variable-time. This is the same argument the `bulletproofs` crate makes.

use super::InnerProductProof;
use crate::group::encoding::Point;
use crate::group::{msm, RistrettoPoint, Scalar};
use crate::transcript::TranscriptProtocol;
use crate::util::scalars::{inner_product, powers};
use alloc::vec::Vec;
use merlin::Transcript;
use zeroize::Zeroize;

/// Proves knowledge of `a, b` for `P = ⟨a, G⟩ + ⟨b, H'⟩ + ⟨a, b⟩·Q` with `H'ᵢ = y_inv^i·Hᵢ`.
///
/// `g`, `h`, `a`, `b` all have the same power-of-two length `N ≥ 1` (the caller guarantees it).
///
/// The generators are folded with one scalar multiplication per point instead of two: we keep
/// `Gᵢ = g_factor·Ĝᵢ` and `Hᵢ = h_factor·y_inv^i·Ĥᵢ`; folding with challenge `u` at half-length
/// `k` gives `Ĝ'ᵢ = Ĝᵢ + u²·Ĝ_{k+i}`, `g_factor' = g_factor·u⁻¹`, and
/// `Ĥ'ᵢ = Ĥᵢ + u⁻²·y_inv^k·Ĥ_{k+i}`, `h_factor' = h_factor·u` (notes: "Folding").
#[allow(clippy::too_many_arguments)]
pub(crate) fn prove(
    transcript: &mut Transcript,
    q: &RistrettoPoint,
    y_inv: &Scalar,
    mut g: Vec<RistrettoPoint>,
    mut h: Vec<RistrettoPoint>,
    mut a: Vec<Scalar>,
    mut b: Vec<Scalar>,
) -> InnerProductProof {
    let mut n = g.len();
    transcript.innerproduct_domain_sep(n as u64);

    let mut g_factor = Scalar::ONE;
    let mut h_factor = Scalar::ONE;
    let mut l_vec = Vec::new();
    let mut r_vec = Vec::new();
    // y_inv^i for i < n; only prefixes are used as n halves.
    let y_inv_pow: Vec<Scalar> = powers(*y_inv).take(n).collect();
    let mut y_inv_k = Scalar::ONE;

    while n > 1 {
        let k = n / 2;
        let (a_l, a_r) = a.split_at(k);
        let (b_l, b_r) = b.split_at(k);
        let (g_l, g_r) = g.split_at(k);
        let (h_l, h_r) = h.split_at(k);
        y_inv_k = y_inv_pow.get(k).copied().unwrap_or(y_inv_k);
        let c_l = inner_product(a_l, b_r);
        let c_r = inner_product(a_r, b_l);

        // Variable-time: a, b are uniformly blinded (module docs); the rest is public.
        let l = msm::vartime(
            a_l.iter()
                .map(|x| x * g_factor)
                .chain(b_r.iter().zip(&y_inv_pow).map(|(x, yi)| x * yi * h_factor))
                .chain(core::iter::once(c_l)),
            g_r.iter().chain(h_l.iter()).chain(core::iter::once(q)),
        );
        let r = msm::vartime(
            a_r.iter()
                .map(|x| x * g_factor)
                .chain(
                    b_l.iter()
                        .zip(&y_inv_pow)
                        .map(|(x, yi)| x * yi * y_inv_k * h_factor),
                )
                .chain(core::iter::once(c_r)),
            g_l.iter().chain(h_r.iter()).chain(core::iter::once(q)),
        );
        // Lengths match by construction (all halves have length k); the identity stands in
        // for the impossible mismatch and would make the proof fail, never pass.
        let l = Point::from_point(l.unwrap_or_default());
        let r = Point::from_point(r.unwrap_or_default());
        transcript.append_point(b"L", &l.compressed);
        transcript.append_point(b"R", &r.compressed);
        l_vec.push(l);
        r_vec.push(r);

        let u = transcript.challenge_scalar(b"u");
        // A challenge is zero with probability 2⁻²⁵²; invert() maps 0 to 0 and the proof then
        // simply fails to verify, which is the correct outcome for a broken transcript.
        let u_inv = u.invert();

        let a_new: Vec<Scalar> = a_l
            .iter()
            .zip(a_r)
            .map(|(l, r)| u * l + u_inv * r)
            .collect();
        let b_new: Vec<Scalar> = b_l
            .iter()
            .zip(b_r)
            .map(|(l, r)| u_inv * l + u * r)
            .collect();
        a.zeroize();
        b.zeroize();
        a = a_new;
        b = b_new;

        if k > 1 {
            let u_sq = u * u;
            let h_scale = u_inv * u_inv * y_inv_k;
            // Variable-time: challenges and generators are public.
            let g_new: Vec<RistrettoPoint> = g_l
                .iter()
                .zip(g_r)
                .map(|(gl, gr)| gl + msm::vartime_mul(&u_sq, gr))
                .collect();
            let h_new: Vec<RistrettoPoint> = h_l
                .iter()
                .zip(h_r)
                .map(|(hl, hr)| hl + msm::vartime_mul(&h_scale, hr))
                .collect();
            g = g_new;
            h = h_new;
        }
        g_factor *= u_inv;
        h_factor *= u;
        n = k;
    }

    let proof = InnerProductProof {
        l_vec,
        r_vec,
        a: a.first().copied().unwrap_or(Scalar::ZERO),
        b: b.first().copied().unwrap_or(Scalar::ZERO),
    };
    a.zeroize();
    b.zeroize();
    proof
}
