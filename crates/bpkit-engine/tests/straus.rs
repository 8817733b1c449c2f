//! Straus's method, the wNAF recoding and precomputed tables of fixed points, against
//! curve25519-dalek (`vartime_multiscalar_mul` and `VartimePrecomputedStraus`, the reference to
//! beat): sizes 0 … 4096 (sampled; every size with BPKIT_ENGINE_FULL=1), scalars 0, 1, ℓ − 1,
//! 2⁶⁴ − 1, 2²⁵⁶ − 1 and random, points random, identity, repeated and negated, every table width.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    clippy::arithmetic_side_effects
)]

mod common;

use bpkit_engine::msm::cost;
use bpkit_engine::msm::wnaf::{wnaf, DIGITS};
use bpkit_engine::multiply::{vartime_msm_pippenger, vartime_msm_straus};
use bpkit_engine::{vartime_msm, PrecomputedTable};
use curve25519_dalek::ristretto::{RistrettoPoint, VartimeRistrettoPrecomputation};
use curve25519_dalek::scalar::Scalar;
use curve25519_dalek::traits::{VartimeMultiscalarMul, VartimePrecomputedMultiscalarMul};
use num_bigint::{BigInt, Sign};
use rand_chacha::ChaCha20Rng;

fn mixed_scalars(rng: &mut ChaCha20Rng, n: usize) -> Vec<Scalar> {
    (0..n).map(|i| common::special_scalar(rng, i)).collect()
}

fn dalek(scalars: &[Scalar], points: &[RistrettoPoint]) -> [u8; 32] {
    RistrettoPoint::vartime_multiscalar_mul(scalars, points)
        .compress()
        .to_bytes()
}

fn sizes() -> Vec<usize> {
    if std::env::var("BPKIT_ENGINE_FULL").is_ok() {
        return (0..=4096).collect();
    }
    let mut s: Vec<usize> = (0..=24).collect();
    s.extend([
        31, 32, 33, 63, 64, 65, 100, 127, 128, 129, 130, 190, 255, 256, 257, 300,
    ]);
    s.extend([511, 1024, 4096]);
    s
}

#[test]
fn wnaf_digits_rebuild_the_scalar() {
    let mut rng = common::rng(40);
    let mut scalars: Vec<[u8; 32]> = vec![
        [0u8; 32],
        Scalar::ONE.to_bytes(),
        (-Scalar::ONE).to_bytes(),
        [0xff; 32],
        {
            let mut b = [0u8; 32];
            b[31] = 0x80; // 2²⁵⁵
            b
        },
        [0x55; 32],
        [0xaa; 32],
    ];
    for _ in 0..200 {
        scalars.push(common::random_bytes(&mut rng));
    }
    for s in &scalars {
        let words: [u64; 4] =
            core::array::from_fn(|i| u64::from_le_bytes(s[8 * i..8 * i + 8].try_into().unwrap()));
        let want = BigInt::from_bytes_le(Sign::Plus, s);
        for w in 2..=12u32 {
            let naf = wnaf(&words, w);
            let mut got = BigInt::from(0);
            let mut last: Option<usize> = None;
            for (i, &d) in naf.iter().enumerate().rev() {
                got = got * 2 + BigInt::from(d);
                if d != 0 {
                    assert!(d % 2 != 0, "even digit {d}");
                    assert!(
                        i32::from(d).abs() < (1 << (w - 1)),
                        "digit {d} at width {w}"
                    );
                    if let Some(l) = last {
                        assert!(l - i >= w as usize, "digits closer than {w}");
                    }
                    last = Some(i);
                }
            }
            assert_eq!(got, want, "width {w}");
            assert_eq!(naf.len(), DIGITS);
        }
    }
}

/// Straus's method on both of its AVX2-machine paths, the four-lane parallel formulas and the
/// portable additions (the switch is process-wide; both paths give the same group element, so
/// other tests running meanwhile are unaffected), with and without a precomputed table's fixed
/// points, against dalek.
#[test]
fn straus_lanes_and_portable_agree() {
    common::announce("straus::straus_lanes_and_portable_agree");
    let mut rng = common::rng(47);
    let table_points = common::mixed_points(&mut rng, 40);
    let table = PrecomputedTable::new(&common::engine_points(&table_points));
    for n in [0usize, 1, 2, 3, 7, 16, 33, 64, 128, 129] {
        let points = common::mixed_points(&mut rng, n);
        let scalars = mixed_scalars(&mut rng, n);
        let fixed = mixed_scalars(&mut rng, n.min(40));
        let (s, p, f) = (
            common::scalar_bytes(&scalars),
            common::engine_affine(&points),
            common::scalar_bytes(&fixed),
        );
        let want = dalek(&scalars, &points);
        let mut all_s = fixed.clone();
        all_s.extend(&scalars);
        let mut all_p = table_points[..fixed.len()].to_vec();
        all_p.extend(&points);
        let want_mixed = dalek(&all_s, &all_p);
        for lanes in [true, false] {
            bpkit_engine::backend::lane_straus(lanes);
            assert_eq!(
                vartime_msm_straus(&s, &p).unwrap().encode(),
                want,
                "n {n}, lanes {lanes}"
            );
            assert_eq!(
                table.vartime_mixed_msm(&f, &s, &p).unwrap().encode(),
                want_mixed,
                "n {n}, lanes {lanes}"
            );
        }
        bpkit_engine::backend::lane_straus(true);
    }
    eprintln!(
        "straus_lanes_and_portable_agree: four-lane formulas {}",
        if bpkit_engine::backend::lane_straus_active() {
            "ran"
        } else {
            "not available on this CPU"
        }
    );
}

#[test]
fn straus_matches_dalek() {
    common::announce("straus::straus_matches_dalek");
    let mut rng = common::rng(41);
    for n in sizes() {
        let points = common::mixed_points(&mut rng, n);
        let scalars = mixed_scalars(&mut rng, n);
        let want = dalek(&scalars, &points);
        let (s, p) = (
            common::scalar_bytes(&scalars),
            common::engine_affine(&points),
        );
        assert_eq!(vartime_msm_straus(&s, &p).unwrap().encode(), want, "n {n}");
        // The automatic choice agrees too, on both sides of the crossover.
        assert_eq!(vartime_msm(&s, &p).unwrap().encode(), want, "n {n}");
        if n <= 300 {
            assert_eq!(vartime_msm_pippenger(&s, &p).unwrap().encode(), want);
        }
    }
}

#[test]
fn straus_unreduced_and_degenerate() {
    let mut rng = common::rng(42);
    let points = common::mixed_points(&mut rng, 9);
    let p = common::engine_affine(&points);
    // 2²⁵⁶ − 1 and other integers above ℓ, taken as integers.
    let mut raw: Vec<[u8; 32]> = (0..9).map(|_| common::random_bytes(&mut rng)).collect();
    raw[0] = [0xff; 32];
    let reduced: Vec<Scalar> = raw
        .iter()
        .map(|b| Scalar::from_bytes_mod_order(*b))
        .collect();
    assert_eq!(
        vartime_msm_straus(&raw, &p).unwrap().encode(),
        dalek(&reduced, &points)
    );
    // Cancelling pairs, all-zero scalars, length mismatch.
    let q = common::random_point(&mut rng);
    let s = common::random_scalar(&mut rng);
    let pair = common::engine_affine(&[q, -q]);
    let ss = common::scalar_bytes(&[s, s]);
    assert!(vartime_msm_straus(&ss, &pair).unwrap().is_identity());
    assert!(vartime_msm_straus(&[[0u8; 32]; 9], &p)
        .unwrap()
        .is_identity());
    assert!(vartime_msm_straus(&raw[..3], &p).is_none());
    assert!(vartime_msm_straus(&[], &[]).unwrap().is_identity());
}

/// A mixed case: fixed points with a table, dynamic points, against dalek's precomputed Straus
/// (and its plain MSM over the concatenation).
fn mixed_check(rng: &mut ChaCha20Rng, n_fixed: usize, n_scalars: usize, n_dyn: usize, w: u32) {
    let fixed = common::mixed_points(rng, n_fixed);
    let table = PrecomputedTable::with_width(&common::engine_points(&fixed), w);
    let dalek_table = VartimeRistrettoPrecomputation::new(fixed.iter().copied());
    let t = mixed_scalars(rng, n_scalars);
    let dyn_points = common::mixed_points(rng, n_dyn);
    let s = mixed_scalars(rng, n_dyn);
    // dalek takes exactly one scalar per static point: pad with zeros.
    let mut t_full = t.clone();
    t_full.resize(n_fixed, Scalar::ZERO);
    let want = dalek_table
        .vartime_mixed_multiscalar_mul(&t_full, &s, &dyn_points)
        .compress()
        .to_bytes();
    let got = table
        .vartime_mixed_msm(
            &common::scalar_bytes(&t),
            &common::scalar_bytes(&s),
            &common::engine_affine(&dyn_points),
        )
        .unwrap();
    assert_eq!(
        got.encode(),
        want,
        "fixed {n_fixed}/{n_scalars}, dyn {n_dyn}, w {w}"
    );
    let mut all_s = t_full;
    all_s.extend(&s);
    let mut all_p = fixed;
    all_p.extend(&dyn_points);
    assert_eq!(want, dalek(&all_s, &all_p));
}

#[test]
fn precomputed_table_matches_dalek() {
    common::announce("straus::precomputed_table_matches_dalek");
    let mut rng = common::rng(43);
    // Shapes of a single BP (m = 1, 64 bits: 2·64 + 2 generators, ~17 proof points) and BP+,
    // plus edges; some dynamic counts large enough for the Pippenger split.
    for (f, k, d) in [
        (0, 0, 0),
        (0, 0, 5),
        (1, 1, 0),
        (1, 0, 1),
        (3, 2, 2),
        (17, 17, 17),
        (130, 130, 17),
        (130, 70, 17),
        (130, 130, 0),
        (66, 66, 300),
        (258, 258, 21),
        (20, 20, 1100),
    ] {
        mixed_check(&mut rng, f, k, d, PrecomputedTable::DEFAULT_WIDTH);
    }
    for w in 3..=12 {
        mixed_check(&mut rng, 9, 9, 4, w);
        mixed_check(&mut rng, 30, 25, 0, w);
    }
    // Large sizes, sampled.
    for n in sizes().into_iter().filter(|&n| n > 24) {
        mixed_check(&mut rng, n, n, n / 8, PrecomputedTable::DEFAULT_WIDTH);
    }
}

#[test]
fn precomputed_table_edges() {
    let mut rng = common::rng(44);
    let fixed = common::mixed_points(&mut rng, 5);
    let table = PrecomputedTable::new(&common::engine_points(&fixed));
    assert_eq!(table.len(), 5);
    assert!(!table.is_empty());
    assert_eq!(table.width(), PrecomputedTable::DEFAULT_WIDTH);
    // More static scalars than points, or dynamic lists of different lengths: refused.
    assert!(table.vartime_msm(&[[1u8; 32]; 6]).is_none());
    let p = common::engine_affine(&fixed);
    assert!(table.vartime_mixed_msm(&[], &[[1u8; 32]; 2], &p).is_none());
    // Unreduced scalars, up to 2²⁵⁶ − 1.
    let raw = [[0xffu8; 32], [0xee; 32], [0x01; 32]];
    let reduced: Vec<Scalar> = raw
        .iter()
        .map(|b| Scalar::from_bytes_mod_order(*b))
        .collect();
    assert_eq!(
        table.vartime_msm(&raw).unwrap().encode(),
        dalek(&reduced, &fixed[..3])
    );
    // Empty table; from encodings, with the first invalid one reported.
    let empty = PrecomputedTable::new(&[]);
    assert!(empty.is_empty());
    assert!(empty.vartime_msm(&[]).unwrap().is_identity());
    let mut enc: Vec<[u8; 32]> = fixed.iter().map(|q| q.compress().to_bytes()).collect();
    let ok = PrecomputedTable::from_encodings(&enc).unwrap();
    assert_eq!(
        ok.vartime_msm(&raw).unwrap().encode(),
        dalek(&reduced, &fixed[..3])
    );
    enc[3][0] |= 1; // negative s
    assert_eq!(PrecomputedTable::from_encodings(&enc).unwrap_err().index, 3);
}

#[test]
fn cost_model_is_sane() {
    // Straus for a handful of points, Pippenger for thousands; the split of a mixed MSM moves
    // the dynamic points to Pippenger only when they are many.
    assert!(cost::prefer_straus(1, 253));
    assert!(cost::prefer_straus(16, 253));
    assert!(cost::prefer_straus(128, 253));
    assert!(!cost::prefer_straus(256, 253));
    assert!(!cost::prefer_straus(4096, 253));
    // With the four-lane formulas against the AVX2 bucket pass the crossover moves up.
    assert!(cost::prefer_straus_scaled(
        582,
        253,
        cost::LANE_STRAUS_SCALE
    ));
    assert!(!cost::prefer_straus_scaled(
        583,
        253,
        cost::LANE_STRAUS_SCALE
    ));
    assert!(cost::prefer_straus_scaled(181, 253, cost::STRAUS_SCALE));
    assert!(!cost::prefer_straus_scaled(182, 253, cost::STRAUS_SCALE));
    assert!(cost::dynamic_in_straus(17, 130, 8, 253));
    assert!(!cost::dynamic_in_straus(4096, 130, 8, 253));
}
