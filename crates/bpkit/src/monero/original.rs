//! Monero's original Bulletproofs (`Bulletproof`, RingCT types 3–5): serialization, transcript
//! and verification, on bpkit's range-proof equation (`range_proof::prepare_scalars`).
//!
//! Serialization: `A, S, T1, T2, taux, mu` (32 bytes each), `varint |L|, L…, varint |R|, R…`,
//! then `a, b, t`; `V` is not serialized.
//!
//! Transcript (no domain separator; `H = sc_reduce32 ∘ keccak`): `c = H(V₀ ‖ …)`;
//! `y = c = H(c ‖ A ‖ S)`; `z = c = H(y)`; `x = c = H(c ‖ z ‖ T1 ‖ T2)` (so `z` is hashed
//! twice); `x_ip = c = H(c ‖ x ‖ taux ‖ mu ‖ t)` (likewise `x`); per round
//! `wⱼ = c = H(c ‖ Lⱼ ‖ Rⱼ)`. Every challenge must be non-zero. `x_ip` plays the role of bpkit's
//! `w` (the inner-product base is `x_ip·H`), and the weight combining the polynomial check with
//! the inner-product check is derived from the final transcript state (no RNG).

use super::batch::{binding, verify_located, verify_parts, BatchFailures, Parts};
use super::error::MoneroError;
use super::generators::Family;
use super::keccak::hash_to_scalar;
use super::reader::Reader;
use super::shape::{self, check_rounds, commitments, nonzero, point8, rounds_for, scalar};
use super::varint;
use crate::group::Scalar;
use crate::range_proof::{prepare_scalars, Challenges, ProofScalars, MAX_ROUNDS};
use alloc::vec::Vec;

/// The domain of Bulletproofs batch weights and bindings ([`super::batch::weights`]; `v2`
/// since the weights bind the whole proof).
pub(crate) const ORIGINAL_BATCH: &[u8] = b"bpkit monero-bp batch v2";

/// Most rounds a proof may carry when parsed (Monero's largest valid proof has 10).
const MAX_PARSE_ROUNDS: usize = 32;

/// A Monero Bulletproofs proof, as serialized (fields are the 32-byte encodings).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OriginalProof {
    /// `A` (stored ×1/8).
    pub a_point: [u8; 32],
    /// `S` (stored ×1/8).
    pub s: [u8; 32],
    /// `T1` (stored ×1/8).
    pub t1: [u8; 32],
    /// `T2` (stored ×1/8).
    pub t2: [u8; 32],
    /// `taux`.
    pub taux: [u8; 32],
    /// `mu`.
    pub mu: [u8; 32],
    /// `L` (stored ×1/8).
    pub l: Vec<[u8; 32]>,
    /// `R` (stored ×1/8).
    pub r: Vec<[u8; 32]>,
    /// `a`.
    pub a: [u8; 32],
    /// `b`.
    pub b: [u8; 32],
    /// `t`.
    pub t: [u8; 32],
}

impl OriginalProof {
    /// Reads a proof in Monero's serialization from `reader` (no validation beyond the counts).
    pub fn read(reader: &mut Reader<'_>) -> Result<Self, MoneroError> {
        let a_point = reader.key()?;
        let s = reader.key()?;
        let t1 = reader.key()?;
        let t2 = reader.key()?;
        let taux = reader.key()?;
        let mu = reader.key()?;
        let l = reader.keys(MAX_PARSE_ROUNDS, "Bulletproofs L count")?;
        let r = reader.keys(MAX_PARSE_ROUNDS, "Bulletproofs R count")?;
        let a = reader.key()?;
        let b = reader.key()?;
        let t = reader.key()?;
        Ok(OriginalProof {
            a_point,
            s,
            t1,
            t2,
            taux,
            mu,
            l,
            r,
            a,
            b,
            t,
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
        let mut out = Vec::new();
        for k in [
            &self.a_point,
            &self.s,
            &self.t1,
            &self.t2,
            &self.taux,
            &self.mu,
        ] {
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
        for k in [&self.a, &self.b, &self.t] {
            out.extend_from_slice(k);
        }
        out
    }

    /// Byte offsets of `L[0]`, `R[0]` and `a` in [`OriginalProof::to_bytes`].
    fn offsets(&self) -> (usize, usize, usize) {
        let l0 = 192usize.saturating_add(varint::encode(self.l.len() as u64).len());
        let r0 = l0
            .saturating_add(self.l.len().saturating_mul(32))
            .saturating_add(varint::encode(self.r.len() as u64).len());
        let a = r0.saturating_add(self.r.len().saturating_mul(32));
        (l0, r0, a)
    }

    /// Verifies the proof against the transaction's output commitments `C` (as in `outPk`).
    /// Variable-time: every input is public.
    pub fn verify(&self, commitments: &[[u8; 32]]) -> Result<(), MoneroError> {
        verify_batch(&[(self, commitments)])
    }

    pub(crate) fn parts(&self, c: &[[u8; 32]]) -> Result<Parts, MoneroError> {
        // Shape first, before any point is decoded or any generator touched.
        let (log_m, rounds) = rounds_for(c.len())?;
        check_rounds(self.l.len(), self.r.len(), rounds)?;
        let (l0, r0, a_off) = self.offsets();
        let taux = scalar(&self.taux, 128)?;
        let mu = scalar(&self.mu, 160)?;
        let a = scalar(&self.a, a_off)?;
        let b = scalar(&self.b, a_off.saturating_add(32))?;
        let t = scalar(&self.t, a_off.saturating_add(64))?;
        let mut points = Vec::with_capacity(rounds.saturating_mul(2).saturating_add(4));
        for (i, k) in [&self.a_point, &self.s, &self.t1, &self.t2]
            .into_iter()
            .enumerate()
        {
            points.push(point8(k, i.saturating_mul(32))?);
        }
        for (i, (l, r)) in self.l.iter().zip(&self.r).enumerate() {
            let off = i.saturating_mul(32);
            points.push(point8(l, l0.saturating_add(off))?);
            points.push(point8(r, r0.saturating_add(off))?);
        }
        let v = commitments(c)?;

        // Transcript.
        let v_flat: Vec<u8> = v.v_bytes.iter().flatten().copied().collect();
        let mut cache = hash_to_scalar(&[&v_flat]);
        cache = hash_to_scalar(&[&cache.to_bytes(), &self.a_point, &self.s]);
        let y = nonzero(cache)?;
        cache = hash_to_scalar(&[&y.to_bytes()]);
        let z = nonzero(cache)?;
        cache = hash_to_scalar(&[&cache.to_bytes(), &z.to_bytes(), &self.t1, &self.t2]);
        let x = nonzero(cache)?;
        cache = hash_to_scalar(&[
            &cache.to_bytes(),
            &x.to_bytes(),
            &self.taux,
            &self.mu,
            &self.t,
        ]);
        let x_ip = nonzero(cache)?;
        let mut u = [Scalar::ZERO; MAX_ROUNDS];
        if rounds > MAX_ROUNDS {
            return Err(MoneroError::WrongRounds {
                expected: MAX_ROUNDS,
                found: rounds,
            });
        }
        for (slot, (l, r)) in u.iter_mut().zip(self.l.iter().zip(&self.r)) {
            cache = hash_to_scalar(&[&cache.to_bytes(), l, r]);
            *slot = nonzero(cache)?;
        }
        // The weight of the polynomial check against the inner-product check (Monero draws
        // two random weights; one ratio derived from the whole transcript is equivalent).
        let state = cache.to_bytes();
        let weight_c = hash_to_scalar(&[b"bpkit monero-bp weight v1", &state, &self.a, &self.b]);
        let weight_c = if weight_c == Scalar::ZERO {
            Scalar::ONE
        } else {
            weight_c
        };
        let ch = Challenges {
            n: 1 << shape::LOG_N,
            m: c.len(),
            mp: 1 << log_m,
            rounds,
            y,
            z,
            x,
            w: x_ip,
            c: weight_c,
            u,
            binding: state,
        };
        let mut inverses: Vec<Scalar> = ch.to_invert().collect();
        Scalar::invert_batch_alloc(&mut inverses);
        let mut eq_scalars = Vec::with_capacity(points.len().saturating_add(c.len()));
        let terms = prepare_scalars(
            &ch,
            &ProofScalars {
                t_x: t,
                t_x_blinding: taux,
                e_blinding: mu,
                a,
                b,
            },
            &inverses,
            Scalar::ONE,
            &mut eq_scalars,
        )
        .map_err(|_| MoneroError::VerificationFailed)?;
        points.extend(v.v8);
        if eq_scalars.len() != points.len() {
            return Err(MoneroError::VerificationFailed);
        }
        Ok(Parts {
            dynamic_scalars: eq_scalars,
            dynamic_points: points,
            value: terms.b,
            blinding: terms.b_blinding,
            vectors: terms.vectors,
            #[cfg(test)]
            state,
            binding: binding(ORIGINAL_BATCH, &self.to_bytes(), c),
        })
    }
}

/// Verifies several proofs with one multiscalar multiplication (weights as for
/// Bulletproofs+: hashed from every proof's whole bytes and commitments, [`super::batch`]).
pub fn verify_batch(items: &[(&OriginalProof, &[[u8; 32]])]) -> Result<(), MoneroError> {
    let parts = items
        .iter()
        .map(|(p, c)| p.parts(c))
        .collect::<Result<Vec<_>, _>>()?;
    verify_parts(&parts, ORIGINAL_BATCH, Family::Original)
}

/// Verifies several proofs with one multiscalar multiplication (the weights of
/// [`verify_batch`]) and, on failure, reports every failing proof with its error: malformed
/// ones as they decode, false ones located by bisection (see [`super::batch`]).
pub fn verify_batch_located(items: &[(&OriginalProof, &[[u8; 32]])]) -> Result<(), BatchFailures> {
    let parts = items.iter().map(|(p, c)| p.parts(c)).collect();
    verify_located(parts, ORIGINAL_BATCH, Family::Original)
}

/// The positions of the proofs of `items` that do not verify ([`verify_batch_located`]).
pub fn locate_failures(items: &[(&OriginalProof, &[[u8; 32]])]) -> Vec<usize> {
    verify_batch_located(items)
        .err()
        .map(|e| e.indices().collect())
        .unwrap_or_default()
}
