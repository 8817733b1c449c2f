//! Pippenger's method for fixed points with precomputed shifts: the windows folded into one.
//!
//! Pippenger's method splits each scalar into w signed digits of c bits, s = Σⱼ dⱼ·2ᶜʲ, and pays
//! per window a bucket sum (2ᶜ general additions) and c doublings. For points known in advance
//! (a verifier's generators) the shifts can be stored instead: with Pᵢⱼ = 2ᶜʲ·Pᵢ,
//!
//! ```text
//! Σᵢ sᵢ·Pᵢ = Σᵢ Σⱼ dᵢⱼ·2ᶜʲ·Pᵢ = Σᵢⱼ dᵢⱼ·Pᵢⱼ,
//! ```
//!
//! one window of n·w points with small digits: every (i, j) with dᵢⱼ ≠ 0 is added into bucket
//! |dᵢⱼ| once, then one running sum and no doubling. Cost ≈ n·w mixed additions + 2ᶜ general
//! ones (against w·(n + 2ᶜ) + 256 doublings without the shifts), for n·w stored points.
//!
//! The digits are those of `digits::digit` (signed, in [−2ᶜ⁻¹ + 1, 2ᶜ⁻¹], carries upward) over
//! `windows(256, c)` windows, so every 256-bit scalar is covered with no carry out of the top.
//! Entry (i, j) of a table lives at index i·w + j.

use super::digits;
use crate::point::Extended;
use alloc::vec::Vec;

/// Smallest window width of a shifted table.
pub const MIN_WIDTH: u32 = 4;
/// Largest window width of a shifted table (2¹⁵ buckets).
pub const MAX_WIDTH: u32 = 16;

/// Shifts per point at width `c`: the windows that cover any 256-bit scalar.
pub fn shifts(c: u32) -> u32 {
    digits::windows(256, c.max(1))
}

/// The width minimising the estimated cost for `n` points (in field multiplications: 7 per
/// mixed addition, n·w of them; 9 per general addition of the running sum, 2ᶜ of them).
pub fn choose(n: usize) -> u32 {
    let n = n as u128;
    let mut best = (u128::MAX, MIN_WIDTH);
    for c in MIN_WIDTH..=MAX_WIDTH {
        let cost = n
            .saturating_mul(7)
            .saturating_mul(u128::from(shifts(c)))
            .saturating_add(9u128.saturating_mul(1u128 << c));
        if cost < best.0 {
            best = (cost, c);
        }
    }
    best.1
}

/// The shifts 2ᶜʲ·P for j < `shifts(c)` of every point, point by point (index i·w + j).
pub fn shift_points(points: &[Extended], c: u32) -> Vec<Extended> {
    let w = shifts(c);
    let mut out = Vec::with_capacity(points.len().saturating_mul(w as usize));
    for p in points {
        let mut q = *p;
        for j in 0..w {
            out.push(q);
            if j.saturating_add(1) < w {
                q = q.mul_by_pow2(c);
            }
        }
    }
    out
}

/// The digits dᵢⱼ of every scalar, scalar by scalar (index i·w + j, as the table's entries).
pub fn table_digits(scalars: &[[u64; 4]], c: u32) -> Vec<i32> {
    let w = shifts(c);
    let mut out = Vec::with_capacity(scalars.len().saturating_mul(w as usize));
    for s in scalars {
        let mut carry = 0u8;
        for j in 0..w {
            out.push(digits::digit(s, j, c, &mut carry));
        }
    }
    out
}
