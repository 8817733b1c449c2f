//! Monero's Bulletproofs+ (`BulletproofPlus`, RingCT type 6): serialization, transcript and
//! verification, on bpkit's Bulletproofs+ equation ([`crate::plus`]'s `terms_core_shape`).
//!
//! Serialization: `A, A1, B, r1, s1, d1` (32 bytes each), then `varint |L|, L…, varint |R|, R…`;
//! `V` is not serialized (it comes from the transaction's output commitments).
//!
//! Transcript (Keccak-256, `hash_to_scalar = sc_reduce32 ∘ keccak`): `t₀` is the encoding of
//! `hash_to_p3(keccak("bulletproof_plus_transcript"))`; `t = H(t₀ ‖ H(V₀ ‖ …))`;
//! `y = t = H(t ‖ A)`; `z = t = H(y)`; per round `cⱼ = t = H(t ‖ Lⱼ ‖ Rⱼ)`;
//! `e = t = H(t ‖ A1 ‖ B)`. Every challenge must be non-zero.

use super::batch::{binding, verify_located, verify_parts, BatchFailures, Parts};
use super::error::MoneroError;
use super::generators::Family;
use super::hash_to_point::hash_to_p3;
use super::keccak::{hash_to_scalar, keccak256};
use super::reader::Reader;
use super::shape::{self, check_rounds, commitments, nonzero, point8, rounds_for, scalar};
use super::varint;
use crate::group::Scalar;
use crate::plus::{terms_core_shape, Challenges, PlusShape};
use alloc::vec::Vec;
use std::sync::OnceLock;

/// The domain of Bulletproofs+ batch weights and bindings ([`super::batch::weights`]; `v2`
/// since the weights bind the whole proof).
pub(crate) const PLUS_BATCH: &[u8] = b"bpkit monero-bp+ batch v2";

/// Most rounds a proof may carry when parsed (Monero's largest valid proof has 10).
const MAX_PARSE_ROUNDS: usize = 32;

/// A Monero Bulletproofs+ proof, as serialized (fields are the 32-byte encodings).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlusProof {
    /// `A` (stored ×1/8).
    pub a: [u8; 32],
    /// `A1` (stored ×1/8).
    pub a1: [u8; 32],
    /// `B` (stored ×1/8).
    pub b: [u8; 32],
    /// `r1`.
    pub r1: [u8; 32],
    /// `s1`.
    pub s1: [u8; 32],
    /// `d1`.
    pub d1: [u8; 32],
    /// `L` (stored ×1/8).
    pub l: Vec<[u8; 32]>,
    /// `R` (stored ×1/8).
    pub r: Vec<[u8; 32]>,
}

/// The initial transcript `t₀`.
pub(crate) fn initial_transcript() -> Result<[u8; 32], MoneroError> {
    static T0: OnceLock<Option<[u8; 32]>> = OnceLock::new();
    T0.get_or_init(|| {
        hash_to_p3(&keccak256(&[b"bulletproof_plus_transcript"])).map(|p| p.compress().to_bytes())
    })
    .ok_or(MoneroError::Generators)
}

impl PlusProof {
    /// Reads a proof in Monero's serialization from `reader` (no validation beyond the counts).
    pub fn read(reader: &mut Reader<'_>) -> Result<Self, MoneroError> {
        let a = reader.key()?;
        let a1 = reader.key()?;
        let b = reader.key()?;
        let r1 = reader.key()?;
        let s1 = reader.key()?;
        let d1 = reader.key()?;
        let l = reader.keys(MAX_PARSE_ROUNDS, "Bulletproofs+ L count")?;
        let r = reader.keys(MAX_PARSE_ROUNDS, "Bulletproofs+ R count")?;
        Ok(PlusProof {
            a,
            a1,
            b,
            r1,
            s1,
            d1,
            l,
            r,
        })
    }

    /// Parses exactly one proof (trailing bytes refused).
    pub fn from_bytes(bytes: &[u8]) -> Result<Self, MoneroError> {
        let mut reader = Reader::new(bytes);
        let proof = Self::read(&mut reader)?;
        reader.finish()?;
        Ok(proof)
    }

    /// Monero's serialization.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(
            self.l
                .len()
                .saturating_add(self.r.len())
                .saturating_add(6)
                .saturating_mul(32)
                .saturating_add(2),
        );
        for k in [&self.a, &self.a1, &self.b, &self.r1, &self.s1, &self.d1] {
            out.extend_from_slice(k);
        }
        varint::write(self.l.len() as u64, &mut out);
        for k in &self.l {
            out.extend_from_slice(k);
        }
        varint::write(self.r.len() as u64, &mut out);
        for k in &self.r {
            out.extend_from_slice(k);
        }
        out
    }

    /// Byte offset of `L[i]` (`R[i]` when `right`) in [`PlusProof::to_bytes`].
    fn lr_offset(&self, i: usize, right: bool) -> usize {
        let l_start = 192usize.saturating_add(varint::encode(self.l.len() as u64).len());
        let base = if right {
            l_start
                .saturating_add(self.l.len().saturating_mul(32))
                .saturating_add(varint::encode(self.r.len() as u64).len())
        } else {
            l_start
        };
        base.saturating_add(i.saturating_mul(32))
    }

    /// Verifies the proof against the transaction's output commitments `C` (as in `outPk`,
    /// not multiplied by 1/8). Variable-time: every input is public.
    pub fn verify(&self, commitments: &[[u8; 32]]) -> Result<(), MoneroError> {
        verify_batch(&[(self, commitments)])
    }

    /// Validates the shape, decodes, replays the transcript and computes the equation.
    pub(crate) fn parts(&self, c: &[[u8; 32]]) -> Result<Parts, MoneroError> {
        // Shape first, before any point is decoded or any generator touched.
        let (log_m, rounds) = rounds_for(c.len())?;
        check_rounds(self.l.len(), self.r.len(), rounds)?;
        let r1 = scalar(&self.r1, 96)?;
        let s1 = scalar(&self.s1, 128)?;
        let d1 = scalar(&self.d1, 160)?;
        let mut dynamic_points = Vec::with_capacity(rounds.saturating_mul(2).saturating_add(3));
        dynamic_points.push(point8(&self.a, 0)?);
        dynamic_points.push(point8(&self.a1, 32)?);
        dynamic_points.push(point8(&self.b, 64)?);
        for (i, (l, r)) in self.l.iter().zip(&self.r).enumerate() {
            dynamic_points.push(point8(l, self.lr_offset(i, false))?);
            dynamic_points.push(point8(r, self.lr_offset(i, true))?);
        }
        let v = commitments(c)?;

        // Transcript.
        let v_flat: Vec<u8> = v.v_bytes.iter().flatten().copied().collect();
        let mut t = hash_to_scalar(&[
            &initial_transcript()?,
            &hash_to_scalar(&[&v_flat]).to_bytes(),
        ]);
        t = hash_to_scalar(&[&t.to_bytes(), &self.a]);
        let y = nonzero(t)?;
        t = hash_to_scalar(&[&y.to_bytes()]);
        let z = nonzero(t)?;
        let mut round_challenges = Vec::with_capacity(rounds);
        for (l, r) in self.l.iter().zip(&self.r) {
            t = hash_to_scalar(&[&t.to_bytes(), l, r]);
            round_challenges.push(nonzero(t)?);
        }
        t = hash_to_scalar(&[&t.to_bytes(), &self.a1, &self.b]);
        let e = nonzero(t)?;
        let ch = Challenges {
            y,
            z,
            rounds: round_challenges,
            e,
        };

        // bpkit's Bulletproofs+ equation, as it is.
        let mut inverses: Vec<Scalar> = ch.to_invert().collect();
        Scalar::invert_batch_alloc(&mut inverses);
        let shape = PlusShape {
            n: 1 << shape::LOG_N,
            mp: 1 << log_m,
            minimums: &[],
        };
        let core = terms_core_shape(&ch, shape, c.len(), &inverses, (r1, s1, &[d1]))
            .map_err(|_| MoneroError::VerificationFailed)?;
        dynamic_points.extend(v.v8);
        if core.dynamic_scalars.len() != dynamic_points.len() {
            return Err(MoneroError::VerificationFailed);
        }
        let blinding = core.b_blinding.first().copied().unwrap_or(Scalar::ZERO);
        Ok(Parts {
            dynamic_scalars: core.dynamic_scalars,
            dynamic_points,
            value: core.b,
            blinding,
            vectors: core.vectors,
            #[cfg(test)]
            state: e.to_bytes(),
            binding: binding(PLUS_BATCH, &self.to_bytes(), c),
        })
    }
}

/// Verifies several proofs with one multiscalar multiplication. On failure the error is the
/// first proof's error when one is malformed, else [`MoneroError::VerificationFailed`]; use
/// [`locate_failures`] to find which.
pub fn verify_batch(items: &[(&PlusProof, &[[u8; 32]])]) -> Result<(), MoneroError> {
    let parts = items
        .iter()
        .map(|(p, c)| p.parts(c))
        .collect::<Result<Vec<_>, _>>()?;
    verify_parts(&parts, PLUS_BATCH, Family::Plus)
}

/// Verifies several proofs with one multiscalar multiplication (the weights of
/// [`verify_batch`]) and, on failure, reports every failing proof with its error: malformed
/// ones as they decode, false ones located by bisection (see [`super::batch`]).
pub fn verify_batch_located(items: &[(&PlusProof, &[[u8; 32]])]) -> Result<(), BatchFailures> {
    let parts = items.iter().map(|(p, c)| p.parts(c)).collect();
    verify_located(parts, PLUS_BATCH, Family::Plus)
}

/// The positions of the proofs of `items` that do not verify ([`verify_batch_located`]).
pub fn locate_failures(items: &[(&PlusProof, &[[u8; 32]])]) -> Vec<usize> {
    verify_batch_located(items)
        .err()
        .map(|e| e.indices().collect())
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    /// The initial transcript `t₀`, pinned (the mainnet transaction's proof verifying is what
    /// shows it is Monero's).
    #[test]
    fn initial_transcript_is_pinned() {
        assert_eq!(
            hex::encode(initial_transcript().unwrap()),
            "4a677c90eb73051e790da45591107f6ee105904d9187c5d35471096c445a2275"
        );
    }

    #[test]
    fn zero_challenges_are_refused() {
        assert_eq!(
            shape::nonzero(Scalar::ZERO),
            Err(MoneroError::ZeroChallenge)
        );
        assert_eq!(shape::nonzero(Scalar::ONE), Ok(Scalar::ONE));
        assert!(!MoneroError::ZeroChallenge.is_malformed());
    }
}
