//! The circuit proof and its strict, canonical encoding (spec §12.5).

use crate::errors::Error;
use crate::group::encoding::{Point, Reader};
use crate::group::Scalar;
use crate::inner_product::InnerProductProof;
use alloc::vec::Vec;

/// The largest number of inner-product rounds: `log₂` of [`super::MAX_MULTIPLIERS`].
pub const MAX_ROUNDS: usize = 22;

/// Points and scalars of a one-phase proof besides the inner-product rounds.
const FIXED_ELEMENTS: usize = 13;

/// Size in bytes of the largest proof (two phases, [`MAX_ROUNDS`] rounds).
pub const MAX_PROOF_SIZE: usize = (FIXED_ELEMENTS + 3 + 2 * MAX_ROUNDS) * 32;

/// A proof that committed values satisfy a circuit.
///
/// Layout (spec §12.5), 32 bytes per element: `A_I1, A_O1, S1`, then `A_I2, A_O2, S2` when the
/// circuit has phase-2 multipliers, then `T_1, T_3, T_4, T_5, T_6, t_x, t̃_x, μ`, then the
/// inner-product proof `L_1, R_1, …, L_k, R_k, a, b` — `32·(13 + 2k)` bytes for one phase,
/// `32·(16 + 2k)` with a second phase, `k = log₂` of the padded number of multipliers. The
/// parity of the element count tells the two apart.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CircuitProof {
    pub(crate) a_i1: Point,
    pub(crate) a_o1: Point,
    pub(crate) s1: Point,
    pub(crate) phase_two: Option<[Point; 3]>,
    pub(crate) t: [Point; 5],
    pub(crate) t_x: Scalar,
    pub(crate) t_x_blinding: Scalar,
    pub(crate) e_blinding: Scalar,
    pub(crate) ipp: InnerProductProof,
}

impl CircuitProof {
    /// Inner-product rounds `k`.
    pub fn rounds(&self) -> usize {
        self.ipp.rounds()
    }

    /// True when the proof carries the phase-2 commitments `A_I2, A_O2, S2`.
    pub fn has_phase_two(&self) -> bool {
        self.phase_two.is_some()
    }

    /// Size of the encoding in bytes.
    pub fn serialized_size(&self) -> usize {
        let extra = if self.phase_two.is_some() { 3 } else { 0 };
        self.rounds()
            .saturating_mul(2)
            .saturating_add(FIXED_ELEMENTS.saturating_add(extra))
            .saturating_mul(32)
    }

    /// The encoding of spec §12.5.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(self.serialized_size());
        for p in [&self.a_i1, &self.a_o1, &self.s1] {
            out.extend_from_slice(p.compressed.as_bytes());
        }
        if let Some(p2) = &self.phase_two {
            for p in p2 {
                out.extend_from_slice(p.compressed.as_bytes());
            }
        }
        for p in &self.t {
            out.extend_from_slice(p.compressed.as_bytes());
        }
        for s in [&self.t_x, &self.t_x_blinding, &self.e_blinding] {
            out.extend_from_slice(s.as_bytes());
        }
        self.ipp.write_to(&mut out);
        out
    }

    /// Decodes a proof: the length is checked before anything is allocated; scalars must be
    /// canonical, points valid and not the identity, and no byte may trail.
    pub fn from_bytes(bytes: &[u8]) -> Result<Self, Error> {
        let (phase_two, rounds) = shape_for_length(bytes.len())?;
        let mut r = Reader::new(bytes);
        let a_i1 = r.read_point()?;
        let a_o1 = r.read_point()?;
        let s1 = r.read_point()?;
        let phase_two = if phase_two {
            Some([r.read_point()?, r.read_point()?, r.read_point()?])
        } else {
            None
        };
        let t = [
            r.read_point()?,
            r.read_point()?,
            r.read_point()?,
            r.read_point()?,
            r.read_point()?,
        ];
        let t_x = r.read_scalar()?;
        let t_x_blinding = r.read_scalar()?;
        let e_blinding = r.read_scalar()?;
        let ipp = InnerProductProof::read_from(&mut r, rounds)?;
        r.finish()?;
        Ok(CircuitProof {
            a_i1,
            a_o1,
            s1,
            phase_two,
            t,
            t_x,
            t_x_blinding,
            e_blinding,
            ipp,
        })
    }
}

/// `(has phase 2, rounds)` of a proof of `len` bytes, or why no proof has that length.
fn shape_for_length(len: usize) -> Result<(bool, usize), Error> {
    if len > MAX_PROOF_SIZE {
        return Err(Error::TooLarge {
            max: MAX_PROOF_SIZE,
            found: len,
        });
    }
    let min = FIXED_ELEMENTS * 32;
    if len < min {
        return Err(Error::WrongLength {
            expected: min,
            found: len,
        });
    }
    if !len.is_multiple_of(32) {
        return Err(Error::WrongLength {
            expected: len.saturating_sub(len % 32),
            found: len,
        });
    }
    let elements = len / 32;
    let extra = elements.saturating_sub(FIXED_ELEMENTS);
    if extra.is_multiple_of(2) {
        return Ok((false, extra / 2));
    }
    // Odd: a second phase (three more points).
    if extra < 3 {
        return Err(Error::WrongLength {
            expected: min,
            found: len,
        });
    }
    Ok((true, extra.saturating_sub(3) / 2))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lengths_map_to_shapes() {
        assert_eq!(shape_for_length(13 * 32), Ok((false, 0)));
        assert_eq!(shape_for_length(16 * 32), Ok((true, 0)));
        assert_eq!(shape_for_length(25 * 32), Ok((false, 6)));
        assert_eq!(shape_for_length(28 * 32), Ok((true, 6)));
        assert!(shape_for_length(14 * 32).is_err());
        assert!(shape_for_length(13 * 32 + 1).is_err());
        assert!(shape_for_length(12 * 32).is_err());
        assert!(shape_for_length(MAX_PROOF_SIZE + 32).is_err());
        assert_eq!(shape_for_length(MAX_PROOF_SIZE), Ok((true, MAX_ROUNDS)));
    }
}
