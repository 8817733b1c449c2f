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

/// Which windows one call of Pippenger's method computes: share `index` of `count`, the windows
/// `⌊w·index/count⌋ … ⌊w·(index+1)/count⌋ − 1` of the `w` the whole multiplication has (same
/// width, same windows). The shares' results add up to the whole sum Σⱼ 2ᶜʲ·Wⱼ, so `count`
/// threads can each compute one with no work repeated but the digits below their first window
/// (for the carries) and the packing of the points: splitting the windows, unlike splitting the
/// points, does not pay the bucket sums once per part.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Share {
    /// Which share (from 0).
    pub index: u32,
    /// How many shares (0 is taken as 1).
    pub count: u32,
}

impl Share {
    /// The whole multiplication.
    pub const ALL: Share = Share { index: 0, count: 1 };

    /// This share's windows among `w`: the shares partition `0..w` in order, sizes differing by
    /// at most one (empty when `index ≥ count`).
    pub fn windows(self, w: u32) -> core::ops::Range<u32> {
        let count = u64::from(self.count.max(1));
        let at = |k: u32| -> u32 {
            let k = u64::from(k).min(count);
            // w · k / count ≤ w, so the conversion back cannot fail.
            u32::try_from(
                u64::from(w)
                    .saturating_mul(k)
                    .checked_div(count)
                    .unwrap_or(0),
            )
            .unwrap_or(w)
        };
        at(self.index)..at(self.index.saturating_add(1))
    }
}
