//! Verifying: one proof, a prepared circuit, batch entries, and the final multiscalar check.

pub(crate) mod batched;
pub(crate) mod check;
pub(crate) mod equation;
mod prepared;
pub(crate) mod verifier;

pub(crate) use batched::CircuitRef;
#[doc(hidden)]
pub use check::set_engine_threshold;
pub use check::ENGINE_MIN_MULTIPLIERS;
pub use prepared::PreparedCircuit;
pub use verifier::Verifier;
