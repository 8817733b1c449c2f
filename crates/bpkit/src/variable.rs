//! Variables of a constraint system and the opaque symbols of phase-2 challenges (re-exported
//! as `bpkit::circuit::{Variable, Challenge}`; defined below `circuit/` and `errors`, since
//! [`crate::circuit::CircuitError`] names a variable).

/// A variable of a constraint system: a wire of a multiplier, a committed value, or the constant 1.
///
/// The index of a multiplier wire is the multiplier's position (phase 1 first, then phase 2); the
/// index of a committed value is the position of its commitment `V`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Variable {
    /// The value committed by the `i`-th commitment `V_i` (high-level variable `v_i`).
    Committed(usize),
    /// The left input `a_L[i]` of multiplier `i`.
    MultiplierLeft(usize),
    /// The right input `a_R[i]` of multiplier `i`.
    MultiplierRight(usize),
    /// The output `a_O[i] = a_L[i]·a_R[i]` of multiplier `i`.
    MultiplierOutput(usize),
    /// The constant 1.
    One,
}

/// A verifier challenge of the second phase, as an opaque symbol.
///
/// Its value is known only inside the constraint system (the prover's and the checker's, once
/// drawn); the recorder keeps it symbolic, which is what lets the circuit digest cover the
/// second phase before any challenge exists. Gadgets obtain values that depend on challenges
/// through [`crate::circuit::ConstraintSystem::eval`]. Symbols are numbered in the order they are drawn.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Challenge(pub(crate) usize);

impl Challenge {
    /// The position of this challenge among the challenges of the second phase (0 for the first
    /// one drawn).
    pub fn index(&self) -> usize {
        self.0
    }
}
