//! The messages exchanged between parties and the dealer, and their canonical byte encodings.
//!
//! Every message is a fixed sequence of 32-byte elements (layouts in `docs/aggregation.md`):
//! scalars are canonical little-endian, points compressed Ristretto. Decoding is strict: the
//! length must be exact, every scalar reduced, every point a canonical encoding, and the
//! identity is refused wherever an honest participant never sends it. Lengths are checked
//! before anything is allocated. Decoding is variable-time: messages are public.

use crate::errors::Error;
use crate::group::encoding::{Point, Reader};
use crate::group::{Scalar, ELEMENT_SIZE};
use crate::range_proof::{BIT_SIZES, MAX_BITS};
use alloc::vec::Vec;

/// Party → dealer, round 1: the value commitment `V_j` and bit commitments `A_j`, `S_j`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BitCommitment {
    /// `V_j = v·B + γ·B̃` (the identity for a padding party).
    pub v_j: Point,
    /// `A_j = α·B̃ + ⟨a_L, G_j⟩ + ⟨a_R, H_j⟩`.
    pub a_j: Point,
    /// `S_j = ρ·B̃ + ⟨s_L, G_j⟩ + ⟨s_R, H_j⟩`.
    pub s_j: Point,
}

/// Dealer → parties, round 1: challenges `y`, `z`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BitChallenge {
    /// `y`.
    pub y: Scalar,
    /// `z`.
    pub z: Scalar,
}

/// Party → dealer, round 2: commitments `T_1`, `T_2` to the coefficients of `t_j(X)`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PolyCommitment {
    /// `T_{1,j} = t_1·B + τ_1·B̃`.
    pub t_1_j: Point,
    /// `T_{2,j} = t_2·B + τ_2·B̃`.
    pub t_2_j: Point,
}

/// Dealer → parties, round 2: challenge `x`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PolyChallenge {
    /// `x`.
    pub x: Scalar,
}

/// Party → dealer, round 3: the party's evaluations at `x`.
///
/// `l_vec` and `r_vec` have the same length `n ∈ {8, 16, 32, 64}` in every share a party makes;
/// the encoding relies on it (a share whose vectors differ in length does not round-trip, and
/// the dealer blames it).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProofShare {
    /// `t_j(x)`.
    pub t_x: Scalar,
    /// `τ_{x,j} = z^{2+j}·γ + τ_1·x + τ_2·x²`.
    pub t_x_blinding: Scalar,
    /// `μ_j = α + ρ·x`.
    pub e_blinding: Scalar,
    /// `l_j(x)`.
    pub l_vec: Vec<Scalar>,
    /// `r_j(x)`.
    pub r_vec: Vec<Scalar>,
}

/// Fails unless `bytes` is exactly `expected` long; then reads it.
fn exact(bytes: &[u8], expected: usize) -> Result<Reader<'_>, Error> {
    if bytes.len() == expected {
        Ok(Reader::new(bytes))
    } else {
        Err(Error::WrongLength {
            expected,
            found: bytes.len(),
        })
    }
}

fn write_points(points: &[&Point]) -> Vec<u8> {
    let mut out = Vec::with_capacity(points.len().saturating_mul(ELEMENT_SIZE));
    for p in points {
        out.extend_from_slice(p.compressed.as_bytes());
    }
    out
}

fn write_scalars<'s>(scalars: impl Iterator<Item = &'s Scalar>, capacity: usize) -> Vec<u8> {
    let mut out = Vec::with_capacity(capacity);
    for s in scalars {
        out.extend_from_slice(s.as_bytes());
    }
    out
}

impl BitCommitment {
    /// Encoded size: `V_j ‖ A_j ‖ S_j`, 96 bytes.
    pub const SIZE: usize = 3 * ELEMENT_SIZE;

    /// The encoding `V_j ‖ A_j ‖ S_j`.
    pub fn to_bytes(&self) -> Vec<u8> {
        write_points(&[&self.v_j, &self.a_j, &self.s_j])
    }

    /// Strict decoding. `V_j` may be the identity (a zero value with a zero blinding); `A_j` and
    /// `S_j` may not.
    pub fn from_bytes(bytes: &[u8]) -> Result<Self, Error> {
        let mut r = exact(bytes, Self::SIZE)?;
        let v_j = r.read_point_or_identity()?;
        let a_j = r.read_point()?;
        let s_j = r.read_point()?;
        r.finish()?;
        Ok(BitCommitment { v_j, a_j, s_j })
    }
}

impl BitChallenge {
    /// Encoded size: `y ‖ z`, 64 bytes.
    pub const SIZE: usize = 2 * ELEMENT_SIZE;

    /// The encoding `y ‖ z`.
    pub fn to_bytes(&self) -> Vec<u8> {
        write_scalars([&self.y, &self.z].into_iter(), Self::SIZE)
    }

    /// Strict decoding: both scalars canonical. A zero challenge decodes (it is well-formed);
    /// the party refuses it.
    pub fn from_bytes(bytes: &[u8]) -> Result<Self, Error> {
        let mut r = exact(bytes, Self::SIZE)?;
        let y = r.read_scalar()?;
        let z = r.read_scalar()?;
        r.finish()?;
        Ok(BitChallenge { y, z })
    }
}

impl PolyCommitment {
    /// Encoded size: `T_{1,j} ‖ T_{2,j}`, 64 bytes.
    pub const SIZE: usize = 2 * ELEMENT_SIZE;

    /// The encoding `T_{1,j} ‖ T_{2,j}`.
    pub fn to_bytes(&self) -> Vec<u8> {
        write_points(&[&self.t_1_j, &self.t_2_j])
    }

    /// Strict decoding; neither point may be the identity.
    pub fn from_bytes(bytes: &[u8]) -> Result<Self, Error> {
        let mut r = exact(bytes, Self::SIZE)?;
        let t_1_j = r.read_point()?;
        let t_2_j = r.read_point()?;
        r.finish()?;
        Ok(PolyCommitment { t_1_j, t_2_j })
    }
}

impl PolyChallenge {
    /// Encoded size: `x`, 32 bytes.
    pub const SIZE: usize = ELEMENT_SIZE;

    /// The encoding `x`.
    pub fn to_bytes(&self) -> Vec<u8> {
        self.x.as_bytes().to_vec()
    }

    /// Strict decoding: a canonical scalar. Zero decodes; the party refuses it.
    pub fn from_bytes(bytes: &[u8]) -> Result<Self, Error> {
        let mut r = exact(bytes, Self::SIZE)?;
        let x = r.read_scalar()?;
        r.finish()?;
        Ok(PolyChallenge { x })
    }
}

/// `t_x, τ_x, μ`.
const SHARE_FIXED: usize = 3;

impl ProofShare {
    /// Largest encoded share (`n = 64`): 4192 bytes.
    pub const MAX_SIZE: usize = (SHARE_FIXED + 2 * MAX_BITS) * ELEMENT_SIZE;

    /// Encoded size of a share for `n`-bit ranges: `(3 + 2n)·32` bytes.
    pub const fn size(n: usize) -> usize {
        n.saturating_mul(2)
            .saturating_add(SHARE_FIXED)
            .saturating_mul(ELEMENT_SIZE)
    }

    /// `n`, the length of `l_vec`.
    pub fn bits(&self) -> usize {
        self.l_vec.len()
    }

    /// The encoding `t_x ‖ τ_x ‖ μ ‖ l_0 … l_{n−1} ‖ r_0 … r_{n−1}`.
    ///
    /// `n` is carried by the length: the four sizes 608, 1120, 2144 and 4192 bytes are those of
    /// `n` = 8, 16, 32, 64.
    pub fn to_bytes(&self) -> Vec<u8> {
        let capacity = Self::size(self.l_vec.len().max(self.r_vec.len()));
        write_scalars(
            [&self.t_x, &self.t_x_blinding, &self.e_blinding]
                .into_iter()
                .chain(&self.l_vec)
                .chain(&self.r_vec),
            capacity,
        )
    }

    /// Strict decoding: the length must be that of a share for some `n ∈ {8, 16, 32, 64}`,
    /// every scalar canonical. Nothing is allocated before the length is checked.
    ///
    /// The caller (the dealer) must still check that `n` is the one of the protocol run;
    /// [`DealerAwaitingProofShares::receive_shares`](super::DealerAwaitingProofShares::receive_shares)
    /// blames a party whose share has another.
    pub fn from_bytes(bytes: &[u8]) -> Result<Self, Error> {
        let len = bytes.len();
        if len > Self::MAX_SIZE {
            return Err(Error::TooLarge {
                max: Self::MAX_SIZE,
                found: len,
            });
        }
        let Some(n) = BIT_SIZES.into_iter().find(|&n| Self::size(n) == len) else {
            // The nearest valid size: the largest not above `len`, or the smallest.
            let expected = BIT_SIZES
                .into_iter()
                .rev()
                .map(Self::size)
                .find(|&s| s <= len)
                .unwrap_or(Self::size(8));
            return Err(Error::WrongLength {
                expected,
                found: len,
            });
        };
        let mut r = Reader::new(bytes);
        let t_x = r.read_scalar()?;
        let t_x_blinding = r.read_scalar()?;
        let e_blinding = r.read_scalar()?;
        let mut l_vec = Vec::with_capacity(n);
        for _ in 0..n {
            l_vec.push(r.read_scalar()?);
        }
        let mut r_vec = Vec::with_capacity(n);
        for _ in 0..n {
            r_vec.push(r.read_scalar()?);
        }
        r.finish()?;
        Ok(ProofShare {
            t_x,
            t_x_blinding,
            e_blinding,
            l_vec,
            r_vec,
        })
    }
}

/// Serde through the byte encoding: serialized as bytes, deserialized with strict `from_bytes`.
#[cfg(feature = "serde")]
mod serde_impl {
    use super::{BitChallenge, BitCommitment, PolyChallenge, PolyCommitment, ProofShare};
    use alloc::vec::Vec;
    use serde::{de::Error as _, Deserialize, Deserializer, Serialize, Serializer};

    macro_rules! via_bytes {
        ($($t:ty),*) => {$(
            impl Serialize for $t {
                fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                    s.serialize_bytes(&self.to_bytes())
                }
            }

            impl<'de> Deserialize<'de> for $t {
                fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                    let bytes = <Vec<u8>>::deserialize(d)?;
                    <$t>::from_bytes(&bytes).map_err(D::Error::custom)
                }
            }
        )*};
    }

    via_bytes!(
        BitCommitment,
        BitChallenge,
        PolyCommitment,
        PolyChallenge,
        ProofShare
    );
}
