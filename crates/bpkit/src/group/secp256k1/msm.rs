//! Multiscalar multiplication on secp256k1: constant-time for secret scalars, variable-time
//! (Pippenger with signed digits) for public ones.

use super::jacobian::{Affine, Jacobian};
use super::{AffinePoint, ProjectivePoint, Scalar};
use alloc::vec::Vec;
use k256::elliptic_curve::ops::LinearCombinationExt;

/// `Σ sᵢ·Pᵢ` in constant time (k256's GLV Straus with table lookups by masking): for secret
/// scalars. Pairs beyond the shorter input are ignored.
pub fn ct_msm(scalars: &[Scalar], points: &[ProjectivePoint]) -> ProjectivePoint {
    let pairs: Vec<(ProjectivePoint, Scalar)> = points
        .iter()
        .copied()
        .zip(scalars.iter().copied())
        .collect();
    ProjectivePoint::lincomb_ext(pairs.as_slice())
}

/// `s·P` in constant time.
pub fn ct_mul(scalar: &Scalar, point: &ProjectivePoint) -> ProjectivePoint {
    ProjectivePoint::lincomb_ext(&[(*point, *scalar)])
}

/// Signed radix-2^c digits of a scalar, least significant first, each in [−2^(c−1), 2^(c−1)].
fn signed_digits(s: &Scalar, c: usize, out: &mut Vec<i32>) {
    out.clear();
    let be: [u8; 32] = s.to_bytes().into();
    // Little-endian 64-bit limbs, one spare for the final carry.
    let mut limbs = [0u64; 5];
    for (i, chunk) in be.rchunks_exact(8).enumerate() {
        if let (Some(slot), Ok(arr)) = (limbs.get_mut(i), <[u8; 8]>::try_from(chunk)) {
            *slot = u64::from_be_bytes(arr);
        }
    }
    let windows = 256usize.div_ceil(c).saturating_add(1);
    let radix: i64 = 1i64 << c;
    let half: i64 = radix >> 1;
    let mut carry: i64 = 0;
    for w in 0..windows {
        let bit = w.saturating_mul(c);
        let limb = bit / 64;
        let shift = bit % 64;
        let lo = limbs.get(limb).copied().unwrap_or(0) >> shift;
        let hi = if shift == 0 {
            0
        } else {
            limbs.get(limb.saturating_add(1)).copied().unwrap_or(0)
                << (64usize.saturating_sub(shift))
        };
        let mask = (1u64 << c).wrapping_sub(1);
        let raw = i64::try_from((lo | hi) & mask).unwrap_or(0);
        let mut digit = raw.wrapping_add(carry);
        carry = 0;
        if digit >= half {
            digit = digit.wrapping_sub(radix);
            carry = 1;
        }
        out.push(i32::try_from(digit).unwrap_or(0));
    }
}

/// `Σ sᵢ·Pᵢ` in variable time (Pippenger's buckets over signed digits, mixed additions).
///
/// **Variable-time**: only for public scalars and points (verification). Pairs beyond the
/// shorter input are ignored.
pub fn vartime_msm(scalars: &[Scalar], points: &[AffinePoint]) -> ProjectivePoint {
    let n = scalars.len().min(points.len());
    if n == 0 {
        return ProjectivePoint::IDENTITY;
    }
    let c: usize = match n {
        0..=16 => 3,
        17..=48 => 4,
        49..=128 => 5,
        129..=400 => 6,
        401..=1200 => 7,
        1201..=3000 => 8,
        3001..=8000 => 9,
        8001..=20000 => 10,
        _ => 11,
    };
    let mut digits: Vec<Vec<i32>> = Vec::with_capacity(n);
    for s in scalars.iter().take(n) {
        let mut d = Vec::new();
        signed_digits(s, c, &mut d);
        digits.push(d);
    }
    let affine: Vec<Option<Affine>> = points.iter().take(n).map(Affine::from_point).collect();
    let windows = 256usize.div_ceil(c).saturating_add(1);
    let mut buckets = alloc::vec![Jacobian::IDENTITY; 1usize << (c.saturating_sub(1))];
    let mut acc = Jacobian::IDENTITY;
    for w in (0..windows).rev() {
        for _ in 0..c {
            acc = acc.double();
        }
        buckets.fill(Jacobian::IDENTITY);
        for (d, p) in digits.iter().zip(affine.iter()) {
            // The identity contributes nothing.
            let Some(p) = p else { continue };
            let digit = d.get(w).copied().unwrap_or(0);
            if digit > 0 {
                let idx = usize::try_from(digit.saturating_sub(1)).unwrap_or(0);
                if let Some(b) = buckets.get_mut(idx) {
                    *b = b.add_affine(p);
                }
            } else if digit < 0 {
                let idx = usize::try_from(digit.saturating_neg().saturating_sub(1)).unwrap_or(0);
                if let Some(b) = buckets.get_mut(idx) {
                    *b = b.add_affine(&p.neg());
                }
            }
        }
        // Σ (i+1)·bucket[i] by running sums.
        let mut running = Jacobian::IDENTITY;
        let mut sum = Jacobian::IDENTITY;
        for b in buckets.iter().rev() {
            running = running.add(b);
            sum = sum.add(&running);
        }
        acc = acc.add(&sum);
    }
    acc.to_projective()
}

#[cfg(test)]
mod tests {
    #![allow(
        clippy::unwrap_used,
        clippy::indexing_slicing,
        clippy::arithmetic_side_effects
    )]
    use super::*;

    #[test]
    fn vartime_special_cases() {
        // Repeated points (doubling in a bucket), a point and its negation (cancellation),
        // the identity, and a zero result.
        let g = ProjectivePoint::GENERATOR;
        let p = (g * Scalar::from(5u64)).to_affine();
        let pts = [
            p,
            p,
            p,
            (-(g * Scalar::from(5u64))).to_affine(),
            AffinePoint::IDENTITY,
        ];
        let one = Scalar::ONE;
        let cases: [[Scalar; 5]; 3] = [
            [one, one, one, one, one],
            [one, one, -one, one, Scalar::from(9u64)],
            [Scalar::from(3u64), -Scalar::from(3u64), one, one, one],
        ];
        for sc in cases {
            let naive: ProjectivePoint = sc
                .iter()
                .zip(&pts)
                .map(|(s, p)| ProjectivePoint::from(*p) * s)
                .sum();
            assert_eq!(vartime_msm(&sc, &pts), naive);
        }
        assert_eq!(
            vartime_msm(&[one, one], &[p, (-ProjectivePoint::from(p)).to_affine()]),
            ProjectivePoint::IDENTITY
        );
    }

    #[test]
    fn vartime_matches_constant_time() {
        let mut seed = 7u64;
        let mut next = || {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            Scalar::from(seed) * Scalar::from(seed.rotate_left(17)) * Scalar::from(seed ^ 0x55)
        };
        for n in [0usize, 1, 2, 5, 17, 60, 200, 500] {
            let scalars: Vec<Scalar> = (0..n)
                .map(|i| if i == 3 { -Scalar::ONE } else { next() })
                .collect();
            let points: Vec<ProjectivePoint> = (0..n)
                .map(|_| ProjectivePoint::GENERATOR * next())
                .collect();
            let affine: Vec<AffinePoint> = points.iter().map(|p| p.to_affine()).collect();
            let expected = ct_msm(&scalars, &points);
            assert_eq!(vartime_msm(&scalars, &affine), expected, "n = {n}");
            let naive: ProjectivePoint = scalars.iter().zip(&points).map(|(s, p)| *p * s).sum();
            assert_eq!(naive, expected);
        }
    }
}
