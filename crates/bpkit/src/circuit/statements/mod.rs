//! Ready-made statements: circuits with their public inputs, ready to prove and verify.
//!
//! Each statement has a statement type (the public inputs), a witness type (secret, zeroized on
//! drop) and a proof type (a [`super::CircuitProof`] with the statement's name). Proving and
//! verifying take the caller's transcript, to which the statement first appends a versioned
//! domain separator and its public inputs; the circuit proof then binds the commitments, the
//! circuit digest (which covers every constant, including the digest or root) and the
//! generators (`docs/spec.md`, "Ready-made statements").
//!
//! Verifying many proofs: `verifying_key()` records the statement's circuit once for its public
//! parameters ([`VerifyingKey`]) and `verify_with_key` checks a proof against it, without
//! running the gadgets again; `verify` records and then does the same.
//!
//! | statement | name | public | committed |
//! |---|---|---|---|
//! | [`Sha256Statement`] | `sha256-preimage` | digest d, message length | — |
//! | [`MerkleStatement`] | `merkle-membership` | Poseidon root, depth d ≤ 32 | the leaf |
//! | [`ShuffleStatement`] | `shuffle` | — | k inputs, k outputs |

mod key;
mod merkle_membership;
mod sha256_preimage;
mod shuffle;

pub use key::VerifyingKey;
pub use merkle_membership::{MerkleProof, MerkleStatement, MerkleWitness};
pub use sha256_preimage::{Sha256Proof, Sha256Statement, Sha256Witness};
pub use shuffle::{ShuffleProof, ShuffleStatement, ShuffleWitness, MAX_SHUFFLE};

/// The statements' names, as envelopes and the command-line tool spell them.
pub const NAMES: [&str; 3] = [
    sha256_preimage::NAME,
    merkle_membership::NAME,
    shuffle::NAME,
];

/// Behaviour shared by the three proof types.
macro_rules! statement_proof {
    ($name:ident) => {
        impl $name {
            /// The underlying circuit proof.
            pub fn circuit_proof(&self) -> &crate::circuit::CircuitProof {
                &self.0
            }

            /// The proof's encoding (the circuit proof's, `docs/spec.md`).
            pub fn to_bytes(&self) -> alloc::vec::Vec<u8> {
                self.0.to_bytes()
            }

            /// Strict decoding (see [`crate::circuit::CircuitProof::from_bytes`]).
            pub fn from_bytes(bytes: &[u8]) -> Result<Self, crate::errors::Error> {
                crate::circuit::CircuitProof::from_bytes(bytes).map(Self)
            }

            /// Size of the encoding in bytes.
            pub fn serialized_size(&self) -> usize {
                self.0.serialized_size()
            }
        }
    };
}
pub(crate) use statement_proof;
