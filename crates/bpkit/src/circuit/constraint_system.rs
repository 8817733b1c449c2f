//! The traits gadgets are written against: one constraint system for the checker, the recorder,
//! the prover and the verifier.

use super::{Challenge, CircuitError, LinearCombination, Variable};
use crate::group::Scalar;

/// Sizes of a constraint system so far.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Metrics {
    /// Multipliers (both phases; not padded).
    pub multipliers: usize,
    /// Linear constraints (both phases, including the two each `multiply` adds).
    pub constraints: usize,
    /// Linear constraints of the first phase.
    pub phase_one_constraints: usize,
    /// Linear constraints of the second phase.
    pub phase_two_constraints: usize,
}

/// A constraint system: the interface gadgets are written against, implemented by the prover,
/// the verifier, the recorder and the [`super::Checker`].
pub trait ConstraintSystem {
    /// A multiplication gate: constrains `l = left`, `r = right` and returns `(l, r, o)` with
    /// `o = l·r`.
    fn multiply(
        &mut self,
        left: LinearCombination,
        right: LinearCombination,
    ) -> (Variable, Variable, Variable);

    /// One free variable (a wire of a multiplier; two allocations share one multiplier).
    /// Prover and checker: `Some(value)`; verifier and recorder: `None` (a value is ignored).
    fn allocate(&mut self, assignment: Option<Scalar>) -> Result<Variable, CircuitError>;

    /// A multiplier whose inputs are assigned directly: returns `(l, r, o)` with `o = l·r`.
    fn allocate_multiplier(
        &mut self,
        input_assignments: Option<(Scalar, Scalar)>,
    ) -> Result<(Variable, Variable, Variable), CircuitError>;

    /// Enforces `lc = 0`. A malformed combination (see [`CircuitError::ChallengeDegree`]) is
    /// reported when the proof is made, checked or verified.
    fn constrain(&mut self, lc: LinearCombination);

    /// Multipliers and constraints so far.
    fn metrics(&self) -> Metrics;

    /// The value of `lc` under the prover's assignment (and, in phase 2, the challenge values);
    /// `None` in the verifier and in the recorder.
    fn eval(&self, lc: &LinearCombination) -> Option<Scalar>;
}

/// A constraint system that can have a second phase, with verifier challenges.
pub trait RandomizableConstraintSystem: ConstraintSystem {
    /// The constraint system the second phase's callbacks receive.
    type RandomizedCS: RandomizedConstraintSystem;

    /// Phase-2 constraints, run after every phase-1 variable is committed. The callback may be
    /// run more than once (symbolically for the circuit digest, then with challenge values), so
    /// it is `Fn` and must emit the same rows each time.
    fn specify_randomized_constraints<F>(&mut self, callback: F) -> Result<(), CircuitError>
    where
        F: 'static + Send + Sync + Fn(&mut Self::RandomizedCS) -> Result<(), CircuitError>;
}

/// The constraint system of the second phase.
pub trait RandomizedConstraintSystem: ConstraintSystem {
    /// A fresh verifier challenge, as an opaque symbol. Zero challenges are errors.
    fn challenge(&mut self, label: &'static [u8]) -> Result<Challenge, CircuitError>;
}
