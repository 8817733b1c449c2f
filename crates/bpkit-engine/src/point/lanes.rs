//! The cached form of a point packed for the four-lane AVX2 formulas of Straus's method
//! (`backend::avx2::parallel`): plain data built by portable code, so that a precomputed table
//! (`msm::table`) can hold its rows in the form those formulas read.
#![forbid(unsafe_code)]

use super::AffineNiels;
use crate::field::Fe;

/// A cached point (Y − X, Y + X, 2d·T, 2Z) as 40 radix-2^25.5 limbs, limb i of lane k at
/// `4i + k` (each below 2^26.01): a table entry kept in memory (a precomputed table's rows),
/// read by the AVX2 backend's `CachedLanes::load` without conversion. 160 bytes aligned to 32.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(C, align(32))]
pub struct PackedCached {
    limbs: [u32; 40],
}

/// The packed cached form of an affine Niels point (y + x, y − x, 2d·x·y; Z = 1):
/// (y − x, y + x, 2d·x·y, 2). Portable code (tables are built once).
pub fn pack_cached(q: &AffineNiels) -> PackedCached {
    let two = Fe::ONE.add(&Fe::ONE);
    let mut limbs = [0u32; 40];
    for (lane, x) in [q.y_minus_x, q.y_plus_x, q.xy2d, two].iter().enumerate() {
        for (i, l) in x.reduce().limbs().iter().enumerate() {
            // A reduced radix-2⁵¹ limb is below 2⁵¹ + 2¹⁸: 26 low bits, and the rest below
            // 2²⁵ + 1.
            if let Some(lo) = limbs.get_mut(8 * i + lane) {
                *lo = (l & ((1 << 26) - 1)) as u32;
            }
            if let Some(hi) = limbs.get_mut(8 * i + 4 + lane) {
                *hi = (l >> 26) as u32;
            }
        }
    }
    PackedCached { limbs }
}

impl PackedCached {
    /// The limbs, limb i of lane k at `4i + k`.
    pub fn limbs(&self) -> &[u32; 40] {
        &self.limbs
    }
}
