//! Linear combinations `Σ cᵢ·xᵢ` of variables, whose coefficients may carry one challenge factor.

use super::{Challenge, Variable};
use crate::group::Scalar;
use alloc::vec::Vec;
use core::ops::{Add, Mul, Neg, Sub};

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
        let mut terms = self.terms.clone();
        terms.sort_by_key(|t| (t.variable, t.challenge));
        let mut merged: Vec<Term> = Vec::with_capacity(terms.len());
        for t in terms {
            match merged.last_mut() {
                Some(last) if last.variable == t.variable && last.challenge == t.challenge => {
                    last.coefficient += t.coefficient;
                }
                _ => merged.push(t),
            }
        }
        merged.retain(|t| t.coefficient != Scalar::ZERO);
        // Recorded rows live until the weights are computed: no spare capacity from the
        // merged or cancelled terms (it reallocates only when terms were dropped).
        merged.shrink_to_fit();
        LinearCombination {
            terms: merged,
            invalid: self.invalid,
        }
    }

    /// `self + other` (the `+` operator, as a method).
    pub fn plus(mut self, other: LinearCombination) -> Self {
        self.terms.extend(other.terms);
        self.invalid = self.invalid || other.invalid;
        self
    }

    /// `self - other` (the `-` operator, as a method).
    pub fn minus(self, other: LinearCombination) -> Self {
        self.plus(other.scale(-Scalar::ONE))
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
            t.coefficient *= s;
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
        self.scale(-Scalar::ONE)
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
        LinearCombination::from(self).scale(-Scalar::ONE)
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
