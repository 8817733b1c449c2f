//! Finding the invalid proofs of a failed batch, by bisection ([`crate::util::bisect`], where
//! the argument is). A single failing proof costs about `log₂ b` checks of halving sizes, about
//! one more batch verification in all; `f` failing proofs about `2f·log₂(b/f)` checks.

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
    let check = |subset: &[(usize, Equation)]| holds(exec, subset, gens);
    crate::util::bisect::bisect(set, known_failing, &check, invalid);
}
