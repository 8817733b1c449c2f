//! Bulletproofs range proofs over secp256k1 in the format of Grin and Litecoin MWEB
//! (secp256k1-zkp's Bulletproofs module): byte-compatible proofs, verification, batch
//! verification, rewinding and the multi-party prover.
//!
//! The statement is a 33-byte Pedersen commitment `v·H + γ·G` (`H`: the Elements generator,
//! `G`: secp256k1's base point) and a bit size `n ∈ {1, 2, 4, …, 64}` (Grin and MWEB use 64:
//! 675-byte proofs), with optional extra data bound into the transcript (absent and empty
//! differ). The math, equation by equation: [`crate::notes::grin`].
//!
//! ```
//! # #[cfg(feature = "std")] {
//! use bpkit::grin::{prove, verify, GrinGens, GrinProof, GrinStatement, GrinWitness};
//! use bpkit::group::secp256k1::Scalar;
//! let gens = GrinGens::shared().unwrap();
//! let witness = GrinWitness {
//!     value: 1_000_000,
//!     blinding: Scalar::from(12345u64),
//!     rewind_nonce: [7u8; 32],
//!     private_nonce: Some([9u8; 32]),
//!     message: None,
//! };
//! let (commitment, proof) = prove(gens, &witness, 64, Some(b"extra")).unwrap();
//! let bytes = proof.to_bytes();
//! assert_eq!(bytes.len(), 675);
//! let statement = GrinStatement { commitment, bits: 64, extra: Some(b"extra".to_vec()) };
//! verify(gens, &statement, &GrinProof::from_bytes(&bytes, 64).unwrap()).unwrap();
//! # }
//! ```

mod generators;
mod multiparty;
mod nonces;
mod proof;
mod prover;
mod rewind;
mod statement;
mod transcript;
mod verifier;
mod witness;

pub use crate::group::secp256k1::encoding::Commitment33;
pub use generators::{GrinGens, GENERATOR_COUNT, MAX_VECTOR};
pub use multiparty::{Party, PartyAwaitingTSums, PartyAwaitingTau};
pub use nonces::scalar_pair;
pub use proof::{bits_for_size, proof_size, GrinProof, GRIN_BIT_SIZES, GRIN_PROOF_SIZE_64};
pub use prover::{commit, prove};
pub use rewind::{rewind, Rewound};
pub use statement::GrinStatement;
pub use verifier::{verify, verify_batch};
pub use witness::{GrinWitness, MESSAGE_SIZE};
