//! Compact rows: a recorded circuit's constraints in 12 bytes per term (a packed variable, an
//! index into a table of the circuit's distinct coefficients, a challenge symbol), and the
//! flattened weights computed from them in Montgomery form.
//!
//! Gadget circuits use few distinct coefficients (the SHA-256 preimage: 213 over 169,872
//! terms, nearly all ±1 or powers of two), so the table is small and the terms carry indices.
//! A [`LinearCombination`] term takes 64 bytes plus a heap block per row; this is what
//! lets a verifier keep a statement's circuit ([`crate::circuit::PreparedCircuit`]) at a sixth
//! of the memory. Weights skip the multiplication for the coefficients ±1.

use super::weights::{Accumulator, MontWeights};
use crate::circuit::{CircuitError, LinearCombination, Variable, MAX_MULTIPLIERS};
use crate::equation::scalar::Mont;
use crate::group::Scalar;
use alloc::collections::BTreeMap;
use alloc::vec::Vec;

/// Bits of a packed variable's index (the tag sits above them).
const INDEX_BITS: u32 = 29;
const INDEX_MASK: u32 = (1 << INDEX_BITS) - 1;
/// Coefficient-table indices reserved for +1 and −1 (handled without a multiplication).
const PLUS_ONE: u32 = 0;
const MINUS_ONE: u32 = 1;

/// One term: `coefficients[coef] · [challenge chal − 1] · var`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct PackedTerm {
    /// Tag (0 committed, 1 left, 2 right, 3 output, 4 one) above a 29-bit index.
    var: u32,
    /// Index into [`CompactRows::coefficients`].
    coef: u32,
    /// 0: no challenge; `c + 1`: challenge `c`.
    chal: u32,
}

/// The rows of a circuit, packed (see the module notes).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct CompactRows {
    /// Distinct coefficients in Montgomery form; entries 0 and 1 are +1 and −1.
    coefficients: Vec<Mont>,
    terms: Vec<PackedTerm>,
    /// End (exclusive) of each row's terms in `terms`.
    row_ends: Vec<u32>,
}

fn too_large() -> CircuitError {
    CircuitError::TooLarge {
        max: MAX_MULTIPLIERS,
    }
}

fn pack_variable(v: &Variable) -> Result<u32, CircuitError> {
    let (tag, index) = match *v {
        Variable::Committed(i) => (0u32, i),
        Variable::MultiplierLeft(i) => (1, i),
        Variable::MultiplierRight(i) => (2, i),
        Variable::MultiplierOutput(i) => (3, i),
        Variable::One => (4, 0),
    };
    let index = u32::try_from(index)
        .ok()
        .filter(|i| *i <= INDEX_MASK)
        .ok_or_else(too_large)?;
    Ok((tag << INDEX_BITS) | index)
}

impl CompactRows {
    /// Packs canonical rows. Errors only when a count does not fit the packing (far beyond
    /// [`MAX_MULTIPLIERS`]).
    pub(crate) fn new(rows: &[LinearCombination]) -> Result<Self, CircuitError> {
        let one = Scalar::ONE;
        let mut index: BTreeMap<[u8; 32], u32> = BTreeMap::new();
        index.insert(one.to_bytes(), PLUS_ONE);
        index.insert((-one).to_bytes(), MINUS_ONE);
        let mut coefficients = alloc::vec![Mont::from_scalar(&one), Mont::from_scalar(&-one)];
        let total: usize = rows.iter().map(|r| r.terms().len()).sum();
        let mut terms = Vec::with_capacity(total);
        let mut row_ends = Vec::with_capacity(rows.len());
        for row in rows {
            for t in row.terms() {
                let key = t.coefficient.to_bytes();
                let coef = match index.get(&key) {
                    Some(i) => *i,
                    None => {
                        let i = u32::try_from(coefficients.len()).map_err(|_| too_large())?;
                        index.insert(key, i);
                        coefficients.push(Mont::from_scalar(&t.coefficient));
                        i
                    }
                };
                let chal = match t.challenge {
                    None => 0,
                    Some(c) => u32::try_from(c.0)
                        .ok()
                        .and_then(|c| c.checked_add(1))
                        .ok_or_else(too_large)?,
                };
                terms.push(PackedTerm {
                    var: pack_variable(&t.variable)?,
                    coef,
                    chal,
                });
            }
            row_ends.push(u32::try_from(terms.len()).map_err(|_| too_large())?);
        }
        Ok(CompactRows {
            coefficients,
            terms,
            row_ends,
        })
    }

    /// Number of rows.
    pub(crate) fn len(&self) -> usize {
        self.row_ends.len()
    }

    /// Heap bytes held (for the memory figures).
    pub(crate) fn heap_bytes(&self) -> usize {
        let bytes = |len: usize, size: usize| len.saturating_mul(size);
        bytes(self.coefficients.capacity(), core::mem::size_of::<Mont>())
            .saturating_add(bytes(
                self.terms.capacity(),
                core::mem::size_of::<PackedTerm>(),
            ))
            .saturating_add(bytes(self.row_ends.capacity(), core::mem::size_of::<u32>()))
    }

    /// The flattened weights (as [`crate::circuit::Circuit::weights`]): row `q` weighted by
    /// `z^{q+1}`, `w_L, w_R, w_O` left in Montgomery form for the verifier's per-generator loop.
    /// `None` if a term names a variable or challenge out of range.
    pub(crate) fn weights(
        &self,
        z: &Scalar,
        challenges: &[Scalar],
        padded: usize,
        num_commitments: usize,
    ) -> Option<MontWeights> {
        let challenges: Vec<Mont> = challenges.iter().map(Mont::from_scalar).collect();
        let mut acc = Accumulator::new(padded, num_commitments);
        let z_m = Mont::from_scalar(z);
        let mut z_q = z_m;
        let mut start = 0usize;
        for &end in &self.row_ends {
            let end = end as usize;
            for t in self.terms.get(start..end)? {
                let zc = match t.chal {
                    0 => z_q,
                    c => z_q.mul(challenges.get((c as usize).checked_sub(1)?)?),
                };
                let c = match t.coef {
                    PLUS_ONE => zc,
                    MINUS_ONE => Mont::ZERO.sub(&zc),
                    i => zc.mul(self.coefficients.get(i as usize)?),
                };
                acc.add(t.var >> INDEX_BITS, (t.var & INDEX_MASK) as usize, &c)?;
            }
            start = end;
            z_q = z_q.mul(&z_m);
        }
        Some(acc.finish_mont())
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::arithmetic_side_effects)]
    use super::*;
    use crate::circuit::record::weights::Weights;
    use crate::circuit::Challenge;

    /// Back to scalars, to compare with the reference flattening.
    fn scalars(w: MontWeights) -> Weights {
        let out = |v: Vec<Mont>| v.into_iter().map(Mont::to_scalar).collect::<Vec<_>>();
        Weights {
            w_l: out(w.w_l),
            w_r: out(w.w_r),
            w_o: out(w.w_o),
            w_v: w.w_v,
            w_c: w.w_c,
        }
    }

    #[test]
    fn compact_weights_equal_the_rows_weights() {
        let a = Variable::MultiplierLeft(1);
        let b = Variable::MultiplierRight(2);
        let o = Variable::MultiplierOutput(0);
        let v = Variable::Committed(1);
        let c = Challenge(1);
        let rows: Vec<LinearCombination> = [
            a * Scalar::from(2u64) - b + 7u64,
            o - v * Scalar::from(1u64 << 31) + a,
            (a - b) * c + LinearCombination::from(c) * Scalar::from(5u64) + v,
            -LinearCombination::from(o) - Scalar::from(3u64),
        ]
        .iter()
        .map(LinearCombination::canonical)
        .collect();
        let circuit = crate::circuit::Circuit::new(
            2,
            2,
            3,
            rows.clone(),
            2,
            alloc::vec![b"x".to_vec(), b"y".to_vec()],
        )
        .unwrap();
        let z = Scalar::from(0x1234_5678u64) * Scalar::from(0x9abc_def0u64);
        let ch = [Scalar::from(11u64), Scalar::from(13u64)];
        let want = circuit.weights_of_rows(&z, &ch, 4).unwrap();
        let got = scalars(
            CompactRows::new(&rows)
                .unwrap()
                .weights(&z, &ch, 4, 2)
                .unwrap(),
        );
        assert_eq!(want.w_l, got.w_l);
        assert_eq!(want.w_r, got.w_r);
        assert_eq!(want.w_o, got.w_o);
        assert_eq!(want.w_v, got.w_v);
        assert_eq!(want.w_c, got.w_c);
        // A challenge out of range or a variable beyond the padding is refused.
        assert!(CompactRows::new(&rows)
            .unwrap()
            .weights(&z, &ch[..1], 4, 2)
            .is_none());
        assert!(CompactRows::new(&rows)
            .unwrap()
            .weights(&z, &ch, 2, 2)
            .is_none());
    }

    #[test]
    fn compact_weights_of_gadget_circuits() {
        use crate::circuit::statements::{Sha256Statement, ShuffleStatement};
        use crate::group::CompressedRistretto;
        let sha = Sha256Statement::new([7; 32], 20)
            .unwrap()
            .circuit()
            .unwrap();
        let k = 5;
        let shuffle = ShuffleStatement::new(
            alloc::vec![CompressedRistretto::default(); k],
            alloc::vec![CompressedRistretto::default(); k],
        )
        .unwrap()
        .circuit()
        .unwrap();
        let z = Scalar::from(0xdead_beef_u64) * Scalar::from(0x1234_5678_9abc_u64);
        for c in [sha, shuffle] {
            let ch: Vec<Scalar> = (0..c.challenge_labels().len())
                .map(|i| Scalar::from(1000 + i as u64) * z)
                .collect();
            let padded = c.padded_multipliers();
            let want = c.weights_of_rows(&z, &ch, padded).unwrap();
            for got in [
                c.weights(&z, &ch, padded).unwrap(),
                scalars(
                    CompactRows::new(c.rows())
                        .unwrap()
                        .weights(&z, &ch, padded, c.num_commitments())
                        .unwrap(),
                ),
            ] {
                assert!(want.w_l == got.w_l && want.w_r == got.w_r && want.w_o == got.w_o);
                assert!(want.w_v == got.w_v && want.w_c == got.w_c);
            }
        }
    }
}
