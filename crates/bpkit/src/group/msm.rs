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
use curve25519_dalek::ristretto::RistrettoBasepointTable;
use curve25519_dalek::traits::{MultiscalarMul, VartimeMultiscalarMul};
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
    let result = RistrettoPoint::multiscalar_mul(&scalars, points);
    scalars.zeroize();
    Some(result)
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

impl core::fmt::Debug for FixedBase {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str("FixedBase")
    }
}
