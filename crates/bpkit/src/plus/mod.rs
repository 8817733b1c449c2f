//! Bulletproofs+ range proofs (Chung, Han, Ju, Kim, Seo 2020), wire-compatible with
//! `tari_bulletproofs_plus` 0.5.3.
//!
//! - [`PlusStatement`]: `n`, the commitments and a minimum value per commitment: each commitment
//!   opens to `v` with `min ≤ v < min + 2ⁿ`.
//! - [`ExtendedOpening`]: the witness, a value and `k` blinding factors (extended commitments
//!   `C = v·B + r₁·B̃₁ + … + r_k·B̃_k`, `1 ≤ k ≤ 6`).
//! - [`PlusGens`]: the value base and blinding bases; [`PlusGens::bpkit`] (the core's `B`, `B̃`,
//!   so one commitment can be proven with either BP or BP+) or [`PlusGens::tari`].
//! - [`PlusProof`]: prove, verify, encode; 577 bytes for `n = 64`, one value, `k = 1`.
//! - [`RecoverySeed`]: a prover may derive its nonces from a seed, so that the seed holder can
//!   recover the blinding factors from the proof ([`PlusProof::recover`]).
//!
//! Timing: the prover is constant-time in the values, blindings, seeds and nonces (see
//! [`PlusProof::prove`]); the verifier handles public data only and uses variable-time
//! arithmetic.
//!
//! The prover's algebra is written once, over a format seam (the group, the value and blinding
//! bases, how a published point is encoded, the transcript): this module's Ristretto/Merlin
//! format, and Monero's Ed25519/Keccak format (`bpkit::monero::PlusProof::prove`, feature
//! `monero`), run the same code.
#![doc = include_str!("../../docs/notes/bulletproofs_plus.md")]

mod format;
mod nonces;
mod parameters;
mod proof;
mod prover;
mod recovery;
mod statement;
mod transcript;
mod verifier;
mod wip;
mod witness;

pub use parameters::{ExtendedPedersenGens, PlusGens, MAX_EXTENSION};
pub(crate) use proof::PlusEncoded;
pub use proof::{PlusProof, MAX_PLUS_PROOF_SIZE, MIN_PLUS_PROOF_SIZE};
pub use recovery::RecoveryMode;
pub use statement::PlusStatement;
pub(crate) use verifier::Challenges;
pub(crate) use verifier::{replay as plus_replay, terms_core, TermsCore};
// For Monero's Bulletproofs+: the same equation from a shape instead of a statement.
#[cfg(feature = "monero")]
pub(crate) use verifier::{terms_core_shape, PlusShape};
pub use witness::{ExtendedOpening, RecoverySeed};
// For Monero's Bulletproofs+: the same prover over another format.
#[cfg(feature = "monero")]
pub(crate) use format::PlusFormat;
#[cfg(feature = "monero")]
pub(crate) use nonces::Nonces;
#[cfg(feature = "monero")]
pub(crate) use prover::prove_core;

// The verification equation, for the batch verifier.
#[allow(unused_imports)]
pub(crate) use verifier::Equation;
