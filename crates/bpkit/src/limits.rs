//! Sizes that several layers agree on, defined below all of them: the generator caches and the
//! verification equation size their tables by the range proof's limits without importing the
//! range proof (which stands above them).

/// Largest bit size `n` of a range proof (re-exported as `range_proof::MAX_BITS`).
pub const MAX_BITS: usize = 64;

/// Largest number of inner-product rounds of a range proof: log₂(64 · 64) = 12.
pub(crate) const MAX_ROUNDS: usize = 12;
