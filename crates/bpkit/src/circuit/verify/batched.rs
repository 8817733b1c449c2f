//! The circuit a batch entry is checked against: recorded ([`Circuit`]) or prepared
//! ([`PreparedCircuit`]). Both give the same transcript replay and the same weighted equation;
//! a prepared circuit computes its weights from its packed rows, with the digest it was made
//! with, so nothing is recorded or hashed again per proof.

use super::check::{self, ProofInput};
use super::equation::{CircuitEquation, Replay};
use crate::circuit::EncodedProof;
use crate::circuit::{Circuit, PreparedCircuit};
use crate::errors::Error;
use crate::generators::{BulletproofGens, PedersenGens};
use crate::group::{CompressedRistretto, Scalar};
use merlin::Transcript;

/// A recorded or a prepared circuit, borrowed.
#[derive(Clone, Copy, Debug)]
pub(crate) enum CircuitRef<'a> {
    Recorded(&'a Circuit),
    Prepared(&'a PreparedCircuit),
}

impl CircuitRef<'_> {
    /// The circuit's sizes, labels and digest (a prepared circuit's has no rows).
    fn header(&self) -> &Circuit {
        match self {
            CircuitRef::Recorded(c) => c,
            CircuitRef::Prepared(p) => p.header(),
        }
    }

    /// `n` padded to a power of two.
    pub(crate) fn padded_multipliers(&self) -> usize {
        self.header().padded_multipliers()
    }

    /// Replays the transcript for `proof` ([`Circuit::replay`]: sizes, commitment count, the
    /// statement and every prover message bound, every challenge drawn).
    pub(crate) fn replay(
        &self,
        transcript: &mut Transcript,
        proof: &EncodedProof,
        commitments: &[CompressedRistretto],
        pc_gens: &PedersenGens,
    ) -> Result<Replay, Error> {
        self.header()
            .replay(transcript, proof, commitments, pc_gens)
    }

    /// The proof's verification equation times `rho`, from its replayed transcript.
    pub(crate) fn equation_from(
        &self,
        rp: &Replay,
        proof: &EncodedProof,
        rho: Scalar,
    ) -> Result<CircuitEquation, Error> {
        match self {
            CircuitRef::Recorded(c) => c.equation_from(rp, proof, rho),
            CircuitRef::Prepared(p) => p.equation_from(rp, proof, rho),
        }
    }

    /// Verifies one proof on `path` (what `Circuit::verify`/`verify_bytes` and
    /// `PreparedCircuit::verify`/`verify_bytes` do): decode, replay, the weighted equation, one
    /// check. On dalek a large prepared circuit's check runs as three multiplications (`G`, `H`,
    /// the rest), a third of the working memory of one (see `check`).
    pub(crate) fn verify_on(
        &self,
        path: check::Path,
        transcript: &mut Transcript,
        proof: ProofInput<'_>,
        commitments: &[CompressedRistretto],
        pc_gens: &PedersenGens,
        bp_gens: &BulletproofGens,
    ) -> Result<(), Error> {
        let (enc, points) = proof.decode(path)?;
        let rp = self.replay(transcript, &enc, commitments, pc_gens)?;
        let eq = self.equation_from(&rp, &enc, Scalar::ONE)?;
        // Three multiplications only where one streamed call would be cut into chunks anyway
        // (more than `VARTIME_CHUNK` terms): below that one multiplication shares its doublings
        // (Straus) or its bucket sums (Pippenger) over every term, and three were 10–26 %
        // slower at 14 and 126 multipliers.
        let in_parts = matches!(self, CircuitRef::Prepared(_))
            && self.padded_multipliers().saturating_mul(2) > crate::group::msm::VARTIME_CHUNK;
        check::finish(
            self.padded_multipliers(),
            eq,
            points,
            &enc.points,
            commitments,
            pc_gens,
            bp_gens,
            in_parts,
        )
    }
}
