//! The seam between the Bulletproofs+ prover algebra and a wire format.
//!
//! The prover (`prover::prove_core` and the weighted-inner-product argument) is written once,
//! over a [`PlusFormat`]: what a format supplies is the group (`ProverGroup`: Ristretto255 for
//! bpkit's and Tari's proofs, Ed25519 for Monero's), the value and blinding bases, how a computed
//! point is encoded for the transcript and the wire (Monero stores every point ×1/8), and the
//! Fiat–Shamir transcript. Nothing else varies, so nothing else is a trait.

use super::parameters::ExtendedPedersenGens;
use super::transcript::{challenge_final, challenge_round, challenges_y_z};
use crate::errors::Error;
use crate::group::encoding::Point;
use crate::group::{ProverGroup, RistrettoPoint, Scalar};
use merlin::Transcript;

/// What a wire format supplies to the Bulletproofs+ prover.
pub(crate) trait PlusFormat {
    /// The group.
    type Point: ProverGroup;
    /// A point as the proof carries it (and the transcript hashes it).
    type Encoded;

    /// The value base `B` (Monero: `H`).
    fn value_base(&self) -> &Self::Point;
    /// The blinding bases `B̃₁ … B̃_k` (Monero: `G` alone).
    fn blinding_bases(&self) -> &[Self::Point];
    /// `Σ sᵢ·B̃ᵢ`, in constant time.
    fn mul_blinding(&self, s: &[Scalar]) -> Self::Point;
    /// The encoding of a point the prover computed (public from then on).
    fn encode(&self, point: &Self::Point) -> Self::Encoded;
    /// Absorbs `A`; returns `y`, `z`.
    fn challenges_y_z(&mut self, a: &Self::Encoded) -> Result<(Scalar, Scalar), Error>;
    /// Absorbs a round's `L`, `R`; returns its challenge.
    fn challenge_round(&mut self, l: &Self::Encoded, r: &Self::Encoded) -> Result<Scalar, Error>;
    /// Absorbs `A1`, `B`; returns the final challenge `e`.
    fn challenge_final(&mut self, a1: &Self::Encoded, b: &Self::Encoded) -> Result<Scalar, Error>;
}

/// bpkit's and Tari's format: Ristretto255, canonical encodings, a Merlin transcript.
pub(crate) struct MerlinFormat<'a> {
    /// The extended Pedersen generators.
    pub gens: &'a ExtendedPedersenGens,
    /// The transcript, with the statement already bound.
    pub transcript: &'a mut Transcript,
}

impl PlusFormat for MerlinFormat<'_> {
    type Point = RistrettoPoint;
    type Encoded = Point;

    fn value_base(&self) -> &RistrettoPoint {
        self.gens.value_base()
    }

    fn blinding_bases(&self) -> &[RistrettoPoint] {
        self.gens.blinding_bases()
    }

    fn mul_blinding(&self, s: &[Scalar]) -> RistrettoPoint {
        self.gens.mul_blinding(s)
    }

    fn encode(&self, point: &RistrettoPoint) -> Point {
        Point::from_point(*point)
    }

    fn challenges_y_z(&mut self, a: &Point) -> Result<(Scalar, Scalar), Error> {
        challenges_y_z(self.transcript, &a.compressed)
    }

    fn challenge_round(&mut self, l: &Point, r: &Point) -> Result<Scalar, Error> {
        challenge_round(self.transcript, &l.compressed, &r.compressed)
    }

    fn challenge_final(&mut self, a1: &Point, b: &Point) -> Result<Scalar, Error> {
        challenge_final(self.transcript, &a1.compressed, &b.compressed)
    }
}
