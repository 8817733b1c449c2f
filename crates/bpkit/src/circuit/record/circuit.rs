//! A circuit as data: the canonical rows of both phases, with phase-2 challenges as symbols.
//!
//! This is what the circuit digest hashes, what the verifier computes its weights from, and what
//! the JSON description (spec §12) writes.

use super::weights::{Accumulator, Weights};
use crate::circuit::{CircuitError, LinearCombination, Variable, MAX_MULTIPLIERS};
use crate::equation::scalar::Mont;
use crate::group::Scalar;
use alloc::vec::Vec;
use sha3::{Digest, Sha3_256};

/// Domain separator of the circuit digest (spec §12.3).
const DIGEST_DOMAIN: &[u8] = b"bpkit circuit digest v1";

/// Bytes of row encodings gathered before each hash update.
const DIGEST_BUFFER: usize = 8192;

/// A recorded circuit: every constraint of both phases in canonical order, the number of
/// multipliers of each phase, the number of commitments and the labels of the challenges.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Circuit {
    pub(crate) num_commitments: usize,
    pub(crate) phase_one_multipliers: usize,
    pub(crate) multipliers: usize,
    pub(crate) rows: Vec<LinearCombination>,
    pub(crate) phase_one_rows: usize,
    pub(crate) challenge_labels: Vec<Vec<u8>>,
    /// The digest, computed once when the circuit is complete ([`Circuit::seal`]).
    pub(crate) digest: [u8; 32],
}

fn variable_tag(v: &Variable) -> (u8, u64) {
    match *v {
        Variable::Committed(i) => (0, i as u64),
        Variable::MultiplierLeft(i) => (1, i as u64),
        Variable::MultiplierRight(i) => (2, i as u64),
        Variable::MultiplierOutput(i) => (3, i as u64),
        Variable::One => (4, 0),
    }
}

impl Circuit {
    /// Builds and checks a circuit from its parts: rows are put in canonical form, every
    /// variable and challenge must be in range, and phase-1 rows must not use challenges.
    pub fn new(
        num_commitments: usize,
        phase_one_multipliers: usize,
        multipliers: usize,
        rows: Vec<LinearCombination>,
        phase_one_rows: usize,
        challenge_labels: Vec<Vec<u8>>,
    ) -> Result<Self, CircuitError> {
        let c = Circuit {
            num_commitments,
            phase_one_multipliers,
            multipliers,
            rows: rows.iter().map(LinearCombination::canonical).collect(),
            phase_one_rows,
            challenge_labels,
            digest: [0; 32],
        }
        .seal();
        c.validate()?;
        Ok(c)
    }

    pub(crate) fn validate(&self) -> Result<(), CircuitError> {
        if self.multipliers > MAX_MULTIPLIERS || self.num_commitments > MAX_MULTIPLIERS {
            return Err(CircuitError::TooLarge {
                max: MAX_MULTIPLIERS,
            });
        }
        if self.phase_one_multipliers > self.multipliers || self.phase_one_rows > self.rows.len() {
            return Err(CircuitError::InvalidDescription);
        }
        for (q, row) in self.rows.iter().enumerate() {
            if !row.is_valid() {
                return Err(CircuitError::ChallengeDegree);
            }
            for t in row.terms() {
                let ok = match t.variable {
                    Variable::Committed(i) => i < self.num_commitments,
                    Variable::MultiplierLeft(i)
                    | Variable::MultiplierRight(i)
                    | Variable::MultiplierOutput(i) => i < self.multipliers,
                    Variable::One => true,
                };
                if !ok {
                    return Err(CircuitError::UnknownVariable {
                        index: q,
                        variable: t.variable,
                    });
                }
                if let Some(c) = t.challenge {
                    if q < self.phase_one_rows || c.0 >= self.challenge_labels.len() {
                        return Err(CircuitError::InvalidChallenge);
                    }
                }
            }
        }
        Ok(())
    }

    /// Number of committed variables `m`.
    pub fn num_commitments(&self) -> usize {
        self.num_commitments
    }

    /// Multipliers of both phases `n` (not padded).
    pub fn multipliers(&self) -> usize {
        self.multipliers
    }

    /// Multipliers of the first phase `n₁`.
    pub fn phase_one_multipliers(&self) -> usize {
        self.phase_one_multipliers
    }

    /// Multipliers of the second phase `n₂ = n − n₁`.
    pub fn phase_two_multipliers(&self) -> usize {
        self.multipliers.saturating_sub(self.phase_one_multipliers)
    }

    /// `n` padded to a power of two (at least 1): the length of the inner-product argument.
    pub fn padded_multipliers(&self) -> usize {
        self.multipliers.max(1).next_power_of_two()
    }

    /// Every constraint, phase 1 first, in canonical form.
    pub fn rows(&self) -> &[LinearCombination] {
        &self.rows
    }

    /// Number of phase-1 rows (the first ones of [`Self::rows`]).
    pub fn phase_one_rows(&self) -> usize {
        self.phase_one_rows
    }

    /// Labels of the phase-2 challenges, in the order they are drawn.
    pub fn challenge_labels(&self) -> &[Vec<u8>] {
        &self.challenge_labels
    }

    /// True when the proof carries the three phase-2 commitments (`n₂ > 0`).
    pub fn has_phase_two_commitments(&self) -> bool {
        self.multipliers > self.phase_one_multipliers
    }

    /// The circuit digest (spec §12.3): SHA3-256 of the domain separator, the sizes, every
    /// challenge label and every row of both phases in canonical order. Computed once, when the
    /// circuit was recorded or read.
    pub fn digest(&self) -> [u8; 32] {
        self.digest
    }

    /// Computes and stores the digest (every constructor ends here).
    pub(crate) fn seal(mut self) -> Self {
        self.digest = self.compute_digest();
        self
    }

    pub(crate) fn compute_digest(&self) -> [u8; 32] {
        let mut h = Sha3_256::new();
        let u64le = |h: &mut Sha3_256, x: usize| h.update((x as u64).to_le_bytes());
        h.update(DIGEST_DOMAIN);
        u64le(&mut h, self.num_commitments);
        u64le(&mut h, self.phase_one_multipliers);
        u64le(&mut h, self.multipliers);
        u64le(&mut h, self.phase_one_rows);
        u64le(&mut h, self.rows.len());
        u64le(&mut h, self.challenge_labels.len());
        for l in &self.challenge_labels {
            u64le(&mut h, l.len());
            h.update(l);
        }
        // The rows' bytes go through a buffer: one hash update per few kilobytes instead of
        // five per term (the same bytes, so the same digest).
        let mut buf: Vec<u8> = Vec::with_capacity(DIGEST_BUFFER.saturating_mul(2));
        for row in &self.rows {
            buf.extend_from_slice(&(row.terms().len() as u64).to_le_bytes());
            for t in row.terms() {
                let (tag, index) = variable_tag(&t.variable);
                buf.push(tag);
                buf.extend_from_slice(&index.to_le_bytes());
                match t.challenge {
                    None => buf.push(0u8),
                    Some(c) => {
                        buf.push(1u8);
                        buf.extend_from_slice(&(c.0 as u64).to_le_bytes());
                    }
                }
                buf.extend_from_slice(t.coefficient.as_bytes());
                if buf.len() >= DIGEST_BUFFER {
                    h.update(&buf);
                    buf.clear();
                }
            }
        }
        h.update(&buf);
        h.finalize().into()
    }

    /// The value of `row`'s coefficient for term `t`, with the challenge values substituted.
    fn coefficient(t: &crate::circuit::Term, challenges: &[Scalar]) -> Option<Scalar> {
        match t.challenge {
            None => Some(t.coefficient),
            Some(c) => challenges.get(c.0).map(|x| t.coefficient * x),
        }
    }

    /// The flattened weights `w_L, w_R, w_O` (length `padded`), `w_V`, `w_c` for challenge `z`
    /// (row `q` weighted by `z^{q+1}`), in the sign convention of the notes:
    /// `w_L·a_L + w_R·a_R + w_O·a_O = w_V·v + w_c` for a satisfying assignment. Summed in
    /// Montgomery form, with no multiplication for the coefficients ±1.
    pub(crate) fn weights(
        &self,
        z: &Scalar,
        challenges: &[Scalar],
        padded: usize,
    ) -> Option<Weights> {
        let challenges: Vec<Mont> = challenges.iter().map(Mont::from_scalar).collect();
        let (one, minus_one) = (Scalar::ONE, -Scalar::ONE);
        let mut acc = Accumulator::new(padded, self.num_commitments);
        let z_m = Mont::from_scalar(z);
        let mut z_q = z_m;
        for row in &self.rows {
            for t in row.terms() {
                let zc = match t.challenge {
                    None => z_q,
                    Some(c) => z_q.mul(challenges.get(c.0)?),
                };
                let c = if t.coefficient == one {
                    zc
                } else if t.coefficient == minus_one {
                    Mont::ZERO.sub(&zc)
                } else {
                    zc.mul(&Mont::from_scalar(&t.coefficient))
                };
                acc.add_variable(&t.variable, &c)?;
            }
            z_q = z_q.mul(&z_m);
        }
        Some(acc.finish())
    }

    /// [`Self::weights`] computed term by term in dalek scalars: the reference the Montgomery
    /// sums are tested against.
    #[cfg(test)]
    pub(crate) fn weights_of_rows(
        &self,
        z: &Scalar,
        challenges: &[Scalar],
        padded: usize,
    ) -> Option<Weights> {
        let mut w = Weights {
            w_l: alloc::vec![Scalar::ZERO; padded],
            w_r: alloc::vec![Scalar::ZERO; padded],
            w_o: alloc::vec![Scalar::ZERO; padded],
            w_v: alloc::vec![Scalar::ZERO; self.num_commitments],
            w_c: Scalar::ZERO,
        };
        let mut z_q = *z;
        for row in &self.rows {
            for t in row.terms() {
                let c = Circuit::coefficient(t, challenges)? * z_q;
                match t.variable {
                    Variable::MultiplierLeft(i) => *w.w_l.get_mut(i)? += c,
                    Variable::MultiplierRight(i) => *w.w_r.get_mut(i)? += c,
                    Variable::MultiplierOutput(i) => *w.w_o.get_mut(i)? += c,
                    Variable::Committed(j) => *w.w_v.get_mut(j)? -= c,
                    Variable::One => w.w_c -= c,
                }
            }
            z_q *= z;
        }
        Some(w)
    }

    /// The first row the assignment does not satisfy, with the challenge values substituted.
    pub(crate) fn first_unsatisfied(
        &self,
        a: &crate::circuit::constraint_system::system::Assignment,
        challenges: &[Scalar],
    ) -> Option<usize> {
        // Rows are checked side by side with the `parallel` feature (which thread checks which
        // row depends only on their number); the answer is the first failing row either way.
        crate::util::par::position_first(&self.rows, |row| {
            let mut sum = Scalar::ZERO;
            for t in row.terms() {
                let value = match t.variable {
                    Variable::Committed(i) => a.v.get(i),
                    Variable::MultiplierLeft(i) => a.a_l.get(i),
                    Variable::MultiplierRight(i) => a.a_r.get(i),
                    Variable::MultiplierOutput(i) => a.a_o.get(i),
                    Variable::One => Some(&Scalar::ONE),
                };
                match (value, Circuit::coefficient(t, challenges)) {
                    (Some(v), Some(c)) => sum += c * v,
                    _ => return true,
                }
            }
            // Declassified (feature `ctime`): whether the row holds. The prover refuses an
            // unsatisfying assignment with a public error; a satisfied row reveals nothing.
            crate::ctime::declassify_bool(sum != Scalar::ZERO)
        })
    }
}
