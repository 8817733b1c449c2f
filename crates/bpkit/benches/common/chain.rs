//! The benchmark circuit of the `circuit`, `circuit_verify` and `memory` benches
//! (`#[path]`-included): a chain of `n` multipliers, three terms per row, so that a circuit of
//! any power-of-two size costs the same per multiplier.
#![allow(dead_code, clippy::unwrap_used, clippy::arithmetic_side_effects)]

use bpkit::circuit::{ConstraintSystem, Variable};
use bpkit::group::Scalar;

/// The chain over `cs`, on the committed variable `v` (committed to 3); `prover`: with values.
///
/// `l_0 = v`, `l_{i+1} = o_i − l_i·c` (c = 1 keeps values small and the row three terms),
/// `r_i = i + 2`.
pub fn chain<CS: ConstraintSystem>(cs: &mut CS, v: Variable, n: usize, prover: bool) {
    let mut l_val = Scalar::from(3u64);
    let mut prev: Option<(Variable, Variable)> = None;
    for i in 0..n {
        let r_val = Scalar::from(i as u64 + 2);
        let (l, r, o) = cs
            .allocate_multiplier(prover.then_some((l_val, r_val)))
            .unwrap();
        match prev {
            None => cs.constrain(l - v),
            Some((pl, po)) => cs.constrain(l - po + pl),
        }
        cs.constrain(r - Scalar::from(i as u64 + 2));
        let o_val = l_val * r_val;
        l_val = o_val - l_val;
        prev = Some((l, o));
    }
}
