//! Finding the invalid proofs of a failed batch, by bisection.
//!
//! Every subset is checked with the weights of the full batch: a subset's weighted sum is zero
//! iff (up to the batch's soundness error) every proof in it is valid. If a failing set splits
//! into `L` and `R` and `L` passes, `R` must fail (their sums add up to the failing one), so it
//! is not checked again. A single failing proof costs about `log₂ b` checks of halving sizes,
//! about one more batch verification in all; `f` failing proofs about `2f·log₂(b/f)` checks.
//! A singleton's check is exact: a lone equation with a non-zero weight is zero iff it holds.

use super::parallel::Executor;
use super::sum::{self, Partial};
use crate::equation::accumulator::FixedAccumulator;
use crate::equation::terms::{DynamicTerms, Equation};
use crate::generators::{BulletproofGens, PedersenGens};
use crate::group::engine::EngineGens;
use alloc::vec::Vec;

/// The generators a subset is checked against.
#[derive(Clone, Copy)]
pub(crate) struct Gens<'g> {
    pub pc: &'g PedersenGens,
    pub bp: &'g BulletproofGens,
    /// The engine's copy of them, if there is one.
    pub engine: Option<&'g EngineGens>,
}

/// True when the weighted equations of `set` sum to zero (one multiplication, each fixed
/// generator once).
pub(crate) fn holds(exec: &Executor, set: &[(usize, Equation)], gens: Gens<'_>) -> bool {
    let mut fixed = FixedAccumulator::new();
    let mut dynamic = DynamicTerms::default();
    for (_, eq) in set {
        fixed.add_equation(eq, &mut dynamic);
    }
    sum::holds(
        exec,
        &mut fixed,
        dynamic,
        Partial::default(),
        gens.pc,
        gens.bp,
        gens.engine,
    )
}

/// Appends to `invalid` the indices of the invalid proofs in `set`. `known_failing` says the
/// whole set is already known to fail (its check is skipped).
pub(crate) fn bisect(
    exec: &Executor,
    set: &[(usize, Equation)],
    known_failing: bool,
    gens: Gens<'_>,
    invalid: &mut Vec<usize>,
) {
    if set.is_empty() || (!known_failing && holds(exec, set, gens)) {
        return;
    }
    if let [(index, _)] = set {
        invalid.push(*index);
        return;
    }
    let (left, right) = set.split_at(set.len() / 2);
    if holds(exec, left, gens) {
        bisect(exec, right, true, gens, invalid);
    } else {
        bisect(exec, left, true, gens, invalid);
        bisect(exec, right, false, gens, invalid);
    }
}
