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
//!
//! # Example
//!
//! Two parties and a dealer; every message crosses as bytes.
//!
//! ```
//! use bpkit::aggregation::*;
//! use bpkit::{BulletproofGens, Opening, PedersenGens, RangeStatement};
//! use merlin::Transcript;
//! # use rand::SeedableRng;
//! # let mut rng = rand_chacha::ChaCha20Rng::from_seed([7; 32]);
//! let (pc, bp) = (PedersenGens::default(), BulletproofGens::new(32, 2));
//! let openings = [Opening::random(7, &mut rng), Opening::random(1 << 20, &mut rng)];
//!
//! let mut transcript = Transcript::new(b"doc");
//! let dealer = Dealer::new(&pc, &bp, &mut transcript, 32, 2, &mut rng)?;
//! let (mut parties, mut wire) = (Vec::new(), Vec::new());
//! for (j, o) in openings.iter().enumerate() {
//!     let (party, msg) = Party::new(&pc, &bp, o, 32)?.assign_position(j, &mut rng)?;
//!     parties.push(party);
//!     wire.push(msg.to_bytes());
//! }
//! let bit_commitments = wire.iter().map(|b| BitCommitment::from_bytes(b)).collect::<Result<Vec<_>, _>>()?;
//! let commitments = bit_commitments.iter().map(|bc| bc.v_j.compressed).collect();
//! let (dealer, y_z) = dealer.receive_bit_commitments(bit_commitments)?;
//! let y_z = BitChallenge::from_bytes(&y_z.to_bytes())?;
//!
//! let (mut parties2, mut wire) = (Vec::new(), Vec::new());
//! for p in parties {
//!     let (party, msg) = p.apply_challenge(&y_z)?;
//!     parties2.push(party);
//!     wire.push(msg.to_bytes());
//! }
//! let poly = wire.iter().map(|b| PolyCommitment::from_bytes(b)).collect::<Result<Vec<_>, _>>()?;
//! let (dealer, x) = dealer.receive_poly_commitments(poly)?;
//! let x = PolyChallenge::from_bytes(&x.to_bytes())?;
//!
//! let mut shares = Vec::new();
//! for p in parties2 {
//!     shares.push(ProofShare::from_bytes(&p.apply_challenge(&x)?.to_bytes())?);
//! }
//! let proof = dealer.receive_shares(shares)?;
//! proof.verify(&mut Transcript::new(b"doc"), &RangeStatement::new(32, commitments)?)?;
//! # Ok::<(), bpkit::Error>(())
//! ```
//!
//! # Typed states
//!
//! A state cannot answer twice: each step takes `self` by value, and no state is `Clone`.
//!
//! ```compile_fail,E0382
//! # use bpkit::aggregation::*;
//! # use bpkit::{BulletproofGens, Opening, PedersenGens};
//! # use bpkit::group::Scalar;
//! # use rand::SeedableRng;
//! # let mut rng = rand_chacha::ChaCha20Rng::from_seed([7; 32]);
//! # let (pc, bp) = (PedersenGens::default(), BulletproofGens::new(8, 1));
//! let party = Party::new(&pc, &bp, &Opening::new(3, Scalar::ONE), 8)?;
//! let (party, _) = party.assign_position(0, &mut rng)?;
//! let challenge = BitChallenge { y: Scalar::ONE, z: Scalar::ONE };
//! let _first = party.apply_challenge(&challenge)?;
//! let _second = party.apply_challenge(&challenge)?; // the state was consumed
//! # Ok::<(), bpkit::Error>(())
//! ```
//!
//! Nor out of order: a party waiting for `y, z` has no method that takes `x`.
//!
//! ```compile_fail,E0308
//! # use bpkit::aggregation::*;
//! # use bpkit::{BulletproofGens, Opening, PedersenGens};
//! # use bpkit::group::Scalar;
//! # use rand::SeedableRng;
//! # let mut rng = rand_chacha::ChaCha20Rng::from_seed([7; 32]);
//! # let (pc, bp) = (PedersenGens::default(), BulletproofGens::new(8, 1));
//! let party = Party::new(&pc, &bp, &Opening::new(3, Scalar::ONE), 8)?;
//! let (party, _) = party.assign_position(0, &mut rng)?;
//! let _share = party.apply_challenge(&PolyChallenge { x: Scalar::ONE })?;
//! # Ok::<(), bpkit::Error>(())
//! ```
//!
//! The dealer likewise takes each round's messages once.
//!
//! ```compile_fail,E0382
//! # use bpkit::aggregation::*;
//! # use bpkit::{BulletproofGens, Opening, PedersenGens};
//! # use bpkit::group::Scalar;
//! # use merlin::Transcript;
//! # use rand::SeedableRng;
//! # let mut rng = rand_chacha::ChaCha20Rng::from_seed([7; 32]);
//! # let (pc, bp) = (PedersenGens::default(), BulletproofGens::new(8, 1));
//! # let party = Party::new(&pc, &bp, &Opening::new(3, Scalar::ONE), 8)?;
//! # let (_party, message) = party.assign_position(0, &mut rng)?;
//! let mut transcript = Transcript::new(b"doc");
//! let dealer = Dealer::new(&pc, &bp, &mut transcript, 8, 1, &mut rng)?;
//! let _first = dealer.receive_bit_commitments(vec![message.clone()])?;
//! let _second = dealer.receive_bit_commitments(vec![message])?; // the state was consumed
//! # Ok::<(), bpkit::Error>(())
//! ```
//!
//! The protocol, its trust assumptions, blame and the message layouts follow.
//!
#![doc = include_str!("../../../docs/aggregation.md")]

pub(crate) mod algebra;
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
