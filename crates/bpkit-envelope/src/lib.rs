//! The bpkit proof envelope: one JSON object per proof, holding what a verifier needs besides
//! the proof (scheme, bits, label, commitments, and an interval, generator set or minimums).
//!
//! This is the format the `bpkit` CLI reads and writes, shared here so that every language
//! binding reads and writes the same bytes: a proof made in one language is verified in
//! another. The format and its strict decoding rules are described in [`mod@format`]; this crate
//! also holds the verification facade the bindings share ([`verify()`]).
//!
//! Nothing here panics on input: every failure is an [`EnvelopeError`] (the envelope itself)
//! or a [`bpkit::Error`] (the proof and its statement).

#![forbid(unsafe_code)]

pub mod decimal;
mod error;
pub mod format;
pub mod grin;
pub mod hex;
mod transcript;
mod verify;

pub use error::EnvelopeError;
pub use format::{
    minimum_fits, parse, parse_interval, to_json, Envelope, GeneratorSet, Scheme, VERSION,
};
pub use transcript::transcript;
pub use verify::{verify, verify_with, PlusGensCache};
