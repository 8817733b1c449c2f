//! The four-lane AVX2 bucket pass of Pippenger's method against the portable code and dalek.
//!
//! - the four-lane mixed addition, lane by lane, coordinate by coordinate (canonical encodings)
//!   against the portable `add_affine` / `sub_affine`: on points (random, identity, equal,
//!   opposite) and on arbitrary field elements (edge values p − 1, p … p + 18, 2²⁵⁵ − 1,
//!   unreduced limbs) in every lane position, with every sign pattern;
//! - the schedule: every addition exactly once, grouped by bucket, runs partitioning the list;
//! - whole multiscalar multiplications with the SIMD pass, the portable pass (same compilation)
//!   and the portable backend against each other and against dalek's `vartime_multiscalar_mul`:
//!   sizes 0 … 4096 (sampled; every size with BPKIT_ENGINE_FULL=1), scalars 0, 1, ℓ − 1, 2⁶⁴ − 1,
//!   2²⁵⁶ − 1 and random, points random, identity, repeated and negated, every window width.
//!
//! Prints which bucket pass ran; on a CPU without AVX2 the SIMD cases report that they were
//! skipped.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    clippy::arithmetic_side_effects,
    clippy::needless_range_loop
)]

mod common;

use bpkit_engine::backend::{self, dispatch};
use bpkit_engine::field::Fe;
use bpkit_engine::msm::schedule::{lane_run, Schedule, LANES};
use bpkit_engine::multiply::{vartime_msm_pippenger, vartime_msm_window};
use bpkit_engine::{AffineNiels, Extended};
use curve25519_dalek::ristretto::RistrettoPoint;
use curve25519_dalek::scalar::Scalar;
use curve25519_dalek::traits::VartimeMultiscalarMul;
use rand_chacha::ChaCha20Rng;
use std::sync::Mutex;

/// The backend switches are process-wide: tests that flip them run one at a time.
static SWITCH: Mutex<()> = Mutex::new(());

fn simd_available() -> bool {
    dispatch::force_portable(false);
    backend::simd_buckets(true);
    let on = backend::simd_buckets_active();
    eprintln!(
        "engine backend = {}; SIMD bucket pass available: {on}",
        bpkit_engine::backend()
    );
    on
}

fn enc(p: &Extended) -> [[u8; 32]; 4] {
    p.coordinates().map(|c| c.to_bytes())
}

/// Field elements at and around the edges: 0, 1, p − 1, p … p + 18, 2²⁵⁵ − 1, limbs up to
/// 2⁵⁴ − 1, then random ones.
fn edge_values(rng: &mut ChaCha20Rng, n: usize) -> Vec<Fe> {
    let top = (1u64 << 51) - 1;
    let mut v = vec![
        Fe::ZERO,
        Fe::ONE,
        Fe::from_limbs_unreduced([top - 19, top, top, top, top]), // p − 1
        Fe::from_limbs_unreduced([top; 5]),                       // 2²⁵⁵ − 1
        Fe::from_limbs_unreduced([(1 << 54) - 1; 5]),
        Fe::from_limbs_unreduced([(1 << 52) + 7; 5]),
    ];
    for k in 0..19 {
        v.push(Fe::from_limbs_unreduced([top - 18 + k, top, top, top, top])); // p + k
    }
    while v.len() < n {
        v.push(Fe::from_bytes(&common::random_bytes(rng)));
    }
    v
}

/// Lane by lane: the AVX2 chain of `iterations` additions against the portable one.
fn check_lanes(acc: [Extended; 4], q: [AffineNiels; 4], negative: [bool; 4], iterations: usize) {
    let simd = dispatch::add_affine_chain_x4(&acc, &q, negative, iterations).unwrap();
    for k in 0..4 {
        let mut r = acc[k];
        for _ in 0..iterations {
            r = if negative[k] {
                r.sub_affine(&q[k])
            } else {
                r.add_affine(&q[k])
            };
        }
        assert_eq!(enc(&simd[k]), enc(&r), "lane {k}, signs {negative:?}");
    }
}

fn signs(pattern: usize) -> [bool; 4] {
    [0, 1, 2, 3].map(|k| pattern >> k & 1 == 1)
}

#[test]
fn four_lane_additions_are_bit_exact() {
    let _g = SWITCH.lock().unwrap();
    if !simd_available() {
        eprintln!("no AVX2 here: the four-lane additions were not exercised");
        return;
    }
    let mut rng = common::rng(41);
    // Points: random, identity, P and −P, P twice (doubling inside the sum).
    let pts = common::engine_points(&common::mixed_points(&mut rng, 40));
    let affine: Vec<AffineNiels> = pts.iter().map(|p| p.to_affine_niels()).collect();
    let mut accs: Vec<Extended> = pts.iter().map(|p| *p.edwards()).collect();
    accs.extend(pts.iter().map(|p| p.edwards().double())); // Z ≠ 1
    accs.push(Extended::IDENTITY);
    let mut cases = 0;
    for (i, a) in accs.iter().enumerate() {
        let q = affine[i % affine.len()];
        let others = [0, 1, 2, 3].map(|k| accs[(i + 7 * k + 1) % accs.len()]);
        let qs = [0, 1, 2, 3].map(|k| affine[(i + 3 * k + 2) % affine.len()]);
        for lane in 0..4 {
            let mut acc = others;
            let mut q4 = qs;
            acc[lane] = *a;
            q4[lane] = q; // equal point when a is q's decoding: a doubling in lane `lane`
            for pattern in 0..16 {
                check_lanes(acc, q4, signs(pattern), 1);
                cases += 1;
            }
        }
    }
    // Chains: the lanes stay exact over many additions (limb bounds do not drift).
    for pattern in 0..16 {
        let acc = [0, 1, 2, 3].map(|k| accs[k + 5]);
        let q4 = [0, 1, 2, 3].map(|k| affine[k + 9]);
        check_lanes(acc, q4, signs(pattern), 50);
    }
    eprintln!("four-lane mixed additions: {cases} point cases, 16 chains of 50, all bit-exact");
}

#[test]
fn four_lane_additions_on_edge_field_elements() {
    // The formulas are polynomials, so lanes must match the portable code on any coordinates,
    // points or not: edge values exercise the limb bounds of the uncarried sums and differences.
    let _g = SWITCH.lock().unwrap();
    if !simd_available() {
        eprintln!("no AVX2 here: the four-lane additions were not exercised");
        return;
    }
    let mut rng = common::rng(42);
    let v = edge_values(&mut rng, 64);
    let ext = |i: usize| common::cyclic_extended(&v, i);
    let niels = |i: usize| common::cyclic_niels(&v, i);
    let mut cases = 0;
    for e in 0..25 {
        for lane in 0..4 {
            let mut acc = [ext(30), ext(37), ext(44), ext(51)];
            let mut q = [niels(33), niels(40), niels(47), niels(54)];
            acc[lane] = ext(e);
            q[lane] = niels(e);
            for pattern in 0..16 {
                check_lanes(acc, q, signs(pattern), 1);
                check_lanes(acc, q, signs(pattern), 3);
                cases += 2;
            }
            // Every coordinate at its edge value at once.
            let all = Extended::from_coordinates_unchecked([v[e]; 4]);
            let qa = AffineNiels::from_coordinates_unchecked(v[e], v[e], v[e]);
            acc[lane] = all;
            q[lane] = qa;
            check_lanes(acc, q, signs(lane * 5 % 16), 2);
            cases += 1;
        }
    }
    eprintln!("four-lane mixed additions on edge field elements: {cases} cases, all bit-exact");
}

#[test]
fn schedule_covers_every_addition_once() {
    let mut rng = common::rng(43);
    for (n, nb) in [
        (0usize, 4usize),
        (1, 4),
        (3, 2),
        (5, 8),
        (17, 1),
        (64, 256),
        (1000, 128),
        (4096, 256),
    ] {
        for style in 0..4 {
            let digits: Vec<i32> = (0..n)
                .map(|i| {
                    let r = (common::random_u64(&mut rng) % (2 * nb as u64 + 1)) as i32 - nb as i32;
                    match style {
                        0 => r,
                        1 => 0, // no additions
                        2 => {
                            if i % 2 == 0 {
                                1
                            } else {
                                -1
                            }
                        } // one bucket
                        _ => {
                            if i % 3 == 0 {
                                0
                            } else {
                                nb as i32
                            }
                        } // top bucket and zeros
                    }
                })
                .collect();
            let mut sched = Schedule::new(nb, n);
            let entries = sched.sort(&digits).to_vec();
            let nonzero = digits.iter().filter(|d| **d != 0).count();
            assert_eq!(entries.len(), nonzero);
            let mut seen = vec![false; n];
            for w in entries.windows(2) {
                assert!(
                    w[0].bucket < w[1].bucket
                        || (w[0].bucket == w[1].bucket && w[0].point < w[1].point)
                );
            }
            for e in &entries {
                let d = digits[e.point as usize];
                assert!(!seen[e.point as usize], "point twice");
                seen[e.point as usize] = true;
                assert_eq!(e.bucket as i32, d.abs() - 1);
                assert_eq!(e.negative, d < 0);
            }
            // The lanes' runs partition the list, all but the last ones of equal length.
            let mut next = 0;
            for k in 0..LANES {
                let r = lane_run(entries.len(), k);
                assert_eq!(r.start, next);
                assert!(r.len() <= lane_run(entries.len(), 0).len());
                next = r.end;
            }
            assert_eq!(next, entries.len());
        }
    }
}

/// Scalars for the differential MSM: 0, 1, ℓ − 1, 2⁶⁴ − 1, 2²⁵⁶ − 1 (unreduced) and random.
fn scalars_for(rng: &mut ChaCha20Rng, n: usize) -> (Vec<[u8; 32]>, Vec<Scalar>) {
    let bytes: Vec<[u8; 32]> = (0..n)
        .map(|i| match i % 13 {
            11 => [0xff; 32],
            _ => common::special_scalar(rng, i).to_bytes(),
        })
        .collect();
    let reduced = bytes
        .iter()
        .map(|b| Scalar::from_bytes_mod_order(*b))
        .collect();
    (bytes, reduced)
}

/// The MSM with the SIMD pass, the portable pass and the portable backend, all equal to dalek.
fn check_msm(rng: &mut ChaCha20Rng, n: usize, random_points: bool) {
    let points: Vec<RistrettoPoint> = if random_points {
        (0..n).map(|_| common::random_point(rng)).collect()
    } else {
        common::mixed_points(rng, n)
    };
    let (bytes, scalars) = scalars_for(rng, n);
    let want = RistrettoPoint::vartime_multiscalar_mul(&scalars, &points)
        .compress()
        .to_bytes();
    let affine = common::engine_affine(&points);
    backend::simd_buckets(true);
    let simd = vartime_msm_pippenger(&bytes, &affine).unwrap().encode();
    backend::simd_buckets(false);
    let scalar = vartime_msm_pippenger(&bytes, &affine).unwrap().encode();
    backend::simd_buckets(true);
    dispatch::force_portable(true);
    let portable = vartime_msm_pippenger(&bytes, &affine).unwrap().encode();
    dispatch::force_portable(false);
    assert_eq!(simd, want, "SIMD pass, n = {n}");
    assert_eq!(scalar, want, "portable pass, n = {n}");
    assert_eq!(portable, want, "portable backend, n = {n}");
}

#[test]
fn simd_pass_matches_dalek() {
    let _g = SWITCH.lock().unwrap();
    let simd = simd_available();
    common::announce("simd_buckets::simd_pass_matches_dalek");
    let mut rng = common::rng(44);
    let sizes: Vec<usize> = if std::env::var("BPKIT_ENGINE_FULL").is_ok() {
        (0..=4096).collect()
    } else {
        let mut s: Vec<usize> = (0..=24).collect();
        s.extend([
            31, 63, 64, 65, 100, 181, 182, 255, 256, 257, 511, 777, 1024, 2047, 4095, 4096,
        ]);
        s
    };
    for &n in &sizes {
        check_msm(&mut rng, n, false);
        if n % 1024 == 0 || n < 8 {
            check_msm(&mut rng, n, true);
        }
    }
    eprintln!(
        "SIMD bucket pass {} on {} sizes",
        if simd {
            "exercised"
        } else {
            "NOT exercised (no AVX2)"
        },
        sizes.len()
    );
}

#[test]
fn simd_pass_every_window_width_and_degenerate_inputs() {
    let _g = SWITCH.lock().unwrap();
    let _ = simd_available();
    let mut rng = common::rng(45);
    for n in [1usize, 2, 3, 4, 5, 9, 40, 300] {
        let points = common::mixed_points(&mut rng, n);
        let (bytes, scalars) = scalars_for(&mut rng, n);
        let want = RistrettoPoint::vartime_multiscalar_mul(&scalars, &points)
            .compress()
            .to_bytes();
        let affine = common::engine_affine(&points);
        for c in 2..=16 {
            assert_eq!(
                vartime_msm_window(&bytes, &affine, c).unwrap().encode(),
                want,
                "n {n}, c {c}"
            );
        }
    }
    // One point in every bucket's run boundary: n points all with the same digit (one bucket
    // split across the four lanes), and all with digit ±1 alternating (cancellation).
    let p = common::random_point(&mut rng);
    for n in [4usize, 5, 7, 8, 400] {
        let points = vec![p; n];
        let affine = common::engine_affine(&points);
        let s = Scalar::from(3u8);
        let same = vec![s.to_bytes(); n];
        let want = RistrettoPoint::vartime_multiscalar_mul(vec![s; n], &points);
        assert_eq!(
            vartime_msm_pippenger(&same, &affine).unwrap().encode(),
            want.compress().to_bytes()
        );
        let alt: Vec<Scalar> = (0..n).map(|i| if i % 2 == 0 { s } else { -s }).collect();
        let alt_bytes: Vec<[u8; 32]> = alt.iter().map(Scalar::to_bytes).collect();
        let want = RistrettoPoint::vartime_multiscalar_mul(&alt, &points);
        assert_eq!(
            vartime_msm_pippenger(&alt_bytes, &affine).unwrap().encode(),
            want.compress().to_bytes()
        );
    }
    // All-zero scalars, identity points, empty input.
    let affine = common::engine_affine(&common::mixed_points(&mut rng, 300));
    assert!(vartime_msm_pippenger(&vec![[0u8; 32]; 300], &affine)
        .unwrap()
        .is_identity());
    let ids = vec![AffineNiels::IDENTITY; 300];
    let (bytes, _) = scalars_for(&mut rng, 300);
    assert!(vartime_msm_pippenger(&bytes, &ids).unwrap().is_identity());
    assert!(vartime_msm_pippenger(&[], &[]).unwrap().is_identity());
}

#[test]
fn four_lane_general_additions_are_bit_exact() {
    let _g = SWITCH.lock().unwrap();
    if !simd_available() {
        eprintln!("no AVX2 here: the four-lane general additions were not exercised");
        return;
    }
    let mut rng = common::rng(46);
    let pts = common::engine_points(&common::mixed_points(&mut rng, 24));
    let mut accs: Vec<Extended> = pts.iter().map(|p| *p.edwards()).collect();
    accs.extend(pts.iter().map(|p| p.edwards().double()));
    accs.push(Extended::IDENTITY);
    let v = edge_values(&mut rng, 40);
    let n = v.len();
    // Arbitrary coordinates too: the formulas are polynomials.
    accs.extend((0..25).map(|i| {
        Extended::from_coordinates_unchecked([v[i], v[(i + 3) % n], v[(i + 7) % n], v[(i + 1) % n]])
    }));
    let mut cases = 0;
    for (i, a) in accs.iter().enumerate() {
        for lane in 0..4 {
            let mut p = [0, 1, 2, 3].map(|k| accs[(i + 5 * k + 1) % accs.len()]);
            let mut q = [0, 1, 2, 3].map(|k| accs[(i + 11 * k + 2) % accs.len()]);
            p[lane] = *a;
            q[lane] = if i % 2 == 0 { *a } else { a.neg() }; // doubling, cancellation
            for iterations in [1, 3] {
                let simd = dispatch::add_chain_x4(&p, &q, iterations).unwrap();
                for k in 0..4 {
                    let mut r = p[k];
                    for _ in 0..iterations {
                        r = r.add(&q[k]);
                    }
                    assert_eq!(enc(&simd[k]), enc(&r), "case {i}, lane {k}");
                }
                cases += 1;
            }
        }
    }
    eprintln!("four-lane general additions: {cases} cases, all bit-exact");
}
