//! The field against a big-integer model: every operation on random and edge values (0, 1, p − 1,
//! p … p + 18, 2²⁵⁵ − 1, unreduced limbs), and the constants against their definitions.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    clippy::arithmetic_side_effects
)]

mod common;

use bpkit_engine::field::{self, Fe};
use num_bigint::BigUint;
use rand_chacha::ChaCha20Rng;

fn p() -> BigUint {
    (BigUint::from(1u8) << 255u32) - BigUint::from(19u8)
}

/// The value of the limbs, not reduced.
fn value(fe: &Fe) -> BigUint {
    fe.limbs()
        .iter()
        .enumerate()
        .fold(BigUint::from(0u8), |acc, (i, l)| {
            acc + (BigUint::from(*l) << (51 * i))
        })
}

fn model(fe: &Fe) -> BigUint {
    value(fe) % p()
}

fn canonical_bytes(v: &BigUint) -> [u8; 32] {
    let mut out = [0u8; 32];
    let b = (v % p()).to_bytes_le();
    out[..b.len()].copy_from_slice(&b);
    out
}

fn from_big(v: &BigUint) -> Fe {
    let mut bytes = [0u8; 32];
    let b = v.to_bytes_le();
    bytes[..b.len()].copy_from_slice(&b);
    Fe::from_bytes(&bytes)
}

/// Limbs of `v` (< 2²⁵⁵) in radix 2⁵¹.
fn limbs_of(v: &BigUint) -> [u64; 5] {
    let mask = (BigUint::from(1u8) << 51u32) - BigUint::from(1u8);
    let mut out = [0u64; 5];
    for (i, o) in out.iter_mut().enumerate() {
        let l: BigUint = (v >> (51 * i)) & &mask;
        *o = l.to_u64_digits().first().copied().unwrap_or(0);
    }
    out
}

/// Edge values as field elements with canonical and non-canonical limbs, and random ones.
fn samples(rng: &mut ChaCha20Rng, random: usize) -> Vec<Fe> {
    let p = p();
    let mut v: Vec<Fe> = Vec::new();
    for x in [0u32, 1, 2, 19] {
        v.push(from_big(&BigUint::from(x)));
    }
    v.push(from_big(&(&p - 1u8)));
    v.push(from_big(&(&p - 2u8)));
    // p … p + 18 and 2²⁵⁵ − 1 as limbs (from_bytes would reduce nothing: these limbs encode them).
    for k in 0u8..=18 {
        v.push(Fe::from_limbs_unreduced(limbs_of(&(&p + k))));
    }
    v.push(Fe::from_limbs_unreduced(limbs_of(
        &((BigUint::from(1u8) << 255u32) - 1u8),
    )));
    // Unreduced limbs at the bounds the operations accept (below 2⁵⁴ for mul/square/add).
    v.push(Fe::from_limbs_unreduced([(1 << 54) - 1; 5]));
    v.push(Fe::from_limbs_unreduced([(1 << 53) + 12345; 5]));
    v.push(Fe::from_limbs_unreduced([(1 << 51) - 1; 5]));
    v.push(Fe::from_limbs_unreduced([(1 << 51) + (1 << 19); 5]));
    for _ in 0..random {
        let mut limbs = [0u64; 5];
        for l in limbs.iter_mut() {
            *l = common::random_u64(rng) >> 10; // up to 2⁵⁴ − 1
        }
        v.push(Fe::from_limbs_unreduced(limbs));
        v.push(Fe::from_bytes(&common::random_bytes(rng)));
    }
    v
}

/// Reduced limbs of random elements (so that sums stay within mul's bounds).
fn reduced(fe: &Fe) -> Fe {
    fe.reduce()
}

#[test]
fn encoding_is_canonical() {
    common::announce("field::encoding_is_canonical");
    let mut rng = common::rng(1);
    for x in samples(&mut rng, 200) {
        assert_eq!(x.to_bytes(), canonical_bytes(&model(&x)), "{:?}", x.limbs());
        assert_eq!(x.is_negative(), model(&x).bit(0));
        assert_eq!(x.is_zero(), model(&x) == BigUint::from(0u8));
    }
}

#[test]
fn decoding_strict_and_lax() {
    let p = p();
    let mut rng = common::rng(2);
    // Every value p … p + 18 and 2²⁵⁵ − 1 is refused by the strict decoder, accepted reduced by the
    // lax one; values with bit 255 set are refused strictly.
    let mut non_canonical: Vec<BigUint> = (0u8..=18).map(|k| &p + k).collect();
    non_canonical.push((BigUint::from(1u8) << 255u32) - 1u8);
    for v in non_canonical {
        let mut b = [0u8; 32];
        b.copy_from_slice(&v.to_bytes_le());
        assert!(Fe::from_canonical_bytes(&b).is_none());
        assert_eq!(model(&Fe::from_bytes(&b)), &v % &p);
    }
    for _ in 0..500 {
        let b = common::random_bytes(&mut rng);
        let v = BigUint::from_bytes_le(&b);
        let strict = Fe::from_canonical_bytes(&b);
        assert_eq!(strict.is_some(), v < p);
        if let Some(x) = strict {
            assert_eq!(model(&x), v);
            assert_eq!(x.to_bytes(), b);
        }
        let low = v.clone() & ((BigUint::from(1u8) << 255u32) - 1u8);
        assert_eq!(model(&Fe::from_bytes(&b)), low % &p);
    }
    for edge in [0u32, 1] {
        let mut b = [0u8; 32];
        b[0] = edge as u8;
        assert_eq!(
            model(&Fe::from_canonical_bytes(&b).unwrap()),
            BigUint::from(edge)
        );
    }
}

#[test]
fn arithmetic_matches_model() {
    let p = p();
    let mut rng = common::rng(3);
    let xs = samples(&mut rng, 60);
    for a in &xs {
        let ma = model(a);
        assert_eq!(model(&a.square()), (&ma * &ma) % &p);
        assert_eq!(model(&a.neg()), (&p - &ma) % &p);
        assert_eq!(model(&a.reduce()), ma);
        assert_eq!(model(&a.pow2k(3)), ma.modpow(&BigUint::from(8u8), &p));
        assert_eq!(
            model(&a.invert()),
            ma.modpow(&(&p - 2u8), &p),
            "invert {:?}",
            a.limbs()
        );
        let e58 = (&p - 5u8) >> 3u32;
        assert_eq!(model(&a.pow_p58()), ma.modpow(&e58, &p));
        for b in &xs {
            let mb = model(b);
            assert_eq!(model(&a.mul(b)), (&ma * &mb) % &p);
            // add and sub on reduced operands (sub's subtrahend bound is 2⁵⁵ − 304; add's sum must
            // stay below 2⁵⁴ for later use).
            let (ra, rb) = (reduced(a), reduced(b));
            assert_eq!(model(&ra.add(&rb)), (&ma + &mb) % &p);
            assert_eq!(model(&a.sub(b)), (&p + &ma - &mb) % &p);
            assert_eq!(a.equals(b), ma == mb);
            // A lazy sum fed to mul.
            assert_eq!(
                model(&ra.add(&rb).add(&ra).mul(&rb.add(&rb))),
                ((&ma + &mb + &ma) * (&mb + &mb)) % &p
            );
        }
    }
}

#[test]
fn interleaved_chains_match_single() {
    let mut rng = common::rng(4);
    let xs = samples(&mut rng, 8);
    for chunk in xs.chunks_exact(4) {
        let lanes = [chunk[0], chunk[1], chunk[2], chunk[3]];
        let heads = field::pow22501(lanes);
        for (x, (hi, lo)) in lanes.iter().zip(heads) {
            let [(h1, l1)] = field::pow22501([*x]);
            assert_eq!(hi.to_bytes(), h1.to_bytes());
            assert_eq!(lo.to_bytes(), l1.to_bytes());
        }
    }
}

#[test]
fn sqrt_ratio_matches_definition() {
    let p = p();
    let mut rng = common::rng(5);
    let i = model(&field::SQRT_M1);
    let mut xs = samples(&mut rng, 40);
    xs.push(Fe::ZERO);
    for u in xs.iter().take(40) {
        for v in xs.iter().rev().take(40) {
            let (mu, mv) = (model(u), model(v));
            let (was_square, r) = field::sqrt_ratio_m1(u, v);
            let mr = model(&r);
            assert!(!mr.bit(0), "r must be non-negative");
            let zero = BigUint::from(0u8);
            let lhs = (&mr * &mr * &mv) % &p;
            if mu == zero {
                assert!(was_square && mr == zero);
            } else if mv == zero {
                assert!(!was_square && mr == zero);
            } else if was_square {
                assert_eq!(lhs, mu);
            } else {
                assert_eq!(lhs, (&mu * &i) % &p);
                // and u/v is really not a square: Euler's criterion.
                let ratio = (&mu * mv.modpow(&(&p - 2u8), &p)) % &p;
                assert_ne!(ratio.modpow(&((&p - 1u8) >> 1u32), &p), BigUint::from(1u8));
            }
        }
    }
}

#[test]
fn constants_match_definitions() {
    let p = p();
    let inv = |x: &BigUint| x.modpow(&(&p - 2u8), &p);
    let d = ((&p - BigUint::from(121665u32)) * inv(&BigUint::from(121666u32))) % &p;
    assert_eq!(model(&field::EDWARDS_D), d);
    assert_eq!(model(&field::EDWARDS_D2), (&d + &d) % &p);
    let i = BigUint::from(2u8).modpow(&((&p - 1u8) >> 2u32), &p);
    assert_eq!(model(&field::SQRT_M1), i);
    assert_eq!((&i * &i) % &p, &p - 1u8);
    // INVSQRT_A_MINUS_D² · (a − d) = 1 with a = −1, and it is non-negative.
    let c = model(&field::INVSQRT_A_MINUS_D);
    let a_minus_d = (&p + &p - 1u8 - &d) % &p;
    assert_eq!((&c * &c * a_minus_d) % &p, BigUint::from(1u8));
    assert!(!c.bit(0));
}
