//! A fixed-base table for Pippenger's method with the shifts precomputed
//! ([`crate::msm::shifted`]): for a verifier's generators, every multiplication is one window of
//! bucket additions and one running sum, with no doublings.
//!
//! An entry point like [`crate::multiply`]: it builds the table (shifts, one shared inversion,
//! the points packed for the bucket pass active then) and multiplies through
//! `backend::dispatch`.
//!
//! **Variable-time: only for public scalars.**
#![forbid(unsafe_code)]

use crate::backend::dispatch::{self, PackedPoints};
use crate::msm::{digits, shifted};
use crate::point::{batch_to_affine_niels, AffineNiels, Extended, Point};
use alloc::vec::Vec;

/// Points converted per shared inversion while building (bounds the temporary memory).
const BUILD_CHUNK: usize = 4096;

/// The shifts 2ᶜʲ·Pᵢ (j < ⌈257/c⌉) of a list of fixed points, packed for the engine's bucket
/// pass: `Σ sᵢ·Pᵢ` then costs about n·⌈257/c⌉ mixed additions and 2ᶜ general ones.
///
/// Memory: 120 bytes per entry, n·⌈257/c⌉ entries (c = 11: 2.9 KiB per point). Building costs
/// about 256 doublings per point (a few dozen multiplications' worth of one table's use), so a
/// table pays for itself only when many multiplications use the same points.
#[derive(Clone, Debug)]
pub struct ShiftedTable {
    width: u32,
    points: usize,
    packed: PackedPoints,
}

impl ShiftedTable {
    /// The table of `points` at the width the cost model chooses for their number.
    pub fn new(points: &[AffineNiels]) -> ShiftedTable {
        ShiftedTable::with_width(points, shifted::choose(points.len()))
    }

    /// The table of `points` at window width `width` (clamped to
    /// [`shifted::MIN_WIDTH`] ..= [`shifted::MAX_WIDTH`]).
    pub fn with_width(points: &[AffineNiels], width: u32) -> ShiftedTable {
        let width = width.clamp(shifted::MIN_WIDTH, shifted::MAX_WIDTH);
        let mut table = ShiftedTable {
            width,
            points: 0,
            packed: dispatch::pack_points(Vec::new()),
        };
        table.extend(points);
        table
    }

    /// Appends more points (after the ones already held; same width).
    pub fn extend(&mut self, points: &[AffineNiels]) {
        for chunk in points.chunks(BUILD_CHUNK) {
            let extended: Vec<Extended> = chunk
                .iter()
                .map(|p| Extended::IDENTITY.add_affine(p))
                .collect();
            let shifts = shifted::shift_points(&extended, self.width);
            self.packed.extend(&batch_to_affine_niels(&shifts));
            self.points = self.points.saturating_add(chunk.len());
        }
    }

    /// Number of points (not entries).
    pub fn len(&self) -> usize {
        self.points
    }

    /// True when the table has no points.
    pub fn is_empty(&self) -> bool {
        self.points == 0
    }

    /// The window width c.
    pub fn width(&self) -> u32 {
        self.width
    }

    /// Approximate memory held, in bytes.
    pub fn approx_bytes(&self) -> usize {
        self.packed.len().saturating_mul(self.packed.point_bytes())
    }

    /// `Σ sᵢ·Pᵢ` over the table's first `scalars.len()` points (little-endian 256-bit scalars,
    /// any value; fewer scalars than points leave the rest out). `None` if there are more
    /// scalars than points.
    ///
    /// **Variable-time: only for public scalars.**
    pub fn vartime_msm(&self, scalars: &[[u8; 32]]) -> Option<Point> {
        self.vartime_msm_from(0, scalars)
    }

    /// `Σ sᵢ·P_{first+i}`: the scalars multiply the table's points from `first` on (for
    /// splitting one multiplication across threads by ranges of points; each range pays its own
    /// bucket sum). `None` if the points run out.
    ///
    /// **Variable-time: only for public scalars.**
    pub fn vartime_msm_from(&self, first: usize, scalars: &[[u8; 32]]) -> Option<Point> {
        if first.checked_add(scalars.len())? > self.points {
            return None;
        }
        let words: Vec<[u64; 4]> = scalars.iter().map(digits::to_words).collect();
        let digits = shifted::table_digits(&words, self.width);
        // c ≥ MIN_WIDTH: 2ᶜ⁻¹ buckets for digits of magnitude up to 2ᶜ⁻¹.
        let buckets = 1usize << self.width.saturating_sub(1);
        // Entry (i, j) is at i·w + j.
        let entry = first.saturating_mul(shifted::shifts(self.width) as usize);
        Some(Point::from_edwards(dispatch::one_window(
            &digits,
            buckets,
            &self.packed,
            entry,
        )))
    }
}
