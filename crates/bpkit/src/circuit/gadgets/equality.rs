//! Equality, inequality and zero tests.

use crate::circuit::{CircuitError, ConstraintSystem, LinearCombination};

/// Constrains `a = b`. **0 multipliers** (one linear constraint).
pub fn assert_equal<CS: ConstraintSystem + ?Sized>(
    cs: &mut CS,
    a: LinearCombination,
    b: LinearCombination,
) {
    cs.constrain(a - b);
}

/// Constrains `x ≠ 0`. **1 multiplier**: the prover supplies `w = x⁻¹` and `x·w = 1`.
pub fn assert_nonzero<CS: ConstraintSystem + ?Sized>(
    cs: &mut CS,
    x: LinearCombination,
) -> Result<(), CircuitError> {
    // Scalar::invert is constant-time and maps 0 to 0 (then x·w = 0 ≠ 1: unsatisfied).
    let value = cs.eval(&x);
    let (l, _, o) = cs.allocate_multiplier(value.map(|v| (v, v.invert())))?;
    cs.constrain(l - x);
    cs.constrain(o - 1u64);
    Ok(())
}

/// Constrains `a ≠ b`. **1 multiplier**.
pub fn assert_not_equal<CS: ConstraintSystem + ?Sized>(
    cs: &mut CS,
    a: LinearCombination,
    b: LinearCombination,
) -> Result<(), CircuitError> {
    assert_nonzero(cs, a - b)
}

/// The bit `[x = 0]`. **2 multipliers**: `o = x·w` with a prover-chosen `w` (x⁻¹, or 0 when
/// x = 0), `z = 1 − o`, and `x·z = 0`. If x ≠ 0 then z = 0; if x = 0 then o = 0 and z = 1.
pub fn is_zero<CS: ConstraintSystem + ?Sized>(
    cs: &mut CS,
    x: LinearCombination,
) -> Result<LinearCombination, CircuitError> {
    let value = cs.eval(&x);
    let (l, _, o) = cs.allocate_multiplier(value.map(|v| (v, v.invert())))?;
    cs.constrain(l - x);
    let z = LinearCombination::from(1u64) - o;
    let (_, _, o2) = cs.multiply(l.into(), z.clone());
    cs.constrain(o2.into());
    Ok(z)
}

/// The bit `[a = b]`. **2 multipliers**.
pub fn is_equal<CS: ConstraintSystem + ?Sized>(
    cs: &mut CS,
    a: LinearCombination,
    b: LinearCombination,
) -> Result<LinearCombination, CircuitError> {
    is_zero(cs, a - b)
}
