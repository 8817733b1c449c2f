//! Pippenger's method with the bucket additions in four AVX2 lanes.
//!
//! Per window: the digits, the additions sorted by bucket (`msm::schedule`), then one pass in
//! which lane k of a four-lane accumulator walks the k-th quarter of the sorted list, adding one
//! point per step with the mixed formulas of `point::Ext4::add_affine` (the portable ones, lane by
//! lane). A lane hands its accumulator over when its bucket changes and restarts from the
//! identity; handed-over partial sums of a bucket that straddles two quarters are added together
//! (portable general addition). The running sum and the final doublings are the portable code.
#![forbid(unsafe_code)]

use super::field::Fe4;
use super::point::{lane_mask, pack_niels, Ext4, Niels4, PackedNiels};
use crate::field::EDWARDS_D2;
use crate::msm::lanes::{self, Buckets};
use crate::msm::pippenger::running_sum;
use crate::msm::schedule::{lane_run, Entry, LANES};
use crate::msm::window::Share;
use crate::point::{AffineNiels, Extended};

/// `Σ sᵢ·Pᵢ` by Pippenger's method with four-lane bucket additions (window width chosen by cost
/// unless given; `share` of its windows). The same point as `msm::pippenger::pippenger_body`.
#[target_feature(enable = "avx2,bmi2,adx")]
pub fn pippenger(
    scalars: &[[u64; 4]],
    points: &[AffineNiels],
    c: Option<u32>,
    share: Share,
    hint: impl Fn(&PackedNiels),
) -> Extended {
    let d2 = Fe4::pack(&[EDWARDS_D2; 4]);
    lanes::pippenger(
        scalars,
        points,
        c,
        share,
        pack_niels,
        |entries, packed, identity, buckets| {
            bucket_pass(entries, packed, identity, buckets, &hint);
            running_sum_x4(&buckets.sums, &d2)
        },
    )
}

/// `Σ dₖ·Qₖ` for small signed digits (|dₖ| ≤ `buckets`) over packed points, four lanes at a
/// time: the one window of a shifted table (`msm::shifted`).
#[target_feature(enable = "avx2,bmi2,adx")]
pub fn one_window(
    digits: &[i32],
    buckets: usize,
    packed: &[PackedNiels],
    hint: impl Fn(&PackedNiels),
) -> Extended {
    let d2 = Fe4::pack(&[EDWARDS_D2; 4]);
    let identity = pack_niels(&crate::point::AffineNiels::IDENTITY);
    lanes::one_window(
        digits,
        buckets,
        packed,
        &identity,
        |entries, packed, identity, sums| {
            bucket_pass(entries, packed, identity, sums, &hint);
            running_sum_x4(&sums.sums, &d2)
        },
    )
}

/// Steps ahead whose points the bucket pass asks the cache for.
const AHEAD: usize = 2;

/// One window's bucket additions, four lanes at a time (see the module doc).
#[target_feature(enable = "avx2,bmi2,adx")]
fn bucket_pass(
    entries: &[Entry],
    packed: &[PackedNiels],
    identity: &PackedNiels,
    buckets: &mut Buckets,
    hint: &impl Fn(&PackedNiels),
) {
    let runs: [&[Entry]; LANES] =
        core::array::from_fn(|k| entries.get(lane_run(entries.len(), k)).unwrap_or(&[]));
    let steps = runs.first().map_or(0, |r| r.len());
    let start = Ext4::identity();
    let mut acc = start;
    // The bucket each lane is accumulating (None before its first addition).
    let mut current: [Option<u32>; LANES] = [None; LANES];
    for step in 0..steps {
        // The points AHEAD steps on, on their way to the cache (they are read in bucket order,
        // scattered over the points: a shifted table's several MiB); `hint` is the dispatch
        // module's prefetch (passed down: this module does not call back up).
        for run in &runs {
            if let Some(p) = run
                .get(step.saturating_add(AHEAD))
                .and_then(|e| packed.get(e.point as usize))
            {
                hint(p);
            }
        }
        let mut pts: [&PackedNiels; LANES] = [identity; LANES];
        let mut negative = [false; LANES];
        let mut switch = [false; LANES];
        let previous = current;
        for k in 0..LANES {
            // Lanes past the end of their run add the identity (no bucket change).
            if let Some(e) = runs.get(k).and_then(|r| r.get(step)) {
                if let (Some(p), Some(n), Some(sw), Some(cur)) = (
                    packed.get(e.point as usize),
                    negative.get_mut(k),
                    switch.get_mut(k),
                    current.get_mut(k),
                ) {
                    if let Some(slot) = pts.get_mut(k) {
                        *slot = p;
                    }
                    *n = e.negative;
                    if *cur != Some(e.bucket) {
                        *sw = cur.is_some();
                        *cur = Some(e.bucket);
                    }
                }
            }
        }
        if switch.iter().any(|&s| s) {
            let lanes = acc.unpack();
            for ((sw, prev), lane) in switch.iter().zip(&previous).zip(&lanes) {
                if let (true, Some(b)) = (*sw, prev) {
                    buckets.hand_over(*b, lane);
                }
            }
            acc = acc.select(&start, lane_mask(switch));
        }
        acc = acc.add_affine(&Niels4::gather(pts, negative), lane_mask(negative));
    }
    let lanes = acc.unpack();
    for (cur, lane) in current.iter().zip(&lanes) {
        if let Some(b) = cur {
            buckets.hand_over(*b, lane);
        }
    }
}

/// `Σₖ (k+1)·buckets[k]` with four running sums side by side: lane j sums the j-th quarter
/// (L = len/4 buckets from jL), giving Sⱼ = Σ_{i<L} (i+1)·B_{jL+i} and Aⱼ = Σ_{i<L} B_{jL+i};
/// then Σₖ (k+1)·Bₖ = Σⱼ Sⱼ + L·(A₁ + 2A₂ + 3A₃), the last as L·(A₃ + (A₃ + A₂) +
/// (A₃ + A₂ + A₁)), L a power of two (2ᶜ⁻³) so that L· is doublings. Fewer than eight buckets
/// (or a count not a power of two): the portable running sum.
#[target_feature(enable = "avx2,bmi2,adx")]
fn running_sum_x4(buckets: &[Extended], d2: &Fe4) -> Extended {
    let n = buckets.len();
    if n < 8 || !n.is_power_of_two() {
        return running_sum(buckets);
    }
    let l = n.div_euclid(LANES);
    let quarters: [&[Extended]; LANES] = core::array::from_fn(|j| {
        buckets
            .get(j.saturating_mul(l)..j.saturating_add(1).saturating_mul(l))
            .unwrap_or(&[])
    });
    let mut acc = Ext4::identity();
    let mut sum = Ext4::identity();
    for i in (0..l).rev() {
        let b = quarters.map(|q| q.get(i).copied().unwrap_or(Extended::IDENTITY));
        acc = acc.add(&Ext4::pack(&b), d2);
        sum = sum.add(&acc, d2);
    }
    let [s0, s1, s2, s3] = sum.unpack();
    let [_, a1, a2, a3] = acc.unpack();
    let mut r = a3;
    let mut weighted = a3;
    r = r.add(&a2);
    weighted = weighted.add(&r);
    r = r.add(&a1);
    weighted = weighted.add(&r);
    // L = len/4 is a power of two (checked above).
    let shift = l.trailing_zeros();
    s0.add(&s1)
        .add(&s2)
        .add(&s3)
        .add(&weighted.mul_by_pow2(shift))
}
