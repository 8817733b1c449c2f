//! The traits gadgets are written against: one constraint system for the checker, the recorder,
//! the prover and the verifier.

use super::{Challenge, LinearCombination, Variable};
use crate::circuit::CircuitError;
use crate::group::Scalar;

/// Sizes of a constraint system so far.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Metrics {
    /// Multipliers (both phases; not padded).
    pub multipliers: usize,
    /// Linear constraints (both phases, including the two each `multiply` adds).
    pub constraints: usize,
    /// Linear constraints of the first phase.
    pub phase_one_constraints: usize,
    /// Linear constraints of the second phase.
    pub phase_two_constraints: usize,
}

/// A constraint system: the interface gadgets are written against, implemented by the prover,
/// the verifier, the recorder and the [`super::Checker`].
pub trait ConstraintSystem {
    /// A multiplication gate: constrains `l = left`, `r = right` and returns `(l, r, o)` with
    /// `o = l·r`.
    fn multiply(
        &mut self,
        left: LinearCombination,
        right: LinearCombination,
    ) -> (Variable, Variable, Variable);

    /// One free variable (a wire of a multiplier; two allocations share one multiplier).
    /// Prover and checker: `Some(value)`; verifier and recorder: `None` (a value is ignored).
    fn allocate(&mut self, assignment: Option<Scalar>) -> Result<Variable, CircuitError>;

    /// A multiplier whose inputs are assigned directly: returns `(l, r, o)` with `o = l·r`.
    fn allocate_multiplier(
        &mut self,
        input_assignments: Option<(Scalar, Scalar)>,
    ) -> Result<(Variable, Variable, Variable), CircuitError>;

    /// Enforces `lc = 0`. A malformed combination (see [`CircuitError::ChallengeDegree`]) is
    /// reported when the proof is made, checked or verified.
    fn constrain(&mut self, lc: LinearCombination);

    /// Multipliers and constraints so far.
    fn metrics(&self) -> Metrics;

    /// The value of `lc` under the prover's assignment (and, in phase 2, the challenge values);
    /// `None` in the verifier and in the recorder.
    fn eval(&self, lc: &LinearCombination) -> Option<Scalar>;
}

/// A constraint system that can have a second phase, with verifier challenges.
///
/// A gadget that needs a challenge registers a closure with
/// [`specify_randomized_constraints`](Self::specify_randomized_constraints); it runs once every
/// phase-1 variable is committed, and draws its challenges from the transcript through
/// [`RandomizedConstraintSystem::challenge`]. The same gadget code runs in the
/// [`Checker`](super::Checker), the [`Prover`](crate::circuit::Prover) and the
/// [`Verifier`](crate::circuit::Verifier).
///
/// **The phase rules** (soundness: a challenge binds only what was committed before it, the
/// phase-1 values; every phase-2 multiplier is committed after every challenge):
/// - register callbacks in the first phase only: calling `specify_randomized_constraints` from
///   inside a callback (a two-phase gadget such as `shuffle` nested in another's second phase)
///   fails with [`CircuitError::PhaseOrder`];
/// - in a callback, draw every challenge before the first `multiply`/`allocate`: a challenge
///   after the callback's own allocation fails with [`CircuitError::PhaseOrder`];
/// - a callback's constraints use phase-1 variables, the challenges and its own multipliers,
///   never another callback's ([`CircuitError::PhaseOrder`]).
///
/// Each rule stops a forgery (`docs/spec.md` §18.6): a challenge drawn after values the prover
/// chose knowing it binds nothing. Two-phase gadgets side by side, each registered in the first
/// phase, are sound and work as before.
///
/// ```
/// use bpkit::circuit::{
///     Checker, CircuitError, ConstraintSystem, Prover, RandomizableConstraintSystem,
///     RandomizedConstraintSystem, Variable, Verifier,
/// };
/// use bpkit::{BulletproofGens, PedersenGens, Scalar};
/// use merlin::Transcript;
/// # use rand::SeedableRng;
/// # let mut rng = rand_chacha::ChaCha20Rng::from_seed([4; 32]);
///
/// /// `y` is `x` in some order: (x0 − z)(x1 − z) = (y0 − z)(y1 − z) for a challenge z drawn
/// /// after x and y are committed (two multipliers, in the second phase).
/// fn shuffle2<CS: RandomizableConstraintSystem>(
///     cs: &mut CS,
///     x: [Variable; 2],
///     y: [Variable; 2],
/// ) -> Result<(), CircuitError> {
///     cs.specify_randomized_constraints(move |cs| {
///         let z = cs.challenge(b"shuffle2 z")?;
///         // Values that depend on a challenge come from `eval`: `Some` in the prover and the
///         // checker, `None` in the verifier (and in the prover's symbolic run). Hand the
///         // `Option` on as it is: a branch on it would emit other rows in each run
///         // (CircuitError::Phase2Mismatch).
///         let inputs = cs.eval(&(x[0] - z)).zip(cs.eval(&(x[1] - z)));
///         let (l, r, left) = cs.allocate_multiplier(inputs)?;
///         cs.constrain(l - (x[0] - z));
///         cs.constrain(r - (x[1] - z));
///         // `multiply` does the same in one call.
///         let (_, _, right) = cs.multiply(y[0] - z, y[1] - z);
///         cs.constrain(left - right);
///         Ok(())
///     })
/// }
///
/// // Prover: commit, run the gadget, prove.
/// let (pc, bp) = (PedersenGens::default(), BulletproofGens::new(16, 1));
/// let mut transcript = Transcript::new(b"shuffle example");
/// let mut prover = Prover::new(&pc, &mut transcript);
/// let (commitments, v): (Vec<_>, Vec<_>) = [3u64, 5, 5, 3]
///     .into_iter()
///     .map(|value| prover.commit(Scalar::from(value), Scalar::random(&mut rng)))
///     .unzip();
/// shuffle2(&mut prover, [v[0], v[1]], [v[2], v[3]])?;
/// let proof = prover.prove(&bp, &mut rng)?;
/// assert!(proof.has_phase_two());
///
/// // Verifier: the same gadget over the commitments.
/// let mut transcript = Transcript::new(b"shuffle example");
/// let mut verifier = Verifier::new(&mut transcript);
/// let v: Vec<Variable> = commitments.iter().map(|c| verifier.commit(*c)).collect();
/// shuffle2(&mut verifier, [v[0], v[1]], [v[2], v[3]])?;
/// verifier.verify(&proof, &pc, &bp)?;
///
/// // Checker: no proof; a false shuffle names its failing row.
/// let mut cs = Checker::new();
/// let v: Vec<Variable> = [3u64, 5, 5, 4].into_iter().map(|x| cs.commit(Scalar::from(x))).collect();
/// shuffle2(&mut cs, [v[0], v[1]], [v[2], v[3]])?;
/// assert!(matches!(cs.check(), Err(CircuitError::Unsatisfied { .. })));
/// # Ok::<(), bpkit::Error>(())
/// ```
pub trait RandomizableConstraintSystem: ConstraintSystem {
    /// The constraint system the second phase's callbacks receive.
    type RandomizedCS: RandomizedConstraintSystem;

    /// Phase-2 constraints, run after every phase-1 variable is committed. The callback may be
    /// run more than once (symbolically for the circuit digest, then with challenge values), so
    /// it is `Fn` and must emit the same rows each time.
    fn specify_randomized_constraints<F>(&mut self, callback: F) -> Result<(), CircuitError>
    where
        F: 'static + Send + Sync + Fn(&mut Self::RandomizedCS) -> Result<(), CircuitError>;
}

/// The constraint system of the second phase: a [`ConstraintSystem`] that also hands out
/// challenges. See [`RandomizableConstraintSystem`] for an example of a two-phase gadget.
pub trait RandomizedConstraintSystem: ConstraintSystem {
    /// A fresh verifier challenge, as an opaque symbol. Zero challenges are errors; so is a
    /// challenge after the running callback allocated a multiplier
    /// ([`CircuitError::PhaseOrder`]: see [`RandomizableConstraintSystem`]'s phase rules).
    fn challenge(&mut self, label: &'static [u8]) -> Result<Challenge, CircuitError>;
}
