//! The proof and its byte format (secp256k1-zkp's, 675 bytes at 64 bits).
//!
//! ```text
//! −τx (32) ‖ −μ (32) ‖ flags(A,S,T1,T2) (1) ‖ A.x S.x T1.x T2.x (128) ‖ t (32)
//!   ‖ a₀ [a₁] ‖ b₀ [b₁] (32 each) ‖ flags(L₀,R₀,L₁,R₁,…) (⌈2k/8⌉) ‖ L₀.x R₀.x L₁.x R₁.x …
//! ```
//!
//! Scalars are big-endian; τx and μ are stored negated. There are `min(n, 2)` of each of `a`
//! and `b`, and `k = log₂ n − 1` rounds of L, R (none for n ≤ 2).

use super::statement::check_bits;
use crate::errors::Error;
use crate::group::secp256k1::encoding::{
    points_size, read_points, read_scalar, scalar_bytes, write_points, XPoint, ELEMENT_SIZE,
};
use crate::group::secp256k1::Scalar;
use alloc::vec::Vec;

/// Bit sizes the format allows: powers of two up to 64.
pub const GRIN_BIT_SIZES: [usize; 7] = [1, 2, 4, 8, 16, 32, 64];
/// Size of a 64-bit proof.
pub const GRIN_PROOF_SIZE_64: usize = 675;
/// Size of the prefix shared by every bit size: −τx, −μ, four points and t.
const PREFIX: usize = 2 * ELEMENT_SIZE + 1 + 4 * ELEMENT_SIZE + ELEMENT_SIZE;

/// Rounds of the inner-product argument for `n` bits: `log₂ n − 1` (none for n ≤ 2).
pub(crate) fn rounds(bits: usize) -> usize {
    let log = usize::try_from(bits.trailing_zeros()).unwrap_or(0);
    log.saturating_sub(1)
}

/// Number of final `a` (and of `b`) scalars: `min(n, 2)`.
pub(crate) fn final_len(bits: usize) -> usize {
    bits.min(2)
}

/// Size in bytes of an `n`-bit proof (`None` for a bit size the format does not allow).
pub fn proof_size(bits: usize) -> Option<usize> {
    check_bits(bits).ok()?;
    let k = rounds(bits);
    Some(
        PREFIX
            .saturating_add(
                2usize
                    .saturating_mul(final_len(bits))
                    .saturating_mul(ELEMENT_SIZE),
            )
            .saturating_add(if k == 0 {
                0
            } else {
                points_size(2usize.saturating_mul(k))
            }),
    )
}

/// The bit size whose proofs have `len` bytes.
pub fn bits_for_size(len: usize) -> Option<usize> {
    GRIN_BIT_SIZES
        .into_iter()
        .find(|&b| proof_size(b) == Some(len))
}

/// A Grin / MWEB Bulletproof range proof, decoded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GrinProof {
    pub(crate) bits: usize,
    /// −τx as stored.
    pub(crate) neg_taux: Scalar,
    /// −μ as stored.
    pub(crate) neg_mu: Scalar,
    pub(crate) a: XPoint,
    pub(crate) s: XPoint,
    pub(crate) t1: XPoint,
    pub(crate) t2: XPoint,
    pub(crate) t: Scalar,
    /// Final `a` scalars (`min(n, 2)`).
    pub(crate) a_final: Vec<Scalar>,
    /// Final `b` scalars (`min(n, 2)`).
    pub(crate) b_final: Vec<Scalar>,
    /// L and R of each round.
    pub(crate) lr: Vec<(XPoint, XPoint)>,
}

impl GrinProof {
    /// The bit size `n` this proof is for.
    pub fn bits(&self) -> usize {
        self.bits
    }

    /// The serialized size in bytes.
    pub fn size(&self) -> usize {
        proof_size(self.bits).unwrap_or(0)
    }

    /// The first 64 bytes (−τx ‖ −μ), as absorbed by the transcript.
    pub(crate) fn scalars_prefix(&self) -> [u8; 64] {
        let mut out = [0u8; 64];
        let (l, r) = out.split_at_mut(32);
        l.copy_from_slice(&scalar_bytes(&self.neg_taux));
        r.copy_from_slice(&scalar_bytes(&self.neg_mu));
        out
    }

    /// The bytes of the proof.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(self.size());
        out.extend_from_slice(&self.scalars_prefix());
        write_points(&mut out, &[self.a, self.s, self.t1, self.t2]);
        out.extend_from_slice(&scalar_bytes(&self.t));
        for x in self.a_final.iter().chain(self.b_final.iter()) {
            out.extend_from_slice(&scalar_bytes(x));
        }
        if !self.lr.is_empty() {
            let pts: Vec<XPoint> = self.lr.iter().flat_map(|(l, r)| [*l, *r]).collect();
            write_points(&mut out, &pts);
        }
        out
    }

    /// Strict decoding of an `n`-bit proof: exact length, canonical scalars (below the group
    /// order), canonical x-coordinates of curve points, unused flag bits zero.
    ///
    /// Stricter than the C module, which reduces x-coordinates modulo p and ignores unused flag
    /// bits (so it accepts a few non-canonical variants of every valid proof).
    pub fn from_bytes(bytes: &[u8], bits: usize) -> Result<Self, Error> {
        check_bits(bits)?;
        let expected = proof_size(bits).ok_or(Error::InvalidBitSize(bits))?;
        if bytes.len() != expected {
            return Err(Error::WrongLength {
                expected,
                found: bytes.len(),
            });
        }
        let at = |o: usize| bytes.get(o..).unwrap_or(&[]);
        let neg_taux = read_scalar(at(0), 0)?;
        let neg_mu = read_scalar(at(32), 32)?;
        let pts = read_points(at(64), 4, 64)?;
        let [a, s, t1, t2]: [XPoint; 4] = pts
            .try_into()
            .map_err(|_| Error::InvalidPoint { offset: 64 })?;
        let mut off = 64usize.saturating_add(points_size(4));
        let t = read_scalar(at(off), off)?;
        off = off.saturating_add(ELEMENT_SIZE);
        let k = final_len(bits);
        let mut finals = Vec::with_capacity(2usize.saturating_mul(k));
        for _ in 0..2usize.saturating_mul(k) {
            finals.push(read_scalar(at(off), off)?);
            off = off.saturating_add(ELEMENT_SIZE);
        }
        let b_final = finals.split_off(k);
        let r = rounds(bits);
        let mut lr = Vec::with_capacity(r);
        if r > 0 {
            let pts = read_points(at(off), 2usize.saturating_mul(r), off)?;
            for pair in pts.chunks_exact(2) {
                if let [l, rr] = pair {
                    lr.push((*l, *rr));
                }
            }
        }
        Ok(GrinProof {
            bits,
            neg_taux,
            neg_mu,
            a,
            s,
            t1,
            t2,
            t,
            a_final: finals,
            b_final,
            lr,
        })
    }

    /// Decodes a proof of any allowed bit size, recognised by its length.
    pub fn from_bytes_any(bytes: &[u8]) -> Result<Self, Error> {
        let max = GRIN_PROOF_SIZE_64;
        if bytes.len() > max {
            return Err(Error::TooLarge {
                max,
                found: bytes.len(),
            });
        }
        let bits = bits_for_size(bytes.len()).ok_or(Error::WrongLength {
            expected: max,
            found: bytes.len(),
        })?;
        Self::from_bytes(bytes, bits)
    }
}
