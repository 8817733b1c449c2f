//! Finding the invalid members of a failed weighted check, by bisection: group-independent,
//! shared by the batch verifier (`batch/localise.rs`) and Grin's `verify_batch`.
//!
//! Every subset is checked with the weights of the full batch: a subset's weighted sum is zero
//! iff (up to the batch's soundness error) every member is valid. If a failing set splits into
//! `L` and `R` and `L` passes, `R` must fail (their sums add up to the failing one), so it is not
//! checked again. A singleton's check is exact: a lone equation with a non-zero weight is zero
//! iff it holds.

use alloc::vec::Vec;

/// Appends to `invalid`, in order, the indices of the members of `set` that fail, where
/// `holds(subset)` says whether a subset's weighted sum is zero. `known_failing` says the whole
/// set is already known to fail (its check is skipped).
pub(crate) fn bisect<T, F>(
    set: &[(usize, T)],
    known_failing: bool,
    holds: &F,
    invalid: &mut Vec<usize>,
) where
    F: Fn(&[(usize, T)]) -> bool,
{
    if set.is_empty() || (!known_failing && holds(set)) {
        return;
    }
    if let [(index, _)] = set {
        invalid.push(*index);
        return;
    }
    let (left, right) = set.split_at(set.len() / 2);
    if holds(left) {
        bisect(right, true, holds, invalid);
    } else {
        bisect(left, true, holds, invalid);
        bisect(right, false, holds, invalid);
    }
}
