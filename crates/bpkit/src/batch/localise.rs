//! Finding the invalid proofs of a failed batch, by bisection.
//!
//! Every subset is checked with the weights of the full batch: a subset's weighted sum is zero
//! iff (up to the batch's soundness error) every proof in it is valid. If a failing set splits
//! into `L` and `R` and `L` passes, `R` must fail (their sums add up to the failing one), so it
//! is not checked again. A single failing proof costs about `log₂ b` checks of halving sizes,
//! about one more batch verification in all; `f` failing proofs about `2f·log₂(b/f)` checks.
//! A singleton's check is exact: a lone equation with a non-zero weight is zero iff it holds.

use super::parallel::Executor;
use crate::equation::accumulator::FixedAccumulator;
use crate::equation::terms::Equation;
use crate::generators::{BulletproofGens, PedersenGens};
use crate::group::{RistrettoPoint, Scalar};
use alloc::vec::Vec;
use curve25519_dalek::traits::IsIdentity;

/// True when the weighted equations of `set` sum to zero (one multiplication, each fixed
/// generator once).
pub(crate) fn holds(
    exec: &Executor,
    set: &[(usize, Equation)],
    pc_gens: &PedersenGens,
    bp_gens: &BulletproofGens,
) -> bool {
    let mut fixed = FixedAccumulator::new();
    let mut scalars: Vec<Scalar> = Vec::new();
    let mut points: Vec<RistrettoPoint> = Vec::new();
    for (_, eq) in set {
        eq.add_to(&mut fixed, &mut scalars, &mut points);
    }
    let (other_scalars, other_points) = fixed.other_terms();
    let Some((mut all_scalars, mut all_points)) = fixed.terms(pc_gens, bp_gens) else {
        return false;
    };
    all_scalars.extend(scalars);
    all_points.extend(points.iter());
    all_scalars.extend(other_scalars);
    all_points.extend(other_points.iter());
    // Variable-time: verification scalars and points are public.
    exec.vartime_msm(&all_scalars, &all_points)
        .is_some_and(|p| p.is_identity())
}

/// Appends to `invalid` the indices of the invalid proofs in `set`. `known_failing` says the
/// whole set is already known to fail (its check is skipped).
pub(crate) fn bisect(
    exec: &Executor,
    set: &[(usize, Equation)],
    known_failing: bool,
    pc_gens: &PedersenGens,
    bp_gens: &BulletproofGens,
    invalid: &mut Vec<usize>,
) {
    if set.is_empty() || (!known_failing && holds(exec, set, pc_gens, bp_gens)) {
        return;
    }
    if let [(index, _)] = set {
        invalid.push(*index);
        return;
    }
    let (left, right) = set.split_at(set.len() / 2);
    if holds(exec, left, pc_gens, bp_gens) {
        bisect(exec, right, true, pc_gens, bp_gens, invalid);
    } else {
        bisect(exec, left, true, pc_gens, bp_gens, invalid);
        bisect(exec, right, false, pc_gens, bp_gens, invalid);
    }
}
