//! A circuit prepared for verification: recorded once, its digest computed once, its rows
//! packed ([`CompactRows`]); then any number of proofs verify against it without running the
//! gadgets again.

use super::batched::CircuitRef;
use super::check::{self, ProofInput};
use super::equation::{CircuitEquation, Replay};
use crate::circuit::record::compact_rows::CompactRows;
use crate::circuit::EncodedProof;
use crate::circuit::{Circuit, CircuitError, CircuitProof, LinearCombination, Recorder};
use crate::errors::Error;
use crate::generators::{BulletproofGens, PedersenGens};
use crate::group::{CompressedRistretto, Scalar};
use alloc::vec::Vec;
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
    /// sizes beyond the packing (far above [`crate::circuit::MAX_MULTIPLIERS`]).
    pub fn new(mut circuit: Circuit) -> Result<Self, CircuitError> {
        let rows = CompactRows::new(&circuit.rows)?;
        circuit.rows = Vec::new();
        Ok(PreparedCircuit {
            header: circuit,
            rows,
        })
    }

    /// Records and packs in one step: the same as `PreparedCircuit::new(rec.into_circuit()?)`,
    /// with the digest computed beside the packing (on another thread with the `parallel`
    /// feature; neither needs the other).
    pub fn from_recorder(rec: Recorder) -> Result<Self, CircuitError> {
        Self::from_recorder_keeping_rows(rec).map(|(prepared, _rows)| prepared)
    }

    /// [`Self::from_recorder`], also handing back the recorded rows (one allocation each: 48,500
    /// for SHA-256), for a caller that frees them where it costs nothing (the statements'
    /// `verify` frees them beside the verification).
    pub(crate) fn from_recorder_keeping_rows(
        rec: Recorder,
    ) -> Result<(Self, Vec<LinearCombination>), CircuitError> {
        let mut circuit = rec.into_unsealed_circuit()?;
        let (digest, rows) = {
            let c = &circuit;
            crate::util::par::beside(|| c.compute_digest(), || CompactRows::new(&c.rows))
        };
        circuit.digest = digest.unwrap_or_else(|| circuit.compute_digest());
        let rows = rows?;
        let recorded = core::mem::take(&mut circuit.rows);
        Ok((
            PreparedCircuit {
                header: circuit,
                rows,
            },
            recorded,
        ))
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
    /// multiplication: every input of a verifier is public; on the verification engine from
    /// [`super::ENGINE_MIN_MULTIPLIERS`] padded multipliers on, as [`Circuit::verify`]).
    pub fn verify(
        &self,
        transcript: &mut Transcript,
        proof: &CircuitProof,
        commitments: &[CompressedRistretto],
        pc_gens: &PedersenGens,
        bp_gens: &BulletproofGens,
    ) -> Result<(), Error> {
        let path = check::choose_single(self.padded_multipliers());
        CircuitRef::Prepared(self).verify_on(
            path,
            transcript,
            ProofInput::Parsed(proof),
            commitments,
            pc_gens,
            bp_gens,
        )
    }

    /// Verifies an encoded proof: the same answer and errors as
    /// [`CircuitProof::from_bytes`] followed by [`PreparedCircuit::verify`] (as
    /// [`Circuit::verify_bytes`]).
    pub fn verify_bytes(
        &self,
        transcript: &mut Transcript,
        proof: &[u8],
        commitments: &[CompressedRistretto],
        pc_gens: &PedersenGens,
        bp_gens: &BulletproofGens,
    ) -> Result<(), Error> {
        let path = check::choose_single(self.padded_multipliers());
        CircuitRef::Prepared(self).verify_on(
            path,
            transcript,
            ProofInput::Bytes(proof),
            commitments,
            pc_gens,
            bp_gens,
        )
    }

    /// The circuit's sizes, labels and digest (no rows: they are in `rows`).
    pub(crate) fn header(&self) -> &Circuit {
        &self.header
    }

    /// The verification equation of a replayed proof times `rho`, its weights computed from the
    /// packed rows ([`Circuit::equation_from`] computes the same from the recorded ones).
    pub(crate) fn equation_from(
        &self,
        rp: &Replay,
        proof: &EncodedProof,
        rho: Scalar,
    ) -> Result<CircuitEquation, Error> {
        let c = &self.header;
        let wts = self
            .rows
            .weights(
                &rp.z,
                &rp.challenges,
                c.padded_multipliers(),
                c.num_commitments,
            )
            .ok_or(Error::VerificationFailed)?;
        c.equation_with(rp, proof, rho, wts)
    }
}
