//! Locating the failing proofs of a Monero batch, as [`crate::batch::BatchVerifier`] does:
//! malformed proofs are reported with their error, the others are checked together with one
//! multiscalar multiplication and, when that fails, by bisection.
//!
//! Every subset is checked with the weights of the whole batch (from the well-formed proofs'
//! final transcript states, as [`super::plus::verify_batch`] draws them): a subset's weighted
//! sum is zero iff (up to the batch's soundness error) every proof in it holds. When a failing
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

/// One proof's equation parts (unweighted) and its final transcript state.
pub(crate) struct Parts {
    pub dynamic_scalars: Vec<Scalar>,
    pub dynamic_points: Vec<Extended>,
    pub value: Scalar,
    pub blinding: Scalar,
    pub vectors: crate::equation::terms::VectorTerms,
    pub transcript: [u8; 32],
}

/// Batch weights: `1` for the first proof, then `H("bpkit monero-bp+ batch v1" ‖ d ‖ j)` with
/// `d` the Keccak-256 of every proof's final transcript state (which binds the proof and its
/// commitments): no RNG, and no prover can choose them.
pub(crate) fn weights(states: &[[u8; 32]], domain: &[u8]) -> Vec<Scalar> {
    let flat: Vec<u8> = states.iter().flatten().copied().collect();
    let d = keccak256(&[domain, &flat]);
    (0..states.len())
        .map(|j| {
            if j == 0 {
                return Scalar::ONE;
            }
            let w = hash_to_scalar(&[domain, &d, &(j as u64).to_le_bytes()]);
            if w == Scalar::ZERO {
                Scalar::ONE
            } else {
                w
            }
        })
        .collect()
}

/// The batch check of both formats: one weight per proof from the proofs' final transcript
/// states (`label` separates the formats), one multiscalar multiplication over `family`'s
/// generators.
pub(crate) fn verify_parts(
    parts: &[Parts],
    label: &[u8],
    family: Family,
) -> Result<(), MoneroError> {
    let states: Vec<[u8; 32]> = parts.iter().map(|p| p.transcript).collect();
    let w = weights(&states, label);
    let mut eq = EdEquation::default();
    for (part, wj) in parts.iter().zip(w) {
        eq.add(
            wj,
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
    let states: Vec<[u8; 32]> = members.iter().map(|(_, p)| p.transcript).collect();
    let members: Vec<Member> = members
        .into_iter()
        .zip(weights(&states, label))
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
