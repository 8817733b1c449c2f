//! One Monero proof's verification equation over Ed25519, from bpkit's shared scalar algebra:
//! `Σ dynamic·P + b·H + b̃·G + Σ gᵢ·Gi + Σ hᵢ·Hi = 0`.

use super::generators::{self, VectorGens};
use crate::equation::terms::VectorTerms;
use crate::group::Scalar;
use alloc::vec::Vec;
use curve25519_dalek::edwards::EdwardsPoint;
use curve25519_dalek::traits::{IsIdentity, VartimeMultiscalarMul};

/// The equation of one proof (or a weighted sum of several), with the `Gi`, `Hi` scalars
/// expanded.
#[derive(Clone, Debug, Default)]
pub(crate) struct EdEquation {
    /// Scalars on the proof's own points (already multiplied by 8).
    pub scalars: Vec<Scalar>,
    /// The proof's own points.
    pub points: Vec<EdwardsPoint>,
    /// Scalar on `H` (the value base).
    pub h: Scalar,
    /// Scalar on `G` (the blinding base).
    pub g: Scalar,
    /// Scalars on `Gi[0..]`.
    pub gi: Vec<Scalar>,
    /// Scalars on `Hi[0..]`.
    pub hi: Vec<Scalar>,
}

impl EdEquation {
    /// Adds `weight ×` one proof's terms: the dynamic part, the single bases, and the vectors
    /// in product form.
    pub fn add(
        &mut self,
        weight: Scalar,
        dynamic: (&[Scalar], &[EdwardsPoint]),
        value: Scalar,
        blinding: Scalar,
        vectors: &VectorTerms,
    ) {
        let (scalars, points) = dynamic;
        self.scalars.extend(scalars.iter().map(|s| weight * s));
        self.points.extend_from_slice(points);
        self.h += weight * value;
        self.g += weight * blinding;
        let (g, h) = vectors.to_scalars();
        if self.gi.len() < g.len() {
            self.gi.resize(g.len(), Scalar::ZERO);
        }
        if self.hi.len() < h.len() {
            self.hi.resize(h.len(), Scalar::ZERO);
        }
        for (acc, s) in self.gi.iter_mut().zip(&g) {
            *acc += weight * s;
        }
        for (acc, s) in self.hi.iter_mut().zip(&h) {
            *acc += weight * s;
        }
    }

    /// True when the equation holds over `gens`; false too when the generators do not cover it.
    pub fn holds(&self, gens: &VectorGens) -> bool {
        if self.gi.len() > gens.gi.len() || self.hi.len() > gens.hi.len() {
            return false;
        }
        let scalars = self
            .scalars
            .iter()
            .chain([&self.h, &self.g])
            .chain(&self.gi)
            .chain(&self.hi);
        let points = self
            .points
            .iter()
            .copied()
            .chain([generators::h(), generators::g()])
            .chain(gens.gi.iter().take(self.gi.len()).copied())
            .chain(gens.hi.iter().take(self.hi.len()).copied());
        // Variable-time: proofs, commitments, challenges and generators are all public.
        EdwardsPoint::vartime_multiscalar_mul(scalars, points).is_identity()
    }
}
