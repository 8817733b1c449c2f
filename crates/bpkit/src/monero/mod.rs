//! Monero's range proofs: Bulletproofs (transaction types 3–5) and Bulletproofs+ (type 6) over
//! Ed25519, byte for byte as Monero serializes and verifies them, and a transaction parser.
//!
//! The proof algebra is bpkit's own (the verification-equation scalars of
//! [`crate::plus`] and the core range proof are reused as they are); this module is the format
//! layer: Ed25519 decoding with Monero's rules and the ×8 step ([`point`]), Keccak-256 and
//! `sc_reduce32` ([`keccak`]), the hash-to-point map ([`hash_to_point`]), the generators
//! ([`generators`]), Monero's transcripts and serializations.
//!
//! Timing: verification is variable-time; every input of a verifier is public. The
//! Bulletproofs+ prover ([`PlusProof::prove`]) is bpkit's own prover algebra over this format,
//! constant-time in the amounts, masks and nonces.

pub mod batch;
#[cfg(all(test, feature = "std"))]
mod batch_attacks;
mod equation;
pub mod error;
pub mod generators;
pub mod hash_to_point;
pub mod keccak;
pub mod original;
mod original_prover;
pub mod plus;
mod plus_prover;
pub mod point;
mod published;
pub mod reader;
mod shape;
pub mod tx;
pub mod varint;
mod witness;

pub use batch::BatchFailures;
pub use error::MoneroError;
pub use original::OriginalProof;
pub use plus::PlusProof;
pub use tx::{verify_tx, RangeProofs, RctType, Transaction};
pub use witness::Opening;
