//! Everything specific to the prime-order groups: Ristretto255 (and secp256k1 for Grin), and the
//! provers' group seam `ProverGroup` that Ristretto255 and Ed25519 (Monero) both implement.
//!
//! Protocol code does not touch point encodings, multiscalar multiplication or hash-to-group
//! directly; it goes through the three modules here, so another group (secp256k1 for the Grin and
//! MWEB formats) can be added by writing these three again.
//!
//! - [`encoding`]: strict, canonical decoding of scalars and points, and a bounds-checked reader;
//! - [`msm`]: every multiscalar multiplication, constant-time or variable-time, named as such;
//! - [`engine`]: bpkit's own verification engine (batched decoding, multiscalar multiplication
//!   over public points), used by the verifiers where it is faster than dalek;
//! - [`hash`]: generator derivation (SHA3-512 and SHAKE256 hash-to-group);
//! - `prover_group`: `ProverGroup`, the group as the range-proof and Bulletproofs+ provers use
//!   it (additions, constant-time selection, multiplications named for their timing).

pub mod encoding;
pub mod engine;
pub mod hash;
pub mod msm;
pub(crate) mod prover_group;
#[cfg(feature = "grin")]
pub mod secp256k1;

pub use curve25519_dalek::ristretto::{CompressedRistretto, RistrettoPoint};
pub use curve25519_dalek::scalar::Scalar;
pub(crate) use prover_group::ProverGroup;

/// Size in bytes of an encoded point or scalar.
pub const ELEMENT_SIZE: usize = 32;
