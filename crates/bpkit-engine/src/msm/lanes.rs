//! The window loop of Pippenger's method for the lane-parallel bucket passes (four AVX2 lanes in
//! `backend::avx2::msm`, eight IFMA lanes in `backend::ifma`), written once.
//!
//! Per window j (from the lowest): the signed digits of every scalar, the bucket additions sorted
//! by bucket ([`Schedule`]), the backend's pass over them into [`Buckets`] and its running sum
//! Wⱼ = Σₖ (k+1)·Bₖ; finally Σ sᵢ·Pᵢ = Σⱼ 2ᶜʲ·Wⱼ by Horner's rule from the top window — the same
//! point as the portable `pippenger::pippenger_body` (and, given a [`Share`], the same share of
//! the windows). A backend supplies only its packing of
//! the points and its window (pass and running sum); this loop is inlined into each backend's
//! `#[target_feature]` function, so it is compiled with that backend's instructions.
#![forbid(unsafe_code)]

use super::pippenger::skip_windows;
use super::schedule::{Entry, Schedule};
use super::window::Share;
use super::{digits, window};
use crate::point::{AffineNiels, Extended};
use alloc::vec;
use alloc::vec::Vec;

/// Where the partial sums of one window's buckets go: a lane hands its accumulator over when
/// its bucket changes along its run, so a bucket may receive several partial sums.
pub(crate) struct Buckets {
    /// The value of bucket k (magnitude k + 1), or the identity if it received nothing.
    pub(crate) sums: Vec<Extended>,
    touched: Vec<bool>,
}

impl Buckets {
    pub(crate) fn new(n: usize) -> Buckets {
        Buckets {
            sums: vec![Extended::IDENTITY; n],
            touched: vec![false; n],
        }
    }

    fn clear(&mut self) {
        self.sums.fill(Extended::IDENTITY);
        self.touched.fill(false);
    }

    /// A partial sum of bucket `b`: the bucket's value if it had none, added to it otherwise
    /// (portable general addition).
    #[inline(always)]
    pub(crate) fn hand_over(&mut self, b: u32, p: &Extended) {
        let b = b as usize;
        if let (Some(s), Some(t)) = (self.sums.get_mut(b), self.touched.get_mut(b)) {
            *s = if *t { s.add(p) } else { *p };
            *t = true;
        }
    }
}

/// `Σ sᵢ·Pᵢ` by Pippenger's method (window width chosen by cost unless given), with the points
/// packed by `pack` and each window's sorted additions handed to `per_window`, which fills the
/// buckets and returns their running sum Σₖ (k+1)·Bₖ.
#[inline(always)]
pub(crate) fn pippenger<P>(
    scalars: &[[u64; 4]],
    points: &[AffineNiels],
    c: Option<u32>,
    share: Share,
    pack: impl Fn(&AffineNiels) -> P,
    mut per_window: impl FnMut(&[Entry], &[P], &P, &mut Buckets) -> Extended,
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
    let packed: Vec<P> = points.iter().map(&pack).collect();
    let identity = pack(&AffineNiels::IDENTITY);
    // c ≥ MIN_WINDOW = 2: 2ᶜ⁻¹ buckets.
    let nb = 1usize << c.saturating_sub(1);
    let mut carries = vec![0u8; scalars.len()];
    skip_windows(scalars, c, mine.start, &mut carries);
    let mut window_digits = vec![0i32; scalars.len()];
    let mut schedule = Schedule::new(nb, points.len());
    let mut buckets = Buckets::new(nb);
    let mut sums: Vec<Extended> = Vec::with_capacity(mine.len());
    for j in mine.clone() {
        for ((s, d), carry) in scalars
            .iter()
            .zip(window_digits.iter_mut())
            .zip(carries.iter_mut())
        {
            *d = digits::digit(s, j, c, carry);
        }
        let entries = schedule.sort(&window_digits);
        buckets.clear();
        sums.push(per_window(entries, &packed, &identity, &mut buckets));
    }
    let mut total = Extended::IDENTITY;
    for s in sums.iter().rev() {
        total = total.mul_by_pow2(c).add(s);
    }
    total.mul_by_pow2(c.saturating_mul(mine.start))
}

/// `Σ dₖ·Qₖ` for small signed digits (|dₖ| ≤ `buckets`) over packed points: the one window of
/// a shifted table (`msm::shifted`), sorted and handed to `pass`, which fills the buckets and
/// returns their running sum. `digits` and `packed` are paired by index (extra points count as
/// digit zero).
#[inline(always)]
pub(crate) fn one_window<P>(
    digits: &[i32],
    buckets: usize,
    packed: &[P],
    identity: &P,
    mut pass: impl FnMut(&[Entry], &[P], &P, &mut Buckets) -> Extended,
) -> Extended {
    let digits = digits.get(..packed.len().min(digits.len())).unwrap_or(&[]);
    let mut schedule = Schedule::new(buckets, digits.len());
    let entries = schedule.sort(digits);
    let mut sums = Buckets::new(buckets);
    pass(entries, packed, identity, &mut sums)
}
