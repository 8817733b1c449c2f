//! Ristretto255 decoding (RFC 9496 §4.3.1), batched: the inverse square roots of [`LANES`]
//! encodings run as interleaved chains (see `field::pow`).
//!
//! Validity, exactly RFC 9496's: the 32 bytes are the canonical encoding of a field element s
//! (below p, bit 255 clear), s is non-negative (even), the ratio is a square, t = x·y is
//! non-negative and y ≠ 0.
#![allow(clippy::arithmetic_side_effects)]

use super::Point;
use crate::backend;
use crate::field::{pow::pow_p58_lanes, sqrt_ratio_finish, Fe, EDWARDS_D};
use crate::point::Extended;
use alloc::vec::Vec;

/// Number of decodings interleaved in one batch step (two four-lane chains).
pub const LANES: usize = 8;

/// The encoding at `index` of a batch is not a valid Ristretto255 encoding.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct InvalidEncoding {
    /// Position of the first invalid encoding in the batch.
    pub index: usize,
}

impl core::fmt::Display for InvalidEncoding {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "invalid Ristretto255 encoding at index {}", self.index)
    }
}

/// Decodes one encoding; `None` if invalid.
pub fn decode(bytes: &[u8; 32]) -> Option<Point> {
    let [p] = decode_lanes(&[*bytes]);
    p
}

/// Decodes every encoding; each entry is `None` where that encoding is invalid.
pub fn decode_batch(encodings: &[[u8; 32]]) -> Vec<Option<Point>> {
    let mut out = Vec::with_capacity(encodings.len());
    let mut chunks = encodings.chunks_exact(LANES);
    for chunk in chunks.by_ref() {
        let mut lanes = [[0u8; 32]; LANES];
        lanes.copy_from_slice(chunk);
        out.extend(decode_lanes(&lanes));
    }
    let rest = chunks.remainder();
    if !rest.is_empty() {
        // Pad with the identity's encoding (all zeros, valid) and drop the padding's results.
        let mut lanes = [[0u8; 32]; LANES];
        for (lane, e) in lanes.iter_mut().zip(rest) {
            *lane = *e;
        }
        out.extend(decode_lanes(&lanes).into_iter().take(rest.len()));
    }
    out
}

/// Decodes every encoding, or reports the first invalid one.
pub fn decode_batch_all(encodings: &[[u8; 32]]) -> Result<Vec<Point>, InvalidEncoding> {
    decode_batch(encodings)
        .into_iter()
        .enumerate()
        .map(|(index, p)| p.ok_or(InvalidEncoding { index }))
        .collect()
}

/// Per-lane state between the head of the decoding and its inverse square root.
#[derive(Clone, Copy)]
struct Head {
    ok: bool,
    s: Fe,
    u1: Fe,
    u2: Fe,
    v: Fe,
    w: Fe,
    w3: Fe,
}

/// Decodes N encodings with their exponentiations interleaved.
fn decode_lanes<const N: usize>(encodings: &[[u8; 32]; N]) -> [Option<Point>; N] {
    let mut heads = [Head {
        ok: false,
        s: Fe::ZERO,
        u1: Fe::ZERO,
        u2: Fe::ZERO,
        v: Fe::ZERO,
        w: Fe::ZERO,
        w3: Fe::ZERO,
    }; N];
    let mut w7 = [Fe::ZERO; N];
    for ((h, e), w7) in heads.iter_mut().zip(encodings).zip(w7.iter_mut()) {
        // Canonical and non-negative s; an invalid lane goes on with s = 0 and is dropped at the
        // end, so that the lanes stay in step.
        let (ok, s) = match Fe::from_canonical_bytes(e) {
            Some(s) if !s.is_negative() => (true, s),
            _ => (false, Fe::ZERO),
        };
        let ss = s.square();
        let u1 = Fe::ONE.sub(&ss);
        let u2 = Fe::ONE.add(&ss);
        let u2_sqr = u2.square();
        let v = EDWARDS_D.mul(&u1.square()).neg().sub(&u2_sqr);
        // SQRT_RATIO_M1(1, w) with w = v·u2²: r = w³·(w⁷)^((p−5)/8).
        let w = v.mul(&u2_sqr);
        let w3 = w.square().mul(&w);
        *w7 = w3.square().mul(&w);
        *h = Head {
            ok,
            s,
            u1,
            u2,
            v,
            w,
            w3,
        };
    }
    let pows = pow_p58_dispatch(w7);
    let mut out = [None; N];
    for ((o, h), pw) in out.iter_mut().zip(heads).zip(pows) {
        if !h.ok {
            continue;
        }
        let (was_square, invsqrt) = sqrt_ratio_finish(&Fe::ONE, &h.w, h.w3.mul(&pw));
        if !was_square {
            continue;
        }
        let den_x = invsqrt.mul(&h.u2);
        let den_y = invsqrt.mul(&den_x).mul(&h.v);
        let x = h.s.add(&h.s).mul(&den_x).abs();
        let y = h.u1.mul(&den_y);
        let p = Extended::from_affine(x, y);
        if p.t.is_negative() || y.is_zero() {
            continue;
        }
        *o = Some(Point(p));
    }
    out
}

/// `x^((p−5)/8)` lane by lane: eight lanes go to the active backend (AVX2 when present), other
/// lane counts to the portable interleaved chains.
fn pow_p58_dispatch<const N: usize>(x: [Fe; N]) -> [Fe; N] {
    let Ok(eight) = <[Fe; 8]>::try_from(&x[..]) else {
        return pow_p58_lanes(x);
    };
    let heads = backend::pow22501_x8(eight);
    let mut out = [Fe::ZERO; N];
    for ((o, (t, _)), a) in out.iter_mut().zip(heads).zip(x) {
        *o = t.pow2k(2).mul(&a);
    }
    out
}
