//! Monero's map from 32 bytes to a curve point (`ge_fromfe_frombytes_vartime`) and the hashes
//! built on it (`hash_to_ec`, `hash_to_p3`).
//!
//! The map is an Elligator-2-style map onto Curve25519 followed by the birational map to
//! Ed25519, written here on bpkit-engine's field arithmetic from the operations of Monero's
//! `crypto-ops.c` (not a copy of its code): the input is read as a 256-bit little-endian integer
//! reduced modulo p (bit 255 counts, unlike point decoding), and the sign of the output's `x` is
//! fixed by the branch taken. Variable-time: inputs are public (hashes of public data).

use super::keccak::keccak256;
use bpkit_engine::field::{Fe, SQRT_M1};
use curve25519_dalek::edwards::{CompressedEdwardsY, EdwardsPoint};

/// Montgomery `A = 486662`.
const A: u64 = 486_662;

/// `√(−2·A·(A + 2))`, `√(2·A·(A + 2))`, `√(−√−1·A·(A + 2))`, `√(√−1·A·(A + 2))` (Monero's
/// `fe_fffb1` … `fe_fffb4`), little-endian.
const FFFB: [[u8; 32]; 4] = [
    [
        0xee, 0x41, 0x1c, 0x32, 0x75, 0x69, 0xa7, 0x22, 0x8d, 0x73, 0x2a, 0xb9, 0xa8, 0x04, 0x94,
        0xd1, 0xe3, 0x19, 0xfb, 0x41, 0x37, 0xc5, 0xa9, 0x20, 0x17, 0x1b, 0xd6, 0xda, 0xef, 0xfb,
        0x71, 0x7e,
    ],
    [
        0xe0, 0x9a, 0x7c, 0x60, 0x83, 0x64, 0xde, 0xd2, 0xdf, 0xf7, 0x56, 0x04, 0x46, 0x03, 0xde,
        0x51, 0xbe, 0x5f, 0x16, 0xc0, 0xb7, 0x51, 0xd4, 0x91, 0xf6, 0x2c, 0x5a, 0x04, 0x0a, 0x1e,
        0x06, 0x4d,
    ],
    [
        0x66, 0x2c, 0x30, 0x17, 0x87, 0x7d, 0x1b, 0x58, 0x29, 0x42, 0x96, 0xa5, 0x4e, 0xff, 0x24,
        0x40, 0xed, 0xa2, 0x0d, 0x3f, 0x40, 0x46, 0x95, 0xb8, 0xef, 0x08, 0xc2, 0x14, 0x0d, 0x11,
        0x4a, 0x67,
    ],
    [
        0x86, 0x91, 0xb3, 0xb6, 0x03, 0x19, 0x3d, 0x85, 0x49, 0x4a, 0x3f, 0xa1, 0x08, 0xfc, 0x46,
        0xee, 0x2e, 0x43, 0xf7, 0x7e, 0x88, 0xf4, 0xc0, 0x26, 0xf9, 0xdb, 0x67, 0x10, 0x03, 0xf3,
        0x43, 0x1a,
    ],
];

fn fffb(i: usize) -> Fe {
    FFFB.get(i).map(Fe::from_bytes).unwrap_or(Fe::ZERO)
}

/// The 256-bit little-endian integer `bytes` modulo p (bit 255 weighs 2²⁵⁵ ≡ 19).
fn fe_from_256(bytes: &[u8; 32]) -> Fe {
    let low = Fe::from_bytes(bytes);
    if bytes.last().is_some_and(|b| b >> 7 == 1) {
        low.add(&Fe::from_limbs([19, 0, 0, 0, 0])).reduce()
    } else {
        low
    }
}

/// `w·x³·(w·x⁷)^((p−5)/8)`: Monero's `fe_divpowm1(w, x)`, a candidate for `√(w/x)`.
fn divpowm1(w: &Fe, x: &Fe) -> Fe {
    let x3 = x.square().mul(x);
    let x7 = x3.square().mul(x);
    w.mul(&x3).mul(&w.mul(&x7).pow_p58())
}

/// `ge_fromfe_frombytes_vartime` followed by `ge_tobytes`: the encoding of the mapped point
/// (not multiplied by 8).
pub fn map_to_bytes(bytes: &[u8; 32]) -> [u8; 32] {
    let u = fe_from_256(bytes);
    let a = Fe::from_limbs([A, 0, 0, 0, 0]);
    let minus_a = a.neg();
    let v = u.square().add(&u.square()).reduce(); // 2u²
    let w = v.add(&Fe::ONE).reduce(); // 2u² + 1
    let x = w.square().sub(&a.square().mul(&v)); // w² − 2A²u²
    let mut r_x = divpowm1(&w, &x);
    let x = r_x.square().mul(&x);
    let (z, negative) = if w.sub(&x).is_zero() {
        r_x = r_x.mul(&fffb(1)).mul(&u);
        (minus_a.mul(&v), false)
    } else if w.add(&x).reduce().is_zero() {
        r_x = r_x.mul(&fffb(0)).mul(&u);
        (minus_a.mul(&v), false)
    } else {
        let x = x.mul(&SQRT_M1);
        r_x = if w.sub(&x).is_zero() {
            r_x.mul(&fffb(3))
        } else {
            r_x.mul(&fffb(2))
        };
        (minus_a, true)
    };
    if r_x.is_negative() != negative {
        r_x = r_x.neg();
    }
    // Projective (X : Y : Z) = (r_x·(z + w) : z − w : z + w).
    let zz = z.add(&w).reduce();
    let yy = z.sub(&w);
    let xx = r_x.mul(&zz);
    let zi = zz.invert();
    let mut out = yy.mul(&zi).to_bytes();
    if xx.mul(&zi).is_negative() {
        if let Some(top) = out.last_mut() {
            *top |= 0x80;
        }
    }
    out
}

/// `ge_fromfe_frombytes_vartime(bytes)·8`; `None` only if the map's output failed to decode,
/// which the map's construction rules out.
pub fn map_mul8(bytes: &[u8; 32]) -> Option<EdwardsPoint> {
    CompressedEdwardsY(map_to_bytes(bytes))
        .decompress()
        .map(|p| p.mul_by_cofactor())
}

/// Monero's `hash_to_ec` (`biased_hash_to_ec`): `ge_fromfe_frombytes_vartime(keccak(data))·8`.
pub fn hash_to_ec(data: &[u8]) -> Option<EdwardsPoint> {
    map_mul8(&keccak256(&[data]))
}

/// Monero's `rct::hash_to_p3(k)`: the same as [`hash_to_ec`] on a 32-byte key (it hashes `k`
/// once more before mapping).
pub fn hash_to_p3(k: &[u8; 32]) -> Option<EdwardsPoint> {
    hash_to_ec(k)
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::indexing_slicing)]
    use super::*;

    fn h(s: &str) -> [u8; 32] {
        hex::decode(s).unwrap().try_into().unwrap()
    }

    /// `hash_to_ec` (now `biased_hash_to_ec`) cases of Monero's tests/crypto/tests.txt.
    #[test]
    fn monero_hash_to_ec_vectors() {
        let mut n = 0;
        for line in include_str!("../../../../tests/vectors/monero/hash_to_ec.txt").lines() {
            let mut w = line.split_whitespace();
            assert_eq!(w.next(), Some("hash_to_ec"));
            let key = h(w.next().unwrap());
            let expected = w.next().unwrap();
            let got = hash_to_ec(&key).unwrap().compress().to_bytes();
            assert_eq!(hex::encode(got), expected, "{line}");
            n += 1;
        }
        assert_eq!(n, 256);
    }

    /// `hash_to_point` cases of Monero's tests/crypto/tests.txt (the map alone, no hash, no ×8).
    #[test]
    fn monero_hash_to_point_vectors() {
        let mut n = 0;
        for line in include_str!("../../../../tests/vectors/monero/hash_to_point.txt").lines() {
            let mut w = line.split_whitespace();
            assert_eq!(w.next(), Some("hash_to_point"));
            let input = h(w.next().unwrap());
            let expected = w.next().unwrap();
            assert_eq!(hex::encode(map_to_bytes(&input)), expected, "{line}");
            n += 1;
        }
        assert!(n > 0);
    }

    #[test]
    fn bit_255_counts() {
        // The map reads all 256 bits: setting bit 255 is adding 19 to the element.
        let mut a = [0u8; 32];
        a[0] = 5;
        let mut b = a;
        b[31] = 0x80;
        let mut c = a;
        c[0] = 24;
        assert_eq!(map_to_bytes(&b), map_to_bytes(&c));
        assert_ne!(map_to_bytes(&a), map_to_bytes(&b));
    }
}
