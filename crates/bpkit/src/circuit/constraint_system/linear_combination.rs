//! Linear combinations `Σ cᵢ·xᵢ` of variables, whose coefficients may carry one challenge factor.

use super::{Challenge, Variable};
use crate::group::Scalar;
use alloc::vec::Vec;
use core::ops::{Add, Mul, Neg, Sub};

/// Arithmetic on coefficients, in variable time: a combination's coefficients are constants of
/// the circuit (its public description, the same for prover and verifier), never witness
/// values. Recording a circuit is mostly this arithmetic (SHA-256's gadget builds 160,000 terms,
/// nearly all with coefficients ±1, ±1/2 or a power of two), so the common cases skip the
/// Montgomery multiplications of [`Scalar`]'s operators; results are the same canonical scalars.
pub(crate) mod coefficient {
    use crate::group::Scalar;

    /// ℓ − 1 (that is, −1), little-endian.
    const MINUS_ONE: [u8; 32] = [
        0xec, 0xd3, 0xf5, 0x5c, 0x1a, 0x63, 0x12, 0x58, 0xd6, 0x9c, 0xf7, 0xa2, 0xde, 0xf9, 0xde,
        0x14, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x10,
    ];

    /// ℓ − 2 (that is, −2), little-endian.
    const MINUS_TWO: [u8; 32] = [
        0xeb, 0xd3, 0xf5, 0x5c, 0x1a, 0x63, 0x12, 0x58, 0xd6, 0x9c, 0xf7, 0xa2, 0xde, 0xf9, 0xde,
        0x14, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x10,
    ];

    /// `a == b`, comparing the canonical encodings in variable time.
    pub(crate) fn same(a: &Scalar, b: &Scalar) -> bool {
        a.as_bytes() == b.as_bytes()
    }

    /// −2.
    pub(crate) fn minus_two() -> Scalar {
        neg(&Scalar::from(2u64))
    }

    /// `a == 0`.
    pub(crate) fn is_zero(a: &Scalar) -> bool {
        a.as_bytes() == &[0u8; 32]
    }

    /// −1.
    pub(crate) fn minus_one() -> Scalar {
        neg(&Scalar::ONE)
    }

    /// `a == 1`.
    fn is_one(a: &Scalar) -> bool {
        same(a, &Scalar::ONE)
    }

    /// `a == −1`.
    fn is_minus_one(a: &Scalar) -> bool {
        a.as_bytes() == &MINUS_ONE
    }

    /// `−a` (a subtraction from zero: [`Scalar`]'s `Neg` first reduces by a multiplication).
    pub(crate) fn neg(a: &Scalar) -> Scalar {
        Scalar::ZERO - a
    }

    /// `a · b`, without a multiplication when either is ±1 or b is ±2.
    pub(crate) fn times(a: &Scalar, b: &Scalar) -> Scalar {
        if is_one(b) {
            *a
        } else if is_one(a) {
            *b
        } else if is_minus_one(b) {
            neg(a)
        } else if is_minus_one(a) {
            neg(b)
        } else if same(b, &Scalar::from(2u64)) {
            a + a
        } else if b.as_bytes() == &MINUS_TWO {
            neg(&(a + a))
        } else {
            a * b
        }
    }

    #[cfg(test)]
    mod tests {
        #![allow(clippy::arithmetic_side_effects)]
        use super::*;

        #[test]
        fn shortcuts_agree_with_the_operators() {
            assert_eq!(Scalar::from_bytes_mod_order(MINUS_ONE), -Scalar::ONE);
            assert!(is_minus_one(&-Scalar::ONE));
            let samples = [
                Scalar::ZERO,
                Scalar::ONE,
                -Scalar::ONE,
                Scalar::from(2u64),
                -Scalar::from(2u64),
                Scalar::from(2u64).invert(),
                Scalar::from(1u64 << 40),
                Scalar::from_bytes_mod_order([0xa7; 32]),
            ];
            assert_eq!(minus_one(), -Scalar::ONE);
            assert_eq!(Scalar::from_bytes_mod_order(MINUS_TWO), -Scalar::from(2u64));
            assert_eq!(minus_two(), -Scalar::from(2u64));
            for a in &samples {
                assert_eq!(neg(a), -a);
                assert_eq!(is_zero(a), *a == Scalar::ZERO);
                for b in &samples {
                    assert_eq!(times(a, b), a * b);
                    assert_eq!(same(a, b), a == b);
                }
            }
        }
    }
}

/// One term `coefficient · [challenge] · variable` of a linear combination.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Term {
    /// The variable.
    pub variable: Variable,
    /// The constant part of the coefficient.
    pub coefficient: Scalar,
    /// The challenge factor of the coefficient, if any (phase 2 only).
    pub challenge: Option<Challenge>,
}

/// A linear combination of variables, with the constant as a multiple of [`Variable::One`].
///
/// Built with the operators (`+`, `-`, unary `-`, `*` by a [`Scalar`] or a [`Challenge`]) or
/// from `(Variable, Scalar)` pairs. Operators never panic: multiplying a term that already
/// carries a challenge by a second challenge marks the combination invalid, and the constraint
/// system reports [`crate::circuit::CircuitError::ChallengeDegree`] when it is used.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LinearCombination {
    terms: Vec<Term>,
    invalid: bool,
}

impl LinearCombination {
    /// The terms, in the order they were added (not merged; see [`Self::canonical`]).
    pub fn terms(&self) -> &[Term] {
        &self.terms
    }

    /// False when a term was multiplied by two challenges.
    pub fn is_valid(&self) -> bool {
        !self.invalid
    }

    /// The canonical form: terms sorted by (variable, challenge), equal pairs merged, zero
    /// coefficients dropped. Two combinations are equal as functions exactly when their
    /// canonical forms are equal.
    pub fn canonical(&self) -> LinearCombination {
        self.clone().into_canonical()
    }

    /// [`Self::canonical`], reusing this combination's storage.
    pub(crate) fn into_canonical(mut self) -> LinearCombination {
        let terms = &mut self.terms;
        terms.sort_by_key(|t| (t.variable, t.challenge));
        // Merge runs of equal (variable, challenge) into their first term, in place.
        terms.dedup_by(|next, kept| {
            let same = next.variable == kept.variable && next.challenge == kept.challenge;
            if same {
                kept.coefficient += next.coefficient;
            }
            same
        });
        terms.retain(|t| !coefficient::is_zero(&t.coefficient));
        // Recorded rows live until the weights are computed: no spare capacity from the
        // merged or cancelled terms.
        terms.shrink_to_fit();
        self
    }

    /// An empty combination with room for `n` terms.
    pub(crate) fn with_capacity(n: usize) -> Self {
        LinearCombination {
            terms: Vec::with_capacity(n),
            invalid: false,
        }
    }

    /// Adds the term `s · v`.
    pub(crate) fn push_term(&mut self, variable: Variable, s: Scalar) {
        self.terms.push(Term {
            variable,
            coefficient: s,
            challenge: None,
        });
    }

    /// Adds `s · other` (`self + other * s` without consuming or copying `other` first).
    pub(crate) fn add_scaled(&mut self, other: &LinearCombination, s: &Scalar) {
        self.terms.reserve(other.terms.len());
        for t in &other.terms {
            self.terms.push(Term {
                coefficient: coefficient::times(&t.coefficient, s),
                ..*t
            });
        }
        self.invalid = self.invalid || other.invalid;
    }

    /// `self − v` (what a multiplication gate's row is: the input combination minus its wire).
    pub(crate) fn minus_variable(mut self, v: Variable) -> Self {
        self.push_term(v, coefficient::minus_one());
        self
    }

    /// `self + other` (the `+` operator, as a method).
    pub fn plus(mut self, other: LinearCombination) -> Self {
        self.terms.extend(other.terms);
        self.invalid = self.invalid || other.invalid;
        self
    }

    /// `self - other` (the `-` operator, as a method).
    pub fn minus(self, other: LinearCombination) -> Self {
        self.plus(other.negated())
    }

    /// `−self`.
    fn negated(mut self) -> Self {
        for t in self.terms.iter_mut() {
            t.coefficient = coefficient::neg(&t.coefficient);
        }
        self
    }

    /// `self · χ` (the `*` operator by a challenge, as a method).
    pub fn times_challenge(mut self, c: Challenge) -> Self {
        for t in self.terms.iter_mut() {
            if t.challenge.is_some() {
                self.invalid = true;
            }
            t.challenge = Some(c);
        }
        self
    }

    /// `self · s` (the `*` operator by a scalar, as a method).
    pub fn scale(mut self, s: Scalar) -> Self {
        for t in self.terms.iter_mut() {
            t.coefficient = coefficient::times(&t.coefficient, &s);
        }
        self
    }
}

impl From<Variable> for LinearCombination {
    fn from(variable: Variable) -> Self {
        LinearCombination {
            terms: alloc::vec![Term {
                variable,
                coefficient: Scalar::ONE,
                challenge: None
            }],
            invalid: false,
        }
    }
}

impl From<Scalar> for LinearCombination {
    fn from(s: Scalar) -> Self {
        LinearCombination {
            terms: alloc::vec![Term {
                variable: Variable::One,
                coefficient: s,
                challenge: None
            }],
            invalid: false,
        }
    }
}

impl From<u64> for LinearCombination {
    fn from(x: u64) -> Self {
        Scalar::from(x).into()
    }
}

impl From<Challenge> for LinearCombination {
    /// The constant `χ`.
    fn from(c: Challenge) -> Self {
        LinearCombination {
            terms: alloc::vec![Term {
                variable: Variable::One,
                coefficient: Scalar::ONE,
                challenge: Some(c)
            }],
            invalid: false,
        }
    }
}

impl FromIterator<(Variable, Scalar)> for LinearCombination {
    fn from_iter<I: IntoIterator<Item = (Variable, Scalar)>>(iter: I) -> Self {
        LinearCombination {
            terms: iter
                .into_iter()
                .map(|(variable, coefficient)| Term {
                    variable,
                    coefficient,
                    challenge: None,
                })
                .collect(),
            invalid: false,
        }
    }
}

impl<'a> FromIterator<&'a (Variable, Scalar)> for LinearCombination {
    fn from_iter<I: IntoIterator<Item = &'a (Variable, Scalar)>>(iter: I) -> Self {
        iter.into_iter().copied().collect()
    }
}

impl<T: Into<LinearCombination>> Add<T> for LinearCombination {
    type Output = LinearCombination;
    fn add(self, rhs: T) -> LinearCombination {
        self.plus(rhs.into())
    }
}

impl<T: Into<LinearCombination>> Sub<T> for LinearCombination {
    type Output = LinearCombination;
    fn sub(self, rhs: T) -> LinearCombination {
        self.minus(rhs.into())
    }
}

impl Neg for LinearCombination {
    type Output = LinearCombination;
    fn neg(self) -> LinearCombination {
        self.negated()
    }
}

impl Mul<Scalar> for LinearCombination {
    type Output = LinearCombination;
    fn mul(self, s: Scalar) -> LinearCombination {
        self.scale(s)
    }
}

impl Mul<LinearCombination> for Scalar {
    type Output = LinearCombination;
    fn mul(self, lc: LinearCombination) -> LinearCombination {
        lc.scale(self)
    }
}

impl Mul<Challenge> for LinearCombination {
    type Output = LinearCombination;
    fn mul(self, c: Challenge) -> LinearCombination {
        self.times_challenge(c)
    }
}

impl Mul<LinearCombination> for Challenge {
    type Output = LinearCombination;
    fn mul(self, lc: LinearCombination) -> LinearCombination {
        lc.times_challenge(self)
    }
}

impl<T: Into<LinearCombination>> Add<T> for Variable {
    type Output = LinearCombination;
    fn add(self, rhs: T) -> LinearCombination {
        LinearCombination::from(self).plus(rhs.into())
    }
}

impl<T: Into<LinearCombination>> Sub<T> for Variable {
    type Output = LinearCombination;
    fn sub(self, rhs: T) -> LinearCombination {
        LinearCombination::from(self).minus(rhs.into())
    }
}

impl Neg for Variable {
    type Output = LinearCombination;
    fn neg(self) -> LinearCombination {
        LinearCombination::from(self).negated()
    }
}

impl Mul<Scalar> for Variable {
    type Output = LinearCombination;
    fn mul(self, s: Scalar) -> LinearCombination {
        LinearCombination::from(self).scale(s)
    }
}

impl Mul<Variable> for Scalar {
    type Output = LinearCombination;
    fn mul(self, v: Variable) -> LinearCombination {
        LinearCombination::from(v).scale(self)
    }
}

impl Mul<Challenge> for Variable {
    type Output = LinearCombination;
    fn mul(self, c: Challenge) -> LinearCombination {
        LinearCombination::from(self).times_challenge(c)
    }
}

impl Mul<Variable> for Challenge {
    type Output = LinearCombination;
    fn mul(self, v: Variable) -> LinearCombination {
        LinearCombination::from(v).times_challenge(self)
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::indexing_slicing, clippy::arithmetic_side_effects)]
    use super::*;

    #[test]
    fn canonical_merges_sorts_and_drops_zeros() {
        let a = Variable::MultiplierLeft(1);
        let b = Variable::Committed(0);
        let lc = a * Scalar::from(2u64) + b - a * Scalar::from(2u64) + b + 3u64;
        let c = lc.canonical();
        assert_eq!(c.terms().len(), 2);
        assert_eq!(c.terms()[0].variable, b);
        assert_eq!(c.terms()[0].coefficient, Scalar::from(2u64));
        assert_eq!(c.terms()[1].variable, Variable::One);
    }

    #[test]
    fn second_challenge_factor_makes_the_combination_invalid() {
        let x = Variable::MultiplierOutput(0);
        let c = Challenge(0);
        assert!((x * c).is_valid());
        assert!((x * c + 1u64).is_valid());
        assert!(!((x * c) * c).is_valid());
        assert!(!(((x * c) * c) + x).is_valid());
    }
}
