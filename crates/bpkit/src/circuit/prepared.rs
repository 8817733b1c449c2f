//! A circuit prepared for verification: recorded once, its digest computed once, its rows
//! packed ([`super::compact`]); then any number of proofs verify against it without running the
//! gadgets again.

use super::compact::CompactRows;
use super::verifier::CircuitEquation;
use super::{Circuit, CircuitError, CircuitProof};
use crate::errors::Error;
use crate::generators::{BulletproofGens, PedersenGens};
use crate::group::{CompressedRistretto, RistrettoPoint, Scalar};
use alloc::vec::Vec;
use curve25519_dalek::traits::{Identity, VartimeMultiscalarMul};
use merlin::Transcript;

/// A recorded circuit kept for verifying many proofs: the sizes, the challenge labels, the
/// digest and the rows in compact form (about 12 bytes per term, against 64 in a [`Circuit`]).
///
/// Built from a [`Circuit`] ([`PreparedCircuit::new`]); verification is the same check as
/// [`Circuit::verify`]. The ready-made statements make theirs with `verifying_key()`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PreparedCircuit {
    /// The circuit's sizes, labels and digest; its rows are moved into `rows`.
    header: Circuit,
    rows: CompactRows,
}

impl PreparedCircuit {
    /// Packs `circuit` (its digest was computed when it was recorded or read). Errors only for
    /// sizes beyond the packing (far above [`super::MAX_MULTIPLIERS`]).
    pub fn new(mut circuit: Circuit) -> Result<Self, CircuitError> {
        let rows = CompactRows::new(&circuit.rows)?;
        circuit.rows = Vec::new();
        Ok(PreparedCircuit {
            header: circuit,
            rows,
        })
    }

    /// The circuit digest (spec §12.3), as [`Circuit::digest`].
    pub fn digest(&self) -> [u8; 32] {
        self.header.digest
    }

    /// Multipliers of both phases `n` (not padded).
    pub fn multipliers(&self) -> usize {
        self.header.multipliers
    }

    /// `n` padded to a power of two: the generators a proof needs.
    pub fn padded_multipliers(&self) -> usize {
        self.header.padded_multipliers()
    }

    /// Number of committed variables.
    pub fn num_commitments(&self) -> usize {
        self.header.num_commitments
    }

    /// Number of constraints of both phases.
    pub fn num_rows(&self) -> usize {
        self.rows.len()
    }

    /// Heap bytes the prepared circuit holds (rows, coefficient table, labels).
    pub fn heap_bytes(&self) -> usize {
        let labels: usize = self
            .header
            .challenge_labels
            .iter()
            .fold(0usize, |a, l| a.saturating_add(l.capacity()));
        self.rows.heap_bytes().saturating_add(labels)
    }

    /// Verifies `proof` against this circuit and `commitments`, exactly as [`Circuit::verify`]
    /// does with the circuit this was prepared from (one variable-time multiscalar
    /// multiplication: every input of a verifier is public).
    pub fn verify(
        &self,
        transcript: &mut Transcript,
        proof: &CircuitProof,
        commitments: &[CompressedRistretto],
        pc_gens: &PedersenGens,
        bp_gens: &BulletproofGens,
    ) -> Result<(), Error> {
        let c = &self.header;
        let rp = c.replay(transcript, proof, commitments, pc_gens)?;
        let wts = self
            .rows
            .weights(
                &rp.z,
                &rp.challenges,
                c.padded_multipliers(),
                c.num_commitments,
            )
            .ok_or(Error::VerificationFailed)?;
        let eq = c.equation_with(&rp, proof, commitments, Scalar::ONE, wts.into())?;
        check_in_parts(c.padded_multipliers(), eq, pc_gens, bp_gens)
    }
}

/// The equation's one multiscalar multiplication, evaluated as three (`G`, `H`, the rest) and
/// summed: the same result and nearly the same work (Pippenger's window does not grow beyond
/// 8 bits at these sizes), with a third of the working memory. curve25519-dalek's Pippenger
/// collects its `(digits, point)` table without a size hint, so a single call over the
/// `2n + 2 + k` points of a proof grows that table to `4n` entries (44 MiB at n = 2^15) where
/// `n` entries per call suffice (`n` is a power of two).
fn check_in_parts(
    padded: usize,
    eq: CircuitEquation,
    pc_gens: &PedersenGens,
    bp_gens: &BulletproofGens,
) -> Result<(), Error> {
    let (g, h) = bp_gens.party(0, padded).ok_or(Error::GeneratorsTooSmall {
        needed: padded,
        available: bp_gens.gens_capacity(),
    })?;
    if eq.g.len() != g.len() || eq.h.len() != h.len() {
        return Err(Error::VerificationFailed);
    }
    let fixed = [eq.b, eq.b_blinding];
    // Variable-time: every scalar and point of a verifier is public.
    let sum = RistrettoPoint::vartime_multiscalar_mul(&eq.g, g)
        + RistrettoPoint::vartime_multiscalar_mul(&eq.h, h)
        + RistrettoPoint::vartime_multiscalar_mul(
            fixed.iter().chain(&eq.dynamic_scalars),
            [pc_gens.b(), pc_gens.b_blinding()]
                .into_iter()
                .chain(&eq.dynamic_points),
        );
    if sum == RistrettoPoint::identity() {
        Ok(())
    } else {
        Err(Error::VerificationFailed)
    }
}
