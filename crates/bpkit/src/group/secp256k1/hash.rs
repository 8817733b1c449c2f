//! Generator derivation of secp256k1-zkp: the Elements value generator `H`, the
//! `generator_generate` map and the RFC 6979 HMAC-SHA256 stream that seeds the vector
//! generators. Everything here works on public data and may be variable-time.

use super::{AffinePoint, FieldElement, ProjectivePoint};
use hmac::{Hmac, Mac};
use k256::elliptic_curve::sec1::{FromEncodedPoint, ToEncodedPoint};
use k256::{EncodedPoint, FieldBytes};
use sha2::{Digest, Sha256};

type HmacSha256 = Hmac<Sha256>;

/// The Elements "alternate generator" `H` (x ‖ y), Grin's and MWEB's value generator.
///
/// Its discrete logarithm to `G` is unknown: x is the SHA-256 of the uncompressed encoding of
/// `G` (the library documents this choice).
pub const ELEMENTS_H: [u8; 64] = [
    0x50, 0x92, 0x9b, 0x74, 0xc1, 0xa0, 0x49, 0x54, 0xb7, 0x8b, 0x4b, 0x60, 0x35, 0xe9, 0x7a, 0x5e,
    0x07, 0x8a, 0x5a, 0x0f, 0x28, 0xec, 0x96, 0xd5, 0x47, 0xbf, 0xee, 0x9a, 0xce, 0x80, 0x3a, 0xc0,
    0x31, 0xd3, 0xc6, 0x86, 0x39, 0x73, 0x92, 0x6e, 0x04, 0x9e, 0x63, 0x7c, 0xb1, 0xb5, 0xf4, 0x0a,
    0x36, 0xda, 0xc2, 0x8a, 0xf1, 0x76, 0x69, 0x68, 0xc3, 0x0c, 0x23, 0x13, 0xf3, 0xa3, 0x89, 0x04,
];

/// A point from its uncompressed coordinates; `None` off the curve.
pub fn point_from_xy(xy: &[u8; 64]) -> Option<AffinePoint> {
    let (x, y) = xy.split_at(32);
    let encoded = EncodedPoint::from_affine_coordinates(
        FieldBytes::from_slice(x),
        FieldBytes::from_slice(y),
        false,
    );
    Option::from(AffinePoint::from_encoded_point(&encoded))
}

/// The uncompressed coordinates x ‖ y of a point (zero for the identity).
pub fn point_to_xy(p: &AffinePoint) -> [u8; 64] {
    let mut out = [0u8; 64];
    let encoded = p.to_encoded_point(false);
    if let (Some(x), Some(y)) = (encoded.x(), encoded.y()) {
        let (ox, oy) = out.split_at_mut(32);
        ox.copy_from_slice(x);
        oy.copy_from_slice(y);
    }
    out
}

fn fe(bytes: [u8; 32]) -> FieldElement {
    // Only called on the constants below, which are canonical.
    FieldElement::from_bytes(&bytes.into()).unwrap_or(FieldElement::ZERO)
}

/// The Shallue–van de Woestijne map of Fouque and Tibouchi as secp256k1-zkp writes it
/// (`shallue_van_de_woestijne`): of `x1 = d − t·w`, `x2 = −(x1 + 1)`, `x3 = 1 + 1/w²`
/// with `w = c·t / (1 + b + t²)`, `c = √−3`, `d = (c − 1)/2`, the first whose `x³ + 7` is a
/// square, with the square root that is itself a square, negated when `t` is odd.
///
/// Variable-time: its input is a hash of public data.
pub fn shallue_van_de_woestijne(t: &FieldElement) -> Option<AffinePoint> {
    let c = fe([
        0x0a, 0x2d, 0x2b, 0xa9, 0x35, 0x07, 0xf1, 0xdf, 0x23, 0x37, 0x70, 0xc2, 0xa7, 0x97, 0x96,
        0x2c, 0xc6, 0x1f, 0x6d, 0x15, 0xda, 0x14, 0xec, 0xd4, 0x7d, 0x8d, 0x27, 0xae, 0x1c, 0xd5,
        0xf8, 0x52,
    ]);
    let d = fe([
        0x85, 0x16, 0x95, 0xd4, 0x9a, 0x83, 0xf8, 0xef, 0x91, 0x9b, 0xb8, 0x61, 0x53, 0xcb, 0xcb,
        0x16, 0x63, 0x0f, 0xb6, 0x8a, 0xed, 0x0a, 0x76, 0x6a, 0x3e, 0xc6, 0x93, 0xd6, 0x8e, 0x6a,
        0xfa, 0x40,
    ]);
    let b = FieldElement::from_u64(7);
    let t = t.normalize();
    let wd = (t.square() + FieldElement::from_u64(8)).normalize(); // 1 + b + t²
    if bool::from(wd.is_zero()) {
        return None;
    }
    let w = (c * t * Option::<FieldElement>::from(wd.invert())?).normalize();
    if bool::from(w.is_zero()) {
        return None;
    }
    let x1 = (d + (t * w).negate(1)).normalize();
    let x2 = (x1 + FieldElement::ONE).negate(2).normalize();
    let x3 = (FieldElement::ONE + Option::<FieldElement>::from(w.square().invert())?).normalize();
    let (x, y) = [x1, x2, x3].iter().find_map(|x| {
        let rhs = (x.square() * x + b).normalize();
        Option::<FieldElement>::from(rhs.sqrt()).map(|y| (*x, y.normalize()))
    })?;
    let y = if bool::from(t.is_odd()) {
        y.negate(1).normalize()
    } else {
        y
    };
    let encoded = EncodedPoint::from_affine_coordinates(&x.to_bytes(), &y.to_bytes(), false);
    Option::from(AffinePoint::from_encoded_point(&encoded))
}

/// secp256k1-zkp's `generator_generate(key32)`: the sum of the maps of
/// `SHA256("1st generation: " ‖ key32)` and `SHA256("2nd generation: " ‖ key32)`.
///
/// `None` only where the C library aborts (a hash at least p, or a sum at infinity).
pub fn generator_generate(key32: &[u8; 32]) -> Option<AffinePoint> {
    let mut acc = ProjectivePoint::IDENTITY;
    for prefix in [b"1st generation: ", b"2nd generation: "] {
        let digest: [u8; 32] = Sha256::new()
            .chain_update(prefix)
            .chain_update(key32)
            .finalize()
            .into();
        let t = Option::<FieldElement>::from(FieldElement::from_bytes(&digest.into()))?;
        acc += shallue_van_de_woestijne(&t)?;
    }
    let out = acc.to_affine();
    if out == AffinePoint::IDENTITY {
        return None;
    }
    Some(out)
}

/// The deterministic stream of RFC 6979 §3.2 (HMAC-SHA256), as secp256k1's
/// `rfc6979_hmac_sha256`: initialised with a key, then 32-byte outputs.
pub struct Rfc6979HmacSha256 {
    v: [u8; 32],
    k: [u8; 32],
    retry: bool,
}

impl Rfc6979HmacSha256 {
    fn hmac(key: &[u8; 32], parts: &[&[u8]]) -> [u8; 32] {
        // HMAC accepts keys of every length.
        let mut mac = match HmacSha256::new_from_slice(key) {
            Ok(mac) => mac,
            Err(_) => return [0u8; 32],
        };
        for part in parts {
            mac.update(part);
        }
        mac.finalize().into_bytes().into()
    }

    /// Steps b–f of RFC 6979 §3.2 with `seed` as the key material.
    pub fn new(seed: &[u8]) -> Self {
        let mut v = [1u8; 32];
        let mut k = [0u8; 32];
        k = Self::hmac(&k, &[&v, &[0], seed]);
        v = Self::hmac(&k, &[&v]);
        k = Self::hmac(&k, &[&v, &[1], seed]);
        v = Self::hmac(&k, &[&v]);
        Rfc6979HmacSha256 { v, k, retry: false }
    }

    /// The next 32 bytes (step h).
    pub fn generate(&mut self) -> [u8; 32] {
        if self.retry {
            self.k = Self::hmac(&self.k, &[&self.v, &[0]]);
            self.v = Self::hmac(&self.k, &[&self.v]);
        }
        self.v = Self::hmac(&self.k, &[&self.v]);
        self.retry = true;
        self.v
    }
}
