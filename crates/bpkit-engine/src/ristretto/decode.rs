//! Ristretto255 decoding (RFC 9496 §4.3.1), batched: the inverse square roots of [`LANES`]
//! encodings run as interleaved chains (see `field::pow`).
//!
//! Validity, exactly RFC 9496's: the 32 bytes are the canonical encoding of a field element s
//! (below p, bit 255 clear), s is non-negative (even), the ratio is a square, t = x·y is
//! non-negative and y ≠ 0.
#![allow(clippy::arithmetic_side_effects)]

use super::Point;
use crate::backend;
use crate::field::{decode_core, DecodeCore, Fe, SQRT_M1};
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

/// Decodes N encodings with their field arithmetic across lanes (eight lanes: on the active
/// backend; other lane counts: portable interleaved chains).
fn decode_lanes<const N: usize>(encodings: &[[u8; 32]; N]) -> [Option<Point>; N] {
    let mut ok = [false; N];
    let mut s = [Fe::ZERO; N];
    for ((ok, s), e) in ok.iter_mut().zip(s.iter_mut()).zip(encodings) {
        // Canonical and non-negative s; an invalid lane goes on with s = 0 and is dropped at the
        // end, so that the lanes stay in step.
        if let Some(x) = Fe::from_canonical_bytes(e) {
            if !x.is_negative() {
                *ok = true;
                *s = x;
            }
        }
    }
    let cores = core_dispatch(&s);
    let one = Fe::ONE.to_bytes();
    let minus_one = Fe::ONE.neg().to_bytes();
    let minus_i = SQRT_M1.neg().to_bytes();
    let mut out = [None; N];
    for (((o, ok), s), c) in out.iter_mut().zip(ok).zip(s).zip(cores) {
        if !ok {
            continue;
        }
        // SQRT_RATIO_M1(1, w): check = w·r² is 1 (square), −1 or −i (fix r by √−1), else i.
        let check = c.check.to_bytes();
        let correct = check == one;
        let flipped = check == minus_one;
        let flipped_i = check == minus_i;
        if !(correct || flipped) {
            continue;
        }
        let invsqrt = if flipped || flipped_i {
            c.r.mul(&SQRT_M1)
        } else {
            c.r
        }
        .abs();
        let den_x = invsqrt.mul(&c.u2);
        let den_y = invsqrt.mul(&den_x).mul(&c.v);
        let x = s.add(&s).mul(&den_x).abs();
        let y = c.u1.mul(&den_y);
        let p = Extended::from_affine(x, y);
        if p.t.is_negative() || y.is_zero() {
            continue;
        }
        *o = Some(Point(p));
    }
    out
}

/// The decoding core of the lanes: eight lanes go to the active backend (AVX2 when present),
/// other lane counts to the portable interleaved chains.
fn core_dispatch<const N: usize>(s: &[Fe; N]) -> [DecodeCore; N] {
    let Ok(eight) = <[Fe; 8]>::try_from(&s[..]) else {
        return decode_core(s);
    };
    let cores = backend::decode_core_x8(eight);
    let mut out = [DecodeCore::ZERO; N];
    for (o, c) in out.iter_mut().zip(cores) {
        *o = c;
    }
    out
}
