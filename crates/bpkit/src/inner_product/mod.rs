//! The inner-product argument (Bulletproofs §3), as used by the range proof.
//!
//! The prover convinces the verifier that it knows `a, b` with
//! `P = ⟨a, G⟩ + ⟨b, H'⟩ + ⟨a, b⟩·Q`, where `H'ᵢ = y⁻ⁱ·Hᵢ`, in `log₂ N` rounds of two points.
#![doc = include_str!("../../docs/notes/inner_product.md")]

mod lazy;
mod proof;
mod prover;
mod verifier;

pub use proof::InnerProductProof;
#[cfg(feature = "std")]
pub(crate) use prover::BaseTable;
pub(crate) use prover::{prove, prove_with_factor};
#[cfg(feature = "monero")]
pub(crate) use prover::{prove_rounds, Folded, Rounds};
pub(crate) use verifier::{append_non_identity, replay};
