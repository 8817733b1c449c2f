//! Selection (a two-way multiplexer).

use crate::circuit::{ConstraintSystem, LinearCombination};

/// `bit ? if_one : if_zero` = `if_zero + bit·(if_one − if_zero)`. **1 multiplier**. `bit` must
/// be known boolean (allocate it with [`super::boolean::alloc_bit`] or check it with
/// [`super::boolean::assert_boolean`]).
pub fn select<CS: ConstraintSystem + ?Sized>(
    cs: &mut CS,
    bit: LinearCombination,
    if_one: LinearCombination,
    if_zero: LinearCombination,
) -> LinearCombination {
    let (_, _, o) = cs.multiply(bit, if_one - if_zero.clone());
    if_zero + o
}
