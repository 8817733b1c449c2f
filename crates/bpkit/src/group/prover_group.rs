//! The group as the provers use it, for the groups that share the Ristretto/Ed25519 algebra.
//!
//! The range-proof prover (its parties' algebra and the inner-product argument) and the
//! Bulletproofs+ prover are written once over [`ProverGroup`]: Ristretto255 for bpkit's, dalek's
//! and Tari's formats, Ed25519 (`EdwardsPoint`) for Monero's. Both groups have the scalar field
//! ℓ, so the scalar algebra is shared as it is; what a group supplies is addition, constant-time
//! selection and multiscalar multiplications named for their timing contract.

use super::{msm, RistrettoPoint, Scalar};
use alloc::vec::Vec;
use core::ops::{Add, AddAssign, Neg};
use curve25519_dalek::edwards::EdwardsPoint;
use curve25519_dalek::traits::{Identity, MultiscalarMul, VartimeMultiscalarMul};
use subtle::ConditionallySelectable;
use zeroize::{Zeroize, Zeroizing};

/// A prime-order group (or, for Ed25519, the prime-order subgroup the generators span) as a
/// prover uses it: complete additions, constant-time selection, and multiscalar multiplications
/// named for their timing contract.
pub(crate) trait ProverGroup:
    Copy
    + Send
    + Sync
    + Default
    + Identity
    + ConditionallySelectable
    + Zeroize
    + Add<Output = Self>
    + AddAssign
    + Neg<Output = Self>
    + for<'a> core::iter::Sum<&'a Self>
{
    /// `Σ sᵢ·Pᵢ` in constant time (independent of the scalars). `None` if the lengths differ.
    fn msm_constant_time<'a, I, J>(scalars: I, points: J) -> Option<Self>
    where
        Self: 'a,
        I: IntoIterator<Item = Scalar>,
        J: IntoIterator<Item = &'a Self>;

    /// `Σ sᵢ·Pᵢ` in variable time. **Only for public scalars and points.** `None` if the
    /// lengths differ.
    fn msm_vartime<'a, I, J>(scalars: I, points: J) -> Option<Self>
    where
        Self: 'a,
        I: IntoIterator<Item = Scalar>,
        J: IntoIterator<Item = &'a Self>;

    /// [`ProverGroup::msm_vartime`] over slices (the inner-product prover's accumulator).
    /// **Only for public scalars and points.**
    fn msm_vartime_slices(scalars: &[Scalar], points: &[&Self]) -> Option<Self> {
        // Variable-time: the caller's contract (public scalars and points).
        Self::msm_vartime(scalars.iter().copied(), points.iter().copied())
    }
}

impl ProverGroup for RistrettoPoint {
    fn msm_constant_time<'a, I, J>(scalars: I, points: J) -> Option<Self>
    where
        I: IntoIterator<Item = Scalar>,
        J: IntoIterator<Item = &'a Self>,
    {
        msm::constant_time(scalars, points)
    }

    fn msm_vartime<'a, I, J>(scalars: I, points: J) -> Option<Self>
    where
        I: IntoIterator<Item = Scalar>,
        J: IntoIterator<Item = &'a Self>,
    {
        // Variable-time: the caller's contract (public scalars and points).
        msm::vartime(scalars, points)
    }

    fn msm_vartime_slices(scalars: &[Scalar], points: &[&Self]) -> Option<Self> {
        // Variable-time: the caller's contract (public scalars and points).
        msm::vartime_slices(scalars, points)
    }
}

impl ProverGroup for EdwardsPoint {
    fn msm_constant_time<'a, I, J>(scalars: I, points: J) -> Option<Self>
    where
        I: IntoIterator<Item = Scalar>,
        J: IntoIterator<Item = &'a Self>,
    {
        let scalars: Zeroizing<Vec<Scalar>> = Zeroizing::new(scalars.into_iter().collect());
        let points: Vec<&EdwardsPoint> = points.into_iter().collect();
        (scalars.len() == points.len())
            .then(|| EdwardsPoint::multiscalar_mul(scalars.iter(), points))
    }

    fn msm_vartime<'a, I, J>(scalars: I, points: J) -> Option<Self>
    where
        I: IntoIterator<Item = Scalar>,
        J: IntoIterator<Item = &'a Self>,
    {
        let scalars: Vec<Scalar> = scalars.into_iter().collect();
        let points: Vec<&EdwardsPoint> = points.into_iter().collect();
        // Variable-time: the caller's contract (public scalars and points).
        (scalars.len() == points.len())
            .then(|| EdwardsPoint::vartime_multiscalar_mul(&scalars, points))
    }
}
