//! One Monero proof's verification equation over Ed25519, from bpkit's shared scalar algebra:
//! `Σ dynamic·P + b·H + b̃·G + Σ gᵢ·Gi + Σ hᵢ·Hi = 0`, checked by the verification engine's
//! multiscalar multiplication (the bases in a precomputed table, [`super::generators`]).

use super::generators::EngineGens;
use crate::equation::terms::VectorTerms;
use crate::group::Scalar;
use alloc::vec::Vec;
use bpkit_engine::{batch_to_affine_niels, AffineNiels, Extended};

/// The equation of one proof (or a weighted sum of several), with the `Gi`, `Hi` scalars
/// expanded.
#[derive(Clone, Debug, Default)]
pub(crate) struct EdEquation {
    /// Scalars on the proof's own points (already multiplied by 8).
    pub scalars: Vec<Scalar>,
    /// The proof's own points (decoded by the engine, ×8).
    pub points: Vec<Extended>,
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
        dynamic: (&[Scalar], &[Extended]),
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
    ///
    /// Every point is in the prime-order subgroup (the proof's points and `V` were multiplied
    /// by 8; the bases are ×8 by construction), so the sum is too, and the engine's identity
    /// test (the Ristretto class of the identity: `X = 0` or `Y = 0`) is exact here: no other
    /// point of that class lies in the prime-order subgroup.
    pub fn holds(&self, gens: &EngineGens) -> bool {
        if self.gi.len() > gens.vectors || self.hi.len() > gens.vectors {
            return false;
        }
        // The table's rows: H, G, then G₀, H₀, G₁, H₁, … (interleaved, so a proof's scalars
        // are one prefix without gaps).
        let rows = self.gi.len().max(self.hi.len());
        let mut fixed = Vec::with_capacity(rows.saturating_mul(2).saturating_add(2));
        fixed.push(self.h.to_bytes());
        fixed.push(self.g.to_bytes());
        for i in 0..rows {
            let gi = self.gi.get(i).copied().unwrap_or(Scalar::ZERO);
            let hi = self.hi.get(i).copied().unwrap_or(Scalar::ZERO);
            fixed.push(gi.to_bytes());
            fixed.push(hi.to_bytes());
        }
        let mut scalars = fixed;
        scalars.extend(self.scalars.iter().map(Scalar::to_bytes));
        let mut points: Vec<AffineNiels> = gens
            .bases
            .get(..scalars.len().saturating_sub(self.scalars.len()))
            .map(<[AffineNiels]>::to_vec)
            .unwrap_or_default();
        points.extend(batch_to_affine_niels(&self.points));
        // Variable-time: proofs, commitments, challenges and generators are all public.
        bpkit_engine::vartime_msm(&scalars, &points).is_some_and(|sum| sum.is_identity())
    }
}
