//! Precomputed tables for fixed points (a verifier's generators): odd multiples in affine Niels
//! form, built once, then used by Straus's method in every multiplication that involves them.

use super::wnaf;
#[cfg(target_arch = "x86_64")]
use crate::point::PackedCached;
use crate::point::Point;
use crate::point::{batch_to_affine_niels, AffineNiels, Extended};
use alloc::vec::Vec;

/// Odd multiples P, 3P, …, (2ʷ⁻¹ − 1)·P of each of a list of fixed points, in affine form.
///
/// Build it once per set of generators ([`PrecomputedTable::new`] or
/// [`PrecomputedTable::from_encodings`]); then [`PrecomputedTable::vartime_mixed_msm`] computes
/// Σ tⱼ·Qⱼ + Σ sᵢ·Pᵢ over the table's points Qⱼ and dynamic points Pᵢ.
///
/// On x86-64 the table also holds its entries packed for the AVX2 backend's four-lane formulas
/// ([`PackedCached`]; read without conversion where the CPU has AVX2). Memory: 2ʷ⁻² × 120 bytes
/// per point, plus 2ʷ⁻² × 160 on x86-64 (4.4 KiB at the default width 6, 17.5 KiB at width 8).
#[derive(Clone, Debug)]
pub struct PrecomputedTable {
    width: u32,
    rows: usize,
    entries: Vec<AffineNiels>,
    #[cfg(target_arch = "x86_64")]
    lanes: Vec<PackedCached>,
}

impl PrecomputedTable {
    /// The default wNAF width: 6 (16 multiples per point). Measured against 8 and 10 at the
    /// shape of one BP/BP+ verification (130 generators; bench/RESULTS.md): the wider tables
    /// save additions (⌊257/7⌋ = 36 against 28 and 23 per point) but no longer fit a Zen3's
    /// 512 KiB L2 (130 × 7.5 KiB at width 8), and came out 5–10 % slower.
    pub const DEFAULT_WIDTH: u32 = 6;

    /// The table of `points` at the default width.
    pub fn new(points: &[Point]) -> PrecomputedTable {
        PrecomputedTable::with_width(points, PrecomputedTable::DEFAULT_WIDTH)
    }

    /// The table at wNAF width `width` (clamped to 3 ..= 12; 2ʷ⁻² multiples per point).
    pub fn with_width(points: &[Point], width: u32) -> PrecomputedTable {
        let width = width.clamp(3, wnaf::MAX_WIDTH);
        let per_row = 1usize << width.saturating_sub(2);
        let mut all: Vec<Extended> = Vec::with_capacity(points.len().saturating_mul(per_row));
        for p in points {
            let p = p.edwards();
            let p2 = p.double().to_projective_niels();
            let mut cur = *p;
            all.push(cur);
            for _ in 1..per_row {
                cur = cur.add_niels(&p2);
                all.push(cur);
            }
        }
        let entries = batch_to_affine_niels(&all);
        PrecomputedTable {
            width,
            rows: points.len(),
            #[cfg(target_arch = "x86_64")]
            lanes: entries.iter().map(crate::point::pack_cached).collect(),
            entries,
        }
    }

    /// Number of points in the table.
    pub fn len(&self) -> usize {
        self.rows
    }

    /// True when the table has no points.
    pub fn is_empty(&self) -> bool {
        self.rows == 0
    }

    /// The wNAF width of the table.
    pub fn width(&self) -> u32 {
        self.width
    }

    /// The number of points in the table.
    pub(crate) fn rows(&self) -> usize {
        self.rows
    }

    /// The odd multiples, row after row.
    pub(crate) fn entries(&self) -> &[AffineNiels] {
        &self.entries
    }

    /// The same, packed for the four-lane AVX2 formulas (x86-64 builds).
    #[cfg(target_arch = "x86_64")]
    pub(crate) fn lanes(&self) -> &[PackedCached] {
        &self.lanes
    }
}
