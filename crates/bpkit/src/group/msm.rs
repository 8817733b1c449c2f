//! The one place where multiscalar multiplications happen.
//!
//! Two families, named for their timing contract:
//! - `constant_time_*`: time independent of the scalars; used wherever a scalar is secret
//!   (values, blindings, nonces).
//! - `vartime_*`: time depends on the scalars; used only where every scalar is public or
//!   already uniformly blinded. Each caller says why in a comment.
//!
//! A faster engine can replace these functions without touching any protocol.

use super::{RistrettoPoint, Scalar};
use alloc::vec::Vec;
use curve25519_dalek::ristretto::{RistrettoBasepointTable, VartimeRistrettoPrecomputation};
use curve25519_dalek::traits::{
    MultiscalarMul, VartimeMultiscalarMul, VartimePrecomputedMultiscalarMul,
};
use zeroize::Zeroize;

/// Collects both sides; `None` when their lengths differ (the engine would panic).
fn collect<'a, I, J>(scalars: I, points: J) -> Option<(Vec<Scalar>, Vec<&'a RistrettoPoint>)>
where
    I: IntoIterator<Item = Scalar>,
    J: IntoIterator<Item = &'a RistrettoPoint>,
{
    let scalars: Vec<Scalar> = scalars.into_iter().collect();
    let points: Vec<&RistrettoPoint> = points.into_iter().collect();
    (scalars.len() == points.len()).then_some((scalars, points))
}

/// `Σ sᵢ·Pᵢ` in constant time (independent of the scalars). `None` if the lengths differ.
pub fn constant_time<'a, I, J>(scalars: I, points: J) -> Option<RistrettoPoint>
where
    I: IntoIterator<Item = Scalar>,
    J: IntoIterator<Item = &'a RistrettoPoint>,
{
    let (mut scalars, points) = collect(scalars, points)?;
    let result = constant_time_slices(&scalars, &points);
    scalars.zeroize();
    Some(result)
}

/// Fewest points per part when a constant-time multiplication is split across threads: each
/// part pays Straus's 256 doublings again, about the cost of three points, so a part of 128
/// points costs about 2 % more than its share of one multiplication.
#[cfg(feature = "parallel")]
const CT_PART_MIN: usize = 128;

/// `Σ sᵢ·Pᵢ` in constant time, split into contiguous parts computed on rayon's current pool
/// (feature `parallel`) when the pool has several threads and the input is long enough. The
/// number and bounds of the parts depend only on the length and the thread count, never on the
/// scalars, and each part is dalek's constant-time multiplication, so the whole stays
/// constant-time; the sum is the same point whatever the split.
fn constant_time_slices(scalars: &[Scalar], points: &[&RistrettoPoint]) -> RistrettoPoint {
    #[cfg(feature = "parallel")]
    {
        let threads = rayon::current_num_threads();
        let parts = threads.saturating_mul(2).min(scalars.len() / CT_PART_MIN);
        if threads > 1 && parts > 1 {
            use curve25519_dalek::traits::Identity;
            use rayon::prelude::*;
            let len = scalars.len().div_ceil(parts);
            return scalars
                .par_chunks(len)
                .zip(points.par_chunks(len))
                .map(|(s, p)| RistrettoPoint::multiscalar_mul(s, p.iter().copied()))
                .reduce(RistrettoPoint::identity, |a, b| a + b);
        }
    }
    RistrettoPoint::multiscalar_mul(scalars, points.iter().copied())
}

/// Fewest points per part when a variable-time multiplication is split across threads: each
/// Pippenger part pays its bucket sums again.
#[cfg(feature = "parallel")]
const VT_PART_MIN: usize = 1024;

/// [`vartime`] split into contiguous parts on rayon's current pool (feature `parallel`) when the
/// pool has several threads and there are at least `2 · 1024` terms: one large verification
/// (an m = 64 range proof, a large circuit) on every core. Callers that already spread their
/// work over threads (batch verification) use [`vartime`]. Same point whatever the split.
/// **Only for public or uniformly blinded scalars.**
pub fn vartime_threaded<'a, I, J>(scalars: I, points: J) -> Option<RistrettoPoint>
where
    I: IntoIterator<Item = Scalar>,
    J: IntoIterator<Item = &'a RistrettoPoint>,
{
    let (scalars, points) = collect(scalars, points)?;
    #[cfg(feature = "parallel")]
    {
        let threads = rayon::current_num_threads();
        let parts = threads.min(scalars.len() / VT_PART_MIN);
        if threads > 1 && parts > 1 {
            use curve25519_dalek::traits::Identity;
            use rayon::prelude::*;
            let len = scalars.len().div_ceil(parts);
            return Some(
                scalars
                    .par_chunks(len)
                    .zip(points.par_chunks(len))
                    .map(|(s, p)| RistrettoPoint::vartime_multiscalar_mul(s, p.iter().copied()))
                    .reduce(RistrettoPoint::identity, |a, b| a + b),
            );
        }
    }
    Some(RistrettoPoint::vartime_multiscalar_mul(
        &scalars,
        points.iter().copied(),
    ))
}

/// `Σ sᵢ·Pᵢ` in variable time. **Only for public or uniformly blinded scalars.**
/// `None` if the lengths differ.
pub fn vartime<'a, I, J>(scalars: I, points: J) -> Option<RistrettoPoint>
where
    I: IntoIterator<Item = Scalar>,
    J: IntoIterator<Item = &'a RistrettoPoint>,
{
    let (scalars, points) = collect(scalars, points)?;
    Some(RistrettoPoint::vartime_multiscalar_mul(&scalars, points))
}

/// `Σ sᵢ·Pᵢ` over slices, in variable time. **Only for public or uniformly blinded scalars.**
/// `None` if the lengths differ.
pub fn vartime_slices(scalars: &[Scalar], points: &[&RistrettoPoint]) -> Option<RistrettoPoint> {
    (scalars.len() == points.len())
        .then(|| RistrettoPoint::vartime_multiscalar_mul(scalars, points.iter().copied()))
}

/// Terms per multiplication of [`vartime_chunked`]: curve25519-dalek's Pippenger (window 8 from
/// 800 points on) pays about `33·2⁸` point additions per call for its bucket sums next to `33`
/// per term, so chunks of `2¹³` terms cost about 3 % more than one call over all the terms, while
/// its state (a 160-byte cached point and 64 digit bytes per term, in a vector that grows by
/// doubling) stays under 3 MiB instead of growing with the input.
pub const VARTIME_CHUNK: usize = 1 << 13;

/// `Σ sᵢ·Pᵢ` over `(sᵢ, Pᵢ)` pairs in variable time, computed in chunks of [`VARTIME_CHUNK`]
/// terms so that memory stays bounded whatever the number of terms (the pairs are consumed as
/// they come: callers can stream scalars without a vector of them). **Only for public or
/// uniformly blinded scalars.**
pub fn vartime_chunked<'a, I>(terms: I) -> RistrettoPoint
where
    I: IntoIterator<Item = (Scalar, &'a RistrettoPoint)>,
{
    let mut terms = terms.into_iter();
    let first = terms.size_hint().0.clamp(1, VARTIME_CHUNK);
    let mut scalars: Vec<Scalar> = Vec::with_capacity(first);
    let mut points: Vec<&RistrettoPoint> = Vec::with_capacity(first);
    let mut sum = RistrettoPoint::default();
    loop {
        scalars.clear();
        points.clear();
        for (s, p) in terms.by_ref().take(VARTIME_CHUNK) {
            scalars.push(s);
            points.push(p);
        }
        if scalars.is_empty() {
            return sum;
        }
        sum += RistrettoPoint::vartime_multiscalar_mul(&scalars, points.iter().copied());
    }
}

/// `s·P` in variable time. **Only for public scalars.**
pub fn vartime_mul(s: &Scalar, p: &RistrettoPoint) -> RistrettoPoint {
    RistrettoPoint::vartime_multiscalar_mul(core::iter::once(s), core::iter::once(p))
}

/// A precomputed table for multiplying one fixed point by secret scalars in constant time.
pub struct FixedBase {
    table: RistrettoBasepointTable,
}

impl FixedBase {
    /// Precomputes the table for `point` (about 30 KiB).
    pub fn new(point: &RistrettoPoint) -> Self {
        FixedBase {
            table: RistrettoBasepointTable::create(point),
        }
    }

    /// `s·P` in constant time.
    pub fn mul(&self, s: &Scalar) -> RistrettoPoint {
        &self.table * s
    }
}

/// Precomputed tables for multiplying a fixed list of points by **public** scalars
/// (variable-time; width-8 NAF tables, about 10 KiB per point with the AVX2 and IFMA backends,
/// 7.5 KiB with the serial one).
///
/// Worth it only when these points dominate a small multiscalar multiplication (single-value
/// verification): the dynamic points of a mixed multiplication are handled by Straus' method,
/// which loses to Pippenger's once they number in the hundreds.
pub struct VartimeTable {
    table: VartimeRistrettoPrecomputation,
    len: usize,
}

impl VartimeTable {
    /// Tables for `points`.
    pub fn new<'a, I: IntoIterator<Item = &'a RistrettoPoint>>(points: I) -> Self {
        let points: Vec<&RistrettoPoint> = points.into_iter().collect();
        VartimeTable {
            len: points.len(),
            table: VartimeRistrettoPrecomputation::new(points),
        }
    }

    /// Number of points in the tables.
    pub fn len(&self) -> usize {
        self.len
    }

    /// True when the tables hold no point.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Approximate memory held, in bytes (64 precomputed points of 160 bytes each per point).
    pub fn approx_bytes(&self) -> usize {
        self.len.saturating_mul(64 * 160)
    }

    /// `Σ aᵢ·Tᵢ + Σ bⱼ·Qⱼ` in variable time, `Tᵢ` the table's points (`static_scalars` may be
    /// shorter than the table). **Only for public scalars.** `None` if `static_scalars` is
    /// longer than the table or the dynamic lists differ in length.
    pub fn vartime_mixed(
        &self,
        static_scalars: &[Scalar],
        dynamic_scalars: &[Scalar],
        dynamic_points: &[&RistrettoPoint],
    ) -> Option<RistrettoPoint> {
        if static_scalars.len() > self.len || dynamic_scalars.len() != dynamic_points.len() {
            return None;
        }
        Some(self.table.vartime_mixed_multiscalar_mul(
            static_scalars,
            dynamic_scalars,
            dynamic_points.iter().copied(),
        ))
    }

    /// `Σ sᵢ·Pᵢ + Σ tⱼ·Qⱼ` in variable time, where the `sᵢ` apply to the first points of the table
    /// (there may be fewer scalars than points) and the `(tⱼ, Qⱼ)` are other points.
    /// `None` if there are more `sᵢ` than table points or the `tⱼ` and `Qⱼ` differ in number.
    pub fn mixed_mul<'a, I, J, K>(
        &self,
        static_scalars: I,
        dynamic_scalars: J,
        dynamic_points: K,
    ) -> Option<RistrettoPoint>
    where
        I: IntoIterator<Item = Scalar>,
        J: IntoIterator<Item = Scalar>,
        K: IntoIterator<Item = &'a RistrettoPoint>,
    {
        use curve25519_dalek::traits::VartimePrecomputedMultiscalarMul;
        let static_scalars: Vec<Scalar> = static_scalars.into_iter().collect();
        if static_scalars.len() > self.len {
            return None;
        }
        let (dynamic_scalars, dynamic_points) = collect(dynamic_scalars, dynamic_points)?;
        Some(self.table.vartime_mixed_multiscalar_mul(
            &static_scalars,
            &dynamic_scalars,
            dynamic_points,
        ))
    }
}

impl core::fmt::Debug for VartimeTable {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "VartimeTable({} points)", self.len)
    }
}

impl core::fmt::Debug for FixedBase {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str("FixedBase")
    }
}

#[cfg(test)]
mod tests {
    #![allow(
        clippy::arithmetic_side_effects,
        clippy::indexing_slicing,
        clippy::unwrap_used
    )]
    use super::*;
    use curve25519_dalek::constants::RISTRETTO_BASEPOINT_POINT;

    /// Distinct points and full-size scalars, cheaply (no hashing to the curve).
    fn inputs(len: usize) -> (Vec<Scalar>, Vec<RistrettoPoint>) {
        let step = RISTRETTO_BASEPOINT_POINT * Scalar::from(0x9e37_79b9_7f4a_7c15u64);
        let x = -Scalar::from(0x2545_f491_4f6c_dd1du64).invert();
        let mut s = x;
        let mut p = step;
        let mut scalars = Vec::with_capacity(len);
        let mut points = Vec::with_capacity(len);
        for i in 0..len {
            s = s * x + Scalar::from(i as u64);
            p += step;
            scalars.push(s);
            points.push(p);
        }
        (scalars, points)
    }

    /// The constant-time multiplication split across threads gives the same point as one
    /// multiplication, at every split (thread counts 1 to 8, lengths around the part size).
    #[cfg(feature = "parallel")]
    #[test]
    fn constant_time_split_matches_one_multiplication() {
        let (scalars, points) = inputs(1100);
        for len in [0usize, 1, 127, 128, 255, 256, 257, 511, 1100] {
            let (s, p) = (&scalars[..len], &points[..len]);
            let expected = RistrettoPoint::vartime_multiscalar_mul(s, p);
            for threads in [1usize, 2, 3, 8] {
                let got = crate::util::par::with_threads(threads, || {
                    constant_time(s.iter().copied(), p.iter()).unwrap()
                });
                assert_eq!(got, expected, "len {len}, {threads} threads");
            }
        }
        assert_ne!(
            constant_time(scalars.iter().copied(), points.iter()).unwrap(),
            RistrettoPoint::default()
        );
    }

    /// The variable-time multiplication split across threads gives the same point.
    #[cfg(feature = "parallel")]
    #[test]
    fn vartime_split_matches_one_multiplication() {
        let (scalars, points) = inputs(4500);
        for len in [0usize, 1, 2047, 2048, 3000, 4500] {
            let (s, p) = (&scalars[..len], &points[..len]);
            let expected = RistrettoPoint::vartime_multiscalar_mul(s, p);
            for threads in [1usize, 2, 3] {
                let got = crate::util::par::with_threads(threads, || {
                    vartime_threaded(s.iter().copied(), p.iter()).unwrap()
                });
                assert_eq!(got, expected, "len {len}, {threads} threads");
            }
        }
    }

    #[test]
    fn chunked_matches_one_multiplication() {
        let (scalars, points) = inputs(2 * VARTIME_CHUNK + 5);
        for len in [
            0,
            1,
            189,
            190,
            VARTIME_CHUNK - 1,
            VARTIME_CHUNK,
            VARTIME_CHUNK + 1,
            2 * VARTIME_CHUNK + 5,
        ] {
            let (s, p) = (&scalars[..len], &points[..len]);
            let expected = RistrettoPoint::vartime_multiscalar_mul(s, p);
            let got = vartime_chunked(s.iter().copied().zip(p));
            assert_eq!(got, expected, "len {len}");
            // An iterator without a size hint too.
            let got = vartime_chunked(s.iter().copied().zip(p).filter(|_| true));
            assert_eq!(got, expected, "len {len}, no size hint");
        }
        // Not the identity, so the comparison above could fail.
        assert_ne!(
            vartime_chunked(scalars.iter().copied().zip(&points)),
            RistrettoPoint::default()
        );
        // A changed scalar in the last chunk changes the sum.
        let mut changed = scalars.clone();
        changed[2 * VARTIME_CHUNK + 2] += Scalar::ONE;
        assert_ne!(
            vartime_chunked(changed.iter().copied().zip(&points)),
            vartime_chunked(scalars.iter().copied().zip(&points))
        );
    }
}
