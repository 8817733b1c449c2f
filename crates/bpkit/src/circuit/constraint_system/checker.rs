//! A constraint system that only evaluates: for fast gadget tests, without proving.

use super::system::System;
use super::{
    Challenge, ConstraintSystem, Metrics, RandomizableConstraintSystem, RandomizedConstraintSystem,
    Variable,
};
use crate::circuit::CircuitError;
use crate::group::Scalar;

/// Evaluates an assignment against a circuit and reports the first failing constraint.
///
/// It runs both phases like the prover (the second phase's callbacks after the first phase,
/// with challenges drawn from a seed), but commits to nothing, so it is fast enough for unit tests
/// of large gadgets. Unlike the prover it also hands out challenges in the first phase, so a
/// second-phase gadget can be tested directly.
///
/// **A checker that accepts is no evidence of soundness.** Its challenges come from a seed, not
/// from commitments, so a witness chosen after reading them passes; it shows only that the rows
/// can be satisfied for those challenge values. It does apply the phase rules
/// ([`super::RandomizableConstraintSystem`]) to callbacks, so misuse fails here first. To test a
/// two-phase gadget's soundness, prove false statements with the real prover and verifier
/// (`phase_attacks.rs` in this crate does).
///
/// ```
/// use bpkit::circuit::{Checker, ConstraintSystem, CircuitError};
/// use bpkit::reexports::curve25519_dalek::Scalar;
///
/// let mut cs = Checker::new();
/// let x = cs.commit(Scalar::from(3u64));
/// let (_, _, o) = cs.multiply(x.into(), x.into());
/// cs.constrain(o - 9u64);
/// assert_eq!(cs.check()?.multipliers, 1);
///
/// let mut cs = Checker::new();
/// let x = cs.commit(Scalar::from(3u64));
/// let (_, _, o) = cs.multiply(x.into(), x.into());
/// cs.constrain(o - 10u64);
/// assert_eq!(cs.check(), Err(CircuitError::Unsatisfied { index: 2 }));
/// # Ok::<(), CircuitError>(())
/// ```
pub struct Checker {
    sys: System,
}

impl Default for Checker {
    fn default() -> Self {
        Checker::new()
    }
}

impl core::fmt::Debug for Checker {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Checker")
            .field("metrics", &self.sys.metrics())
            .finish_non_exhaustive()
    }
}

impl Checker {
    /// A checker whose challenges come from a fixed seed.
    pub fn new() -> Self {
        Checker::with_seed(&[])
    }

    /// A checker whose challenges are derived from `seed` (vary it to test a gadget against
    /// several challenge values).
    pub fn with_seed(seed: &[u8]) -> Self {
        Checker {
            sys: System::checking(seed),
        }
    }

    /// A committed high-level variable with value `value` (the prover's `commit`, without the
    /// commitment).
    pub fn commit(&mut self, value: Scalar) -> Variable {
        self.sys.commit_variable(Some(value))
    }

    /// Runs the second phase, then checks every constraint in canonical order. Returns the
    /// metrics of the whole circuit, or the first error (a malformed row, or the index of the first
    /// unsatisfied constraint).
    pub fn check(mut self) -> Result<Metrics, CircuitError> {
        let callbacks = self.sys.take_callbacks();
        self.sys.begin_phase_two(None);
        self.sys.run_phase_two(&callbacks)?;
        if let Some(e) = self.sys.error() {
            return Err(e);
        }
        match self.sys.first_unsatisfied() {
            Some(index) => Err(CircuitError::Unsatisfied { index }),
            None => Ok(self.sys.metrics()),
        }
    }
}

super::system::delegate_constraint_system!(Checker, assigned);

impl RandomizableConstraintSystem for Checker {
    type RandomizedCS = System;

    fn specify_randomized_constraints<F>(&mut self, callback: F) -> Result<(), CircuitError>
    where
        F: 'static + Send + Sync + Fn(&mut Self::RandomizedCS) -> Result<(), CircuitError>,
    {
        self.sys.specify_randomized_constraints(callback)
    }
}

impl RandomizedConstraintSystem for Checker {
    fn challenge(&mut self, label: &'static [u8]) -> Result<Challenge, CircuitError> {
        self.sys.challenge(label)
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::arithmetic_side_effects)]
    use super::*;
    use crate::circuit::LinearCombination;
    use alloc::string::ToString;

    fn s(x: u64) -> Scalar {
        Scalar::from(x)
    }

    #[test]
    fn satisfied_circuit_passes_and_counts() {
        let mut cs = Checker::new();
        let a = cs.commit(s(3));
        let b = cs.commit(s(5));
        let (_, _, o) = cs.multiply(a + 1u64, b - 1u64); // 4·4
        cs.constrain(o - 16u64);
        let x = cs.allocate(Some(s(7))).unwrap();
        let y = cs.allocate(Some(s(8))).unwrap();
        assert_eq!(x, Variable::MultiplierLeft(1));
        assert_eq!(y, Variable::MultiplierRight(1));
        cs.constrain(Variable::MultiplierOutput(1) - 56u64);
        assert_eq!(cs.eval(&(a * s(2) + b)), Some(s(11)));
        let m = cs.check().unwrap();
        assert_eq!(m.multipliers, 2);
        assert_eq!(m.constraints, 4);
        assert_eq!(m.phase_one_constraints, 4);
        assert_eq!(m.phase_two_constraints, 0);
    }

    #[test]
    fn first_failing_constraint_is_named() {
        let mut cs = Checker::new();
        let a = cs.commit(s(2));
        cs.constrain(a - 2u64); // 0: holds
        cs.constrain(a - 3u64); // 1: fails
        cs.constrain(a - 4u64); // 2: fails
        assert_eq!(cs.check(), Err(CircuitError::Unsatisfied { index: 1 }));
    }

    #[test]
    fn allocated_multiplier_outputs_product() {
        let mut cs = Checker::new();
        let (l, r, o) = cs.allocate_multiplier(Some((s(6), s(7)))).unwrap();
        cs.constrain(o - 42u64);
        cs.constrain(l + r - 13u64);
        cs.check().unwrap();
    }

    #[test]
    fn missing_assignment_is_an_error() {
        let mut cs = Checker::new();
        assert_eq!(cs.allocate(None), Err(CircuitError::MissingAssignment));
        assert_eq!(
            cs.allocate_multiplier(None),
            Err(CircuitError::MissingAssignment)
        );
    }

    #[test]
    fn unknown_variable_is_reported() {
        let mut cs = Checker::new();
        let (l, _, _) = cs.allocate_multiplier(Some((s(2), s(3)))).unwrap();
        cs.constrain(l - 2u64);
        cs.constrain(Variable::MultiplierLeft(3) - 1u64);
        let e = cs.check().unwrap_err();
        // The row (the second constraint) and the variable are named.
        assert_eq!(
            e,
            CircuitError::UnknownVariable {
                index: 1,
                variable: Variable::MultiplierLeft(3)
            }
        );
        assert_eq!(
            e.to_string(),
            "constraint number 1 uses MultiplierLeft(3), which was not allocated"
        );
        assert_eq!(e.kind(), "unknown-variable");

        // A multiplier's inputs are rows too: the right input of the second one is row 4.
        let mut cs = Checker::new();
        let (l, r, _) = cs.multiply(s(2).into(), s(3).into());
        cs.constrain(l - 2u64);
        let _ = cs.multiply(r.into(), Variable::Committed(0).into());
        assert_eq!(
            cs.check(),
            Err(CircuitError::UnknownVariable {
                index: 4,
                variable: Variable::Committed(0)
            })
        );
    }

    /// A shuffle of two values: (x0 - z)(x1 - z) = (y0 - z)(y1 - z) for a phase-2 challenge z.
    fn shuffle(x: [u64; 2], y: [u64; 2], seed: &[u8]) -> Result<Metrics, CircuitError> {
        let mut cs = Checker::with_seed(seed);
        let xs = [cs.commit(s(x[0])), cs.commit(s(x[1]))];
        let ys = [cs.commit(s(y[0])), cs.commit(s(y[1]))];
        cs.specify_randomized_constraints(move |cs| {
            let z = cs.challenge(b"z")?;
            assert!(cs.eval(&LinearCombination::from(z)).is_some());
            let (_, _, p) = cs.multiply(xs[0] - z, xs[1] - z);
            let (_, _, q) = cs.multiply(ys[0] - z, ys[1] - z);
            cs.constrain(p - q);
            Ok(())
        })?;
        cs.check()
    }

    #[test]
    fn second_phase_uses_challenges() {
        let m = shuffle([1, 2], [2, 1], b"a").unwrap();
        assert_eq!(m.multipliers, 2);
        assert_eq!(m.phase_one_constraints, 0);
        assert_eq!(m.phase_two_constraints, 5);
        for seed in [&b"a"[..], b"b", b"c"] {
            assert_eq!(
                shuffle([1, 2], [2, 3], seed),
                Err(CircuitError::Unsatisfied { index: 4 })
            );
        }
    }

    #[test]
    fn challenge_degree_two_is_reported() {
        let mut cs = Checker::new();
        let a = cs.commit(s(2));
        cs.specify_randomized_constraints(move |cs| {
            let z = cs.challenge(b"z")?;
            cs.constrain((a * z) * z);
            Ok(())
        })
        .unwrap();
        assert_eq!(cs.check(), Err(CircuitError::ChallengeDegree));
    }

    #[test]
    fn callback_errors_propagate() {
        let mut cs = Checker::new();
        cs.specify_randomized_constraints(|_| Err(CircuitError::Gadget("no")))
            .unwrap();
        assert_eq!(cs.check(), Err(CircuitError::Gadget("no")));
    }

    #[test]
    fn checker_hands_out_challenges_in_phase_one() {
        let mut cs = Checker::new();
        let z = cs.challenge(b"z").unwrap();
        let v = cs.eval(&LinearCombination::from(z)).unwrap();
        let a = cs.commit(v);
        cs.constrain(a - z);
        cs.check().unwrap();
    }
}
