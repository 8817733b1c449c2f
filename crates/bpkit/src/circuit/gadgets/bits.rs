//! Bit decomposition and n-bit range checks.

use super::boolean::alloc_bit;
use crate::circuit::{CircuitError, ConstraintSystem, LinearCombination, Variable};
use crate::group::Scalar;
use alloc::vec::Vec;

/// The largest bit width the decomposition gadgets accept: 2^251 < ℓ/2, so every comparison
/// built on them (which decomposes n + 1 bits) stays sound.
pub const MAX_BITS: usize = 250;

/// Bit `i` of the canonical little-endian encoding of `v` (false beyond 256). Constant-time.
pub(crate) fn bit_of(v: &Scalar, i: usize) -> bool {
    let byte = v.as_bytes().get(i / 8).copied().unwrap_or(0);
    byte.checked_shr((i % 8) as u32).unwrap_or(0) & 1 == 1
}

/// The low `n` bits of `x`: allocates `b_0 … b_{n−1}` (each checked boolean) and constrains
/// `Σ 2^i·b_i = x`. **n multipliers**. Satisfiable exactly when `0 ≤ x < 2^n` (as an integer
/// below ℓ); otherwise the prover and the checker report the sum constraint.
///
/// Errors: `n > MAX_BITS` ([`CircuitError::Gadget`]).
pub fn to_bits<CS: ConstraintSystem + ?Sized>(
    cs: &mut CS,
    x: LinearCombination,
    n: usize,
) -> Result<Vec<Variable>, CircuitError> {
    if n > MAX_BITS {
        return Err(CircuitError::Gadget(
            "bit decomposition wider than 250 bits",
        ));
    }
    let value = cs.eval(&x);
    let mut bits = Vec::with_capacity(n);
    let mut sum = LinearCombination::default();
    let mut power = Scalar::ONE;
    for i in 0..n {
        let b = alloc_bit(cs, value.as_ref().map(|v| bit_of(v, i)))?;
        sum = sum + b * power;
        power += power;
        bits.push(b);
    }
    cs.constrain(sum - x);
    Ok(bits)
}

/// Constrains `0 ≤ x < 2^n`: the bit decomposition, bits discarded. **n multipliers**. Works on
/// any combination, in particular a committed value (`Variable::Committed`).
pub fn range_check<CS: ConstraintSystem + ?Sized>(
    cs: &mut CS,
    x: LinearCombination,
    n: usize,
) -> Result<(), CircuitError> {
    to_bits(cs, x, n).map(|_| ())
}
