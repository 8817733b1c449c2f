//! Signed radix-2ᶜ digits of 256-bit scalars, produced one window at a time from the lowest.
//!
//! A scalar s = Σ dⱼ·2ᶜʲ with every digit in [−2ᶜ⁻¹ + 1, 2ᶜ⁻¹]: window j reads c bits, adds the
//! carry from window j − 1, and when the result r exceeds 2ᶜ⁻¹ it emits r − 2ᶜ and carries 1.
//! With `windows(bits, c)` windows (c · windows ≥ bits + 1) the top window never carries out:
//! its raw value is at most 2^(bits − (w−1)c) ≤ 2ᶜ⁻¹.
//! All quantities are below 2¹⁷, so the arithmetic here cannot overflow.
#![allow(clippy::arithmetic_side_effects)]

/// Number of windows of width `c` for scalars below 2^bits (c ≥ 1).
pub fn windows(bits: u32, c: u32) -> u32 {
    (bits + 1).div_ceil(c)
}

/// Number of significant bits of the largest scalar (0 when all are zero).
pub fn max_bits(scalars: &[[u64; 4]]) -> u32 {
    let mut or = [0u64; 4];
    for s in scalars {
        for (o, l) in or.iter_mut().zip(s) {
            *o |= l;
        }
    }
    let mut bits = 0;
    for (i, l) in or.iter().enumerate() {
        if *l != 0 {
            bits = 64 * i as u32 + (64 - l.leading_zeros());
        }
    }
    bits
}

/// The scalar's 256 bits as four little-endian words.
pub fn to_words(bytes: &[u8; 32]) -> [u64; 4] {
    let mut w = [0u64; 4];
    for (wi, chunk) in w.iter_mut().zip(bytes.chunks_exact(8)) {
        let mut b = [0u8; 8];
        b.copy_from_slice(chunk);
        *wi = u64::from_le_bytes(b);
    }
    w
}

/// Bits `offset … offset + c − 1` of `s` (zero beyond bit 255), c ≤ 32.
#[inline(always)]
fn bits_at(s: &[u64; 4], offset: u32, c: u32) -> u64 {
    let word = (offset / 64) as usize;
    let shift = offset % 64;
    let lo = s.get(word).copied().unwrap_or(0) >> shift;
    let hi = if shift + c > 64 && shift != 0 {
        s.get(word + 1).copied().unwrap_or(0) << (64 - shift)
    } else {
        0
    };
    (lo | hi) & ((1u64 << c) - 1)
}

/// The signed digit of window `j` (width c ≤ 16), given and updating the carry from window j − 1.
#[inline(always)]
pub fn digit(s: &[u64; 4], j: u32, c: u32, carry: &mut u8) -> i32 {
    let raw = bits_at(s, j * c, c) as i32 + i32::from(*carry);
    let half = 1i32 << (c - 1);
    if raw > half {
        *carry = 1;
        raw - (1i32 << c)
    } else {
        *carry = 0;
        raw
    }
}
