//! Locating the failing proofs of a Monero batch, as [`crate::batch::BatchVerifier`] does:
//! malformed proofs are reported with their error, the others are checked together with one
//! multiscalar multiplication and, when that fails, by bisection.
//!
//! Every subset is checked with the weights of the whole batch (`weights`, over every
//! well-formed proof's whole bytes and commitments): a subset's weighted sum is zero iff (up to
//! the batch's soundness error) every proof in it holds. When a failing
//! set splits into `L` and `R` and `L` holds, `R` must fail (their sums add up to the failing
//! one) and is not checked again. One bad proof among `b` costs about `log₂ b` checks of
//! halving sizes; a singleton's check is exact (a lone equation with a non-zero weight is zero
//! iff it holds).

use super::equation::EdEquation;
use super::error::MoneroError;
use super::generators::{engine_table, EngineGens, Family};
use super::keccak::{hash_to_scalar, keccak256};
use crate::group::Scalar;
use alloc::vec::Vec;
use bpkit_engine::Extended;

/// One proof's equation parts (unweighted) and the digest of everything its equation uses.
pub(crate) struct Parts {
    pub dynamic_scalars: Vec<Scalar>,
    pub dynamic_points: Vec<Extended>,
    pub value: Scalar,
    pub blinding: Scalar,
    pub vectors: crate::equation::terms::VectorTerms,
    /// [`binding`] of the proof: its whole serialization, its commitments and its format.
    pub binding: [u8; 32],
    /// The final transcript state, which the weights of bpkit 0.1.0 were drawn from (the
    /// attack tests rebuild those weights, `batch_attacks`).
    #[cfg(test)]
    pub state: [u8; 32],
}

/// The digest a proof's batch weight is drawn from: Keccak-256 of the format's label, the
/// proof's whole serialization (every point and every scalar, the final ones included) and the
/// commitments it is verified against, each length-prefixed.
///
/// Not the proof's final transcript state: Monero's transcripts end before the final scalars
/// (`r1, s1, d1` of Bulletproofs+, `a, b` of Bulletproofs), so weights drawn from the states
/// were known to the prover before it chose those scalars, and two proofs' errors could be made
/// to cancel (the advisory in `CHANGELOG.md`; the attacks are tests in `batch_attacks.rs`).
pub(crate) fn binding(format: &[u8], proof: &[u8], commitments: &[[u8; 32]]) -> [u8; 32] {
    let flat: Vec<u8> = commitments.iter().flatten().copied().collect();
    keccak256(&[
        &(format.len() as u64).to_le_bytes(),
        format,
        &(proof.len() as u64).to_le_bytes(),
        proof,
        &(commitments.len() as u64).to_le_bytes(),
        &flat,
    ])
}

/// Batch weights: `ρⱼ = H("…batch v2" ‖ d ‖ j)` (non-zero), with
/// `d = Keccak(domain ‖ b ‖ binding₀ ‖ … ‖ binding_{b−1})`, every proof's [`binding`].
///
/// Soundness: each binding covers everything the proof's equation reads, so every weight is a
/// hash of all the prover's choices, computed after all of them. For a batch whose equations
/// `Eⱼ` are not all zero, `Σ ρⱼ·Eⱼ = 0` for weights drawn after the `Eⱼ` are fixed has
/// probability at most about `1/ℓ` per try (the `ρⱼ` act as independent random scalars in the
/// random-oracle model); changing any byte of any proof or commitment redraws every weight. No
/// weight is fixed to 1: none is known before the whole batch is.
pub(crate) fn weights(bindings: &[[u8; 32]], domain: &[u8]) -> Vec<Scalar> {
    let flat: Vec<u8> = bindings.iter().flatten().copied().collect();
    let d = keccak256(&[domain, &(bindings.len() as u64).to_le_bytes(), &flat]);
    (0..bindings.len())
        .map(|j| {
            let w = hash_to_scalar(&[domain, &d, &(j as u64).to_le_bytes()]);
            if w == Scalar::ZERO {
                Scalar::ONE
            } else {
                w
            }
        })
        .collect()
}

/// The batch check of both formats: one weight per proof ([`weights`] over the proofs'
/// [`binding`]s; `label` separates the formats), one multiscalar multiplication over `family`'s
/// generators.
pub(crate) fn verify_parts(
    parts: &[Parts],
    label: &[u8],
    family: Family,
) -> Result<(), MoneroError> {
    let bindings: Vec<[u8; 32]> = parts.iter().map(|p| p.binding).collect();
    verify_weighted(parts, &weights(&bindings, label), family)
}

/// `Σ wⱼ·Eⱼ = 0` over `family`'s generators (one multiscalar multiplication).
pub(crate) fn verify_weighted(
    parts: &[Parts],
    w: &[Scalar],
    family: Family,
) -> Result<(), MoneroError> {
    if parts.len() != w.len() {
        return Err(MoneroError::VerificationFailed);
    }
    let mut eq = EdEquation::default();
    for (part, wj) in parts.iter().zip(w) {
        eq.add(
            *wj,
            (&part.dynamic_scalars, &part.dynamic_points),
            part.value,
            part.blinding,
            &part.vectors,
        );
    }
    if eq.holds(engine_table(family)?) {
        Ok(())
    } else {
        Err(MoneroError::VerificationFailed)
    }
}

/// The proofs of a Monero batch that failed, by index (the order of the items, from 0), each
/// with its error: [`MoneroError::VerificationFailed`] for a well-formed proof that does not
/// verify, or why it could not be checked (a point or scalar that does not decode, a shape
/// Monero refuses, a zero challenge).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BatchFailures {
    failures: Vec<(usize, MoneroError)>,
}

impl BatchFailures {
    /// Every failed proof with its error, by increasing index.
    pub fn failures(&self) -> &[(usize, MoneroError)] {
        &self.failures
    }

    /// The indices of the failed proofs, increasing.
    pub fn indices(&self) -> impl Iterator<Item = usize> + '_ {
        self.failures.iter().map(|(i, _)| *i)
    }
}

impl core::fmt::Display for BatchFailures {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "{} proof(s) of the batch failed:", self.failures.len())?;
        for (i, e) in &self.failures {
            write!(f, " #{i} ({e})")?;
        }
        Ok(())
    }
}

#[cfg(feature = "std")]
impl std::error::Error for BatchFailures {}

/// One well-formed proof of the batch: its index, weight and equation parts.
struct Member {
    index: usize,
    weight: Scalar,
    parts: Parts,
}

/// True when the weighted equations of `set` sum to zero (one multiscalar multiplication).
fn holds(set: &[Member], gens: &EngineGens) -> bool {
    let mut eq = EdEquation::default();
    for m in set {
        eq.add(
            m.weight,
            (&m.parts.dynamic_scalars, &m.parts.dynamic_points),
            m.parts.value,
            m.parts.blinding,
            &m.parts.vectors,
        );
    }
    eq.holds(gens)
}

/// Appends to `invalid` the indices of the proofs of `set` that do not hold; `known_failing`
/// says the whole set is already known to fail (its check is skipped).
fn bisect(set: &[Member], known_failing: bool, gens: &EngineGens, invalid: &mut Vec<usize>) {
    if set.is_empty() || (!known_failing && holds(set, gens)) {
        return;
    }
    if let [m] = set {
        invalid.push(m.index);
        return;
    }
    let (left, right) = set.split_at(set.len() / 2);
    if holds(left, gens) {
        bisect(right, true, gens, invalid);
    } else {
        bisect(left, true, gens, invalid);
        bisect(right, false, gens, invalid);
    }
}

/// Verifies the proofs whose parts are given (one entry per proof, `Err` for one that could
/// not be decoded or replayed) with the weights of `label`, and locates the failures.
pub(crate) fn verify_located(
    parts: Vec<Result<Parts, MoneroError>>,
    label: &[u8],
    family: Family,
) -> Result<(), BatchFailures> {
    let mut failures = Vec::new();
    let mut members = Vec::with_capacity(parts.len());
    for (index, p) in parts.into_iter().enumerate() {
        match p {
            Ok(parts) => members.push((index, parts)),
            Err(e) => failures.push((index, e)),
        }
    }
    let bindings: Vec<[u8; 32]> = members.iter().map(|(_, p)| p.binding).collect();
    let members: Vec<Member> = members
        .into_iter()
        .zip(weights(&bindings, label))
        .map(|((index, parts), weight)| Member {
            index,
            weight,
            parts,
        })
        .collect();
    if !members.is_empty() {
        match engine_table(family) {
            Ok(gens) => {
                let mut invalid = Vec::new();
                bisect(&members, false, gens, &mut invalid);
                failures.extend(
                    invalid
                        .into_iter()
                        .map(|i| (i, MoneroError::VerificationFailed)),
                );
            }
            Err(e) => failures.extend(members.iter().map(|m| (m.index, e))),
        }
    }
    if failures.is_empty() {
        return Ok(());
    }
    failures.sort_unstable_by_key(|(i, _)| *i);
    Err(BatchFailures { failures })
}
