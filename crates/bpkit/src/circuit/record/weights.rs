//! The weights of a circuit's rows combined with the powers of `z` (notes: "Flattening the
//! constraints"), as scalars and in Montgomery form, and the accumulator both flattenings (rows
//! of a recorded circuit, compact rows of a prepared one) sum into.

use crate::circuit::Variable;
use crate::equation::scalar::Mont;
use crate::group::Scalar;
use alloc::vec::Vec;

/// The weights of the verifier's and the prover's equations: the rows combined with the powers
/// of `z` (notes: "Flattening the constraints"). Dense over the padded multipliers, sparse work.
pub(crate) struct Weights {
    pub w_l: Vec<Scalar>,
    pub w_r: Vec<Scalar>,
    pub w_o: Vec<Scalar>,
    pub w_v: Vec<Scalar>,
    /// Read by the tests that compare flattenings; the prover folds `w_c` in through `δ` and
    /// the verifier uses [`MontWeights`].
    #[cfg_attr(not(test), allow(dead_code))]
    pub w_c: Scalar,
}

/// [`Circuit::weights`](super::circuit::Circuit) (notes: "Flattening the constraints") with `w_L, w_R, w_O` left in
/// Montgomery form for the per-generator loop, and every product of the flattening done in that
/// form too (one pass over the terms; no dalek `Scalar` arithmetic per term). Same values.
pub(crate) struct MontWeights {
    pub w_l: Vec<Mont>,
    pub w_r: Vec<Mont>,
    pub w_o: Vec<Mont>,
    pub w_v: Vec<Scalar>,
    pub w_c: Scalar,
}

/// Sums of `c·z^q` per variable, in Montgomery form; the weights' sign convention applied at
/// the end (`w_V`, `w_c` are the negated sums).
pub(crate) struct Accumulator {
    l: Vec<Mont>,
    r: Vec<Mont>,
    o: Vec<Mont>,
    v: Vec<Mont>,
    c: Mont,
}

impl Accumulator {
    pub(crate) fn new(padded: usize, num_commitments: usize) -> Self {
        Accumulator {
            l: alloc::vec![Mont::ZERO; padded],
            r: alloc::vec![Mont::ZERO; padded],
            o: alloc::vec![Mont::ZERO; padded],
            v: alloc::vec![Mont::ZERO; num_commitments],
            c: Mont::ZERO,
        }
    }

    /// Adds `c` to the sum of the variable with `tag` (as packed) and `index`.
    #[inline(always)]
    pub(crate) fn add(&mut self, tag: u32, index: usize, c: &Mont) -> Option<()> {
        let slot = match tag {
            0 => self.v.get_mut(index)?,
            1 => self.l.get_mut(index)?,
            2 => self.r.get_mut(index)?,
            3 => self.o.get_mut(index)?,
            4 => &mut self.c,
            _ => return None,
        };
        *slot = slot.add(c);
        Some(())
    }

    /// Adds `c` to the sum of `v`.
    pub(crate) fn add_variable(&mut self, v: &Variable, c: &Mont) -> Option<()> {
        match *v {
            Variable::Committed(i) => self.add(0, i, c),
            Variable::MultiplierLeft(i) => self.add(1, i, c),
            Variable::MultiplierRight(i) => self.add(2, i, c),
            Variable::MultiplierOutput(i) => self.add(3, i, c),
            Variable::One => self.add(4, 0, c),
        }
    }

    /// The weights with `w_L, w_R, w_O` kept in Montgomery form.
    pub(crate) fn finish_mont(self) -> MontWeights {
        MontWeights {
            w_l: self.l,
            w_r: self.r,
            w_o: self.o,
            w_v: self.v.into_iter().map(|m| -m.to_scalar()).collect(),
            w_c: -self.c.to_scalar(),
        }
    }

    /// The weights as scalars.
    pub(crate) fn finish(self) -> Weights {
        let out = |v: Vec<Mont>| v.into_iter().map(Mont::to_scalar).collect::<Vec<_>>();
        Weights {
            w_l: out(self.l),
            w_r: out(self.r),
            w_o: out(self.o),
            w_v: self.v.into_iter().map(|m| -m.to_scalar()).collect(),
            w_c: -self.c.to_scalar(),
        }
    }
}
