//! The entry points of multiscalar multiplication: [`vartime_msm`], the fixed-method variants
//! and a precomputed table's multiplication. Each chooses the method (the cost model of
//! [`crate::msm::cost`]) and then, through `backend::dispatch`, the compilation that runs it; the
//! algorithms themselves (`msm/`) and the backends (`backend/`) never call back up here.
//!
//! **Variable-time: only for public scalars.**
#![forbid(unsafe_code)]

use crate::backend::dispatch;
use crate::msm::straus::Fixed;
use crate::msm::window::Share;
use crate::msm::{cost, digits, window, PrecomputedTable};
use crate::point::{AffineNiels, Point};
use crate::ristretto::{decode_batch_all, InvalidEncoding};
use alloc::vec::Vec;

/// `Σ sᵢ·Pᵢ` for little-endian 256-bit scalars (any value; not reduced modulo the group order)
/// and affine points. `None` if the two lists differ in length.
///
/// Straus's method for few points, Pippenger's for many, whichever the cost model
/// ([`cost::prefer_straus`]) estimates cheaper for this size.
///
/// **Variable-time: only for public scalars.**
pub fn vartime_msm(scalars: &[[u8; 32]], points: &[AffineNiels]) -> Option<Point> {
    if scalars.len() != points.len() {
        return None;
    }
    let words: Vec<[u64; 4]> = scalars.iter().map(digits::to_words).collect();
    let bits = digits::max_bits(&words);
    Some(Point(
        if cost::prefer_straus_scaled(points.len(), bits, dispatch::straus_scale()) {
            dispatch::straus(&words, points, None)
        } else {
            dispatch::pippenger(&words, points, None, Share::ALL)
        },
    ))
}

/// True when [`vartime_msm`] of `n` points with 253-bit scalars runs Straus's method on the
/// backends active now (for reports and measurements).
pub fn prefers_straus(n: usize) -> bool {
    cost::prefer_straus_scaled(n, 253, dispatch::straus_scale())
}

/// Share `index` of `count` of [`vartime_msm`]'s work, for splitting one multiplication across
/// threads: the sum over `index` in `0..count` is `vartime_msm(scalars, points)`. The method is
/// chosen as there, for the whole size; Pippenger's method is split by windows
/// ([`window::Share`]: every share adds every point, into its own windows' buckets, so no bucket
/// sum is paid twice), Straus's method (few points) runs whole in share 0 and the other shares
/// are the identity. `None` if the lists differ in length.
///
/// **Variable-time: only for public scalars.**
pub fn vartime_msm_share(
    scalars: &[[u8; 32]],
    points: &[AffineNiels],
    index: usize,
    count: usize,
) -> Option<Point> {
    if scalars.len() != points.len() {
        return None;
    }
    let share = Share {
        index: u32::try_from(index).unwrap_or(u32::MAX),
        count: u32::try_from(count).unwrap_or(u32::MAX),
    };
    let words: Vec<[u64; 4]> = scalars.iter().map(digits::to_words).collect();
    let bits = digits::max_bits(&words);
    Some(Point(
        if cost::prefer_straus_scaled(points.len(), bits, dispatch::straus_scale()) {
            if index == 0 {
                dispatch::straus(&words, points, None)
            } else {
                crate::point::Extended::IDENTITY
            }
        } else {
            dispatch::pippenger(&words, points, None, share)
        },
    ))
}

/// [`vartime_msm_share`] with Pippenger's method at window width `c` whatever the size (for tests
/// and measurements). `None` if the lists differ in length or `c` is outside
/// [`window::MIN_WINDOW`] ..= [`window::MAX_WINDOW`].
pub fn vartime_msm_window_share(
    scalars: &[[u8; 32]],
    points: &[AffineNiels],
    c: u32,
    share: Share,
) -> Option<Point> {
    if scalars.len() != points.len() || !(window::MIN_WINDOW..=window::MAX_WINDOW).contains(&c) {
        return None;
    }
    let words: Vec<[u64; 4]> = scalars.iter().map(digits::to_words).collect();
    Some(Point(dispatch::pippenger(&words, points, Some(c), share)))
}

/// [`vartime_msm`] always by Pippenger's method (window chosen by size); for tests and
/// measurements.
pub fn vartime_msm_pippenger(scalars: &[[u8; 32]], points: &[AffineNiels]) -> Option<Point> {
    if scalars.len() != points.len() {
        return None;
    }
    let words: Vec<[u64; 4]> = scalars.iter().map(digits::to_words).collect();
    Some(Point(dispatch::pippenger(&words, points, None, Share::ALL)))
}

/// [`vartime_msm`] with a given window width `c` (for tests and measurements). `None` if the
/// lists differ in length or `c` is outside [`window::MIN_WINDOW`] ..= [`window::MAX_WINDOW`].
pub fn vartime_msm_window(scalars: &[[u8; 32]], points: &[AffineNiels], c: u32) -> Option<Point> {
    vartime_msm_window_share(scalars, points, c, Share::ALL)
}

/// `Σ sᵢ·Pᵢ` always by Straus's method (see [`vartime_msm`], which chooses);
/// for tests and measurements. `None` if the two lists differ in length.
///
/// **Variable-time: only for public scalars.**
pub fn vartime_msm_straus(scalars: &[[u8; 32]], points: &[AffineNiels]) -> Option<Point> {
    if scalars.len() != points.len() {
        return None;
    }
    let words: Vec<[u64; 4]> = scalars.iter().map(digits::to_words).collect();
    Some(Point(dispatch::straus(&words, points, None)))
}

// A table's multiplication is an entry point like the ones above: it chooses the method, then the
// backend through the dispatch; `table.rs` itself only builds and holds the table.
impl PrecomputedTable {
    /// The table of the points these encodings decode to, or the index of the first invalid
    /// encoding (decoding is the Ristretto codec's, above the table itself).
    pub fn from_encodings(encodings: &[[u8; 32]]) -> Result<PrecomputedTable, InvalidEncoding> {
        Ok(PrecomputedTable::new(&decode_batch_all(encodings)?))
    }

    /// [`PrecomputedTable::from_encodings`] at wNAF width `width` (clamped as in
    /// [`PrecomputedTable::with_width`]).
    pub fn from_encodings_with_width(
        encodings: &[[u8; 32]],
        width: u32,
    ) -> Result<PrecomputedTable, InvalidEncoding> {
        Ok(PrecomputedTable::with_width(
            &decode_batch_all(encodings)?,
            width,
        ))
    }

    /// `Σ tⱼ·Qⱼ + Σ sᵢ·Pᵢ`: `static_scalars[j]` multiplies the table's point j (there may be
    /// fewer scalars than points; the rest count as zero), `dynamic_scalars[i]` the affine point
    /// `dynamic_points[i]`. Scalars are little-endian 256-bit integers (any value; not reduced
    /// modulo the group order). `None` if there are more static scalars than points or the
    /// dynamic lists differ in length.
    ///
    /// The dynamic points join the table's in one Straus pass or get a Pippenger pass of their
    /// own, whichever the cost model ([`cost::dynamic_in_straus`]) estimates cheaper.
    ///
    /// **Variable-time: only for public scalars and points.**
    pub fn vartime_mixed_msm(
        &self,
        static_scalars: &[[u8; 32]],
        dynamic_scalars: &[[u8; 32]],
        dynamic_points: &[AffineNiels],
    ) -> Option<Point> {
        if static_scalars.len() > self.rows() || dynamic_scalars.len() != dynamic_points.len() {
            return None;
        }
        let fixed_words: Vec<[u64; 4]> = static_scalars.iter().map(digits::to_words).collect();
        let dyn_words: Vec<[u64; 4]> = dynamic_scalars.iter().map(digits::to_words).collect();
        let bits = digits::max_bits(&fixed_words).max(digits::max_bits(&dyn_words));
        let fixed = Fixed {
            scalars: &fixed_words,
            entries: self.entries(),
            #[cfg(target_arch = "x86_64")]
            lanes: self.lanes(),
            width: self.width(),
        };
        let together = cost::dynamic_in_straus_scaled(
            dyn_words.len(),
            fixed_words.len(),
            self.width(),
            bits,
            dispatch::straus_scale(),
        );
        Some(Point(if together {
            dispatch::straus(&dyn_words, dynamic_points, Some(&fixed))
        } else {
            let a = dispatch::straus(&[], &[], Some(&fixed));
            let b = dispatch::pippenger(&dyn_words, dynamic_points, None, Share::ALL);
            a.add(&b)
        }))
    }

    /// `Σ tⱼ·Qⱼ` over the table's points alone ([`PrecomputedTable::vartime_mixed_msm`] without
    /// dynamic points).
    ///
    /// **Variable-time: only for public scalars.**
    pub fn vartime_msm(&self, static_scalars: &[[u8; 32]]) -> Option<Point> {
        self.vartime_mixed_msm(static_scalars, &[], &[])
    }
}
