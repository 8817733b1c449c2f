//! The inner-product proof and its byte encoding.

use crate::errors::Error;
use crate::group::encoding::{Point, Reader};
use crate::group::Scalar;
use alloc::vec::Vec;

/// An inner-product proof: `L₀, R₀, …, L_{k−1}, R_{k−1}` then `a, b`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InnerProductProof {
    pub(crate) l_vec: Vec<Point>,
    pub(crate) r_vec: Vec<Point>,
    pub(crate) a: Scalar,
    pub(crate) b: Scalar,
}

impl InnerProductProof {
    /// Number of rounds `k = log₂ N`.
    pub fn rounds(&self) -> usize {
        self.l_vec.len()
    }

    /// Encoded size: `(2k + 2)·32` bytes.
    pub fn serialized_size(&self) -> usize {
        self.rounds()
            .saturating_mul(2)
            .saturating_add(2)
            .saturating_mul(32)
    }

    /// Appends the encoding to `out`.
    pub(crate) fn write_to(&self, out: &mut Vec<u8>) {
        for (l, r) in self.l_vec.iter().zip(&self.r_vec) {
            out.extend_from_slice(l.compressed.as_bytes());
            out.extend_from_slice(r.compressed.as_bytes());
        }
        out.extend_from_slice(self.a.as_bytes());
        out.extend_from_slice(self.b.as_bytes());
    }

    /// Reads a proof of `rounds` rounds. Points must be valid and not the identity; scalars
    /// canonical. The caller has bounded `rounds` by the input length.
    pub(crate) fn read_from(reader: &mut Reader<'_>, rounds: usize) -> Result<Self, Error> {
        let mut l_vec = Vec::with_capacity(rounds);
        let mut r_vec = Vec::with_capacity(rounds);
        for _ in 0..rounds {
            l_vec.push(reader.read_point()?);
            r_vec.push(reader.read_point()?);
        }
        let a = reader.read_scalar()?;
        let b = reader.read_scalar()?;
        Ok(InnerProductProof { l_vec, r_vec, a, b })
    }
}
