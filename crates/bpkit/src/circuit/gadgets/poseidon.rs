//! Poseidon in the circuit, agreeing with [`crate::poseidon::Poseidon`].
//!
//! The S-box x^5 costs **3 multipliers** (x·x, x²·x², x⁴·x); round constants and the MDS layer
//! are linear, so they cost nothing. A permutation has R_F·t + R_P = 8·3 + 56 = 80 S-boxes:
//! **240 multipliers**, less when a cell is constant (the capacity cell of the first round:
//! [`hash2`] costs **237**, the one-input [`hash`] **234**). In partial rounds the two cells without an
//! S-box stay linear combinations (kept merged, so they grow by one term per round).

use crate::circuit::{CircuitError, ConstraintSystem, LinearCombination, Variable};
use crate::equation::scalar::Mont;
use crate::group::Scalar;
use crate::poseidon::{Poseidon, WIDTH};
use alloc::vec::Vec;

/// A merged affine combination `constant + Σ c_v·v`: the terms sorted by variable, each
/// variable once, coefficients in Montgomery form (the partial rounds' MDS layer merges
/// combinations of up to 60 terms nine times a round; sorted vectors and Montgomery products
/// make that a linear merge at a few nanoseconds a term instead of tree lookups and dalek
/// scalar products). The coefficients are the circuit's public constants, never witness values.
#[derive(Clone, Debug, Default)]
pub(crate) struct Affine {
    terms: Vec<(Variable, Mont)>,
    constant: Mont,
}

impl Affine {
    pub(crate) fn constant(c: Scalar) -> Self {
        Affine {
            terms: Vec::new(),
            constant: Mont::from_scalar(&c),
        }
    }

    pub(crate) fn variable(v: Variable) -> Self {
        let mut a = Affine::default();
        a.add_term(v, Mont::ONE);
        a
    }

    fn add_term(&mut self, v: Variable, c: Mont) {
        if v == Variable::One {
            self.constant = self.constant.add(&c);
            return;
        }
        match self.terms.binary_search_by(|(w, _)| w.cmp(&v)) {
            Ok(i) => {
                if let Some((_, e)) = self.terms.get_mut(i) {
                    *e = e.add(&c);
                }
            }
            Err(i) => self.terms.insert(i, (v, c)),
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
            a.add_term(t.variable, Mont::from_scalar(&t.coefficient));
        }
        Ok(a)
    }

    pub(crate) fn lc(&self) -> LinearCombination {
        let terms: LinearCombination = self
            .terms
            .iter()
            .filter(|(_, c)| *c != Mont::ZERO)
            .map(|(v, c)| (*v, c.to_scalar()))
            .collect();
        if self.constant == Mont::ZERO {
            terms
        } else {
            terms + self.constant.to_scalar()
        }
    }

    /// self += c·v.
    pub(crate) fn add_scaled_variable(&mut self, v: Variable, c: Scalar) {
        self.add_term(v, Mont::from_scalar(&c));
    }

    fn as_constant(&self) -> Option<Scalar> {
        if self.terms.iter().all(|(_, c)| *c == Mont::ZERO) {
            Some(self.constant.to_scalar())
        } else {
            None
        }
    }

    /// self += s·other: a merge of the two sorted term lists.
    fn add_scaled(&mut self, other: &Affine, s: &Mont) {
        self.constant = self.constant.add(&other.constant.mul(s));
        if other.terms.is_empty() {
            return;
        }
        let mine = core::mem::take(&mut self.terms);
        let mut merged = Vec::with_capacity(mine.len().saturating_add(other.terms.len()));
        let mut a = mine.into_iter().peekable();
        let mut b = other.terms.iter().peekable();
        loop {
            let next = match (a.peek(), b.peek()) {
                (Some((va, _)), Some((vb, _))) => va.cmp(vb),
                (Some(_), None) => core::cmp::Ordering::Less,
                (None, Some(_)) => core::cmp::Ordering::Greater,
                (None, None) => break,
            };
            match next {
                core::cmp::Ordering::Less => merged.extend(a.next()),
                core::cmp::Ordering::Greater => {
                    merged.extend(b.next().map(|(v, c)| (*v, c.mul(s))));
                }
                core::cmp::Ordering::Equal => {
                    if let (Some((v, ca)), Some((_, cb))) = (a.next(), b.next()) {
                        merged.push((v, ca.add(&cb.mul(s))));
                    }
                }
            }
        }
        self.terms = merged;
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
    let mds = (*p.mds()).map(|row| row.map(|m| Mont::from_scalar(&m)));
    for (r, constants) in p.round_constants().iter().enumerate() {
        for (s, c) in state.iter_mut().zip(constants.iter()) {
            s.constant = s.constant.add(&Mont::from_scalar(c));
        }
        if crate::poseidon::is_full_round(r) {
            for s in state.iter_mut() {
                *s = sbox(cs, s)?;
            }
        } else {
            let [first, ..] = &mut state;
            *first = sbox(cs, first)?;
        }
        state = mds.map(|row| {
            let mut acc = Affine::default();
            for (m, s) in row.iter().zip(state.iter()) {
                acc.add_scaled(s, m);
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
            s1.add_scaled(a, &Mont::ONE);
        }
        if let Some(b) = it.next() {
            s2.add_scaled(b, &Mont::ONE);
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
