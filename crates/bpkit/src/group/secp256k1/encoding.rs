//! Encodings of secp256k1-zkp: x-only points with a quadratic-residue flag, 33-byte commitments
//! and big-endian scalars. Every decoder is strict: canonical field elements and scalars only,
//! points on the curve, unused flag bits zero.

use super::{AffinePoint, FieldElement, ProjectivePoint, Scalar};
use crate::errors::Error;
use k256::elliptic_curve::group::prime::PrimeCurveAffine;
use k256::elliptic_curve::point::{AffineCoordinates, DecompressPoint};
use k256::elliptic_curve::sec1::{FromEncodedPoint, ToEncodedPoint};
use k256::elliptic_curve::subtle::{Choice, ConditionallySelectable};
use k256::elliptic_curve::PrimeField;
use k256::{EncodedPoint, FieldBytes};

/// Size of an encoded scalar or x-coordinate.
pub const ELEMENT_SIZE: usize = 32;
/// Size of an encoded Pedersen commitment (`0x08`/`0x09` ‖ x).
pub const COMMITMENT_SIZE: usize = 33;

/// Whether `a` (any magnitude ≤ 8) is a square modulo p; zero counts as a square, as in
/// secp256k1-zkp's `fe_is_quad_var`.
///
/// Constant-time (one exponentiation).
pub fn is_square(a: &FieldElement) -> Choice {
    a.sqrt().is_some()
}

/// A point with the two parts its x-only encoding is made of: the x-coordinate and the flag
/// "y is not a square".
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct XPoint {
    /// The canonical big-endian x-coordinate.
    pub x: [u8; 32],
    /// True when y is **not** a quadratic residue (secp256k1-zkp's flag bit).
    pub flag: bool,
    /// The point (never the identity).
    pub point: AffinePoint,
}

impl XPoint {
    /// Splits a point into x and flag. `None` for the identity, which has no encoding.
    ///
    /// Variable-time in whether y is a square: every caller encodes a point it publishes.
    pub fn from_point(point: &ProjectivePoint) -> Option<Self> {
        let affine = point.to_affine();
        // Declassification point (feature `ctime`, `docs/ctime.md`): x, the parity of y and
        // whether it is the identity, of a point about to be published (a proof element or a
        // commitment, computed from secrets in constant time). Everything below is
        // variable-time, so it works on the point rebuilt from those public bytes (one square
        // root; k256's SEC1 encoding branches on the identity flag).
        let mut public = [0u8; 34];
        let (x_part, flags) = public.split_at_mut(32);
        x_part.copy_from_slice(&affine.x());
        if let [odd, identity] = flags {
            *odd = affine.y_is_odd().unwrap_u8();
            *identity = affine.is_identity().unwrap_u8();
        }
        crate::ctime::declassify(&mut public);
        let (x_part, flags) = public.split_at(32);
        let x: [u8; 32] = x_part.try_into().ok()?;
        let [odd, identity] = *flags else { return None };
        if identity != 0 {
            return None;
        }
        let affine = Option::<AffinePoint>::from(AffinePoint::decompress(
            FieldBytes::from_slice(&x),
            Choice::from(odd),
        ))?;
        let encoded = affine.to_encoded_point(false);
        let y_bytes = encoded.y()?;
        let y = Option::<FieldElement>::from(FieldElement::from_bytes(y_bytes))?;
        let flag = !bool::from(is_square(&y));
        Some(XPoint {
            x,
            flag,
            point: affine,
        })
    }

    /// Rebuilds a point from x and flag: the y that is a square, negated when `flag` is set.
    /// `None` when x is not canonical (≥ p) or not the x-coordinate of a curve point.
    pub fn decode(x: &[u8; 32], flag: bool) -> Option<Self> {
        let xf = Option::<FieldElement>::from(FieldElement::from_bytes(FieldBytes::from_slice(x)))?;
        let rhs = (xf.square() * xf + FieldElement::from_u64(7)).normalize();
        // k256's square root is rhs^((p+1)/4), which is itself a square (the exponent is
        // even): the square root secp256k1-zkp's `ge_set_xquad` picks.
        let y = Option::<FieldElement>::from(rhs.sqrt())?.normalize();
        let y = FieldElement::conditional_select(
            &y,
            &y.negate(1).normalize(),
            Choice::from(u8::from(flag)),
        );
        let encoded =
            EncodedPoint::from_affine_coordinates(FieldBytes::from_slice(x), &y.to_bytes(), false);
        let point = Option::<AffinePoint>::from(AffinePoint::from_encoded_point(&encoded))?;
        Some(XPoint { x: *x, flag, point })
    }
}

/// Writes points as secp256k1-zkp does: a bit vector of flags (`⌈n/8⌉` bytes, bit `i % 8` of
/// byte `i / 8` for point `i`), then each x-coordinate.
pub fn write_points(out: &mut alloc::vec::Vec<u8>, points: &[XPoint]) {
    let mut flags = alloc::vec![0u8; points.len().div_ceil(8)];
    for (i, p) in points.iter().enumerate() {
        if let Some(byte) = flags.get_mut(i / 8) {
            *byte |= u8::from(p.flag) << (i % 8);
        }
    }
    out.extend_from_slice(&flags);
    for p in points {
        out.extend_from_slice(&p.x);
    }
}

/// Size in bytes of `n` points written by [`write_points`].
pub const fn points_size(n: usize) -> usize {
    n.div_ceil(8).saturating_add(n.saturating_mul(ELEMENT_SIZE))
}

/// Reads `n` points written by [`write_points`] from the start of `bytes` (which must hold at
/// least [`points_size`]`(n)` bytes). Unused flag bits must be zero. `offset` is the position of
/// `bytes` in the whole input, for errors.
pub fn read_points(
    bytes: &[u8],
    n: usize,
    offset: usize,
) -> Result<alloc::vec::Vec<XPoint>, Error> {
    let flag_len = n.div_ceil(8);
    let flags = bytes.get(..flag_len).ok_or(Error::WrongLength {
        expected: points_size(n),
        found: bytes.len(),
    })?;
    // Unused bits of the last flag byte: secp256k1-zkp ignores them, which makes its proofs
    // malleable; bpkit rejects them.
    let used = n % 8;
    if used != 0 {
        if let Some(last) = flags.last() {
            if last >> used != 0 {
                return Err(Error::InvalidPoint {
                    offset: offset.saturating_add(flag_len).saturating_sub(1),
                });
            }
        }
    }
    let mut out = alloc::vec::Vec::with_capacity(n);
    for i in 0..n {
        let start = flag_len.saturating_add(i.saturating_mul(ELEMENT_SIZE));
        let at = offset.saturating_add(start);
        let x: &[u8; 32] = bytes
            .get(start..start.saturating_add(ELEMENT_SIZE))
            .and_then(|s| s.try_into().ok())
            .ok_or(Error::WrongLength {
                expected: points_size(n),
                found: bytes.len(),
            })?;
        let flag = flags.get(i / 8).is_some_and(|b| (b >> (i % 8)) & 1 == 1);
        out.push(XPoint::decode(x, flag).ok_or(Error::InvalidPoint { offset: at })?);
    }
    Ok(out)
}

/// Decodes a canonical big-endian scalar (below the group order). `offset` is only for errors.
pub fn read_scalar(bytes: &[u8], offset: usize) -> Result<Scalar, Error> {
    let arr: [u8; 32] = bytes
        .get(..ELEMENT_SIZE)
        .and_then(|s| s.try_into().ok())
        .ok_or(Error::WrongLength {
            expected: offset.saturating_add(ELEMENT_SIZE),
            found: offset.saturating_add(bytes.len()),
        })?;
    Option::from(Scalar::from_repr(arr.into())).ok_or(Error::NonCanonicalScalar { offset })
}

/// The 32-byte big-endian encoding of a scalar.
pub fn scalar_bytes(s: &Scalar) -> [u8; 32] {
    s.to_bytes().into()
}

/// A Pedersen commitment in secp256k1-zkp's 33-byte form: `0x08` ‖ x when y is a square,
/// `0x09` ‖ x when it is not.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Commitment33 {
    /// The point as x and flag.
    pub xpoint: XPoint,
}

impl Commitment33 {
    /// Wraps a point; `None` for the identity (which has no encoding).
    pub fn from_point(point: &ProjectivePoint) -> Option<Self> {
        XPoint::from_point(point).map(|xpoint| Commitment33 { xpoint })
    }

    /// Strict decoding: exactly 33 bytes, prefix 8 or 9, canonical x on the curve.
    pub fn from_bytes(bytes: &[u8]) -> Result<Self, Error> {
        if bytes.len() != COMMITMENT_SIZE {
            return Err(Error::WrongLength {
                expected: COMMITMENT_SIZE,
                found: bytes.len(),
            });
        }
        let (prefix, x) = bytes.split_first().ok_or(Error::WrongLength {
            expected: COMMITMENT_SIZE,
            found: 0,
        })?;
        let flag = match prefix {
            8 => false,
            9 => true,
            _ => return Err(Error::InvalidPoint { offset: 0 }),
        };
        let x: &[u8; 32] = x
            .try_into()
            .map_err(|_| Error::InvalidPoint { offset: 1 })?;
        let xpoint = XPoint::decode(x, flag).ok_or(Error::InvalidPoint { offset: 1 })?;
        Ok(Commitment33 { xpoint })
    }

    /// The 33-byte encoding.
    pub fn to_bytes(&self) -> [u8; COMMITMENT_SIZE] {
        let mut out = [0u8; COMMITMENT_SIZE];
        let (prefix, x) = out.split_at_mut(1);
        if let Some(p) = prefix.first_mut() {
            *p = 8 | u8::from(self.xpoint.flag);
        }
        x.copy_from_slice(&self.xpoint.x);
        out
    }

    /// The committed point.
    pub fn point(&self) -> ProjectivePoint {
        ProjectivePoint::from(self.xpoint.point)
    }
}
