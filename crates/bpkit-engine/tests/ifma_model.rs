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
//!   values; every output normalized (limbs 0–3 below 2⁵², limb 4 below 2⁴⁸).
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
