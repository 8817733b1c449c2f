//! k-shuffles: the outputs are a permutation of the inputs (values, or tuples of values).
//!
//! With a phase-2 challenge z the gadget checks `∏(x_i − z) = ∏(y_i − z)`. Both sides are
//! polynomials in z of degree k; if the multisets differ they agree in at most k points, so a
//! false shuffle passes with probability at most k/ℓ (Schwartz–Zippel). Tuples `(x_i0, …,
//! x_i,w−1)` are first compressed to `x_i0 + Σ_j c_j·x_ij` with independent challenges c_j; two
//! different tuples collide with probability at most 1/ℓ.

use crate::circuit::{
    Challenge, CircuitError, ConstraintSystem, LinearCombination, RandomizableConstraintSystem,
    RandomizedConstraintSystem,
};
use alloc::vec::Vec;

/// `∏ factors`, chained through multipliers: **len − 1 multipliers** (none for one factor).
pub(crate) fn product<CS: ConstraintSystem + ?Sized>(
    cs: &mut CS,
    factors: impl IntoIterator<Item = LinearCombination>,
) -> Option<LinearCombination> {
    let mut acc: Option<LinearCombination> = None;
    for f in factors {
        acc = Some(match acc {
            None => f,
            Some(a) => {
                let (_, _, o) = cs.multiply(a, f);
                o.into()
            }
        });
    }
    acc
}

fn same_length(x: usize, y: usize) -> Result<(), CircuitError> {
    if x != y {
        return Err(CircuitError::Gadget(
            "shuffle: inputs and outputs differ in number",
        ));
    }
    Ok(())
}

/// Constrains `outputs` to be a permutation of `inputs` (k values each). **2(k − 1)
/// multipliers** in the second phase (none for k ≤ 1: k = 1 is an equality).
pub fn shuffle<CS: RandomizableConstraintSystem + ?Sized>(
    cs: &mut CS,
    inputs: Vec<LinearCombination>,
    outputs: Vec<LinearCombination>,
) -> Result<(), CircuitError> {
    same_length(inputs.len(), outputs.len())?;
    match (inputs.as_slice(), outputs.as_slice()) {
        ([], []) => return Ok(()),
        ([x], [y]) => {
            cs.constrain(x.clone() - y.clone());
            return Ok(());
        }
        _ => {}
    }
    cs.specify_randomized_constraints(move |cs| {
        let z = cs.challenge(b"bpkit shuffle z")?;
        let lhs = product(cs, inputs.iter().map(|x| x.clone() - z));
        let rhs = product(cs, outputs.iter().map(|y| y.clone() - z));
        if let (Some(l), Some(r)) = (lhs, rhs) {
            cs.constrain(l - r);
        }
        Ok(())
    })
}

/// `x_0 + Σ_{j≥1} c_j·x_j`.
fn compress(tuple: &[LinearCombination], challenges: &[Challenge]) -> LinearCombination {
    let mut it = tuple.iter();
    let first = it.next().cloned().unwrap_or_default();
    it.zip(challenges)
        .fold(first, |acc, (x, c)| acc + x.clone() * *c)
}

/// Constrains `outputs` to be a permutation of `inputs`, as tuples of `w` values each (every
/// tuple moves as a whole). **2(k − 1) multipliers** in the second phase, w − 1 + 1 challenges.
///
/// Errors: different numbers of tuples, or tuples of different widths ([`CircuitError::Gadget`]).
pub fn tuple_shuffle<CS: RandomizableConstraintSystem + ?Sized>(
    cs: &mut CS,
    inputs: Vec<Vec<LinearCombination>>,
    outputs: Vec<Vec<LinearCombination>>,
) -> Result<(), CircuitError> {
    same_length(inputs.len(), outputs.len())?;
    let width = inputs.first().map_or(0, Vec::len);
    if inputs
        .iter()
        .chain(outputs.iter())
        .any(|t| t.len() != width)
    {
        return Err(CircuitError::Gadget("shuffle: tuples of different widths"));
    }
    if inputs.is_empty() || width == 0 {
        return Ok(());
    }
    cs.specify_randomized_constraints(move |cs| {
        let mut challenges = Vec::with_capacity(width.saturating_sub(1));
        for _ in 1..width {
            challenges.push(cs.challenge(b"bpkit tuple shuffle column")?);
        }
        let xs: Vec<LinearCombination> = inputs.iter().map(|t| compress(t, &challenges)).collect();
        let ys: Vec<LinearCombination> = outputs.iter().map(|t| compress(t, &challenges)).collect();
        if let ([x], [y]) = (xs.as_slice(), ys.as_slice()) {
            cs.constrain(x.clone() - y.clone());
            return Ok(());
        }
        let z = cs.challenge(b"bpkit shuffle z")?;
        let lhs = product(cs, xs.into_iter().map(|x| x - z));
        let rhs = product(cs, ys.into_iter().map(|y| y - z));
        if let (Some(l), Some(r)) = (lhs, rhs) {
            cs.constrain(l - r);
        }
        Ok(())
    })
}
