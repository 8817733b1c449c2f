//! The field arithmetic of Ristretto255 decoding (RFC 9496 §4.3.1) between parsing s and the
//! final checks, over N lanes: the portable reference of the SIMD versions in `backend`.
//!
//! For each lane s: u₁ = 1 − s², u₂ = 1 + s², v = −d·u₁² − u₂², and SQRT_RATIO_M1(1, w) with
//! w = v·u₂²: the candidate r = w³·(w⁷)^((p−5)/8) and the check value w·r² (1, −1 or ±i tells
//! whether w is a square). The checks on these values stay with the caller.
#![allow(clippy::arithmetic_side_effects)]

use super::{pow::pow22501, Fe, EDWARDS_D};

/// The values of one lane that decoding needs after the inverse square root.
#[derive(Clone, Copy, Debug)]
pub struct DecodeCore {
    /// u₁ = 1 − s².
    pub u1: Fe,
    /// u₂ = 1 + s².
    pub u2: Fe,
    /// v = −d·u₁² − u₂².
    pub v: Fe,
    /// r = w³·(w⁷)^((p−5)/8) with w = v·u₂².
    pub r: Fe,
    /// w·r².
    pub check: Fe,
}

impl DecodeCore {
    /// All zero (a placeholder).
    pub const ZERO: DecodeCore = DecodeCore {
        u1: Fe::ZERO,
        u2: Fe::ZERO,
        v: Fe::ZERO,
        r: Fe::ZERO,
        check: Fe::ZERO,
    };
}

/// The decoding core of N lanes, their exponentiations interleaved (portable code).
pub fn decode_core<const N: usize>(s: &[Fe; N]) -> [DecodeCore; N] {
    let mut out = [DecodeCore::ZERO; N];
    let mut w = [Fe::ZERO; N];
    let mut w3 = [Fe::ZERO; N];
    let mut w7 = [Fe::ZERO; N];
    for ((((o, s), w), w3), w7) in out
        .iter_mut()
        .zip(s)
        .zip(w.iter_mut())
        .zip(w3.iter_mut())
        .zip(w7.iter_mut())
    {
        let ss = s.square();
        let u1 = Fe::ONE.sub(&ss);
        let u2 = Fe::ONE.add(&ss);
        let u2_sqr = u2.square();
        let v = EDWARDS_D.mul(&u1.square()).neg().sub(&u2_sqr);
        *w = v.mul(&u2_sqr);
        *w3 = w.square().mul(w);
        *w7 = w3.square().mul(w);
        o.u1 = u1;
        o.u2 = u2;
        o.v = v;
    }
    let heads = pow22501(w7);
    for ((((o, (t, _)), w), w3), w7) in out.iter_mut().zip(heads).zip(w).zip(w3).zip(w7) {
        let r = w3.mul(&t.pow2k(2).mul(&w7));
        o.check = w.mul(&r.square());
        o.r = r;
    }
    out
}
