//! The schedule of one window's bucket additions for a lane-parallel bucket pass.
//!
//! The additions of a window are sorted by bucket (a counting sort: stable, linear), and the
//! sorted list is cut into [`LANES`] (AVX2) or eight (IFMA, [`lane_run_of`]) contiguous runs
//! of equal length (the last may be shorter).
//! Lane k adds the points of run k one by one into a private accumulator; when the bucket changes
//! along its run, the lane hands its accumulator over as that bucket's partial sum and restarts
//! from the identity. So no two lanes ever add into the same accumulator, whatever the digits:
//! the schedule is free of conflicts by construction, with no queue of deferred additions. A
//! bucket is split between lanes only where a run boundary falls inside its group of additions,
//! at most lanes − 1 times per window; those partial sums are added when handed over.
//!
//! Bucket B receives exactly the points whose digit has magnitude B + 1, each once, with the
//! digit's sign, as in the portable pass; only the order (and so the projective representative)
//! differs, not the point.
#![forbid(unsafe_code)]

use alloc::vec::Vec;

/// Lanes of the pass (four 64-bit lanes of an AVX2 vector).
pub const LANES: usize = 4;

/// One addition of a window: point `point` into bucket `bucket`, subtracted when `negative`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    /// Index of the point.
    pub point: u32,
    /// Index of the bucket (digit magnitude − 1).
    pub bucket: u32,
    /// The digit was negative.
    pub negative: bool,
}

/// Reusable buffers for sorting windows (one allocation per multiscalar multiplication).
#[derive(Debug)]
pub struct Schedule {
    counts: Vec<usize>,
    entries: Vec<Entry>,
}

impl Schedule {
    /// Buffers for `buckets` buckets and `points` points.
    pub fn new(buckets: usize, points: usize) -> Schedule {
        Schedule {
            counts: alloc::vec![0; buckets.saturating_add(1)],
            entries: Vec::with_capacity(points),
        }
    }

    /// Sorts one window: `digits[i]` is point i's signed digit (zero: no addition; magnitude at
    /// most the number of buckets). Returns the additions grouped by bucket, buckets in
    /// increasing order, points in increasing order within a bucket.
    pub fn sort(&mut self, digits: &[i32]) -> &[Entry] {
        let nb = self.counts.len().saturating_sub(1);
        self.counts.fill(0);
        // counts[b + 1] = number of additions into bucket b.
        for d in digits {
            let m = d.unsigned_abs() as usize;
            if m != 0 && m <= nb {
                if let Some(c) = self.counts.get_mut(m) {
                    *c = c.saturating_add(1);
                }
            }
        }
        // Exclusive prefix sums: counts[m] = additions into buckets 0 … m − 2, the first slot of
        // bucket m − 1.
        let mut total = 0usize;
        for c in self.counts.iter_mut() {
            let here = *c;
            *c = total;
            total = total.saturating_add(here);
        }
        self.entries.clear();
        self.entries.resize(
            total,
            Entry {
                point: 0,
                bucket: 0,
                negative: false,
            },
        );
        for (i, d) in digits.iter().enumerate() {
            let m = d.unsigned_abs() as usize;
            if m == 0 || m > nb {
                continue;
            }
            // The next free slot of bucket m − 1.
            if let Some(slot) = self.counts.get_mut(m) {
                if let Some(e) = self.entries.get_mut(*slot) {
                    *e = Entry {
                        point: i as u32,
                        bucket: m.saturating_sub(1) as u32,
                        negative: *d < 0,
                    };
                }
                *slot = slot.saturating_add(1);
            }
        }
        &self.entries
    }
}

/// The run of lane `k` (of [`LANES`]) in a sorted list of `len` additions: `[k·r, (k+1)·r)`
/// clipped to `len`, with r = ⌈len / LANES⌉. The runs partition `0..len`; every lane's run has r
/// additions except possibly the last ones (padded with the identity by the pass).
pub fn lane_run(len: usize, k: usize) -> core::ops::Range<usize> {
    lane_run_of(len, k, LANES)
}

/// [`lane_run`] for a pass of `lanes` lanes (eight for the IFMA backend): `[k·r, (k+1)·r)`
/// clipped to `len`, with r = ⌈len / lanes⌉ (`lanes` = 0 is taken as 1).
pub fn lane_run_of(len: usize, k: usize, lanes: usize) -> core::ops::Range<usize> {
    let r = len.div_ceil(lanes.max(1));
    let start = k.saturating_mul(r).min(len);
    let end = k.saturating_add(1).saturating_mul(r).min(len);
    start..end
}
