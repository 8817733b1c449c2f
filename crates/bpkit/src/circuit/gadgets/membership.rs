//! One-of-many set membership: a value is one of k others (public constants or committed).

use super::shuffle::product;
use crate::circuit::{CircuitError, ConstraintSystem, LinearCombination};
use alloc::vec::Vec;

/// Constrains `value ∈ {set_0, …, set_{k−1}}` through `∏(value − set_i) = 0`. **k − 1
/// multipliers**, first phase only. The set may be public (`LinearCombination::from(scalar)`)
/// or made of committed values; which member matches stays hidden.
///
/// Errors: an empty set ([`CircuitError::Gadget`]).
pub fn member<CS: ConstraintSystem + ?Sized>(
    cs: &mut CS,
    value: LinearCombination,
    set: Vec<LinearCombination>,
) -> Result<(), CircuitError> {
    let p = product(cs, set.into_iter().map(|s| value.clone() - s))
        .ok_or(CircuitError::Gadget("membership in an empty set"))?;
    cs.constrain(p);
    Ok(())
}
