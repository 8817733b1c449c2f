//! The window width of Pippenger's method, chosen by estimated cost.
//!
//! Cost in field multiplications for n points and windows of c bits over `bits`-bit scalars:
//! `w(c) · (7n + 9·2ᶜ)` with `w(c)` windows: each window adds every point into a bucket (a mixed
//! addition, 7M) and sums its 2ᶜ⁻¹ buckets with a running sum (two general additions per bucket,
//! 9M each). The doublings (c per window, `bits` in all) do not depend on c.

use super::digits::windows;

/// Smallest and largest window width considered.
pub const MIN_WINDOW: u32 = 2;
/// Largest window width (buckets: 2¹⁵ extended points, 5 MiB).
pub const MAX_WINDOW: u32 = 16;

/// The width minimising the estimated cost for `n` points and `bits`-bit scalars.
pub fn choose(n: usize, bits: u32) -> u32 {
    let n = n as u128;
    let mut best = (u128::MAX, MIN_WINDOW);
    for c in MIN_WINDOW..=MAX_WINDOW {
        let per_window = n
            .saturating_mul(7)
            .saturating_add(9u128.saturating_mul(1u128 << c));
        let cost = per_window.saturating_mul(u128::from(windows(bits, c)));
        if cost < best.0 {
            best = (cost, c);
        }
    }
    best.1
}
