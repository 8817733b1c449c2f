//! The portable code compiled for BMI2/ADX (x86-64): the radix-2⁵¹ field's 64 × 64 → 128-bit
//! products then use `mulx`, which leaves the flags alone and takes any registers, so the
//! compiler schedules the independent products of a point addition more freely. Same source,
//! same results: only the instruction selection differs.
#![forbid(unsafe_code)]

use crate::msm::straus::Fixed;
use crate::msm::window::Share;
use crate::point::{AffineNiels, Extended};

/// `msm::pippenger` compiled with BMI2 and ADX enabled.
#[target_feature(enable = "bmi2,adx")]
pub(crate) fn pippenger(
    scalars: &[[u64; 4]],
    points: &[AffineNiels],
    c: Option<u32>,
    share: Share,
) -> Extended {
    crate::msm::pippenger::pippenger_body(scalars, points, c, share)
}

/// `msm::straus` compiled with BMI2 and ADX enabled.
#[target_feature(enable = "bmi2,adx")]
pub(crate) fn straus(
    scalars: &[[u64; 4]],
    points: &[AffineNiels],
    fixed: Option<&Fixed<'_>>,
) -> Extended {
    crate::msm::straus::straus_body(scalars, points, fixed)
}

/// `msm::pippenger::one_window_body` (a shifted table's multiplication) compiled with BMI2 and
/// ADX enabled.
#[target_feature(enable = "bmi2,adx")]
pub(crate) fn one_window(digits: &[i32], buckets: usize, points: &[AffineNiels]) -> Extended {
    crate::msm::pippenger::one_window_body(digits, buckets, points)
}
