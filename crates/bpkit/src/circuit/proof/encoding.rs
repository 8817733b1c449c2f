//! The circuit proof and its strict, canonical encoding (spec §12.5).

use crate::errors::Error;
use crate::group::encoding::{Point, Reader};
use crate::group::{CompressedRistretto, RistrettoPoint, Scalar};
use crate::inner_product::InnerProductProof;
use alloc::vec::Vec;

/// The largest number of inner-product rounds: `log₂` of [`crate::circuit::MAX_MULTIPLIERS`].
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

impl CircuitProof {
    /// The proof as encoded: every point's encoding in wire order and the scalars (no
    /// decoding; for the transcript and for the verification engine).
    pub(crate) fn encoded(&self) -> EncodedProof {
        let mut points = Vec::with_capacity(
            self.rounds()
                .saturating_mul(2)
                .saturating_add(HEAD_POINTS_TWO_PHASES),
        );
        points.extend(self.points_in_order().map(|p| p.compressed));
        EncodedProof {
            points,
            phase_two: self.phase_two.is_some(),
            t_x: self.t_x,
            t_x_blinding: self.t_x_blinding,
            e_blinding: self.e_blinding,
            a: self.ipp.a,
            b: self.ipp.b,
        }
    }

    /// The decoded points in wire order (as [`EncodedProof::points`]).
    pub(crate) fn points(&self) -> Vec<RistrettoPoint> {
        self.points_in_order().map(|p| p.point).collect()
    }

    fn points_in_order(&self) -> impl Iterator<Item = &Point> {
        [&self.a_i1, &self.a_o1, &self.s1]
            .into_iter()
            .chain(self.phase_two.iter().flatten())
            .chain(&self.t)
            .chain(
                self.ipp
                    .l_vec
                    .iter()
                    .zip(&self.ipp.r_vec)
                    .flat_map(|(l, r)| [l, r]),
            )
    }
}

/// Points before the scalars: `A_I1, A_O1, S1, T_1, T_3 … T_6` (one phase).
const HEAD_POINTS_ONE_PHASE: usize = 8;
/// The same with `A_I2, A_O2, S2`.
const HEAD_POINTS_TWO_PHASES: usize = 11;
/// Scalars between the head points and the inner-product rounds: `t_x, t̃_x, μ`.
const HEAD_SCALARS: usize = 3;

/// A circuit proof parsed without decoding its points: the same checks as
/// [`CircuitProof::from_bytes`] except the points' validity (left to the verification engine's
/// batched decoder).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct EncodedProof {
    /// Every point's encoding in wire order: `A_I1, A_O1, S1`, (`A_I2, A_O2, S2`,) `T_1, T_3,
    /// T_4, T_5, T_6`, `L_1, R_1, …, L_k, R_k`. None is the identity's.
    pub points: Vec<CompressedRistretto>,
    /// Whether `A_I2, A_O2, S2` are present.
    pub phase_two: bool,
    pub t_x: Scalar,
    pub t_x_blinding: Scalar,
    pub e_blinding: Scalar,
    /// The inner-product argument's final scalars.
    pub a: Scalar,
    pub b: Scalar,
}

impl EncodedProof {
    /// Strict parse of the encoding (spec §12.5) without decoding points: length and size cap,
    /// canonical scalars, no identity encoding, no trailing byte. On failure the error is
    /// exactly [`CircuitProof::from_bytes`]'s (which checks the same things plus the points'
    /// validity, in byte order); on success the only way `from_bytes` can still fail is an
    /// invalid point, which [`EncodedProof::decode_engine`] reports the same way.
    pub(crate) fn parse(bytes: &[u8]) -> Result<Self, Error> {
        Self::parse_unchecked(bytes).map_err(|e| match CircuitProof::from_bytes(bytes) {
            Err(from_bytes) => from_bytes,
            // Unreachable (the parse checks a subset of what `from_bytes` checks); keep ours.
            Ok(_) => e,
        })
    }

    fn parse_unchecked(bytes: &[u8]) -> Result<Self, Error> {
        let (phase_two, rounds) = shape_for_length(bytes.len())?;
        let head = if phase_two {
            HEAD_POINTS_TWO_PHASES
        } else {
            HEAD_POINTS_ONE_PHASE
        };
        let mut r = Reader::new(bytes);
        let mut points = Vec::with_capacity(rounds.saturating_mul(2).saturating_add(head));
        let mut read_point = |r: &mut Reader<'_>| -> Result<(), Error> {
            let offset = r.offset();
            let bytes = r.read_32()?;
            if bytes == [0u8; 32] {
                return Err(Error::IdentityPoint { offset });
            }
            points.push(CompressedRistretto(bytes));
            Ok(())
        };
        for _ in 0..head {
            read_point(&mut r)?;
        }
        let t_x = r.read_scalar()?;
        let t_x_blinding = r.read_scalar()?;
        let e_blinding = r.read_scalar()?;
        for _ in 0..rounds.saturating_mul(2) {
            read_point(&mut r)?;
        }
        let a = r.read_scalar()?;
        let b = r.read_scalar()?;
        r.finish()?;
        Ok(EncodedProof {
            points,
            phase_two,
            t_x,
            t_x_blinding,
            e_blinding,
            a,
            b,
        })
    }

    /// Points before the scalars (8, or 11 with a second phase).
    fn head(&self) -> usize {
        if self.phase_two {
            HEAD_POINTS_TWO_PHASES
        } else {
            HEAD_POINTS_ONE_PHASE
        }
    }

    /// Inner-product rounds `k`.
    pub(crate) fn rounds(&self) -> usize {
        self.points.len().saturating_sub(self.head()) / 2
    }

    /// `A_I1, A_O1, S1`.
    pub(crate) fn phase_one(&self) -> &[CompressedRistretto] {
        self.points.get(..3).unwrap_or(&[])
    }

    /// `A_I2, A_O2, S2` (empty without a second phase).
    pub(crate) fn phase_two_points(&self) -> &[CompressedRistretto] {
        if self.phase_two {
            self.points.get(3..6).unwrap_or(&[])
        } else {
            &[]
        }
    }

    /// `T_1, T_3, T_4, T_5, T_6`.
    pub(crate) fn t(&self) -> &[CompressedRistretto] {
        let head = self.head();
        self.points.get(head.saturating_sub(5)..head).unwrap_or(&[])
    }

    /// `L_1, R_1, …, L_k, R_k`.
    pub(crate) fn lr(&self) -> &[CompressedRistretto] {
        self.points.get(self.head()..).unwrap_or(&[])
    }

    /// Byte offset in the encoding of the point at `index` of [`EncodedProof::points`].
    pub(crate) fn offset(&self, index: usize) -> usize {
        let element = if index < self.head() {
            index
        } else {
            index.saturating_add(HEAD_SCALARS)
        };
        element.saturating_mul(32)
    }

    /// Decodes every point with the verification engine in one batch; an invalid one is
    /// reported as [`CircuitProof::from_bytes`] reports it (`InvalidPoint` at its offset; the
    /// first in byte order). Variable-time: proof encodings are public.
    pub(crate) fn decode_engine(&self) -> Result<Vec<crate::group::engine::EnginePoint>, Error> {
        crate::group::engine::decode_all(&self.points).map_err(|e| Error::InvalidPoint {
            offset: self.offset(e.index),
        })
    }

    /// Decodes every point with curve25519-dalek (the same errors as
    /// [`EncodedProof::decode_engine`]).
    pub(crate) fn decode_dalek(&self) -> Result<Vec<RistrettoPoint>, Error> {
        self.points
            .iter()
            .enumerate()
            .map(|(i, c)| {
                c.decompress().ok_or(Error::InvalidPoint {
                    offset: self.offset(i),
                })
            })
            .collect()
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
