//! Pippenger's bucket method with signed digits and mixed (affine) additions.
//!
//! For each window j (from the lowest): every point Pᵢ with digit dᵢⱼ ≠ 0 is added to (or, for a
//! negative digit, subtracted from) bucket |dᵢⱼ|; then Wⱼ = Σₖ k·Bₖ by a running sum from the top
//! bucket. Finally Σ sᵢ·Pᵢ = Σⱼ 2ᶜʲ·Wⱼ by Horner's rule from the top window.
//!
//! A [`Share`] restricts the sum to some of the windows (j₀ ≤ j < j₁): the digits of the windows
//! below j₀ are still read, for their carries, and the result is Σ_{j₀≤j<j₁} 2ᶜʲ·Wⱼ, so the
//! shares of one multiplication add up to the whole.

use super::window::Share;
use super::{digits, window};
use crate::point::{AffineNiels, Extended};
use alloc::vec;
use alloc::vec::Vec;

/// The bucket method itself; inlined into each backend's compilation of it.
#[inline(always)]
pub(crate) fn pippenger_body(
    scalars: &[[u64; 4]],
    points: &[AffineNiels],
    c: Option<u32>,
    share: Share,
) -> Extended {
    let bits = digits::max_bits(scalars);
    if bits == 0 || points.is_empty() {
        return Extended::IDENTITY;
    }
    let c = c.unwrap_or_else(|| window::choose(points.len(), bits));
    let w = digits::windows(bits, c);
    let mine = share.windows(w);
    if mine.is_empty() {
        return Extended::IDENTITY;
    }
    let mut carries = vec![0u8; scalars.len()];
    skip_windows(scalars, c, mine.start, &mut carries);
    // c ≥ MIN_WINDOW = 2, so c − 1 does not wrap; 2ᶜ⁻¹ buckets (magnitudes 1 … 2ᶜ⁻¹).
    let mut buckets = vec![Extended::IDENTITY; 1usize << c.saturating_sub(1)];
    let mut sums: Vec<Extended> = Vec::with_capacity(mine.len());
    for j in mine.clone() {
        buckets.fill(Extended::IDENTITY);
        for ((s, p), carry) in scalars.iter().zip(points).zip(carries.iter_mut()) {
            let d = digits::digit(s, j, c, carry);
            // |d| ≤ 2ᶜ⁻¹, so bucket |d| − 1 exists.
            let index = d.unsigned_abs().wrapping_sub(1) as usize;
            if let Some(b) = buckets.get_mut(index) {
                *b = if d > 0 {
                    b.add_affine(p)
                } else {
                    b.sub_affine(p)
                };
            }
        }
        sums.push(running_sum(&buckets));
    }
    let mut total = Extended::IDENTITY;
    for s in sums.iter().rev() {
        total = total.mul_by_pow2(c).add(s);
    }
    // c ≤ MAX_WINDOW and j₀ < w ≤ 129, so the product is small.
    total.mul_by_pow2(c.saturating_mul(mine.start))
}

/// `Σ dₖ·Qₖ` for small signed digits (|dₖ| ≤ `buckets`): one window's bucket additions and its
/// running sum (the whole of a shifted table's multiplication, `msm::shifted`). Digits and
/// points are paired by index; extra entries of either are ignored.
#[inline(always)]
pub(crate) fn one_window_body(digits: &[i32], buckets: usize, points: &[AffineNiels]) -> Extended {
    let mut sums = vec![Extended::IDENTITY; buckets];
    for (d, p) in digits.iter().zip(points) {
        // |d| ≤ buckets, so bucket |d| − 1 exists (d = 0 wraps to usize::MAX: no bucket).
        let index = d.unsigned_abs().wrapping_sub(1) as usize;
        if let Some(b) = sums.get_mut(index) {
            *b = if *d > 0 {
                b.add_affine(p)
            } else {
                b.sub_affine(p)
            };
        }
    }
    running_sum(&sums)
}

/// The carries into window `first` (each scalar's digits of windows 0 … first − 1 are read and
/// dropped): where a share of the windows starts.
#[inline(always)]
pub(crate) fn skip_windows(scalars: &[[u64; 4]], c: u32, first: u32, carries: &mut [u8]) {
    for j in 0..first {
        for (s, carry) in scalars.iter().zip(carries.iter_mut()) {
            let _ = digits::digit(s, j, c, carry);
        }
    }
}

/// `Σₖ (k+1)·buckets[k]`: a running sum from the top bucket, two additions per bucket.
#[inline(always)]
pub(crate) fn running_sum(buckets: &[Extended]) -> Extended {
    let mut acc = Extended::IDENTITY;
    let mut sum = Extended::IDENTITY;
    for b in buckets.iter().rev() {
        acc = acc.add(b);
        sum = sum.add(&acc);
    }
    sum
}
