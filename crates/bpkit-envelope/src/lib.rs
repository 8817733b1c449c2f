//! The bpkit proof envelope: one JSON object per proof, holding what a verifier needs besides
//! the proof (scheme, bits, label, commitments, and an interval, generator set or minimums),
//! and the facade that the `bpkit` CLI and the language bindings share.
//!
//! - [`mod@format`]: the envelope JSON and its strict decoding rules ([`parse`], [`to_json`]),
//!   the bytes every binding reads and writes, so that a proof made in one language is
//!   verified in another;
//! - [`verify_expecting`]: a receiver's verification — the envelope's statement checked against
//!   the [`Expectation`] (label, commitments, and bits, interval, minimums where they apply),
//!   then the proof; [`verify()`] (alias [`verify_self_consistent`]) checks an envelope only
//!   against itself, which proves nothing about *which* commitments;
//! - [`Claim`]: a decoded proof with its statement;
//! - [`prove`]: range, interval and Bulletproofs+ proofs as envelopes, and mask recovery;
//! - [`verify_json`]: any envelope (`bp`, `bp+`, `circuit`, `grin-bp`); [`verify_circuit`]: a
//!   proof against a circuit given by its canonical JSON description, whose size is capped
//!   ([`VerifyCircuitOptions`], [`verify_circuit_with`]);
//! - [`batch`]: batch verification of mixed kinds, returning the bad indices;
//! - [`Failure`] and [`Category`]: the error contract of every binding (proof invalid, input
//!   malformed, prover refused), with the stable kinds of [`bpkit::Error::kind`].
//!
//! Nothing here panics on input: every failure is an [`EnvelopeError`] (the envelope itself)
//! or a [`bpkit::Error`] (the proof and its statement).

#![forbid(unsafe_code)]

mod any;
pub mod batch;
pub mod circuit;
mod claim;
pub mod decimal;
mod described;
mod error;
mod expect;
pub mod format;
pub mod grin;
pub mod hex;
pub mod monero;
mod plus_gens;
pub mod prove;
pub mod statements;
mod transcript;
mod verify;

pub use any::{verify_json, verify_json_with};
pub use claim::Claim;
pub use described::{
    verify_circuit, verify_circuit_with, VerifyCircuitOptions, DEFAULT_MAX_MULTIPLIERS,
};
pub use error::{Category, EnvelopeError, Failure};
pub use expect::{verify_expecting, verify_self_consistent, Expectation};
pub use format::{
    minimum_fits, parse, parse_interval, to_json, Envelope, GeneratorSet, Scheme, VERSION,
};
pub use plus_gens::{shared_plus_gens, PlusGensCache};
pub use transcript::{transcript, MAX_INTERNED, MAX_LABEL};
pub use verify::{verify, verify_with};
