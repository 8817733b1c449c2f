//! The Bulletproofs+ proof and its byte layout (that of `tari_bulletproofs_plus` 0.5.3; spec
//! `docs/plus.md` §6).

use super::parameters::{check_extension, MAX_EXTENSION};
use crate::errors::Error;
use crate::group::encoding::{Point, Reader};
use crate::group::{CompressedRistretto, Scalar, ELEMENT_SIZE};
use alloc::vec::Vec;

/// A Bulletproofs+ range proof: the first message `A`, the rounds `(Lⱼ, Rⱼ)` of the
/// weighted-inner-product argument, and its last message `A1, B, r1, s1, d1`.
///
/// Encoding: `k` (one byte, 1 to 6), `d1₁ … d1_k`, `A`, `A1`, `B`, `r1`, `s1`, then
/// `L₀, R₀, …, L_{R−1}, R_{R−1}`, 32 bytes each — `1 + 32·(k + 5 + 2R)` bytes for
/// `N = n·m' = 2ᴿ` (577 for n = 64, one value, k = 1).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlusProof {
    pub(crate) a: Point,
    pub(crate) a1: Point,
    pub(crate) b: Point,
    pub(crate) r1: Scalar,
    pub(crate) s1: Scalar,
    pub(crate) d1: Vec<Scalar>,
    pub(crate) l: Vec<Point>,
    pub(crate) r: Vec<Point>,
}

/// Fewest rounds: `N = 8` (8 bits, one value).
const MIN_ROUNDS: usize = 3;
/// Most rounds: `N = 4096` (64 bits, 64 values).
const MAX_ROUNDS: usize = 12;
/// `A, A1, B, r1, s1`.
const FIXED_ELEMENTS: usize = 5;

/// Bytes of a proof with `k` blinding bases for `N = n·m'` (a power of two).
pub(crate) fn proof_size(k: usize, n_total: usize) -> usize {
    let rounds = n_total.trailing_zeros() as usize;
    rounds
        .saturating_mul(2)
        .saturating_add(FIXED_ELEMENTS)
        .saturating_add(k)
        .saturating_mul(ELEMENT_SIZE)
        .saturating_add(1)
}

/// The smallest encoded proof (k = 1, N = 8): 385 bytes.
pub const MIN_PLUS_PROOF_SIZE: usize = 1 + (1 + FIXED_ELEMENTS + 2 * MIN_ROUNDS) * ELEMENT_SIZE;
/// The largest encoded proof (k = 6, N = 4096): 1121 bytes.
pub const MAX_PLUS_PROOF_SIZE: usize =
    1 + (MAX_EXTENSION + FIXED_ELEMENTS + 2 * MAX_ROUNDS) * ELEMENT_SIZE;

impl PlusProof {
    /// The extension degree `k` (number of blinding factors per commitment).
    pub fn extension_degree(&self) -> usize {
        self.d1.len()
    }

    /// Number of rounds `R` of the weighted-inner-product argument.
    pub fn rounds(&self) -> usize {
        self.l.len()
    }

    /// `N = n·m' = 2ᴿ`, the number of bits the proof covers.
    pub fn total_bits(&self) -> usize {
        1usize.checked_shl(self.rounds() as u32).unwrap_or(0)
    }

    /// Encoded size in bytes.
    pub fn serialized_size(&self) -> usize {
        proof_size(self.extension_degree(), self.total_bits())
    }

    /// The encoding (spec §6).
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(self.serialized_size());
        // k ≤ 6 for every proof built by this crate; a longer d1 cannot be constructed.
        out.push(u8::try_from(self.d1.len()).unwrap_or(u8::MAX));
        for d in &self.d1 {
            out.extend_from_slice(d.as_bytes());
        }
        for p in [&self.a, &self.a1, &self.b] {
            out.extend_from_slice(p.compressed.as_bytes());
        }
        out.extend_from_slice(self.r1.as_bytes());
        out.extend_from_slice(self.s1.as_bytes());
        for (l, r) in self.l.iter().zip(&self.r) {
            out.extend_from_slice(l.compressed.as_bytes());
            out.extend_from_slice(r.compressed.as_bytes());
        }
        out
    }

    /// Strict decoding: the first byte must be an extension degree 1 to 6, the length exactly
    /// that of a proof with that degree for some supported `N` (8 to 4096), every scalar
    /// canonical, every point a valid encoding other than the identity. Nothing is allocated
    /// before the length is checked.
    pub fn from_bytes(bytes: &[u8]) -> Result<Self, Error> {
        let (k, rounds) = shape(bytes)?;
        let parts = read_parts(bytes, k, rounds, read_point)?;
        Ok(PlusProof {
            a: parts.a,
            a1: parts.a1,
            b: parts.b,
            r1: parts.r1,
            s1: parts.s1,
            d1: parts.d1,
            l: parts.l,
            r: parts.r,
        })
    }

    /// [`PlusProof::from_bytes`] without decoding the points (for a batch that decodes them
    /// with the engine): the same length, degree and scalar checks, and the identity refused,
    /// in the same order; the points' validity is left to the caller.
    pub(crate) fn parse_encoded(bytes: &[u8]) -> Result<PlusEncoded, Error> {
        let (k, rounds) = shape(bytes)?;
        read_parts(bytes, k, rounds, read_compressed)
    }
}

/// A Bulletproofs+ proof's fields with points of type `P` (decoded [`Point`]s, or encodings).
#[derive(Clone, Debug)]
pub(crate) struct PlusParts<P> {
    pub a: P,
    pub a1: P,
    pub b: P,
    pub r1: Scalar,
    pub s1: Scalar,
    pub d1: Vec<Scalar>,
    pub l: Vec<P>,
    pub r: Vec<P>,
}

/// A proof parsed without decoding its points.
pub(crate) type PlusEncoded = PlusParts<CompressedRistretto>;

impl PlusEncoded {
    /// The points in equation order, `A, A1, B, L₀, R₀, L₁, R₁, …`, each with its byte offset in
    /// the encoding.
    pub fn points_with_offsets(&self) -> Vec<(CompressedRistretto, usize)> {
        let k = self.d1.len();
        let at = |i: usize| {
            k.saturating_add(i)
                .saturating_mul(ELEMENT_SIZE)
                .saturating_add(1)
        };
        let mut out = Vec::with_capacity(self.l.len().saturating_mul(2).saturating_add(3));
        out.push((self.a, at(0)));
        out.push((self.a1, at(1)));
        out.push((self.b, at(2)));
        for (j, (l, r)) in self.l.iter().zip(&self.r).enumerate() {
            let i = j.saturating_mul(2).saturating_add(FIXED_ELEMENTS);
            out.push((*l, at(i)));
            out.push((*r, at(i.saturating_add(1))));
        }
        out
    }
}

/// `(k, R)` of an encoding whose length and leading byte are valid.
fn shape(bytes: &[u8]) -> Result<(usize, usize), Error> {
    let len = bytes.len();
    if len > MAX_PLUS_PROOF_SIZE {
        return Err(Error::TooLarge {
            max: MAX_PLUS_PROOF_SIZE,
            found: len,
        });
    }
    let k = match bytes.first() {
        Some(&k) => usize::from(k),
        None => {
            return Err(Error::WrongLength {
                expected: MIN_PLUS_PROOF_SIZE,
                found: 0,
            })
        }
    };
    check_extension(k)?;
    let fixed = k
        .saturating_add(FIXED_ELEMENTS)
        .saturating_mul(ELEMENT_SIZE)
        .saturating_add(1);
    let min = fixed.saturating_add(2 * MIN_ROUNDS * ELEMENT_SIZE);
    let max = fixed.saturating_add(2 * MAX_ROUNDS * ELEMENT_SIZE);
    let rest = len.saturating_sub(fixed);
    if len < min || len > max || rest % (2 * ELEMENT_SIZE) != 0 {
        let nearest = fixed
            .saturating_add(rest.saturating_sub(rest % (2 * ELEMENT_SIZE)))
            .clamp(min, max);
        return Err(Error::WrongLength {
            expected: nearest,
            found: len,
        });
    }
    Ok((k, rest / (2 * ELEMENT_SIZE)))
}

/// Reads the fields after the leading byte, points with `read_point`.
fn read_parts<P>(
    bytes: &[u8],
    k: usize,
    rounds: usize,
    read_point: fn(&mut Reader<'_>) -> Result<P, Error>,
) -> Result<PlusParts<P>, Error> {
    let mut reader = Reader::new(bytes.get(1..).unwrap_or(&[]));
    let mut d1 = Vec::with_capacity(k);
    for _ in 0..k {
        d1.push(read_scalar(&mut reader)?);
    }
    let a = read_point(&mut reader)?;
    let a1 = read_point(&mut reader)?;
    let b = read_point(&mut reader)?;
    let r1 = read_scalar(&mut reader)?;
    let s1 = read_scalar(&mut reader)?;
    let mut l = Vec::with_capacity(rounds);
    let mut r = Vec::with_capacity(rounds);
    for _ in 0..rounds {
        l.push(read_point(&mut reader)?);
        r.push(read_point(&mut reader)?);
    }
    reader.finish().map_err(shift_offset)?;
    Ok(PlusParts {
        a,
        a1,
        b,
        r1,
        s1,
        d1,
        l,
        r,
    })
}

/// An encoding other than the identity's, not decoded.
fn read_compressed(reader: &mut Reader<'_>) -> Result<CompressedRistretto, Error> {
    let offset = reader.offset();
    let bytes = reader.read_32().map_err(shift_offset)?;
    if bytes == [0u8; 32] {
        return Err(shift_offset(Error::IdentityPoint { offset }));
    }
    Ok(CompressedRistretto(bytes))
}

/// Errors from the reader count offsets after the leading byte; report them in the whole input.
fn shift_offset(e: Error) -> Error {
    match e {
        Error::NonCanonicalScalar { offset } => Error::NonCanonicalScalar {
            offset: offset.saturating_add(1),
        },
        Error::InvalidPoint { offset } => Error::InvalidPoint {
            offset: offset.saturating_add(1),
        },
        Error::IdentityPoint { offset } => Error::IdentityPoint {
            offset: offset.saturating_add(1),
        },
        Error::WrongLength { expected, found } => Error::WrongLength {
            expected: expected.saturating_add(1),
            found: found.saturating_add(1),
        },
        other => other,
    }
}

fn read_scalar(reader: &mut Reader<'_>) -> Result<Scalar, Error> {
    reader.read_scalar().map_err(shift_offset)
}

fn read_point(reader: &mut Reader<'_>) -> Result<Point, Error> {
    reader.read_point().map_err(shift_offset)
}

#[cfg(feature = "serde")]
mod serde_impl {
    use super::PlusProof;
    use alloc::vec::Vec;
    use serde::{de::Error as _, Deserialize, Deserializer, Serialize, Serializer};

    impl Serialize for PlusProof {
        fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            s.serialize_bytes(&self.to_bytes())
        }
    }

    impl<'de> Deserialize<'de> for PlusProof {
        fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
            let bytes = <Vec<u8>>::deserialize(d)?;
            PlusProof::from_bytes(&bytes).map_err(D::Error::custom)
        }
    }
}
