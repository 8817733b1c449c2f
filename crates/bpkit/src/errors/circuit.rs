//! Errors of constraint systems, circuit proofs and circuit descriptions (re-exported as
//! `bpkit::circuit::CircuitError`; defined here, below `circuit/`, so that the crate's error
//! type can wrap it without `errors` importing `circuit`).

/// Everything that can go wrong while building, checking, proving or verifying a circuit.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum CircuitError {
    /// The assignment does not satisfy a constraint. `index` counts constraints in canonical
    /// order: phase-1 constraints in the order they were added (each `multiply` adds two, for its
    /// left and right inputs), then phase-2 constraints.
    #[error("constraint number {index} is not satisfied by the assignment")]
    Unsatisfied {
        /// Position of the first failing constraint.
        index: usize,
    },
    /// A prover or checker allocated a variable without its value.
    #[error("a variable was allocated without an assignment in a prover or checker")]
    MissingAssignment,
    /// A term of a linear combination carries more than one challenge factor.
    #[error("a linear combination multiplies a term by two challenges")]
    ChallengeDegree,
    /// A challenge was requested or used outside the second phase, or a symbol does not belong
    /// to this constraint system.
    #[error("a challenge was used outside the second phase or is unknown here")]
    InvalidChallenge,
    /// A challenge came out as zero (probability 2⁻²⁵²): the proof must be made again.
    #[error("a challenge is zero")]
    ZeroChallenge,
    /// A constraint uses a variable the constraint system has not allocated. `index` is the
    /// constraint's row, counted as for [`CircuitError::Unsatisfied`] (each `multiply` adds two
    /// rows, for its left and right inputs).
    #[error("constraint number {index} uses {variable:?}, which was not allocated")]
    UnknownVariable {
        /// Row of the offending constraint, in canonical order.
        index: usize,
        /// The variable that does not exist.
        variable: crate::variable::Variable,
    },
    /// More multipliers, commitments or constraints than a circuit may have.
    #[error("the circuit is too large: at most {max} multipliers")]
    TooLarge {
        /// The largest number of multipliers supported.
        max: usize,
    },
    /// The phase-2 callbacks emitted different rows when run again. The prover runs them twice:
    /// once symbolically (as the verifier does: [`eval`](crate::circuit::ConstraintSystem::eval) returns
    /// `None`), for the circuit's digest, then with the challenge values (`eval` returns
    /// `Some`). A callback that branches on whether `eval` returns a value takes a different
    /// path in the two runs, as it would in the prover and the verifier: compute values inside
    /// the branch, but emit the same `multiply`/`constrain` calls on both paths.
    #[error(
        "the second phase emitted different constraints when run again: the phase-2 closure \
         took another path with values than without (usually a branch on whether `eval` \
         returns a value), as the prover and the verifier would; emit the same constraints on \
         both paths"
    )]
    Phase2Mismatch,
    /// The verifier was given a different number of commitments than the circuit has.
    #[error("the circuit has {expected} commitments, {found} were given")]
    WrongCommitmentCount {
        /// Commitments of the circuit.
        expected: usize,
        /// Commitments given.
        found: usize,
    },
    /// A circuit description (JSON) that is malformed or not in canonical form.
    #[error("invalid or non-canonical circuit description")]
    InvalidDescription,
    /// A second-phase rule was broken: a challenge drawn after the running callback allocated
    /// a multiplier, a constraint of one callback using a multiplier of an earlier one, or a
    /// callback registered from the second phase (a two-phase gadget nested in another's
    /// second phase). Each would let the prover choose values after the challenge that is
    /// meant to bind them; bpkit refuses the circuit rather than prove or verify it.
    #[error(
        "second-phase rule broken: a challenge after a phase-2 allocation, a multiplier of \
         another callback, or a callback registered from phase 2"
    )]
    PhaseOrder,
    /// A gadget's own error.
    #[error("gadget error: {0}")]
    Gadget(&'static str),
}

impl CircuitError {
    /// A stable, machine-readable name for the kind of error ([`crate::Error::kind`] of
    /// [`crate::Error::Circuit`]).
    ///
    /// A malformed description keeps the name `circuit`, which the frozen vectors
    /// (`tests/vectors/circuit.json`) and the bindings record for it; the envelope's verifier
    /// limit and the format's own limit are both `circuit-too-large`.
    pub fn kind(&self) -> &'static str {
        match self {
            CircuitError::Unsatisfied { .. } => "unsatisfied-constraint",
            CircuitError::MissingAssignment => "missing-assignment",
            CircuitError::ChallengeDegree => "challenge-degree",
            CircuitError::InvalidChallenge => "invalid-challenge",
            CircuitError::ZeroChallenge => "zero-challenge",
            CircuitError::UnknownVariable { .. } => "unknown-variable",
            CircuitError::TooLarge { .. } => "circuit-too-large",
            CircuitError::Phase2Mismatch => "phase2-mismatch",
            CircuitError::WrongCommitmentCount { .. } => "wrong-commitment-count",
            CircuitError::InvalidDescription => "circuit",
            CircuitError::PhaseOrder => "phase-order",
            CircuitError::Gadget(_) => "gadget",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::CircuitError;
    use alloc::vec::Vec;

    #[test]
    fn every_circuit_error_has_its_own_kind() {
        let all = [
            CircuitError::Unsatisfied { index: 0 },
            CircuitError::MissingAssignment,
            CircuitError::ChallengeDegree,
            CircuitError::InvalidChallenge,
            CircuitError::ZeroChallenge,
            CircuitError::UnknownVariable {
                index: 0,
                variable: crate::variable::Variable::One,
            },
            CircuitError::TooLarge { max: 1 },
            CircuitError::Phase2Mismatch,
            CircuitError::WrongCommitmentCount {
                expected: 1,
                found: 2,
            },
            CircuitError::InvalidDescription,
            CircuitError::PhaseOrder,
            CircuitError::Gadget("g"),
        ];
        let mut kinds: Vec<&str> = all.iter().map(CircuitError::kind).collect();
        // The library's error reports the circuit error's kind.
        for (e, k) in all.iter().zip(&kinds) {
            assert_eq!(crate::Error::Circuit(*e).kind(), *k);
        }
        kinds.sort_unstable();
        kinds.dedup();
        assert_eq!(kinds.len(), all.len());
        // The frozen vectors record a malformed description as `circuit`.
        assert_eq!(CircuitError::InvalidDescription.kind(), "circuit");
    }
}
