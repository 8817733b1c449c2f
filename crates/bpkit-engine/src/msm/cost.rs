//! The choice between Straus and Pippenger, by estimated cost in field multiplications (M;
//! a squaring counted as one), with the constants checked against measurements on this machine
//! (`BPKIT_ENGINE_CROSSOVER=1 cargo bench -p bpkit-engine --bench engine`, see bench/RESULTS.md).
//!
//! - Straus: one doubling (4 squarings and 3 M back to projective) per digit position, shared;
//!   per dynamic point a table (about 80 M) and (bits + 1)/(w + 1) general additions of 8 M;
//!   per fixed point (bits + 1)/(w + 1) mixed additions of 7 M.
//! - Pippenger: `w(c)·(7n + 9·2ᶜ)` for the best c (see [`super::window`]) plus the doublings of
//!   Horner's rule (7 M per bit).
//!
//! [`STRAUS_SCALE`] (in hundredths) corrects the Straus estimate for what the count misses (its
//! per-position loop over the points, the tables' memory traffic); it was fitted so that the
//! estimated crossover of the two methods matches the measured one: on the AVX2 Zen3 (BMI2
//! build) Straus/Pippenger measured 0.95 at 128 points and 1.03 at 192, and with the scale
//! 1.05 the model switches to Pippenger above 181 points (253-bit scalars).
#![allow(clippy::arithmetic_side_effects)]

use super::digits::windows;
use super::straus::DYNAMIC_WIDTH;
use super::window::{MAX_WINDOW, MIN_WINDOW};

/// Correction of the Straus estimate, in hundredths (measured; see the module docs): Straus on
/// the portable additions, or on the four-lane formulas against IFMA buckets (AMD Zen 4, IFMA
/// build: Straus/Pippenger 0.73 at 128 points, 1.03 at 192, 1.37 at 256; the model switches
/// above 181).
pub const STRAUS_SCALE: u128 = 105;

/// The correction where Straus runs on the four-lane AVX2 formulas and Pippenger on the
/// four-lane AVX2 bucket pass (an AVX2 machine without IFMA): Straus/Pippenger measured 0.62 at
/// 192 points, 0.87 at 384, 0.94 at 512 (Zen 4, AVX2 build, 2026-11-27); with 80 the model
/// switches to Pippenger above 582 points (253-bit scalars).
pub const LANE_STRAUS_SCALE: u128 = 80;

/// Estimated cost of Pippenger's method for `n` points and `bits`-bit scalars.
pub fn pippenger(n: usize, bits: u32) -> u128 {
    if n == 0 || bits == 0 {
        return 0;
    }
    let n = n as u128;
    let mut best = u128::MAX;
    for c in MIN_WINDOW..=MAX_WINDOW {
        let per_window = n * 7 + 9 * (1u128 << c);
        best = best.min(per_window * u128::from(windows(bits, c)));
    }
    best + 7 * u128::from(bits)
}

/// Estimated cost of Straus's method for `n` dynamic points and `fixed` points from a table of
/// width `width`, over `bits`-bit scalars (with [`STRAUS_SCALE`]).
pub fn straus(n: usize, fixed: usize, width: u32, bits: u32) -> u128 {
    straus_scaled(n, fixed, width, bits, STRAUS_SCALE)
}

/// [`straus`] with the correction `scale` (hundredths) of the backend that will run it.
pub fn straus_scaled(n: usize, fixed: usize, width: u32, bits: u32, scale: u128) -> u128 {
    if n == 0 && fixed == 0 {
        return 0;
    }
    let positions = u128::from(bits) + 1;
    let dyn_adds = positions / (u128::from(DYNAMIC_WIDTH) + 1);
    let fixed_adds = positions / (u128::from(width) + 1);
    let raw = positions * 7 + n as u128 * (80 + 8 * dyn_adds) + fixed as u128 * 7 * fixed_adds;
    raw * scale / 100
}

/// True when Straus is estimated cheaper than Pippenger for `n` dynamic points (no fixed ones),
/// with [`STRAUS_SCALE`].
pub fn prefer_straus(n: usize, bits: u32) -> bool {
    prefer_straus_scaled(n, bits, STRAUS_SCALE)
}

/// [`prefer_straus`] with the correction `scale` of the backend that will run it.
pub fn prefer_straus_scaled(n: usize, bits: u32, scale: u128) -> bool {
    straus_scaled(n, 0, DYNAMIC_WIDTH, bits, scale) <= pippenger(n, bits)
}

/// For a mixed multiplication (`fixed` table points of width `width`, `n` dynamic points): true
/// when the dynamic points should join the fixed ones in one Straus pass, false when they are
/// cheaper in a Pippenger pass of their own (added to the Straus pass over the fixed points).
pub fn dynamic_in_straus(n: usize, fixed: usize, width: u32, bits: u32) -> bool {
    dynamic_in_straus_scaled(n, fixed, width, bits, STRAUS_SCALE)
}

/// [`dynamic_in_straus`] with the correction `scale` of the backend that will run it.
pub fn dynamic_in_straus_scaled(
    n: usize,
    fixed: usize,
    width: u32,
    bits: u32,
    scale: u128,
) -> bool {
    let together = straus_scaled(n, fixed, width, bits, scale);
    let apart = straus_scaled(0, fixed, width, bits, scale) + pippenger(n, bits);
    together <= apart
}
