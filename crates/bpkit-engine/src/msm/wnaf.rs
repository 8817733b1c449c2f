//! Width-w non-adjacent forms (wNAF) of 256-bit scalars, the digits of Straus's method.
//!
//! s = Σᵢ dᵢ·2ⁱ with every dᵢ zero or odd, |dᵢ| < 2ʷ⁻¹, and at most one non-zero digit in any w
//! consecutive positions (about 256/(w + 1) non-zero digits). Scanning from the lowest bit: at an
//! odd window value v (w bits plus the carry) emit v, or v − 2ʷ with a carry when v ≥ 2ʷ⁻¹, and
//! skip w positions. For s < 2²⁵⁶ the digits fit positions 0 … 256 ([`DIGITS`]): a window that
//! starts at p ≥ 257 − w reads at most 256 − p bits plus the carry, so v ≤ 2²⁵⁶⁻ᵖ ≤ 2ʷ⁻¹, and an
//! odd v then stays below 2ʷ⁻¹ (w ≥ 2): no carry leaves the top.
//! All quantities are below 2¹⁷, so the arithmetic here cannot overflow.
#![allow(clippy::arithmetic_side_effects)]

/// Number of digit positions (0 … 256).
pub const DIGITS: usize = 257;

/// Smallest and largest widths accepted.
pub const MIN_WIDTH: u32 = 2;
/// Largest width (tables of 2ʷ⁻² points; digits fit an `i16`).
pub const MAX_WIDTH: u32 = 12;

/// The width-`w` NAF of `s` (four little-endian words), 2 ≤ w ≤ 12 (clamped), as digits per
/// position.
pub fn wnaf(s: &[u64; 4], w: u32) -> [i16; DIGITS] {
    let mut naf = [0i16; DIGITS];
    wnaf_digits(s, w, |pos, d| {
        if let Some(slot) = naf.get_mut(pos) {
            *slot = d;
        }
    });
    naf
}

/// The non-zero digits of the width-`w` NAF of `s` (2 ≤ w ≤ 12, clamped), lowest position first,
/// as calls `emit(position, digit)` with position ≤ 256.
#[inline(always)]
pub fn wnaf_digits(s: &[u64; 4], w: u32, mut emit: impl FnMut(usize, i16)) {
    let w = w.clamp(MIN_WIDTH, MAX_WIDTH);
    let width = 1u64 << w;
    let mask = width - 1;
    let word = |i: usize| s.get(i).copied().unwrap_or(0);
    let mut pos = 0usize;
    let mut carry = 0u64;
    while pos < DIGITS {
        let (i, bit) = (pos / 64, pos % 64);
        let bits = if bit == 0 {
            word(i)
        } else {
            (word(i) >> bit) | (word(i + 1) << (64 - bit))
        } & mask;
        let v = bits + carry;
        if v & 1 == 0 {
            pos += 1;
            continue;
        }
        let d = if v < width / 2 {
            carry = 0;
            v as i64
        } else {
            carry = 1;
            v as i64 - width as i64
        };
        emit(pos, d as i16);
        pos += w as usize;
    }
}

/// The highest position holding a non-zero digit, if any.
pub fn top(naf: &[i16; DIGITS]) -> Option<usize> {
    naf.iter().rposition(|&d| d != 0)
}
