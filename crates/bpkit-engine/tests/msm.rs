//! Multiscalar multiplication against curve25519-dalek's `vartime_multiscalar_mul`: sizes 0 … 4096
//! (a sample in CI; every size with BPKIT_ENGINE_FULL=1), scalars 0, 1, ℓ − 1 and random, points
//! random, identity, repeated and negated (the exceptional cases of affine additions), and every
//! window width.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    clippy::arithmetic_side_effects
)]

mod common;

use bpkit_engine::multiply::{vartime_msm, vartime_msm_window};
use bpkit_engine::{batch_to_affine_niels, decode_batch_all, AffineNiels, Point};
use curve25519_dalek::ristretto::RistrettoPoint;
use curve25519_dalek::scalar::Scalar;
use curve25519_dalek::traits::{Identity, VartimeMultiscalarMul};
use rand_chacha::ChaCha20Rng;

/// A case: dalek's scalars and points, and the engine's affine points decoded from them.
struct Case {
    scalars: Vec<Scalar>,
    points: Vec<RistrettoPoint>,
}

impl Case {
    fn engine_points(&self) -> Vec<AffineNiels> {
        let enc: Vec<[u8; 32]> = self
            .points
            .iter()
            .map(|p| p.compress().to_bytes())
            .collect();
        decode_batch_all(&enc)
            .unwrap()
            .iter()
            .map(Point::to_affine_niels)
            .collect()
    }

    fn scalar_bytes(&self) -> Vec<[u8; 32]> {
        self.scalars.iter().map(Scalar::to_bytes).collect()
    }

    fn expected(&self) -> [u8; 32] {
        RistrettoPoint::vartime_multiscalar_mul(&self.scalars, &self.points)
            .compress()
            .to_bytes()
    }

    fn check(&self) {
        let ours = vartime_msm(&self.scalar_bytes(), &self.engine_points()).unwrap();
        assert_eq!(ours.encode(), self.expected(), "n = {}", self.scalars.len());
    }
}

fn special_scalar(rng: &mut ChaCha20Rng, i: usize) -> Scalar {
    match i % 7 {
        0 => Scalar::ZERO,
        1 => Scalar::ONE,
        2 => -Scalar::ONE, // ℓ − 1
        3 => Scalar::from(u64::MAX),
        _ => common::random_scalar(rng),
    }
}

/// n points mixing random, identity, repeated and negated ones; scalars mixing 0, 1, ℓ − 1 and
/// random ones.
fn mixed_case(rng: &mut ChaCha20Rng, n: usize) -> Case {
    let mut points: Vec<RistrettoPoint> = Vec::with_capacity(n);
    for i in 0..n {
        let p = match (i % 11, points.len()) {
            (3, k) if k > 0 => points[k - 1],     // repeated
            (5, k) if k > 0 => -points[k / 2],    // negated
            (7, _) => RistrettoPoint::identity(), // identity
            _ => common::random_point(rng),
        };
        points.push(p);
    }
    let scalars = (0..n).map(|i| special_scalar(rng, i)).collect();
    Case { scalars, points }
}

fn random_case(rng: &mut ChaCha20Rng, n: usize) -> Case {
    Case {
        scalars: (0..n).map(|_| common::random_scalar(rng)).collect(),
        points: (0..n).map(|_| common::random_point(rng)).collect(),
    }
}

#[test]
fn sampled_sizes_match_dalek() {
    common::announce("msm::sampled_sizes_match_dalek");
    let mut rng = common::rng(21);
    let full = std::env::var("BPKIT_ENGINE_FULL").is_ok();
    let sizes: Vec<usize> = if full {
        (0..=4096).collect()
    } else {
        let mut s: Vec<usize> = (0..=20).collect();
        s.extend([
            31, 32, 33, 63, 64, 65, 127, 128, 129, 255, 256, 257, 511, 700, 1024, 1500,
        ]);
        s.extend([2048, 4095, 4096]);
        s
    };
    for n in sizes {
        mixed_case(&mut rng, n).check();
        if n <= 300 || n % 1024 == 0 {
            random_case(&mut rng, n).check();
        }
    }
}

#[test]
fn every_window_width() {
    let mut rng = common::rng(22);
    for n in [1usize, 2, 5, 40, 300] {
        let case = mixed_case(&mut rng, n);
        let want = case.expected();
        let (s, p) = (case.scalar_bytes(), case.engine_points());
        for c in 2..=16 {
            assert_eq!(
                vartime_msm_window(&s, &p, c).unwrap().encode(),
                want,
                "n {n}, c {c}"
            );
        }
        assert!(vartime_msm_window(&s, &p, 1).is_none());
        assert!(vartime_msm_window(&s, &p, 17).is_none());
    }
}

#[test]
fn degenerate_inputs() {
    let mut rng = common::rng(23);
    // Empty, all-zero scalars, all-identity points, one point cancelling another.
    assert!(vartime_msm(&[], &[]).unwrap().is_identity());
    let case = random_case(&mut rng, 10);
    let zeros = vec![[0u8; 32]; 10];
    assert!(vartime_msm(&zeros, &case.engine_points())
        .unwrap()
        .is_identity());
    let ids = vec![AffineNiels::IDENTITY; 10];
    assert!(vartime_msm(&case.scalar_bytes(), &ids)
        .unwrap()
        .is_identity());
    let p = common::random_point(&mut rng);
    let s = common::random_scalar(&mut rng);
    let cancel = Case {
        scalars: vec![s, s],
        points: vec![p, -p],
    };
    cancel.check();
    let same = Case {
        scalars: vec![s, -s],
        points: vec![p, p],
    };
    same.check();
    // Lengths differ: refused, not a panic.
    assert!(vartime_msm(&zeros[..3], &case.engine_points()).is_none());
    // Scalars above ℓ (up to 2²⁵⁶ − 1) are taken as integers.
    let big = [0xffu8; 32];
    let q = case.engine_points()[0];
    let want = RistrettoPoint::vartime_multiscalar_mul(
        [Scalar::from_bytes_mod_order(big)],
        [case.points[0]],
    );
    assert_eq!(
        vartime_msm(&[big], &[q]).unwrap().encode(),
        want.compress().to_bytes()
    );
}

#[test]
fn batch_normalisation_of_computed_points() {
    // Points with Z ≠ 1 (sums), normalised together, give the same MSM.
    let mut rng = common::rng(24);
    let case = mixed_case(&mut rng, 64);
    let enc: Vec<[u8; 32]> = case
        .points
        .iter()
        .map(|p| p.compress().to_bytes())
        .collect();
    let decoded = decode_batch_all(&enc).unwrap();
    let doubled: Vec<bpkit_engine::Extended> =
        decoded.iter().map(|p| p.edwards().double()).collect();
    let mut mixed: Vec<bpkit_engine::Extended> = doubled.clone();
    mixed.extend(decoded.iter().map(|p| *p.edwards()));
    let affine = batch_to_affine_niels(&mixed);
    let mut scalars = case.scalar_bytes();
    scalars.extend(case.scalar_bytes());
    let three: Vec<Scalar> = case.scalars.iter().map(|s| s * Scalar::from(3u8)).collect();
    let want = RistrettoPoint::vartime_multiscalar_mul(&three, &case.points);
    assert_eq!(
        vartime_msm(&scalars, &affine).unwrap().encode(),
        want.compress().to_bytes()
    );
    // One at a time agrees with the batch.
    for (p, a) in mixed.iter().zip(&affine) {
        let single = p.to_affine_niels();
        let s = [[7u8; 32]];
        assert_eq!(
            vartime_msm(&s, &[single]).unwrap().encode(),
            vartime_msm(&s, &[*a]).unwrap().encode()
        );
    }
}
