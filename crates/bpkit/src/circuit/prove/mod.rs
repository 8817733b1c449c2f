//! Proving: the prover's constraint system and protocol, and its streamed vector polynomials.

#[cfg(feature = "std")]
mod base_table;
mod polys;
mod prover;

pub use prover::Prover;
