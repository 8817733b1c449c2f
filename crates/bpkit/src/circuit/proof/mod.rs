//! The circuit proof: its canonical encoding and its transcript operations (spec §12.4–12.5).

mod encoding;
pub(crate) mod transcript;

pub(crate) use encoding::EncodedProof;
pub use encoding::{CircuitProof, MAX_PROOF_SIZE, MAX_ROUNDS};
pub use transcript::generators_digest;
