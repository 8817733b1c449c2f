//! The range proof and its byte layout (spec §6).

use crate::errors::Error;
use crate::group::encoding::{Point, Reader};
use crate::group::{CompressedRistretto, RistrettoPoint, Scalar};
use crate::inner_product::InnerProductProof;
use alloc::vec::Vec;

/// A range proof: `A, S, T₁, T₂, t_x, t̃_x, μ`, then the inner-product proof.
///
/// Encoded as the `bulletproofs` crate does: 32 bytes each, in that order, then
/// `L₀, R₀, …, L_{k−1}, R_{k−1}, a, b` — `(2k + 9)·32` bytes for `N = n·m' = 2ᵏ`
/// (672 bytes for n = 64, m = 1).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RangeProof {
    pub(crate) a: Point,
    pub(crate) s: Point,
    pub(crate) t_1: Point,
    pub(crate) t_2: Point,
    pub(crate) t_x: Scalar,
    pub(crate) t_x_blinding: Scalar,
    pub(crate) e_blinding: Scalar,
    pub(crate) ipp: InnerProductProof,
}

/// Smallest `N = n·m'` (8 bits, 1 value): 3 rounds.
const MIN_ROUNDS: usize = 3;
pub(crate) use crate::limits::MAX_ROUNDS;
/// `A, S, T₁, T₂, t_x, t̃_x, μ, a, b`.
const FIXED_ELEMENTS: usize = 9;

/// Bytes of a proof for `N = n·m'` (which must be a power of two).
pub(crate) fn proof_size(n_total: usize) -> usize {
    let rounds = n_total.trailing_zeros() as usize;
    rounds
        .saturating_mul(2)
        .saturating_add(FIXED_ELEMENTS)
        .saturating_mul(32)
}

/// The smallest and largest encoded sizes.
pub const MIN_PROOF_SIZE: usize = (2 * MIN_ROUNDS + FIXED_ELEMENTS) * 32;
/// The largest encoded proof (64 values of 64 bits): 1056 bytes.
pub const MAX_PROOF_SIZE: usize = (2 * MAX_ROUNDS + FIXED_ELEMENTS) * 32;

impl RangeProof {
    /// The encoding (spec §6).
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(self.serialized_size());
        for p in [&self.a, &self.s, &self.t_1, &self.t_2] {
            out.extend_from_slice(p.compressed.as_bytes());
        }
        for s in [&self.t_x, &self.t_x_blinding, &self.e_blinding] {
            out.extend_from_slice(s.as_bytes());
        }
        self.ipp.write_to(&mut out);
        out
    }

    /// Encoded size in bytes.
    pub fn serialized_size(&self) -> usize {
        FIXED_ELEMENTS
            .saturating_sub(2)
            .saturating_mul(32)
            .saturating_add(self.ipp.serialized_size())
    }

    /// `N = n·m'`, the number of bits the proof covers.
    pub fn total_bits(&self) -> usize {
        1usize.checked_shl(self.ipp.rounds() as u32).unwrap_or(0)
    }

    /// Strict decoding: the length must be that of a proof for some supported `n·m'` (480 to
    /// 1056 bytes, a multiple of 64 plus 32), every scalar canonical, every point a valid
    /// encoding other than the identity. Nothing is allocated before the length is checked.
    pub fn from_bytes(bytes: &[u8]) -> Result<Self, Error> {
        let rounds = rounds_for_length(bytes.len())?;
        let mut reader = Reader::new(bytes);
        let a = reader.read_point()?;
        let s = reader.read_point()?;
        let t_1 = reader.read_point()?;
        let t_2 = reader.read_point()?;
        let t_x = reader.read_scalar()?;
        let t_x_blinding = reader.read_scalar()?;
        let e_blinding = reader.read_scalar()?;
        let ipp = InnerProductProof::read_from(&mut reader, rounds)?;
        reader.finish()?;
        Ok(RangeProof {
            a,
            s,
            t_1,
            t_2,
            t_x,
            t_x_blinding,
            e_blinding,
            ipp,
        })
    }
}

/// The number of inner-product rounds of a proof of `len` bytes, or why no proof has that length.
fn rounds_for_length(len: usize) -> Result<usize, Error> {
    if len > MAX_PROOF_SIZE {
        return Err(Error::TooLarge {
            max: MAX_PROOF_SIZE,
            found: len,
        });
    }
    if len < MIN_PROOF_SIZE {
        return Err(Error::WrongLength {
            expected: MIN_PROOF_SIZE,
            found: len,
        });
    }
    // len = (2k + 9)·32 with 3 ≤ k ≤ 12.
    let fixed = FIXED_ELEMENTS * 32;
    let rest = len.saturating_sub(fixed);
    if !rest.is_multiple_of(64) {
        let nearest = fixed.saturating_add(rest.saturating_sub(rest % 64));
        return Err(Error::WrongLength {
            expected: nearest.max(MIN_PROOF_SIZE),
            found: len,
        });
    }
    Ok(rest / 64)
}

/// A proof's elements as encoded, points still compressed: what the verifier's transcript needs.
///
/// Built from a parsed [`RangeProof`] (copying encodings) or straight from bytes
/// ([`ProofView::parse`], which checks length and scalars but decompresses nothing), so that a
/// batch verifier can replay every transcript first and decompress points later, in parallel.
/// Fixed-size: no allocation.
#[derive(Clone, Debug)]
pub(crate) struct ProofView {
    /// `A, S, T₁, T₂`.
    pub head: [CompressedRistretto; 4],
    /// `L₀, R₀, L₁, R₁, …` (the first `2·rounds` are used).
    pub lr: [CompressedRistretto; 2 * MAX_ROUNDS],
    /// Inner-product rounds `k`.
    pub rounds: usize,
    /// `t_x, t̃_x, μ`.
    pub t_x: Scalar,
    /// `t̃_x`.
    pub t_x_blinding: Scalar,
    /// `μ`.
    pub e_blinding: Scalar,
    /// The inner-product proof's final `a`.
    pub a: Scalar,
    /// The inner-product proof's final `b`.
    pub b: Scalar,
}

impl ProofView {
    /// The view of a parsed proof.
    pub fn of(proof: &RangeProof) -> Self {
        let mut lr = [CompressedRistretto::default(); 2 * MAX_ROUNDS];
        let pairs = proof.ipp.l_vec.iter().zip(&proof.ipp.r_vec);
        for (slot, (l, r)) in lr.chunks_exact_mut(2).zip(pairs) {
            if let [sl, sr] = slot {
                *sl = l.compressed;
                *sr = r.compressed;
            }
        }
        ProofView {
            head: [
                proof.a.compressed,
                proof.s.compressed,
                proof.t_1.compressed,
                proof.t_2.compressed,
            ],
            lr,
            rounds: proof.ipp.rounds().min(MAX_ROUNDS),
            t_x: proof.t_x,
            t_x_blinding: proof.t_x_blinding,
            e_blinding: proof.e_blinding,
            a: proof.ipp.a,
            b: proof.ipp.b,
        }
    }

    /// Parses an encoding: same length and scalar checks as [`RangeProof::from_bytes`], and the
    /// identity refused, but points are not decompressed (see [`ProofView::decompress`]).
    pub fn parse(bytes: &[u8]) -> Result<Self, Error> {
        let rounds = rounds_for_length(bytes.len())?;
        let mut reader = Reader::new(bytes);
        let mut head = [CompressedRistretto::default(); 4];
        for slot in head.iter_mut() {
            *slot = read_compressed(&mut reader)?;
        }
        let t_x = reader.read_scalar()?;
        let t_x_blinding = reader.read_scalar()?;
        let e_blinding = reader.read_scalar()?;
        let mut lr = [CompressedRistretto::default(); 2 * MAX_ROUNDS];
        for slot in lr.iter_mut().take(rounds.saturating_mul(2)) {
            *slot = read_compressed(&mut reader)?;
        }
        let a = reader.read_scalar()?;
        let b = reader.read_scalar()?;
        reader.finish()?;
        Ok(ProofView {
            head,
            lr,
            rounds,
            t_x,
            t_x_blinding,
            e_blinding,
            a,
            b,
        })
    }

    /// The `L, R` encodings in proof order.
    pub fn lr(&self) -> &[CompressedRistretto] {
        self.lr.get(..self.rounds.saturating_mul(2)).unwrap_or(&[])
    }

    /// Decompresses `A, S, T₁, T₂, L₀, R₀, …` and appends them to `out`, in that order.
    /// Errors carry the byte offset of the bad encoding (`out` may then hold some points).
    pub fn decompress_append(&self, out: &mut Vec<RistrettoPoint>) -> Result<(), Error> {
        for (i, c) in self.head.iter().enumerate() {
            out.push(decompress_at(c, i.saturating_mul(32))?);
        }
        // L/R start after the 4 points and 3 scalars.
        for (i, c) in self.lr().iter().enumerate() {
            out.push(decompress_at(c, i.saturating_add(7).saturating_mul(32))?);
        }
        Ok(())
    }
}

/// A point encoding that must not be the identity; decompressed later.
fn read_compressed(reader: &mut Reader<'_>) -> Result<CompressedRistretto, Error> {
    let offset = reader.offset();
    let bytes = reader.read_32()?;
    if bytes == [0u8; 32] {
        return Err(Error::IdentityPoint { offset });
    }
    Ok(CompressedRistretto(bytes))
}

fn decompress_at(c: &CompressedRistretto, offset: usize) -> Result<RistrettoPoint, Error> {
    // Ristretto decompression rejects every non-canonical encoding.
    c.decompress().ok_or(Error::InvalidPoint { offset })
}

#[cfg(feature = "serde")]
mod serde_impl {
    use super::RangeProof;
    use alloc::vec::Vec;
    use serde::{de::Error as _, Deserialize, Deserializer, Serialize, Serializer};

    impl Serialize for RangeProof {
        fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            s.serialize_bytes(&self.to_bytes())
        }
    }

    impl<'de> Deserialize<'de> for RangeProof {
        fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
            let bytes = <Vec<u8>>::deserialize(d)?;
            RangeProof::from_bytes(&bytes).map_err(D::Error::custom)
        }
    }
}
