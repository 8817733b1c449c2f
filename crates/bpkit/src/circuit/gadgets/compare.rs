//! Comparisons of n-bit values.
//!
//! Every function here assumes `a` and `b` are already known to lie in `[0, 2^n)` (range-check
//! them with [`super::bits::range_check`] unless the circuit guarantees it), with `n ≤ 250`.

use super::bits::{range_check, to_bits};
use crate::circuit::{CircuitError, ConstraintSystem, LinearCombination};
use crate::group::Scalar;

/// 2^n as a scalar (n ≤ 251).
pub(crate) fn pow2(n: usize) -> Scalar {
    let mut p = Scalar::ONE;
    for _ in 0..n {
        p += p;
    }
    p
}

/// Constrains `a < b`. **n multipliers**: `b − a − 1 ∈ [0, 2^n)`. If `a ≥ b`, `b − a − 1` is
/// `ℓ − k` with `1 ≤ k ≤ 2^n`, which is not below 2^n.
pub fn assert_lt<CS: ConstraintSystem + ?Sized>(
    cs: &mut CS,
    a: LinearCombination,
    b: LinearCombination,
    n: usize,
) -> Result<(), CircuitError> {
    range_check(cs, b - a - 1u64, n)
}

/// Constrains `a ≤ b`. **n multipliers**: `b − a ∈ [0, 2^n)`.
pub fn assert_le<CS: ConstraintSystem + ?Sized>(
    cs: &mut CS,
    a: LinearCombination,
    b: LinearCombination,
    n: usize,
) -> Result<(), CircuitError> {
    range_check(cs, b - a, n)
}

/// The bit `[a < b]`. **n + 1 multipliers**: `a − b + 2^n ∈ [1, 2^{n+1})` is decomposed into
/// n + 1 bits; its top bit is 1 exactly when `a ≥ b`. Returns `1 − top`.
pub fn is_lt<CS: ConstraintSystem + ?Sized>(
    cs: &mut CS,
    a: LinearCombination,
    b: LinearCombination,
    n: usize,
) -> Result<LinearCombination, CircuitError> {
    let width = n
        .checked_add(1)
        .ok_or(CircuitError::Gadget("comparison width overflows"))?;
    let bits = to_bits(cs, a - b + pow2(n), width)?;
    let top = bits
        .last()
        .copied()
        .ok_or(CircuitError::Gadget("comparison of zero-bit values"))?;
    Ok(LinearCombination::from(1u64) - top)
}

/// The bit `[a ≤ b]` = `1 − [b < a]`. **n + 1 multipliers**.
pub fn is_le<CS: ConstraintSystem + ?Sized>(
    cs: &mut CS,
    a: LinearCombination,
    b: LinearCombination,
    n: usize,
) -> Result<LinearCombination, CircuitError> {
    let lt = is_lt(cs, b, a, n)?;
    Ok(LinearCombination::from(1u64) - lt)
}
