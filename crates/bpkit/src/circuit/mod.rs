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
//!
//! The folders, by role:
//!
//! - `constraint_system/`: variables, linear combinations, the traits, the state behind every
//!   mode, and the checker;
//! - `record/`: the recorder, a circuit as data (rows, digest, weights), its JSON form and its
//!   packed rows;
//! - `proof/`: the proof's encoding and its transcript operations;
//! - `prove/`: the prover;
//! - `verify/`: the verifier, prepared circuits, batch entries and the final multiscalar check
//!   (`verify/check.rs`);
//! - `gadgets/`, `statements/`: circuits built on the API.

mod constraint_system;
pub mod gadgets;
#[cfg(all(test, feature = "std"))]
mod phase_attacks;
mod proof;
mod prove;
mod record;
pub mod statements;
pub(crate) mod verify;

pub use crate::errors::CircuitError;
pub use constraint_system::{
    Challenge, Checker, ConstraintSystem, LinearCombination, Metrics, RandomizableConstraintSystem,
    RandomizedConstraintSystem, System, Term, Variable, MAX_MULTIPLIERS,
};
pub(crate) use proof::EncodedProof;
pub use proof::{generators_digest, CircuitProof, MAX_PROOF_SIZE, MAX_ROUNDS};
pub use prove::Prover;
pub use record::{Circuit, DescriptionHeader, Recorder, MAX_JSON_SIZE};
#[doc(hidden)]
pub use verify::set_engine_threshold;
pub(crate) use verify::CircuitRef;
pub use verify::{PreparedCircuit, Verifier, ENGINE_MIN_MULTIPLIERS};
