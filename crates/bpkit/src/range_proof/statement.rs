//! What a range proof claims: `n` and the commitments.

use super::{check_bits, check_parties, padded_parties};
use crate::errors::Error;
use crate::group::CompressedRistretto;
use alloc::vec::Vec;

/// The public statement of a range proof: each of `commitments` opens to a value in `[0, 2ⁿ)`.
///
/// Only the real commitments are listed; when their number `m` is not a power of two the
/// identity commitments that pad it to `m'` are implied (spec §5).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RangeStatement {
    bits: usize,
    commitments: Vec<CompressedRistretto>,
}

impl RangeStatement {
    /// A statement for `bits ∈ {8, 16, 32, 64}` and 1 to 64 commitments.
    pub fn new(bits: usize, commitments: Vec<CompressedRistretto>) -> Result<Self, Error> {
        check_bits(bits)?;
        check_parties(commitments.len())?;
        Ok(RangeStatement { bits, commitments })
    }

    /// `n`.
    pub fn bits(&self) -> usize {
        self.bits
    }

    /// The real commitments (`m` of them).
    pub fn commitments(&self) -> &[CompressedRistretto] {
        &self.commitments
    }

    /// `m`.
    pub fn values(&self) -> usize {
        self.commitments.len()
    }

    /// `m'`, the power of two the proof is padded to.
    pub fn padded_values(&self) -> usize {
        padded_parties(self.commitments.len())
    }

    /// Size in bytes of a proof for this statement.
    pub fn proof_size(&self) -> usize {
        super::proof::proof_size(self.bits.saturating_mul(self.padded_values()))
    }
}
