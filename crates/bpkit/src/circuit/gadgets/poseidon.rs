//! Poseidon in the circuit, agreeing with [`crate::poseidon::Poseidon`].
//!
//! The S-box x^5 costs **3 multipliers** (x·x, x²·x², x⁴·x); round constants and the MDS layer
//! are linear, so they cost nothing. A permutation has R_F·t + R_P = 8·3 + 56 = 80 S-boxes:
//! **240 multipliers**, less when a cell is constant (the capacity cell of the first round:
//! [`hash2`] costs **237**, the one-input [`hash`] **234**). In partial rounds the two cells without an
//! S-box stay linear combinations (kept merged, so they grow by one term per round).

use crate::circuit::{CircuitError, ConstraintSystem, LinearCombination, Variable};
use crate::group::Scalar;
use crate::poseidon::{Poseidon, WIDTH};
use alloc::collections::BTreeMap;
use alloc::vec::Vec;

/// A merged affine combination `constant + Σ c_v·v`.
#[derive(Clone, Debug, Default)]
pub(crate) struct Affine {
    terms: BTreeMap<Variable, Scalar>,
    constant: Scalar,
}

impl Affine {
    pub(crate) fn constant(c: Scalar) -> Self {
        Affine {
            terms: BTreeMap::new(),
            constant: c,
        }
    }

    pub(crate) fn variable(v: Variable) -> Self {
        let mut a = Affine::default();
        a.add_term(v, Scalar::ONE);
        a
    }

    fn add_term(&mut self, v: Variable, c: Scalar) {
        if v == Variable::One {
            self.constant += c;
        } else {
            let e = self.terms.entry(v).or_insert(Scalar::ZERO);
            *e += c;
        }
    }

    /// From a combination without challenge factors.
    pub(crate) fn from_lc(lc: &LinearCombination) -> Result<Self, CircuitError> {
        let mut a = Affine::default();
        for t in lc.terms() {
            if t.challenge.is_some() || !lc.is_valid() {
                return Err(CircuitError::Gadget(
                    "poseidon: an input depends on a challenge",
                ));
            }
            a.add_term(t.variable, t.coefficient);
        }
        Ok(a)
    }

    pub(crate) fn lc(&self) -> LinearCombination {
        let terms: LinearCombination = self
            .terms
            .iter()
            .filter(|(_, c)| **c != Scalar::ZERO)
            .map(|(v, c)| (*v, *c))
            .collect();
        if self.constant == Scalar::ZERO {
            terms
        } else {
            terms + self.constant
        }
    }

    /// self += c·v.
    pub(crate) fn add_scaled_variable(&mut self, v: Variable, c: Scalar) {
        self.add_term(v, c);
    }

    fn as_constant(&self) -> Option<Scalar> {
        if self.terms.values().all(|c| *c == Scalar::ZERO) {
            Some(self.constant)
        } else {
            None
        }
    }

    /// self += s·other.
    fn add_scaled(&mut self, other: &Affine, s: Scalar) {
        self.constant += other.constant * s;
        for (v, c) in &other.terms {
            self.add_term(*v, c * s);
        }
    }
}

/// x^5: 3 multipliers, or none for a constant.
fn sbox<CS: ConstraintSystem + ?Sized>(cs: &mut CS, x: &Affine) -> Result<Affine, CircuitError> {
    if let Some(c) = x.as_constant() {
        return Ok(Affine::constant(crate::poseidon::permutation_sbox(c)));
    }
    // x·x with x assigned directly, so that the (possibly long) combination appears in one row
    // (l = x) instead of two (l = x, r = x).
    let lc = x.lc();
    let value = cs.eval(&lc);
    let (l, r, x2) = cs.allocate_multiplier(value.map(|v| (v, v)))?;
    cs.constrain(LinearCombination::from(l) - lc);
    cs.constrain(r - l);
    let (_, _, x4) = cs.multiply(x2.into(), x2.into());
    let (_, _, x5) = cs.multiply(x4.into(), l.into());
    Ok(Affine::variable(x5))
}

/// The permutation on merged combinations.
pub(crate) fn permute_affine<CS: ConstraintSystem + ?Sized>(
    cs: &mut CS,
    p: &Poseidon,
    state: [Affine; WIDTH],
) -> Result<[Affine; WIDTH], CircuitError> {
    let mut state = state;
    for (r, constants) in p.round_constants().iter().enumerate() {
        for (s, c) in state.iter_mut().zip(constants.iter()) {
            s.constant += c;
        }
        if crate::poseidon::is_full_round(r) {
            for s in state.iter_mut() {
                *s = sbox(cs, s)?;
            }
        } else {
            let [first, ..] = &mut state;
            *first = sbox(cs, first)?;
        }
        state = (*p.mds()).map(|row| {
            let mut acc = Affine::default();
            for (m, s) in row.iter().zip(state.iter()) {
                acc.add_scaled(s, *m);
            }
            acc
        });
    }
    Ok(state)
}

/// The permutation of three combinations (no challenge factors). **240 multipliers** (fewer
/// with constant cells).
pub fn permute<CS: ConstraintSystem + ?Sized>(
    cs: &mut CS,
    p: &Poseidon,
    state: [LinearCombination; WIDTH],
) -> Result<[LinearCombination; WIDTH], CircuitError> {
    let [a, b, c] = state;
    let affine = [
        Affine::from_lc(&a)?,
        Affine::from_lc(&b)?,
        Affine::from_lc(&c)?,
    ];
    Ok(permute_affine(cs, p, affine)?.map(|x| x.lc()))
}

pub(crate) fn hash2_affine<CS: ConstraintSystem + ?Sized>(
    cs: &mut CS,
    p: &Poseidon,
    left: Affine,
    right: Affine,
) -> Result<Affine, CircuitError> {
    let state = [Affine::constant(Scalar::from(3u64)), left, right];
    let [_, out, _] = permute_affine(cs, p, state)?;
    Ok(out)
}

/// The Merkle 2-to-1 compression [`Poseidon::hash2`]. **237 multipliers**.
pub fn hash2<CS: ConstraintSystem + ?Sized>(
    cs: &mut CS,
    p: &Poseidon,
    left: LinearCombination,
    right: LinearCombination,
) -> Result<LinearCombination, CircuitError> {
    let out = hash2_affine(cs, p, Affine::from_lc(&left)?, Affine::from_lc(&right)?)?;
    Ok(out.lc())
}

pub(crate) fn hash_affine<CS: ConstraintSystem + ?Sized>(
    cs: &mut CS,
    p: &Poseidon,
    inputs: &[Affine],
) -> Result<Affine, CircuitError> {
    let mut state = [
        Affine::constant(Poseidon::sponge_domain(inputs.len())),
        Affine::default(),
        Affine::default(),
    ];
    let mut chunks = inputs.chunks(2).peekable();
    if chunks.peek().is_none() {
        state = permute_affine(cs, p, state)?;
    }
    for chunk in chunks {
        let [_, s1, s2] = &mut state;
        let mut it = chunk.iter();
        if let Some(a) = it.next() {
            s1.add_scaled(a, Scalar::ONE);
        }
        if let Some(b) = it.next() {
            s2.add_scaled(b, Scalar::ONE);
        }
        state = permute_affine(cs, p, state)?;
    }
    let [_, out, _] = state;
    Ok(out)
}

/// The fixed-length sponge [`Poseidon::hash`]. **240 multipliers per pair of inputs** (237
/// for the first).
pub fn hash<CS: ConstraintSystem + ?Sized>(
    cs: &mut CS,
    p: &Poseidon,
    inputs: &[LinearCombination],
) -> Result<LinearCombination, CircuitError> {
    let affine = inputs
        .iter()
        .map(Affine::from_lc)
        .collect::<Result<Vec<Affine>, CircuitError>>()?;
    Ok(hash_affine(cs, p, &affine)?.lc())
}
