//! Arithmetic-circuit proofs (Bulletproofs §5): a constraint-system API that gadgets are written
//! against once and that runs in the checker, the recorder, the prover and the verifier.
//!
//! - [`Variable`], [`LinearCombination`], [`Challenge`]: the rows of a circuit;
//! - [`ConstraintSystem`], [`RandomizableConstraintSystem`], [`RandomizedConstraintSystem`]:
//!   what gadgets call (two phases; the second one with verifier challenges);
//! - [`Checker`]: evaluates an assignment and names the first failing constraint, without proving.

mod checker;
mod constraint_system;
mod error;
pub mod gadgets;
mod linear_combination;
pub mod statements;
mod system;
mod variable;

pub use checker::Checker;
pub use constraint_system::{
    ConstraintSystem, Metrics, RandomizableConstraintSystem, RandomizedConstraintSystem,
};
pub use error::CircuitError;
pub use linear_combination::{LinearCombination, Term};
pub use system::{System, MAX_MULTIPLIERS};
pub use variable::{Challenge, Variable};
