//! Arithmetic-circuit proofs (Bulletproofs §5): a constraint-system API that gadgets are written
//! against once and that runs in the checker, the recorder, the prover and the verifier.
//!
//! - [`Variable`], [`LinearCombination`], [`Challenge`]: the rows of a circuit;
//! - [`ConstraintSystem`], [`RandomizableConstraintSystem`], [`RandomizedConstraintSystem`]:
//!   what gadgets call (two phases; the second one with verifier challenges);
//! - [`Checker`]: evaluates an assignment and names the first failing constraint, without proving;
//! - [`Recorder`] and [`Circuit`]: a circuit as data (canonical rows of both phases, digest);
//! - [`PreparedCircuit`]: a circuit recorded once and packed, for verifying many proofs;
//! - [`Prover`], [`Verifier`], [`CircuitProof`]: the proof (math: [`crate::notes::circuits`];
//!   formats: `docs/spec.md` §12).

mod batched;
pub(crate) mod check;
mod checker;
mod compact;
mod constraint_system;
mod error;
pub mod gadgets;
mod json;
mod linear_combination;
mod prepared;
mod proof;
mod prover;
mod recorded;
mod recorder;
pub mod statements;
mod system;
mod transcript;
mod variable;
pub(crate) mod verifier;

pub(crate) use batched::CircuitRef;
#[doc(hidden)]
pub use check::set_engine_threshold;
pub use check::ENGINE_MIN_MULTIPLIERS;
pub use checker::Checker;
pub use constraint_system::{
    ConstraintSystem, Metrics, RandomizableConstraintSystem, RandomizedConstraintSystem,
};
pub use error::CircuitError;
pub use json::{DescriptionHeader, MAX_JSON_SIZE};
pub use linear_combination::{LinearCombination, Term};
pub use prepared::PreparedCircuit;
pub(crate) use proof::EncodedProof;
pub use proof::{CircuitProof, MAX_PROOF_SIZE, MAX_ROUNDS};
pub use prover::Prover;
pub use recorded::Circuit;
pub use recorder::Recorder;
pub use system::{System, MAX_MULTIPLIERS};
pub use transcript::generators_digest;
pub use variable::{Challenge, Variable};
pub use verifier::Verifier;
