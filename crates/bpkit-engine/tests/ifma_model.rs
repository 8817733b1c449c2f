//! The eight-lane AVX-512 IFMA backend (radix 2⁵²) against the portable backend and dalek.
//!
//! The IFMA algorithms are instantiated twice: over the real instructions (`hw`) and over a
//! bit-exact software model of them (`emu`, Intel's pseudo-code for VPMADD52LUQ/HUQ and the
//! other instructions used). These tests always run the model, so the generated algorithm code
//! is exercised on any machine; where the CPU has AVX-512F and AVX-512 IFMA they also run the
//! real instructions and compare them with the model and the portable code. Each test prints
//! which instantiations it exercised.
//!
//! - field: add, sub, mul, square, pow2k, pow22501 lane by lane against the portable code
//!   (canonical encodings) on edge values (0, 1, p − 1, p … p + 18, 2²⁵⁵ − 1, unreduced portable
//!   limbs, raw radix-2⁵² limbs at the normalized bounds) in every lane position, and random
//!   values; every output normalized (limbs 0–3 below 2⁵², limb 4 below 2⁴⁸);
//! - points: the eight-lane mixed addition against the portable `add_affine` / `sub_affine`
//!   (identity, equal, opposite, Z ≠ 1, every sign pattern, arbitrary edge coordinates), the
//!   general addition against the portable `add`;
//! - the eight-lane bucket pass inside whole multiscalar multiplications against dalek's
//!   `vartime_multiscalar_mul`: sizes 0 … 300 and a few larger, scalars 0, 1, ℓ − 1, 2⁶⁴ − 1,
//!   2²⁵⁶ − 1 and random, points random, identity, repeated and negated, every window width;
//! - the default: IFMA is active exactly where the CPU has it, and can be switched off.
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
use bpkit_engine::field::{self, Fe};
use bpkit_engine::{AffineNiels, Extended};
use curve25519_dalek::ristretto::RistrettoPoint;
use curve25519_dalek::scalar::Scalar;
use curve25519_dalek::traits::VartimeMultiscalarMul;
use num_bigint::BigUint;
use rand_chacha::ChaCha20Rng;

/// Which instantiations run here (printed by every test).
fn exercised(test: &str) -> bool {
    let hw = backend::ifma_detected();
    eprintln!(
        "{test}: IFMA model exercised; IFMA hardware {} (engine backend = {})",
        if hw {
            "detected: real instructions exercised too"
        } else {
            "not detected: real instructions NOT exercised"
        },
        bpkit_engine::backend()
    );
    hw
}

fn p() -> BigUint {
    (BigUint::from(1u8) << 255u32) - 19u8
}

/// Portable limbs (radix 2⁵¹) of a value below 2²⁶⁴ (each limb 51 bits, the last the rest).
fn limbs51(v: &BigUint) -> [u64; 5] {
    let mut out = [0u64; 5];
    let mask = (BigUint::from(1u8) << 51u32) - 1u8;
    for (i, o) in out.iter_mut().enumerate() {
        let l = if i < 4 {
            (v >> (51 * i as u32)) & &mask
        } else {
            v >> 204u32
        };
        *o = l.to_u64_digits().first().copied().unwrap_or(0);
    }
    out
}

/// The field element of a big integer (reduced mod p first).
fn fe_of(v: &BigUint) -> Fe {
    Fe::from_limbs_unreduced(limbs51(&(v % p())))
}

/// Edge values (with non-canonical and unreduced portable limbs), then random ones, `n` in all.
fn edge_values(rng: &mut ChaCha20Rng, n: usize) -> Vec<Fe> {
    let p = p();
    let mut v = vec![
        Fe::ZERO,
        Fe::ONE,
        fe_of(&BigUint::from(2u8)),
        fe_of(&BigUint::from(19u8)),
        fe_of(&(&p - 1u8)),
        fe_of(&(&p - 2u8)),
    ];
    for k in 0u8..=18 {
        v.push(Fe::from_limbs_unreduced(limbs51(&(&p + k)))); // p + k, non-canonical limbs
    }
    v.push(Fe::from_limbs_unreduced(limbs51(
        &((BigUint::from(1u8) << 255u32) - 1u8),
    )));
    // Unreduced portable limbs at the bounds the portable code accepts.
    v.push(Fe::from_limbs_unreduced([(1 << 54) - 1; 5]));
    v.push(Fe::from_limbs_unreduced([(1 << 53) + 12345; 5]));
    v.push(Fe::from_limbs_unreduced([(1 << 51) - 1; 5]));
    v.push(Fe::from_limbs_unreduced([(1 << 51) + (1 << 19); 5]));
    v.push(Fe::from_limbs_unreduced([u64::MAX; 5]));
    while v.len() < n {
        v.push(Fe::from_bytes(&common::random_bytes(rng)));
    }
    v
}

fn enc8(x: &[Fe; 8]) -> [[u8; 32]; 8] {
    x.map(|f| f.to_bytes())
}

/// The portable results of `[a + b, a − b, a·b, a², a^(2⁵)]`, lane by lane.
fn portable_ops(a: &[Fe; 8], b: &[Fe; 8]) -> [[[u8; 32]; 8]; 5] {
    let mut out = [[[0u8; 32]; 8]; 5];
    for k in 0..8 {
        let (x, y) = (a[k].reduce(), b[k].reduce());
        out[0][k] = x.add(&y).to_bytes();
        out[1][k] = x.sub(&y).to_bytes();
        out[2][k] = x.mul(&y).to_bytes();
        out[3][k] = x.square().to_bytes();
        out[4][k] = x.pow2k(5).to_bytes();
    }
    out
}

const OPS: [&str; 5] = ["add", "sub", "mul", "square", "pow2k(5)"];

/// Every lane's limbs within the normalized bounds.
fn assert_normalized(limbs: &[[[u64; 5]; 8]; 5], what: &str) {
    for (op, lanes) in limbs.iter().enumerate() {
        for (k, l) in lanes.iter().enumerate() {
            assert!(
                l[..4].iter().all(|&x| x < 1 << 52) && l[4] < 1 << 48,
                "{what}: {} lane {k} not normalized: {l:x?}",
                OPS[op]
            );
        }
    }
}

fn check_ops(a: [Fe; 8], b: [Fe; 8], hw: bool, what: &str) {
    let want = portable_ops(&a, &b);
    let model = dispatch::ifma_model_field_ops_x8(a, b);
    for op in 0..5 {
        assert_eq!(enc8(&model[op]), want[op], "{what}: model {}", OPS[op]);
    }
    assert_normalized(&dispatch::ifma_model_field_ops_x8_limbs(a, b), what);
    if hw {
        let real = dispatch::ifma_hw_field_ops_x8(a, b).unwrap();
        for op in 0..5 {
            assert_eq!(enc8(&real[op]), want[op], "{what}: hardware {}", OPS[op]);
        }
        let limbs = dispatch::ifma_hw_field_ops_x8_limbs(a, b).unwrap();
        assert_eq!(
            limbs,
            dispatch::ifma_model_field_ops_x8_limbs(a, b),
            "{what}"
        );
    }
}

#[test]
fn field_ops_match_portable_in_every_lane() {
    let hw = exercised("ifma_model::field_ops_match_portable_in_every_lane");
    let mut rng = common::rng(71);
    let v = edge_values(&mut rng, 64);
    let n = v.len();
    let mut cases = 0;
    // Each edge value against each edge value, in every lane position (others random).
    for (i, x) in v.iter().enumerate().take(32) {
        for (j, y) in v.iter().enumerate().take(32) {
            let lane = (i + j) % 8;
            let mut a: [Fe; 8] = core::array::from_fn(|k| v[(i + 7 * k + 33) % n]);
            let mut b: [Fe; 8] = core::array::from_fn(|k| v[(j + 5 * k + 40) % n]);
            a[lane] = *x;
            b[lane] = *y;
            check_ops(a, b, hw, &format!("edge {i} × {j} in lane {lane}"));
            cases += 1;
        }
    }
    // Every lane position for every edge value, the same value in both operands.
    for (i, x) in v.iter().enumerate().take(32) {
        for lane in 0..8 {
            let mut a: [Fe; 8] = core::array::from_fn(|k| v[(i + k + 35) % n]);
            a[lane] = *x;
            check_ops(a, a, hw, &format!("edge {i} squared in lane {lane}"));
            cases += 1;
        }
    }
    // Random values.
    for r in 0..200 {
        let a: [Fe; 8] = core::array::from_fn(|_| Fe::from_bytes(&common::random_bytes(&mut rng)));
        let b: [Fe; 8] = core::array::from_fn(|_| Fe::from_bytes(&common::random_bytes(&mut rng)));
        check_ops(a, b, hw, &format!("random {r}"));
        cases += 1;
    }
    eprintln!("eight-lane field ops: {cases} cases × 5 ops × 8 lanes, all bit-exact");
}

/// Raw radix-2⁵² operands at the normalized bounds (limbs 0–3 up to 2⁵² − 1, limb 4 up to
/// 2⁴⁸ − 1: values up to 2²⁵⁶ − 1, far above p), checked against big-integer arithmetic.
#[test]
fn field_ops_at_the_limb_bounds() {
    let hw = exercised("ifma_model::field_ops_at_the_limb_bounds");
    let mut rng = common::rng(72);
    let top = (1u64 << 52) - 1;
    let top4 = (1u64 << 48) - 1;
    let mut patterns: Vec<[u64; 5]> = vec![
        [top, top, top, top, top4],
        [0; 5],
        [top, 0, top, 0, top4],
        [0, top, 0, top, 0],
        [1, 0, 0, 0, 0],
        [top, top, top, top, 0],
        [0, 0, 0, 0, top4],
        [top - 18, top, top, top, (1 << 47) - 1], // p in radix 2⁵²
        [(1 << 52) - 19, top, top, top, (1 << 47) - 1], // p − 18 + 2⁵² − 1 …
    ];
    while patterns.len() < 40 {
        let r = common::random_u64(&mut rng);
        patterns.push(core::array::from_fn(|i| {
            let x = common::random_u64(&mut rng);
            let x = if r >> i & 1 == 1 { top } else { x & top };
            if i == 4 {
                x & top4
            } else {
                x
            }
        }));
    }
    let value = |l: &[u64; 5]| -> BigUint {
        l.iter()
            .enumerate()
            .fold(BigUint::from(0u8), |acc, (i, &x)| {
                acc + (BigUint::from(x) << (52 * i as u32))
            })
    };
    let p = p();
    let mut cases = 0;
    for (i, x) in patterns.iter().enumerate() {
        for lane in 0..8 {
            let mut a: [[u64; 5]; 8] = core::array::from_fn(|k| patterns[(i + k + 1) % 40]);
            let b: [[u64; 5]; 8] = core::array::from_fn(|k| patterns[(3 * i + 5 * k + 2) % 40]);
            a[lane] = *x;
            let (model, real) = dispatch::ifma_field_ops_x8_raw(a, b);
            for k in 0..8 {
                let (va, vb) = (value(&a[k]), value(&b[k]));
                let want = [
                    (&va + &vb) % &p,
                    (&va + &p * 32u8 - &vb) % &p,
                    (&va * &vb) % &p,
                    (&va * &va) % &p,
                    va.modpow(&BigUint::from(32u8), &p),
                ];
                for op in 0..5 {
                    let w = fe_of(&want[op]).to_bytes();
                    assert_eq!(model[op][k].to_bytes(), w, "model {} {i} lane {k}", OPS[op]);
                    if let Some(real) = &real {
                        assert_eq!(real[op][k].to_bytes(), w, "hw {} {i} lane {k}", OPS[op]);
                    }
                }
            }
            assert_eq!(real.is_some(), hw);
            cases += 1;
        }
    }
    eprintln!("eight-lane field ops at the limb bounds: {cases} cases, all exact");
}

#[test]
fn pow22501_matches_portable() {
    let hw = exercised("ifma_model::pow22501_matches_portable");
    let mut rng = common::rng(73);
    let v = edge_values(&mut rng, 48);
    for chunk in v.chunks_exact(8) {
        let a: [Fe; 8] = chunk.try_into().unwrap();
        // The portable chain takes limbs below 2⁵⁴: reduce its inputs (u64::MAX limbs).
        let r: [Fe; 8] = a.map(|x| x.reduce());
        let [w0, w1] = [
            field::pow22501([r[0], r[1], r[2], r[3]]),
            field::pow22501([r[4], r[5], r[6], r[7]]),
        ];
        let want: Vec<_> = w0.iter().chain(&w1).collect();
        let model = dispatch::ifma_model_pow22501_x8(a);
        let real = dispatch::ifma_hw_pow22501_x8(a);
        for k in 0..8 {
            assert_eq!(
                model[k].0.to_bytes(),
                want[k].0.to_bytes(),
                "model lane {k}"
            );
            assert_eq!(
                model[k].1.to_bytes(),
                want[k].1.to_bytes(),
                "model lane {k}"
            );
            if let Some(real) = &real {
                assert_eq!(real[k].0.to_bytes(), want[k].0.to_bytes(), "hw lane {k}");
                assert_eq!(real[k].1.to_bytes(), want[k].1.to_bytes(), "hw lane {k}");
            }
        }
        assert_eq!(real.is_some(), hw);
    }
    eprintln!("eight-lane pow22501: {} chains, all bit-exact", v.len() / 8);
}

fn enc(p: &Extended) -> [[u8; 32]; 4] {
    p.coordinates().map(|c| c.to_bytes())
}

/// Lane by lane: the eight-lane chain (model, and hardware when present) against the portable.
fn check_lanes(acc: [Extended; 8], q: [AffineNiels; 8], negative: [bool; 8], iterations: usize) {
    let (model, real) = dispatch::ifma_add_affine_chain_x8(&acc, &q, negative, iterations);
    for k in 0..8 {
        let mut r = acc[k];
        for _ in 0..iterations {
            r = if negative[k] {
                r.sub_affine(&q[k])
            } else {
                r.add_affine(&q[k])
            };
        }
        assert_eq!(
            enc(&model[k]),
            enc(&r),
            "model lane {k}, signs {negative:?}"
        );
        if let Some(real) = &real {
            assert_eq!(enc(&real[k]), enc(&r), "hw lane {k}, signs {negative:?}");
        }
    }
}

fn signs(pattern: usize) -> [bool; 8] {
    core::array::from_fn(|k| pattern >> k & 1 == 1)
}

#[test]
fn mixed_additions_match_portable() {
    exercised("ifma_model::mixed_additions_match_portable");
    let mut rng = common::rng(74);
    // Points: random, identity, P and −P, P twice (a doubling inside the sum).
    let pts = common::engine_points(&common::mixed_points(&mut rng, 40));
    let affine: Vec<AffineNiels> = pts.iter().map(|p| p.to_affine_niels()).collect();
    let mut accs: Vec<Extended> = pts.iter().map(|p| *p.edwards()).collect();
    accs.extend(pts.iter().map(|p| p.edwards().double())); // Z ≠ 1
    accs.push(Extended::IDENTITY);
    let mut cases = 0;
    for (i, a) in accs.iter().enumerate() {
        let q = affine[i % affine.len()];
        let others: [Extended; 8] = core::array::from_fn(|k| accs[(i + 7 * k + 1) % accs.len()]);
        let qs: [AffineNiels; 8] = core::array::from_fn(|k| affine[(i + 3 * k + 2) % affine.len()]);
        let lane = i % 8;
        let mut acc = others;
        let mut q8 = qs;
        acc[lane] = *a;
        q8[lane] = q; // the same point when a is q's decoding: a doubling in lane `lane`
                      // Every sign in every lane over the patterns (256 patterns on a few cases).
        let patterns: Vec<usize> = if i < 4 {
            (0..256).collect()
        } else {
            vec![0, 255, 0x55, 0xaa, 1 << lane, !(1 << lane) & 255]
        };
        for pattern in patterns {
            check_lanes(acc, q8, signs(pattern), 1);
            cases += 1;
        }
        // Opposite points: P − P and P + (−P) in lane `lane`.
        if i < pts.len() {
            let mut q8 = qs;
            q8[lane] = affine[i];
            let mut acc = others;
            acc[lane] = *pts[i].edwards();
            check_lanes(acc, q8, signs(1 << lane), 1);
            q8[lane] = affine[i].neg();
            check_lanes(acc, q8, signs(0), 1);
            cases += 2;
        }
    }
    // Chains: the lanes stay exact over many additions (limb bounds do not drift).
    for pattern in [0, 255, 0x0f, 0xa5] {
        let acc: [Extended; 8] = core::array::from_fn(|k| accs[k + 5]);
        let q8: [AffineNiels; 8] = core::array::from_fn(|k| affine[k + 9]);
        check_lanes(acc, q8, signs(pattern), 50);
    }
    eprintln!("eight-lane mixed additions: {cases} point cases, 4 chains of 50, all bit-exact");
}

#[test]
fn additions_on_edge_field_elements() {
    // The formulas are polynomials, so lanes must match the portable code on any coordinates,
    // points or not: edge values exercise the limb bounds.
    exercised("ifma_model::additions_on_edge_field_elements");
    let mut rng = common::rng(75);
    let v: Vec<Fe> = edge_values(&mut rng, 64)
        .into_iter()
        .map(|x| x.reduce()) // the portable additions take limbs below 2⁵⁴
        .collect();
    let ext = |i: usize| common::cyclic_extended(&v, i);
    let niels = |i: usize| common::cyclic_niels(&v, i);
    let mut cases = 0;
    for e in 0..32 {
        for lane in 0..8 {
            let mut acc: [Extended; 8] = core::array::from_fn(|k| ext(30 + 7 * k));
            let mut q: [AffineNiels; 8] = core::array::from_fn(|k| niels(33 + 7 * k));
            acc[lane] = ext(e);
            q[lane] = niels(e);
            for pattern in [0, 255, 1 << lane, e * 37 % 256] {
                check_lanes(acc, q, signs(pattern), 1);
                check_lanes(acc, q, signs(pattern), 3);
                cases += 2;
            }
            // Every coordinate at its edge value at once.
            acc[lane] = Extended::from_coordinates_unchecked([v[e]; 4]);
            q[lane] = AffineNiels::from_coordinates_unchecked(v[e], v[e], v[e]);
            check_lanes(acc, q, signs(lane * 5 % 256), 2);
            cases += 1;
            // General additions with the same edge coordinates.
            let p8: [Extended; 8] = core::array::from_fn(|k| ext(e + 3 * k));
            let q8: [Extended; 8] = core::array::from_fn(|k| ext(e + 11 * k + lane));
            check_general(p8, q8, 2);
            cases += 1;
        }
    }
    eprintln!("eight-lane additions on edge field elements: {cases} cases, all bit-exact");
}

fn check_general(p: [Extended; 8], q: [Extended; 8], iterations: usize) {
    let (model, real) = dispatch::ifma_add_chain_x8(&p, &q, iterations);
    for k in 0..8 {
        let mut r = p[k];
        for _ in 0..iterations {
            r = r.add(&q[k]);
        }
        assert_eq!(enc(&model[k]), enc(&r), "model general lane {k}");
        if let Some(real) = &real {
            assert_eq!(enc(&real[k]), enc(&r), "hw general lane {k}");
        }
    }
}

#[test]
fn general_additions_match_portable() {
    exercised("ifma_model::general_additions_match_portable");
    let mut rng = common::rng(76);
    let pts = common::engine_points(&common::mixed_points(&mut rng, 24));
    let mut accs: Vec<Extended> = pts.iter().map(|p| *p.edwards()).collect();
    accs.extend(pts.iter().map(|p| p.edwards().double()));
    accs.push(Extended::IDENTITY);
    let mut cases = 0;
    for (i, a) in accs.iter().enumerate() {
        let lane = i % 8;
        let mut p: [Extended; 8] = core::array::from_fn(|k| accs[(i + 5 * k + 1) % accs.len()]);
        let mut q: [Extended; 8] = core::array::from_fn(|k| accs[(i + 11 * k + 2) % accs.len()]);
        p[lane] = *a;
        q[lane] = if i % 2 == 0 { *a } else { a.neg() }; // doubling, cancellation
        for iterations in [1, 3] {
            check_general(p, q, iterations);
            cases += 1;
        }
    }
    eprintln!("eight-lane general additions: {cases} cases, all bit-exact");
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

/// The eight-lane pass (model; hardware when present) inside a whole MSM against dalek.
fn check_msm(bytes: &[[u8; 32]], scalars: &[Scalar], points: &[RistrettoPoint], c: Option<u32>) {
    let want = RistrettoPoint::vartime_multiscalar_mul(scalars, points)
        .compress()
        .to_bytes();
    let affine = common::engine_affine(points);
    let model = dispatch::ifma_model_msm(bytes, &affine, c)
        .unwrap()
        .encode();
    assert_eq!(model, want, "model, n = {}, c = {c:?}", points.len());
    if let Some(real) = dispatch::ifma_hw_msm(bytes, &affine, c) {
        assert_eq!(real.encode(), want, "hw, n = {}, c = {c:?}", points.len());
    }
}

#[test]
fn eight_lane_pass_matches_dalek() {
    let hw = exercised("ifma_model::eight_lane_pass_matches_dalek");
    let mut rng = common::rng(77);
    let mut sizes: Vec<usize> = (0..=40).collect();
    sizes.extend((41..=300).step_by(7));
    sizes.extend([255, 256, 257, 300, 511, 1000, 1024]);
    for &n in &sizes {
        let points = if n % 5 == 4 {
            (0..n).map(|_| common::random_point(&mut rng)).collect()
        } else {
            common::mixed_points(&mut rng, n)
        };
        let (bytes, scalars) = scalars_for(&mut rng, n);
        check_msm(&bytes, &scalars, &points, None);
    }
    eprintln!(
        "eight-lane bucket pass (model{}) on {} sizes up to 1024: all equal to dalek",
        if hw { " and hardware" } else { " only" },
        sizes.len()
    );
}

#[test]
fn eight_lane_pass_every_window_width_and_degenerate_inputs() {
    exercised("ifma_model::eight_lane_pass_every_window_width_and_degenerate_inputs");
    let mut rng = common::rng(78);
    for n in [1usize, 2, 7, 8, 9, 17, 64, 300] {
        let points = common::mixed_points(&mut rng, n);
        let (bytes, scalars) = scalars_for(&mut rng, n);
        for c in 2..=16 {
            check_msm(&bytes, &scalars, &points, Some(c));
        }
    }
    // One bucket split across all eight runs (every point with the same digit), and ±
    // alternating digits (cancellation inside a lane's run).
    let p = common::random_point(&mut rng);
    for n in [7usize, 8, 9, 15, 16, 17, 400] {
        let points = vec![p; n];
        let s = Scalar::from(3u8);
        check_msm(&vec![s.to_bytes(); n], &vec![s; n], &points, None);
        let alt: Vec<Scalar> = (0..n).map(|i| if i % 2 == 0 { s } else { -s }).collect();
        let alt_bytes: Vec<[u8; 32]> = alt.iter().map(Scalar::to_bytes).collect();
        check_msm(&alt_bytes, &alt, &points, None);
        check_msm(&alt_bytes, &alt, &points, Some(2));
    }
    // All-zero scalars, identity points, empty input, mismatched lengths.
    let affine = common::engine_affine(&common::mixed_points(&mut rng, 300));
    assert!(
        dispatch::ifma_model_msm(&vec![[0u8; 32]; 300], &affine, None)
            .unwrap()
            .is_identity()
    );
    let ids = vec![AffineNiels::IDENTITY; 300];
    let (bytes, _) = scalars_for(&mut rng, 300);
    assert!(dispatch::ifma_model_msm(&bytes, &ids, None)
        .unwrap()
        .is_identity());
    assert!(dispatch::ifma_model_msm(&[], &[], None)
        .unwrap()
        .is_identity());
    assert!(dispatch::ifma_model_msm(&bytes[..2], &affine[..3], None).is_none());
    assert!(dispatch::ifma_model_msm(&bytes[..2], &affine[..2], Some(1)).is_none());
    assert!(dispatch::ifma_model_msm(&bytes[..2], &affine[..2], Some(17)).is_none());
}

/// The default: chosen exactly where the CPU has it; switched off on request.
#[test]
fn ifma_is_the_default_where_detected() {
    let hw = exercised("ifma_model::ifma_is_the_default_where_detected");
    assert_eq!(
        backend::ifma_active(),
        hw,
        "IFMA must be active by default exactly where detected"
    );
    if hw {
        assert!(bpkit_engine::backend().contains("ifma"));
    }
    backend::ifma(false);
    assert!(!backend::ifma_active());
    assert!(!bpkit_engine::backend().contains("ifma"));
    backend::ifma(true);
    assert_eq!(backend::ifma_active(), hw);
}

/// The field part of decoding in eight IFMA lanes against the portable `decode_core`, on the
/// encodings of RFC 9496's multiples and bad encodings and on random bytes, every lane position.
#[test]
fn decode_core_matches_portable() {
    let hw = exercised("ifma_model::decode_core_matches_portable");
    let mut rng = common::rng(79);
    let mut inputs: Vec<Fe> = common::MULTIPLES
        .iter()
        .chain(common::BAD.iter().map(|(_, h)| h))
        .map(|h| Fe::from_bytes(&common::hex32(h)))
        .collect();
    inputs.extend(edge_values(&mut rng, 40).into_iter().map(|x| x.reduce()));
    while !inputs.len().is_multiple_of(8) {
        inputs.push(Fe::from_bytes(&common::random_bytes(&mut rng)));
    }
    let mut cases = 0;
    for rot in 0..8 {
        for chunk in inputs.chunks_exact(8) {
            let mut s: [Fe; 8] = chunk.try_into().unwrap();
            s.rotate_left(rot);
            let want = field::decode_core(&s);
            let (model, real) = dispatch::ifma_decode_core_x8(s);
            for k in 0..8 {
                let f =
                    |c: &field::DecodeCore| [c.u1, c.u2, c.v, c.r, c.check].map(|x| x.to_bytes());
                assert_eq!(f(&model[k]), f(&want[k]), "model lane {k}");
                if let Some(real) = &real {
                    assert_eq!(f(&real[k]), f(&want[k]), "hw lane {k}");
                }
            }
            assert_eq!(real.is_some(), hw);
            cases += 1;
        }
    }
    eprintln!("eight-lane decode cores: {cases} batches of 8, all bit-exact");
}

/// The eight runs of the IFMA pass partition the sorted list like the four of the AVX2 pass
/// (which `lane_run` keeps: four runs, unchanged).
#[test]
fn eight_runs_partition_the_schedule() {
    use bpkit_engine::msm::schedule::{lane_run, lane_run_of, LANES};
    for len in 0..200usize {
        for lanes in [1usize, 4, 8] {
            let mut next = 0;
            for k in 0..lanes {
                let r = lane_run_of(len, k, lanes);
                assert_eq!(r.start, next, "len {len}, lanes {lanes}, run {k}");
                assert!(r.len() <= len.div_ceil(lanes));
                next = r.end;
            }
            assert_eq!(next, len);
        }
        for k in 0..LANES {
            assert_eq!(lane_run(len, k), lane_run_of(len, k, 4));
        }
    }
}
