//! The multi-party aggregation protocol (Bulletproofs §4.3): `m` parties, each with its own
//! value and blinding, and a dealer who combines their messages into one range proof.
//!
//! Each step consumes its state and returns the next, so messages cannot be handled out of order
//! or twice. The local prover ([`crate::RangeProof::prove`]) is this same protocol run in one
//! process.
//!
//! ```text
//! Party                                   Dealer
//!   assign_position(j) ── BitCommitment ──▶ receive_bit_commitments
//!                      ◀── BitChallenge ───
//!   apply_challenge    ── PolyCommitment ─▶ receive_poly_commitments
//!                      ◀── PolyChallenge ──
//!   apply_challenge    ── ProofShare ─────▶ receive_shares ──▶ RangeProof
//! ```

mod dealer;
mod messages;
mod party;

pub use dealer::{
    Dealer, DealerAwaitingBitCommitments, DealerAwaitingPolyCommitments, DealerAwaitingProofShares,
};
pub use messages::{BitChallenge, BitCommitment, PolyChallenge, PolyCommitment, ProofShare};
pub use party::{
    Party, PartyAwaitingBitChallenge, PartyAwaitingPolyChallenge, PartyAwaitingPosition,
};
