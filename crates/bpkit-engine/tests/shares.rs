//! One multiplication split into shares of its windows (`multiply::vartime_msm_share`, for
//! threads): the shares add up to the whole sum on every bucket pass this CPU has (portable
//! backend, portable pass, AVX2 pass, IFMA pass), at every share count from 1 to 7 (more shares
//! than windows included), at several window widths, sizes on both sides of the Straus/Pippenger
//! choice, and scalars that make carries cross the shares' edges (2²⁵⁶ − 1, ℓ − 1, 2ᵏ·c − 1).
//! Also: each share alone is *not* the whole sum (so the test sees a share that drops or repeats
//! a window), the windows partition `0..w` in order, and mismatched lists give `None`.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing,
    clippy::arithmetic_side_effects
)]

mod common;

use bpkit_engine::backend::{self, dispatch};
use bpkit_engine::msm::window::Share;
use bpkit_engine::multiply::{vartime_msm_share, vartime_msm_window, vartime_msm_window_share};
use bpkit_engine::{vartime_msm, AffineNiels, Point};
use curve25519_dalek::ristretto::RistrettoPoint;
use curve25519_dalek::scalar::Scalar;
use curve25519_dalek::traits::VartimeMultiscalarMul;

/// Scalars whose digits carry through every window: all ones, ℓ − 1, 2ᵏ − 1 at window edges,
/// then random ones.
fn scalars(rng: &mut rand_chacha::ChaCha20Rng, n: usize) -> Vec<[u8; 32]> {
    (0..n)
        .map(|i| match i % 6 {
            0 => [0xff; 32],
            1 => (-Scalar::ONE).to_bytes(),
            2 => {
                // 2^(8·(i mod 32)) − 1: a run of ones ending inside some window.
                let mut b = [0u8; 32];
                b[..i % 32].fill(0xff);
                b
            }
            3 => [0u8; 32],
            _ => common::random_bytes(rng),
        })
        .collect()
}

fn sum_of(parts: impl Iterator<Item = Point>) -> [u8; 32] {
    parts
        .fold(None, |acc: Option<Point>, p| {
            Some(acc.map_or(p, |a| a.add(&p)))
        })
        .unwrap()
        .encode()
}

fn restore() {
    dispatch::force_portable(false);
    backend::simd_buckets(true);
    backend::ifma(true);
}

#[test]
fn shares_add_up_to_the_whole_multiplication() {
    let _g = common::SWITCH.lock().unwrap();
    let mut rng = common::rng(22);
    let configs = common::configurations();
    eprintln!(
        "shares checked on: {:?}",
        configs.iter().map(|c| c.0).collect::<Vec<_>>()
    );
    for n in [0usize, 1, 7, 40, 200, 700] {
        let points: Vec<RistrettoPoint> = common::mixed_points(&mut rng, n);
        let affine: Vec<AffineNiels> = common::engine_affine(&points);
        let bytes = scalars(&mut rng, n);
        let reduced: Vec<Scalar> = bytes
            .iter()
            .map(|b| Scalar::from_bytes_mod_order(*b))
            .collect();
        let want = RistrettoPoint::vartime_multiscalar_mul(&reduced, &points)
            .compress()
            .to_bytes();
        for (name, portable, simd, ifma) in &configs {
            common::set(*portable, *simd, *ifma);
            assert_eq!(vartime_msm(&bytes, &affine).unwrap().encode(), want);
            for count in 1..=7usize {
                let got = sum_of(
                    (0..count).map(|i| vartime_msm_share(&bytes, &affine, i, count).unwrap()),
                );
                assert_eq!(got, want, "{name}, n = {n}, {count} shares");
            }
            for c in [2u32, 3, 5, 8, 11] {
                assert_eq!(
                    vartime_msm_window(&bytes, &affine, c).unwrap().encode(),
                    want
                );
                for count in [2u32, 3, 5, 200] {
                    let got = sum_of((0..count).map(|index| {
                        vartime_msm_window_share(&bytes, &affine, c, Share { index, count })
                            .unwrap()
                    }));
                    assert_eq!(got, want, "{name}, n = {n}, c = {c}, {count} shares");
                }
            }
        }
    }
    restore();
}

#[test]
fn one_share_is_not_the_whole() {
    // Two shares of a 200-point multiplication with full-width scalars: each is a proper part
    // (neither the whole nor the identity), so a share that took every window, or none, fails.
    let _g = common::SWITCH.lock().unwrap();
    let mut rng = common::rng(23);
    let points: Vec<RistrettoPoint> = (0..200).map(|_| common::random_point(&mut rng)).collect();
    let affine = common::engine_affine(&points);
    let bytes: Vec<[u8; 32]> = (0..200).map(|_| common::random_bytes(&mut rng)).collect();
    let whole = vartime_msm_window(&bytes, &affine, 6).unwrap().encode();
    for index in 0..2 {
        let part = vartime_msm_window_share(&bytes, &affine, 6, Share { index, count: 2 }).unwrap();
        assert!(!part.is_identity());
        assert_ne!(part.encode(), whole);
    }
    // A share past the count is empty.
    assert!(
        vartime_msm_window_share(&bytes, &affine, 6, Share { index: 2, count: 2 })
            .unwrap()
            .is_identity()
    );
}

#[test]
fn windows_partition_in_order() {
    for w in 0..140u32 {
        for count in 0..10u32 {
            let mut next = 0;
            for index in 0..count.max(1) {
                let r = Share { index, count }.windows(w);
                assert_eq!(r.start, next, "w = {w}, count = {count}");
                assert!(r.end >= r.start);
                assert!(r.len() as u32 <= w / count.max(1) + 1);
                next = r.end;
            }
            assert_eq!(next, w);
        }
        assert!(Share { index: 3, count: 2 }.windows(w).is_empty());
    }
}

#[test]
fn mismatched_lists_are_refused() {
    let mut rng = common::rng(24);
    let points = common::engine_affine(&[common::random_point(&mut rng)]);
    assert!(vartime_msm_share(&[[1; 32], [2; 32]], &points, 0, 2).is_none());
    assert!(vartime_msm_window_share(&[[1; 32]], &points, 1, Share::ALL).is_none());
    assert!(vartime_msm_window_share(&[[1; 32]], &points, 17, Share::ALL).is_none());
}
