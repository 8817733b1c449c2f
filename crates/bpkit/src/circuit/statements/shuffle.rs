//! "The committed outputs are a permutation of the committed inputs" (k of each).

use super::{statement_proof, statement_verification, VerifyingKey};
use crate::circuit::gadgets::shuffle;
use crate::circuit::{Circuit, CircuitError, CircuitProof, LinearCombination, Prover, Recorder};
use crate::commitment::Opening;
use crate::errors::Error;
use crate::generators::{default_pedersen, BulletproofGens};
use crate::group::{CompressedRistretto, Scalar};
use alloc::vec::Vec;
use merlin::Transcript;

/// The statement's name.
pub(super) const NAME: &str = "shuffle";
const DOMAIN: &[u8] = b"bpkit statement shuffle v1";

/// The largest k.
pub const MAX_SHUFFLE: usize = 4096;

/// The public inputs: the commitments to the inputs and to the outputs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ShuffleStatement {
    inputs: Vec<CompressedRistretto>,
    outputs: Vec<CompressedRistretto>,
}

/// The witness: the openings of the inputs and of the outputs.
#[derive(Clone)]
pub struct ShuffleWitness {
    inputs: Vec<Opening>,
    outputs: Vec<Opening>,
}

impl core::fmt::Debug for ShuffleWitness {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("ShuffleWitness").finish_non_exhaustive()
    }
}

impl ShuffleWitness {
    /// A witness: the openings of the inputs and of the outputs (in commitment order).
    pub fn new(inputs: Vec<Opening>, outputs: Vec<Opening>) -> Self {
        ShuffleWitness { inputs, outputs }
    }
}

/// A proof of a [`ShuffleStatement`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ShuffleProof(CircuitProof);
statement_proof!(ShuffleProof);
statement_verification!(ShuffleStatement, ShuffleProof);

fn shape_error(msg: &'static str) -> Error {
    Error::Circuit(CircuitError::Gadget(msg))
}

impl ShuffleStatement {
    /// The statement over these commitments. Errors: different counts, none, more than
    /// [`MAX_SHUFFLE`].
    pub fn new(
        inputs: Vec<CompressedRistretto>,
        outputs: Vec<CompressedRistretto>,
    ) -> Result<Self, Error> {
        if inputs.len() != outputs.len() {
            return Err(shape_error("shuffle: inputs and outputs differ in number"));
        }
        if inputs.is_empty() || inputs.len() > MAX_SHUFFLE {
            return Err(shape_error("shuffle: between 1 and 4096 values"));
        }
        Ok(ShuffleStatement { inputs, outputs })
    }

    /// The statement a witness speaks about (its commitments).
    pub fn for_witness(witness: &ShuffleWitness) -> Result<Self, Error> {
        let pc_gens = default_pedersen();
        let commit = |o: &Opening| o.commit_with(&pc_gens);
        Self::new(
            witness.inputs.iter().map(commit).collect(),
            witness.outputs.iter().map(commit).collect(),
        )
    }

    /// The input commitments.
    pub fn inputs(&self) -> &[CompressedRistretto] {
        &self.inputs
    }

    /// The output commitments.
    pub fn outputs(&self) -> &[CompressedRistretto] {
        &self.outputs
    }

    pub(crate) fn bind(&self, transcript: &mut Transcript) {
        transcript.append_message(b"dom-sep", DOMAIN);
        transcript.append_u64(b"k", self.inputs.len() as u64);
    }

    /// `transcript` with the statement's domain separator and public inputs appended: what
    /// [`Self::batch_parts`] returns beside the circuit, for callers that keep the circuit
    /// recorded once for these parameters.
    pub fn bind_transcript(&self, mut transcript: Transcript) -> Transcript {
        self.bind(&mut transcript);
        transcript
    }

    /// What a [`crate::batch::BatchVerifier`] needs besides the proof
    /// ([`crate::batch::BatchVerifier::add_circuit_proof`]): the circuit, the commitments, and
    /// `transcript` with the statement's domain separator and public inputs appended.
    /// (This records the circuit for every call; with a verifying key, [`Self::add_to_batch`]
    /// adds a proof without recording anything.)
    pub fn batch_parts(
        &self,
        mut transcript: Transcript,
    ) -> Result<
        (
            Circuit,
            alloc::vec::Vec<crate::group::CompressedRistretto>,
            Transcript,
        ),
        Error,
    > {
        self.bind(&mut transcript);
        Ok((self.circuit()?, self.commitment_list(), transcript))
    }

    /// The circuit (for its size, digest and description).
    pub fn circuit(&self) -> Result<Circuit, Error> {
        Ok(self.recorder()?.into_circuit()?)
    }

    /// A recorder holding the statement's circuit.
    pub(crate) fn recorder(&self) -> Result<Recorder, Error> {
        let mut rec = Recorder::new();
        let x: Vec<LinearCombination> = self.inputs.iter().map(|_| rec.commit().into()).collect();
        let y: Vec<LinearCombination> = self.outputs.iter().map(|_| rec.commit().into()).collect();
        shuffle::shuffle(&mut rec, x, y)?;
        Ok(rec)
    }

    /// Proves the statement. Refused ([`Error::Circuit`]): openings that do not open the
    /// commitments, outputs that are not a permutation of the inputs.
    pub fn prove<R: rand_core::CryptoRng + ?Sized>(
        &self,
        transcript: &mut Transcript,
        witness: &ShuffleWitness,
        bp_gens: &BulletproofGens,
        rng: &mut R,
    ) -> Result<ShuffleProof, Error> {
        let pc_gens = default_pedersen();
        let opens = |openings: &[Opening], commitments: &[CompressedRistretto]| {
            openings.len() == commitments.len()
                && openings
                    .iter()
                    .zip(commitments)
                    // Declassified (feature `ctime`): whether the opening opens the commitment,
                    // a public error.
                    .all(|(o, c)| crate::ctime::declassify_bool(o.commit_with(&pc_gens) == *c))
        };
        if !opens(&witness.inputs, &self.inputs) || !opens(&witness.outputs, &self.outputs) {
            return Err(shape_error(
                "shuffle: the openings do not open the commitments",
            ));
        }
        self.bind(transcript);
        let mut prover = Prover::new(&pc_gens, transcript);
        let mut commit_all = |openings: &[Opening]| -> Vec<LinearCombination> {
            openings
                .iter()
                .map(|o| prover.commit(Scalar::from(o.value), o.blinding).1.into())
                .collect()
        };
        let x = commit_all(&witness.inputs);
        let y = commit_all(&witness.outputs);
        shuffle::shuffle(&mut prover, x, y)?;
        Ok(ShuffleProof(prover.prove(bp_gens, rng)?))
    }

    /// The commitments the circuit speaks about, in the order the circuit commits them.
    pub(crate) fn commitment_list(&self) -> Vec<CompressedRistretto> {
        self.inputs.iter().chain(&self.outputs).copied().collect()
    }

    /// The statement's circuit parameters, as a [`VerifyingKey`] records them.
    pub(crate) fn key_parameters(&self) -> Vec<u8> {
        let mut p = DOMAIN.to_vec();
        p.extend_from_slice(&(self.inputs.len() as u64).to_le_bytes());
        p
    }

    /// Multipliers of the statement's circuit (both phases, before padding), from k alone,
    /// without recording the circuit: what a verifier compares with its size limit before
    /// anything is allocated. Equal to `self.circuit()?.multipliers()`
    /// (`tests/statement_sizes.rs` checks it for many k).
    ///
    /// For k ≥ 2 the gadget multiplies out ∏(xᵢ − z) and ∏(yᵢ − z): k − 1 multipliers each.
    /// For k = 1 it constrains x₁ = y₁ directly: none.
    pub fn multipliers(&self) -> usize {
        self.inputs.len().saturating_sub(1).saturating_mul(2)
    }
}
