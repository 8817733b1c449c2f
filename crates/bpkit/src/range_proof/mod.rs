//! Range proofs: committed values lie in `[0, 2ⁿ)`, one value or up to 64 aggregated.
#![doc = include_str!("../../docs/notes/range_proof.md")]

pub mod aggregation;
mod interval;
mod proof;
mod prover;
mod statement;
mod verifier;

pub use interval::{Interval, IntervalProof};
pub use proof::RangeProof;
pub use statement::RangeStatement;

// For the batch verifier: the compressed view of a proof and the two steps of verification.
pub(crate) use proof::{ProofView, MAX_ROUNDS};
pub(crate) use verifier::{decompress_commitments, dynamic_len, prepare, replay, Challenges};
// For Monero's Bulletproofs: the same equation from the proof's scalars.
#[cfg(feature = "monero")]
pub(crate) use verifier::{prepare_scalars, ProofScalars};

use crate::errors::Error;

/// Largest bit size `n` (defined with the other shared sizes in `limits.rs`, below the layers
/// that size their tables by it).
pub use crate::limits::MAX_BITS;
/// Largest number of values `m` in one proof.
pub const MAX_PARTIES: usize = 64;
/// The supported bit sizes.
pub const BIT_SIZES: [usize; 4] = [8, 16, 32, 64];

/// Fails unless `n` is 8, 16, 32 or 64.
pub(crate) fn check_bits(n: usize) -> Result<(), Error> {
    if BIT_SIZES.contains(&n) {
        Ok(())
    } else {
        Err(Error::InvalidBitSize(n))
    }
}

/// Fails unless `1 ≤ m ≤ 64`.
pub(crate) fn check_parties(m: usize) -> Result<(), Error> {
    if (1..=MAX_PARTIES).contains(&m) {
        Ok(())
    } else {
        Err(Error::InvalidAggregation(m))
    }
}

/// `m'`: the smallest power of two ≥ `m` (spec §5: padding rule).
pub(crate) fn padded_parties(m: usize) -> usize {
    m.checked_next_power_of_two().unwrap_or(MAX_PARTIES)
}
