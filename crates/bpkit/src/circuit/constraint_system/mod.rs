//! The API gadgets are written against: variables, linear combinations, the traits, the checker.

mod checker;
mod linear_combination;
pub(crate) mod system;
mod traits;

pub use crate::variable::{Challenge, Variable};
pub use checker::Checker;
pub(crate) use linear_combination::coefficient;
pub use linear_combination::{LinearCombination, Term};
pub use system::{System, MAX_MULTIPLIERS};
pub use traits::{
    ConstraintSystem, Metrics, RandomizableConstraintSystem, RandomizedConstraintSystem,
};
