//! Ed25519 points as Monero reads them: `ge_frombytes_vartime`, and the ×8 rule.
//!
//! Monero stores every proof point and every `V` multiplied by `1/8`; a verifier multiplies each
//! decoded point by 8 as its own step (the cofactor is cleared before any multiscalar
//! multiplication; Monero found folding the ×8 into the multiexp scalars unsafe).
//!
//! Decoding matches `ge_frombytes_vartime` exactly: it rejects `y ≥ p` and `x = 0` with the sign
//! bit set, and accepts points with a torsion component (the ×8 removes it). Everything here is
//! variable-time: it only ever sees public data.

use crate::group::Scalar;
use curve25519_dalek::edwards::{CompressedEdwardsY, EdwardsPoint};

/// `p = 2²⁵⁵ − 19`, little-endian.
const P_BYTES: [u8; 32] = {
    let mut p = [0xff; 32];
    p[0] = 0xed;
    p[31] = 0x7f;
    p
};

/// `1/8 mod ℓ` (Monero's `INV_EIGHT`).
pub fn inv_eight() -> Scalar {
    Scalar::from(8u64).invert()
}

/// True when the low 255 bits of `bytes` (sign bit cleared) are below `p`.
fn y_is_canonical(bytes: &[u8; 32]) -> bool {
    let mut y = *bytes;
    if let Some(top) = y.last_mut() {
        *top &= 0x7f;
    }
    // Compare as little-endian integers, most significant byte first.
    for (a, p) in y.iter().rev().zip(P_BYTES.iter().rev()) {
        if a != p {
            return a < p;
        }
    }
    false
}

/// `ge_frombytes_vartime`: the point encoded by `bytes`, or `None` where Monero's decoder
/// fails. Torsion components are kept.
pub fn decode(bytes: &[u8; 32]) -> Option<EdwardsPoint> {
    if !y_is_canonical(bytes) {
        return None;
    }
    let sign = bytes.last().is_some_and(|b| b >> 7 == 1);
    if sign {
        // x = 0 exactly when y = ±1; Monero refuses the sign bit on x = 0.
        let mut y = *bytes;
        if let Some(top) = y.last_mut() {
            *top &= 0x7f;
        }
        let mut one = [0u8; 32];
        one[0] = 1;
        let mut minus_one = P_BYTES;
        minus_one[0] = 0xec;
        if y == one || y == minus_one {
            return None;
        }
    }
    CompressedEdwardsY(*bytes).decompress()
}

/// [`decode`] followed by the multiplication by 8 (Monero's `scalarmult8`): what a verifier
/// uses for every stored proof point and commitment `V`.
pub fn decode_mul8(bytes: &[u8; 32]) -> Option<EdwardsPoint> {
    decode(bytes).map(|p| p.mul_by_cofactor())
}

#[cfg(test)]
mod tests {
    #![allow(
        clippy::unwrap_used,
        clippy::indexing_slicing,
        clippy::arithmetic_side_effects
    )]
    use super::*;
    use curve25519_dalek::constants::{ED25519_BASEPOINT_POINT, EIGHT_TORSION};
    use curve25519_dalek::traits::Identity;

    fn h(s: &str) -> [u8; 32] {
        hex::decode(s).unwrap().try_into().unwrap()
    }

    /// `check_key` cases of Monero's tests/crypto/tests.txt (`check_key` is
    /// `ge_frombytes_vartime(...) == 0`).
    #[test]
    fn monero_check_key_vectors() {
        for line in include_str!("../../../../tests/vectors/monero/check_key.txt").lines() {
            let mut w = line.split_whitespace();
            assert_eq!(w.next(), Some("check_key"));
            let key = h(w.next().unwrap());
            let expected = w.next().unwrap() == "true";
            assert_eq!(decode(&key).is_some(), expected, "{line}");
        }
    }

    #[test]
    fn rejects_non_canonical_y_and_negative_zero() {
        // y = p (≡ 0) and y = p + 1 (≡ 1): non-canonical, refused though dalek reduces them.
        let mut p = P_BYTES;
        assert!(decode(&p).is_none());
        p[0] = 0xee;
        assert!(CompressedEdwardsY(p).decompress().is_some());
        assert!(decode(&p).is_none());
        // The identity (y = 1, x = 0) with the sign bit set: refused; without: accepted.
        let mut id = EdwardsPoint::identity().compress().to_bytes();
        assert!(decode(&id).is_some());
        id[31] |= 0x80;
        assert!(CompressedEdwardsY(id).decompress().is_some());
        assert!(decode(&id).is_none());
        // y = −1 (the 2-torsion point (0, −1)), likewise.
        let mut m1 = P_BYTES;
        m1[0] = 0xec;
        assert!(decode(&m1).is_some());
        m1[31] |= 0x80;
        assert!(decode(&m1).is_none());
    }

    #[test]
    fn accepts_torsion_and_mul8_clears_it() {
        let g = ED25519_BASEPOINT_POINT;
        for t in EIGHT_TORSION.iter() {
            let p = g + t;
            let bytes = p.compress().to_bytes();
            let back = decode(&bytes).unwrap();
            assert_eq!(back, p);
            assert_eq!(decode_mul8(&bytes).unwrap(), g.mul_by_cofactor());
        }
        assert_eq!(inv_eight() * Scalar::from(8u64), Scalar::ONE);
        // Monero's INV_EIGHT constant.
        assert_eq!(
            hex::encode(inv_eight().to_bytes()),
            "792fdce229e50661d0da1c7db39dd30700000000000000000000000000000006"
        );
    }

    /// The encoding of an engine point (y, and the sign of x in bit 255).
    fn engine_bytes(p: &bpkit_engine::Extended) -> [u8; 32] {
        let (x, y) = p.to_affine();
        let mut b = y.to_bytes();
        b[31] |= u8::from(x.is_negative()) << 7;
        b
    }

    /// The verification engine's decoder (`bpkit_engine::edwards`, what the verifiers use)
    /// against this module's (dalek's decompression with Monero's extra rules): the same verdict
    /// and the same point, before and after ×8, on Monero's `check_key` vectors, the edge
    /// encodings (y = 0, ±1, p − 1, p, p + 1, 2²⁵⁵ − 1, either sign), torsion points, and
    /// 20,000 random encodings (about half of them points).
    #[test]
    fn engine_decoder_agrees() {
        use alloc::{vec, vec::Vec};
        use rand::{Rng, SeedableRng};
        let mut cases: Vec<[u8; 32]> =
            include_str!("../../../../tests/vectors/monero/check_key.txt")
                .lines()
                .map(|l| h(l.split_whitespace().nth(1).unwrap()))
                .collect();
        let mut edges = vec![[0u8; 32], [0xff; 32], P_BYTES];
        for low in [0u8, 1, 0xec, 0xee] {
            let mut e = P_BYTES;
            e[0] = low;
            edges.push(e);
            let mut one = [0u8; 32];
            one[0] = low;
            edges.push(one);
        }
        for e in edges {
            let mut neg = e;
            neg[31] |= 0x80;
            cases.push(e);
            cases.push(neg);
        }
        for t in EIGHT_TORSION.iter() {
            cases.push((ED25519_BASEPOINT_POINT + t).compress().to_bytes());
            cases.push(t.compress().to_bytes());
        }
        let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(8);
        for _ in 0..20_000 {
            let mut b = [0u8; 32];
            rng.fill_bytes(&mut b);
            cases.push(b);
        }
        let mut points = 0;
        for b in &cases {
            let ours = decode(b);
            let engine = bpkit_engine::edwards::decode(b);
            assert_eq!(ours.is_some(), engine.is_some(), "{}", hex::encode(b));
            if let (Some(p), Some(e)) = (ours, engine) {
                points += 1;
                assert_eq!(engine_bytes(&e), p.compress().to_bytes());
                let e8 = bpkit_engine::edwards::decode_mul8(b).unwrap();
                assert_eq!(
                    engine_bytes(&e8),
                    decode_mul8(b).unwrap().compress().to_bytes()
                );
            }
        }
        assert!(points > 9_000, "{points}");
    }
}
