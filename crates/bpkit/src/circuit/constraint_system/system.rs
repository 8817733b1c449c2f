//! The state every constraint system shares: the rows, the multiplier count, the assignment
//! (prover and checker only) and the challenges of the second phase.
//!
//! The checker, the recorder, the prover and the verifier are this one type in different modes,
//! so a gadget emits exactly the same rows in each of them.

use super::{
    Challenge, ConstraintSystem, LinearCombination, Metrics, RandomizableConstraintSystem,
    RandomizedConstraintSystem, Variable,
};
use crate::circuit::CircuitError;
use crate::group::Scalar;
use crate::transcript::TranscriptProtocol;
use alloc::boxed::Box;
use alloc::vec::Vec;
use merlin::Transcript;
use zeroize::{Zeroize, ZeroizeOnDrop};

/// The largest number of multipliers (both phases) of a circuit, and of commitments.
pub const MAX_MULTIPLIERS: usize = 1 << 22;

/// A phase-2 callback, as stored until the first phase is committed.
pub(crate) type Callback = Box<dyn Fn(&mut System) -> Result<(), CircuitError> + Send + Sync>;

/// The secret assignment: committed values and multiplier wires. Zeroized on drop.
#[derive(Default, Zeroize, ZeroizeOnDrop)]
pub(crate) struct Assignment {
    pub(crate) v: Vec<Scalar>,
    pub(crate) a_l: Vec<Scalar>,
    pub(crate) a_r: Vec<Scalar>,
    pub(crate) a_o: Vec<Scalar>,
}

/// Where the challenges of the second phase come from.
pub(crate) enum Source {
    /// Symbols only (the recorder).
    Symbolic,
    /// Drawn from a transcript (prover and verifier in phase 2, checker at any time).
    Transcript(Box<Transcript>),
}

/// The constraint system handed to second-phase callbacks (and the state behind the
/// [`super::Checker`], the prover and the verifier).
///
/// Gadgets never construct it; they receive it as
/// [`RandomizableConstraintSystem::RandomizedCS`].
pub struct System {
    pub(crate) assignment: Option<Assignment>,
    num_commitments: usize,
    multipliers: usize,
    pending: Option<usize>,
    pub(crate) constraints: Vec<LinearCombination>,
    /// Rows moved out ([`System::take_rows`]) or held by the first phase's system: the canonical
    /// index of `constraints[0]`.
    rows_before: usize,
    phase_one: Option<(usize, usize)>,
    challenges: Vec<Option<Scalar>>,
    labels: Vec<Vec<u8>>,
    source: Source,
    lenient_challenges: bool,
    callbacks: Vec<Callback>,
    /// While a phase-2 callback runs: the number of multipliers when it began (its own are
    /// those from here on).
    callback_start: Option<usize>,
    error: Option<CircuitError>,
}

impl System {
    /// A system that records rows only (verifier, recorder).
    pub(crate) fn recording() -> Self {
        System {
            assignment: None,
            num_commitments: 0,
            multipliers: 0,
            pending: None,
            constraints: Vec::new(),
            rows_before: 0,
            phase_one: None,
            challenges: Vec::new(),
            labels: Vec::new(),
            source: Source::Symbolic,
            lenient_challenges: false,
            callbacks: Vec::new(),
            callback_start: None,
            error: None,
        }
    }

    /// A system that also holds an assignment (prover).
    pub(crate) fn assigning() -> Self {
        let mut s = System::recording();
        s.assignment = Some(Assignment::default());
        s
    }

    /// A checker's system: an assignment, and challenges drawn from `seed` whenever asked for.
    pub(crate) fn checking(seed: &[u8]) -> Self {
        let mut s = System::assigning();
        let mut t = Transcript::new(b"bpkit circuit checker v1");
        t.append_message(b"seed", seed);
        s.source = Source::Transcript(Box::new(t));
        s.lenient_challenges = true;
        s
    }

    /// A system for the symbolic second phase: the counts of `first` after its first phase, no
    /// rows, no assignment, symbolic challenges.
    pub(crate) fn symbolic_continuation(first: &System) -> Self {
        let mut s = System::recording();
        s.num_commitments = first.num_commitments;
        s.multipliers = first.multipliers;
        s.phase_one = Some((first.multipliers, first.constraints.len()));
        s.rows_before = first.next_row();
        s
    }

    /// Records the first error; later ones are consequences.
    pub(crate) fn record_error(&mut self, e: CircuitError) {
        if self.error.is_none() {
            self.error = Some(e);
        }
    }

    /// The first error recorded while the circuit was built.
    pub(crate) fn error(&self) -> Option<CircuitError> {
        self.error
    }

    /// Number of committed variables.
    pub(crate) fn num_commitments(&self) -> usize {
        self.num_commitments
    }

    /// Number of multipliers so far (both phases).
    pub(crate) fn num_multipliers(&self) -> usize {
        self.multipliers
    }

    /// `(multipliers, constraints)` of the first phase, once the second phase has begun.
    pub(crate) fn phase_one(&self) -> Option<(usize, usize)> {
        self.phase_one
    }

    /// A new committed variable (phase 1 only); `value` is kept when the system assigns.
    pub(crate) fn commit_variable(&mut self, value: Option<Scalar>) -> Variable {
        if self.phase_one.is_some() {
            self.record_error(CircuitError::InvalidChallenge);
        }
        let i = self.num_commitments;
        self.num_commitments = i.saturating_add(1);
        if let Some(a) = self.assignment.as_mut() {
            a.v.push(value.unwrap_or(Scalar::ZERO));
            if value.is_none() {
                self.record_error(CircuitError::MissingAssignment);
            }
        }
        Variable::Committed(i)
    }

    /// Takes the stored phase-2 callbacks.
    pub(crate) fn take_callbacks(&mut self) -> Vec<Callback> {
        core::mem::take(&mut self.callbacks)
    }

    /// Ends the first phase: closes a half-used multiplier and remembers the phase-1 sizes.
    pub(crate) fn begin_phase_two(&mut self, source: Option<Transcript>) {
        self.pending = None;
        if self.phase_one.is_none() {
            self.phase_one = Some((self.multipliers, self.constraints.len()));
        }
        if let Some(t) = source {
            self.source = Source::Transcript(Box::new(t));
        }
    }

    /// Runs the callbacks of the second phase on this system, in order.
    ///
    /// **The phase rules** (the soundness of every two-phase gadget rests on them; see
    /// `docs/spec.md`, "Circuits: the two phases"): a challenge is random only with respect to
    /// what was committed before it. Every challenge is drawn after the first phase's
    /// commitments (`A_I1, A_O1, S1`) and before the second phase's (`A_I2, A_O2, S2`), so it
    /// binds phase-1 variables and nothing allocated in phase 2. Hence, while a callback runs:
    /// - it may draw challenges only before it allocates its first multiplier
    ///   ([`CircuitError::PhaseOrder`] after);
    /// - its constraints may use phase-1 variables and its own multipliers, not those of an
    ///   earlier callback (whose values the prover chose knowing this callback's challenges);
    /// - it may not register another callback (a two-phase gadget inside phase 2 would get a
    ///   challenge drawn before its own inputs were fixed: the `contains_zero` forgery).
    ///
    /// A half-used multiplier ([`ConstraintSystem::allocate`]) is closed when a callback begins,
    /// so no callback shares one with another.
    pub(crate) fn run_phase_two(&mut self, callbacks: &[Callback]) -> Result<(), CircuitError> {
        for f in callbacks {
            self.pending = None;
            self.callback_start = Some(self.multipliers);
            let run = f(self);
            self.callback_start = None;
            run?;
            if weakened() {
                // bpkit 0.1.0 (the attack tests' weakened system): nested callbacks ran after
                // their parent.
                let more = self.take_callbacks();
                self.run_phase_two(&more)?;
            }
        }
        Ok(())
    }

    /// The multipliers a phase-2 constraint may not use: those allocated in phase 2 before the
    /// running callback began (`start..end`, empty outside a callback).
    fn foreign_multipliers(&self) -> core::ops::Range<usize> {
        if weakened() {
            return 0..0;
        }
        match (self.phase_one, self.callback_start) {
            (Some((first, _)), Some(start)) => first..start,
            _ => 0..0,
        }
    }

    /// True when a challenge drawn now would come after a phase-2 multiplier of the running
    /// callback (or, outside any callback, after any phase-2 multiplier).
    fn challenge_too_late(&self) -> bool {
        if weakened() {
            return false;
        }
        match (self.phase_one, self.callback_start) {
            (Some(_), Some(start)) => self.multipliers > start,
            (Some((first, _)), None) => self.multipliers > first,
            (None, _) => false,
        }
    }

    /// Gives back the transcript the challenges were drawn from (prover and verifier).
    pub(crate) fn take_transcript(&mut self) -> Option<Transcript> {
        match core::mem::replace(&mut self.source, Source::Symbolic) {
            Source::Transcript(t) => Some(*t),
            Source::Symbolic => None,
        }
    }

    /// The value of each challenge symbol drawn so far (`None` when symbolic).
    pub(crate) fn challenge_values(&self) -> &[Option<Scalar>] {
        &self.challenges
    }

    /// The label of each challenge drawn so far.
    pub(crate) fn challenge_labels(&self) -> &[Vec<u8>] {
        &self.labels
    }

    /// Moves the rows out (the recorder's and the prover's circuit takes them).
    pub(crate) fn take_rows(&mut self) -> Vec<LinearCombination> {
        let rows = core::mem::take(&mut self.constraints);
        self.rows_before = self.rows_before.saturating_add(rows.len());
        rows
    }

    /// The canonical index the next constraint gets (phase-1 rows, then phase-2 rows).
    fn next_row(&self) -> usize {
        self.rows_before.saturating_add(self.constraints.len())
    }

    /// The first constraint the assignment does not satisfy (in canonical order), if any.
    /// Only the index of a failure is revealed, which the prover must refuse anyway.
    pub(crate) fn first_unsatisfied(&self) -> Option<usize> {
        self.constraints
            .iter()
            .position(|lc| self.eval(lc) != Some(Scalar::ZERO))
    }

    fn variable_in_range(&self, v: Variable) -> bool {
        match v {
            Variable::Committed(i) => i < self.num_commitments,
            Variable::MultiplierLeft(i)
            | Variable::MultiplierRight(i)
            | Variable::MultiplierOutput(i) => i < self.multipliers,
            Variable::One => true,
        }
    }

    /// Checks a combination about to become row `index` and records what is wrong with it.
    fn validate(&mut self, lc: &LinearCombination, index: usize) {
        if !lc.is_valid() {
            self.record_error(CircuitError::ChallengeDegree);
        }
        let challenges_allowed = self.lenient_challenges || self.phase_one.is_some();
        let foreign = self.foreign_multipliers();
        for t in lc.terms() {
            if !self.variable_in_range(t.variable) {
                self.record_error(CircuitError::UnknownVariable {
                    index,
                    variable: t.variable,
                });
            }
            if let Variable::MultiplierLeft(i)
            | Variable::MultiplierRight(i)
            | Variable::MultiplierOutput(i) = t.variable
            {
                if foreign.contains(&i) {
                    self.record_error(CircuitError::PhaseOrder);
                }
            }
            if let Some(c) = t.challenge {
                if !challenges_allowed || c.0 >= self.challenges.len() {
                    self.record_error(CircuitError::InvalidChallenge);
                }
            }
        }
    }

    fn value(a: &Assignment, v: Variable) -> Option<Scalar> {
        match v {
            Variable::Committed(i) => a.v.get(i).copied(),
            Variable::MultiplierLeft(i) => a.a_l.get(i).copied(),
            Variable::MultiplierRight(i) => a.a_r.get(i).copied(),
            Variable::MultiplierOutput(i) => a.a_o.get(i).copied(),
            Variable::One => Some(Scalar::ONE),
        }
    }

    fn new_multiplier(&mut self, l: Scalar, r: Scalar) -> Option<usize> {
        if self.multipliers >= MAX_MULTIPLIERS {
            self.record_error(CircuitError::TooLarge {
                max: MAX_MULTIPLIERS,
            });
            return None;
        }
        let i = self.multipliers;
        self.multipliers = i.saturating_add(1);
        if let Some(a) = self.assignment.as_mut() {
            a.a_l.push(l);
            a.a_r.push(r);
            a.a_o.push(l * r);
        }
        Some(i)
    }
}

impl ConstraintSystem for System {
    fn multiply(
        &mut self,
        left: LinearCombination,
        right: LinearCombination,
    ) -> (Variable, Variable, Variable) {
        // `left` and `right` become the next two rows (below); checked before they are evaluated.
        let row = self.next_row();
        self.validate(&left, row);
        self.validate(&right, row.saturating_add(1));
        let (lv, rv) = match self.assignment.as_ref() {
            Some(_) => match (self.eval(&left), self.eval(&right)) {
                (Some(l), Some(r)) => (l, r),
                _ => {
                    self.record_error(CircuitError::MissingAssignment);
                    (Scalar::ZERO, Scalar::ZERO)
                }
            },
            None => (Scalar::ZERO, Scalar::ZERO),
        };
        // On overflow the error is recorded and the last index is returned; nothing is proved.
        let i = self
            .new_multiplier(lv, rv)
            .unwrap_or(self.multipliers.saturating_sub(1));
        let (l, r, o) = (
            Variable::MultiplierLeft(i),
            Variable::MultiplierRight(i),
            Variable::MultiplierOutput(i),
        );
        self.constrain(left.minus_variable(l));
        self.constrain(right.minus_variable(r));
        (l, r, o)
    }

    fn allocate(&mut self, assignment: Option<Scalar>) -> Result<Variable, CircuitError> {
        let value = match self.assignment {
            Some(_) => Some(assignment.ok_or(CircuitError::MissingAssignment)?),
            None => None,
        };
        match self.pending.take() {
            Some(i) => {
                if let (Some(a), Some(r)) = (self.assignment.as_mut(), value) {
                    if let (Some(ar), Some(ao), Some(al)) =
                        (a.a_r.get_mut(i), a.a_o.get_mut(i), a.a_l.get(i))
                    {
                        *ar = r;
                        *ao = *al * r;
                    }
                }
                Ok(Variable::MultiplierRight(i))
            }
            None => {
                let i = self
                    .new_multiplier(value.unwrap_or(Scalar::ZERO), Scalar::ZERO)
                    .ok_or(CircuitError::TooLarge {
                        max: MAX_MULTIPLIERS,
                    })?;
                self.pending = Some(i);
                Ok(Variable::MultiplierLeft(i))
            }
        }
    }

    fn allocate_multiplier(
        &mut self,
        input_assignments: Option<(Scalar, Scalar)>,
    ) -> Result<(Variable, Variable, Variable), CircuitError> {
        let (l, r) = match self.assignment {
            Some(_) => input_assignments.ok_or(CircuitError::MissingAssignment)?,
            None => (Scalar::ZERO, Scalar::ZERO),
        };
        let i = self.new_multiplier(l, r).ok_or(CircuitError::TooLarge {
            max: MAX_MULTIPLIERS,
        })?;
        Ok((
            Variable::MultiplierLeft(i),
            Variable::MultiplierRight(i),
            Variable::MultiplierOutput(i),
        ))
    }

    fn constrain(&mut self, lc: LinearCombination) {
        self.validate(&lc, self.next_row());
        self.constraints.push(lc.into_canonical());
    }

    fn metrics(&self) -> Metrics {
        let total = self.constraints.len();
        let one = self.phase_one.map_or(total, |(_, c)| c);
        Metrics {
            multipliers: self.multipliers,
            constraints: total,
            phase_one_constraints: one,
            phase_two_constraints: total.saturating_sub(one),
        }
    }

    fn eval(&self, lc: &LinearCombination) -> Option<Scalar> {
        let a = self.assignment.as_ref()?;
        if !lc.is_valid() {
            return None;
        }
        let mut sum = Scalar::ZERO;
        for t in lc.terms() {
            let mut c = t.coefficient;
            if let Some(ch) = t.challenge {
                c *= (*self.challenges.get(ch.0)?)?;
            }
            sum += c * System::value(a, t.variable)?;
        }
        Some(sum)
    }
}

impl RandomizableConstraintSystem for System {
    type RandomizedCS = System;

    fn specify_randomized_constraints<F>(&mut self, callback: F) -> Result<(), CircuitError>
    where
        F: 'static + Send + Sync + Fn(&mut Self::RandomizedCS) -> Result<(), CircuitError>,
    {
        // Only in the first phase: a callback registered from phase 2 would draw its challenges
        // after phase-2 values it may take as inputs were chosen ([`System::run_phase_two`]).
        if self.phase_one.is_some() && !weakened() {
            self.record_error(CircuitError::PhaseOrder);
            return Err(CircuitError::PhaseOrder);
        }
        self.callbacks.push(Box::new(callback));
        Ok(())
    }
}

impl RandomizedConstraintSystem for System {
    fn challenge(&mut self, label: &'static [u8]) -> Result<Challenge, CircuitError> {
        if self.phase_one.is_none() && !self.lenient_challenges {
            return Err(CircuitError::InvalidChallenge);
        }
        if self.challenge_too_late() {
            self.record_error(CircuitError::PhaseOrder);
            return Err(CircuitError::PhaseOrder);
        }
        let value = match &mut self.source {
            Source::Symbolic => None,
            Source::Transcript(t) => Some(draw_challenge(t, label)?),
        };
        let i = self.challenges.len();
        self.challenges.push(value);
        self.labels.push(label.to_vec());
        Ok(Challenge(i))
    }
}

#[cfg(all(test, feature = "std"))]
std::thread_local! {
    /// Unit tests only (`phase_attacks`): this thread's systems follow bpkit 0.1.0's phase rules
    /// (none), so a test can show that its attack succeeds without the rules.
    pub(crate) static WEAKENED: core::cell::Cell<bool> = const { core::cell::Cell::new(false) };
}

/// True in a unit test that switched the phase rules off for its thread ([`WEAKENED`]).
#[cfg(all(test, feature = "std"))]
fn weakened() -> bool {
    WEAKENED.with(core::cell::Cell::get)
}

/// Never outside unit tests: the phase rules always hold.
#[cfg(not(all(test, feature = "std")))]
const fn weakened() -> bool {
    false
}

/// A phase-2 challenge: the gadget's label is appended as a message (so labels need not be
/// `'static` when a circuit is loaded from its description), then 64 bytes are drawn and reduced.
/// A zero challenge is an error.
pub(crate) fn draw_challenge(t: &mut Transcript, label: &[u8]) -> Result<Scalar, CircuitError> {
    t.append_message(b"challenge-label", label);
    let c = t.challenge_scalar(b"challenge");
    if c == Scalar::ZERO {
        return Err(CircuitError::ZeroChallenge);
    }
    Ok(c)
}

/// `impl ConstraintSystem for $ty` by delegation to its `sys: System` field: the checker, the
/// recorder, the prover and the verifier share one state machine, so they emit the same rows.
/// `assigned` types evaluate combinations under the witness; `unassigned` ones know no values.
macro_rules! delegate_constraint_system {
    ($ty:ty, $kind:ident) => {
        impl $crate::circuit::ConstraintSystem for $ty {
            fn multiply(
                &mut self,
                left: $crate::circuit::LinearCombination,
                right: $crate::circuit::LinearCombination,
            ) -> (
                $crate::circuit::Variable,
                $crate::circuit::Variable,
                $crate::circuit::Variable,
            ) {
                self.sys.multiply(left, right)
            }

            fn allocate(
                &mut self,
                assignment: Option<$crate::group::Scalar>,
            ) -> Result<$crate::circuit::Variable, $crate::circuit::CircuitError> {
                self.sys.allocate(assignment)
            }

            fn allocate_multiplier(
                &mut self,
                input_assignments: Option<($crate::group::Scalar, $crate::group::Scalar)>,
            ) -> Result<
                (
                    $crate::circuit::Variable,
                    $crate::circuit::Variable,
                    $crate::circuit::Variable,
                ),
                $crate::circuit::CircuitError,
            > {
                self.sys.allocate_multiplier(input_assignments)
            }

            fn constrain(&mut self, lc: $crate::circuit::LinearCombination) {
                self.sys.constrain(lc)
            }

            fn metrics(&self) -> $crate::circuit::Metrics {
                self.sys.metrics()
            }

            $crate::circuit::constraint_system::system::delegate_constraint_system!(@eval $kind);
        }
    };
    (@eval assigned) => {
        fn eval(
            &self,
            lc: &$crate::circuit::LinearCombination,
        ) -> Option<$crate::group::Scalar> {
            self.sys.eval(lc)
        }
    };
    (@eval unassigned) => {
        fn eval(
            &self,
            _lc: &$crate::circuit::LinearCombination,
        ) -> Option<$crate::group::Scalar> {
            None
        }
    };
}
pub(crate) use delegate_constraint_system;
