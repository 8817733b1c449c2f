//! Radix conversions between the portable radix-2⁵¹ limbs and the eight-lane radix-2⁵² limbs
//! (plain Rust, shared by both instantiations of the algorithms: not a modelled instruction).
#![forbid(unsafe_code)]
#![allow(clippy::arithmetic_side_effects, clippy::indexing_slicing)]
// Indexing: `PackedNiels` limbs by the bucket pass's constant offsets below 16.
// Arithmetic: u128 shifts by at most 103 bits of values below 2¹²⁸ (see `reradix`), and
// counters below 300.

use crate::field::Fe;

/// Re-cuts a value given as five limbs of weight 2^(w_in·i) into five limbs of weight
/// 2^(w_out·i): the first four keep w_out bits, the last takes the rest. Limbs may exceed w_in
/// bits by a few (they carry into the next ones); the accumulator never holds more than
/// w_out + w_in + 2 < 128 bits.
fn reradix(x: [u64; 5], w_in: u32, w_out: u32) -> [u64; 5] {
    let mask = (1u128 << w_out) - 1;
    let mut out = [0u64; 5];
    let mut acc: u128 = 0;
    let mut have = 0u32;
    let mut o = 0usize;
    for l in x {
        acc += u128::from(l) << have;
        have += w_in;
        while have >= w_out && o < 4 {
            if let Some(slot) = out.get_mut(o) {
                *slot = (acc & mask) as u64;
            }
            acc >>= w_out;
            have -= w_out;
            o += 1;
        }
    }
    if let Some(last) = out.get_mut(4) {
        *last = acc as u64;
    }
    out
}

/// The five radix-2⁵² limbs of `x` (weakly reduced first, so its value is below 2²⁵⁶): limbs 0–3
/// below 2⁵², limb 4 below 2⁴⁸ — the *normalized* form every eight-lane element keeps.
pub fn fe_to_limbs52(x: &Fe) -> [u64; 5] {
    // A weakly reduced element has limbs below 2⁵¹ + 2¹⁸, so a value below 2²⁵⁶.
    reradix(x.reduce().limbs(), 51, 52)
}

/// The portable element with these radix-2⁵² limbs (any normalized limbs: value below 2²⁵⁶,
/// so the top radix-2⁵¹ limb is below 2⁵²), weakly reduced.
pub fn limbs52_to_fe(l: [u64; 5]) -> Fe {
    Fe::from_limbs(reradix(l, 52, 51))
}

/// An affine Niels point (y + x, y − x, 2d·x·y) as 15 normalized radix-2⁵² limbs (five per
/// coordinate, in that order, then one of padding): the packed form the eight-lane bucket pass
/// gathers into lanes (both instantiations). 128 bytes aligned to 64: exactly two cache lines.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(C, align(64))]
pub struct PackedNiels {
    pub(crate) limbs: [u64; 16],
}

impl core::ops::Index<usize> for PackedNiels {
    type Output = u64;
    fn index(&self, i: usize) -> &u64 {
        &self.limbs[i]
    }
}

/// The packed form of an affine Niels point.
pub fn pack_niels(p: &crate::point::AffineNiels) -> PackedNiels {
    let mut out = [0u64; 16];
    let coords = [p.y_plus_x, p.y_minus_x, p.xy2d];
    for (c, chunk) in coords.iter().zip(out.chunks_exact_mut(5)) {
        chunk.copy_from_slice(&fe_to_limbs52(c));
    }
    PackedNiels { limbs: out }
}

/// The affine Niels point of the IFMA bucket pass's packed form, the inverse of
/// [`pack_niels`] up to limb radix.
#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
pub fn unpack_niels(p: &PackedNiels) -> crate::point::AffineNiels {
    let fe = |k: usize| -> Fe {
        let mut l = [0u64; 5];
        for (i, li) in l.iter_mut().enumerate() {
            *li = p.limbs.get(5 * k + i).copied().unwrap_or(0);
        }
        limbs52_to_fe(l)
    };
    crate::point::AffineNiels::from_coordinates_unchecked(fe(0), fe(1), fe(2))
}
