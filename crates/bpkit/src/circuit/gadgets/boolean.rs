//! Booleans: a bit allocated with its own check, and a check on any combination.

use crate::circuit::{CircuitError, ConstraintSystem, LinearCombination, Variable};
use crate::group::Scalar;

/// Allocates a bit (prover: `Some(b)`; verifier: `None`). **1 multiplier**: the multiplier
/// `(b, 1 − b)` with its inputs tied by `l + r = 1` and its output constrained to 0, so `b ∈ {0, 1}`.
///
/// Constant-time in `value`.
pub fn alloc_bit<CS: ConstraintSystem + ?Sized>(
    cs: &mut CS,
    value: Option<bool>,
) -> Result<Variable, CircuitError> {
    let assignment = value.map(|b| {
        let s = Scalar::from(u64::from(b));
        (s, Scalar::ONE - s)
    });
    let (l, r, o) = cs.allocate_multiplier(assignment)?;
    cs.constrain(l + r - 1u64);
    cs.constrain(o.into());
    Ok(l)
}

/// Constrains `x ∈ {0, 1}`. **1 multiplier**: `x·(1 − x) = 0`.
pub fn assert_boolean<CS: ConstraintSystem + ?Sized>(cs: &mut CS, x: LinearCombination) {
    let (_, _, o) = cs.multiply(x.clone(), LinearCombination::from(1u64) - x);
    cs.constrain(o.into());
}
