//! Canonical encodings of scalars and points, and a reader that checks every bound.

use super::{CompressedRistretto, RistrettoPoint, Scalar, ELEMENT_SIZE};
use crate::errors::Error;
use curve25519_dalek::traits::IsIdentity;

/// A point as received: its canonical encoding and the decoded point.
///
/// Keeping both avoids compressing again for the transcript and decompressing again for the
/// verifier.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Point {
    /// The canonical 32-byte encoding.
    pub compressed: CompressedRistretto,
    /// The decoded point.
    pub point: RistrettoPoint,
}

impl Point {
    /// Wraps a point computed locally.
    pub fn from_point(point: RistrettoPoint) -> Self {
        Point {
            compressed: point.compress(),
            point,
        }
    }

    /// Decodes a 32-byte encoding. `offset` is only used in the error.
    pub fn decode(bytes: &[u8; 32], offset: usize) -> Result<Self, Error> {
        let compressed = CompressedRistretto(*bytes);
        // Ristretto decompression rejects every non-canonical encoding.
        let point = compressed
            .decompress()
            .ok_or(Error::InvalidPoint { offset })?;
        Ok(Point { compressed, point })
    }

    /// Decodes a 32-byte encoding and refuses the identity.
    pub fn decode_non_identity(bytes: &[u8; 32], offset: usize) -> Result<Self, Error> {
        if bytes == &[0u8; 32] {
            return Err(Error::IdentityPoint { offset });
        }
        Self::decode(bytes, offset)
    }

    /// True for the identity point.
    pub fn is_identity(&self) -> bool {
        self.compressed.is_identity()
    }
}

/// Decodes a canonical scalar (reduced modulo the group order).
pub fn decode_scalar(bytes: &[u8; 32], offset: usize) -> Result<Scalar, Error> {
    Option::<Scalar>::from(Scalar::from_canonical_bytes(*bytes))
        .ok_or(Error::NonCanonicalScalar { offset })
}

/// A cursor over an input that never reads out of bounds.
pub struct Reader<'a> {
    bytes: &'a [u8],
    offset: usize,
}

impl<'a> Reader<'a> {
    /// Starts reading `bytes`.
    pub fn new(bytes: &'a [u8]) -> Self {
        Reader { bytes, offset: 0 }
    }

    /// Offset of the next byte to be read.
    pub fn offset(&self) -> usize {
        self.offset
    }

    /// Bytes not yet read.
    pub fn remaining(&self) -> usize {
        self.bytes.len().saturating_sub(self.offset)
    }

    /// Reads 32 bytes.
    pub fn read_32(&mut self) -> Result<[u8; 32], Error> {
        let end = self
            .offset
            .checked_add(ELEMENT_SIZE)
            .ok_or(Error::WrongLength {
                expected: self.offset,
                found: self.bytes.len(),
            })?;
        let chunk = self.bytes.get(self.offset..end).ok_or(Error::WrongLength {
            expected: end,
            found: self.bytes.len(),
        })?;
        let mut out = [0u8; 32];
        out.copy_from_slice(chunk);
        self.offset = end;
        Ok(out)
    }

    /// Reads a canonical scalar.
    pub fn read_scalar(&mut self) -> Result<Scalar, Error> {
        let at = self.offset;
        decode_scalar(&self.read_32()?, at)
    }

    /// Reads a valid point that is not the identity.
    pub fn read_point(&mut self) -> Result<Point, Error> {
        let at = self.offset;
        Point::decode_non_identity(&self.read_32()?, at)
    }

    /// Reads a valid point, the identity allowed.
    pub fn read_point_or_identity(&mut self) -> Result<Point, Error> {
        let at = self.offset;
        Point::decode(&self.read_32()?, at)
    }

    /// Fails unless every byte has been read.
    pub fn finish(self) -> Result<(), Error> {
        if self.offset == self.bytes.len() {
            Ok(())
        } else {
            Err(Error::WrongLength {
                expected: self.offset,
                found: self.bytes.len(),
            })
        }
    }
}
