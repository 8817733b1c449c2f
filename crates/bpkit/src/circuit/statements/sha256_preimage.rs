//! "I know a message of length L whose SHA-256 is d": nothing committed; d and L public.

use super::{statement_proof, statement_verification, VerifyingKey};
use crate::circuit::gadgets::sha256;
use crate::circuit::{Circuit, CircuitError, CircuitProof, Prover, Recorder};
use crate::errors::Error;
use crate::generators::{default_pedersen, BulletproofGens};
use crate::group::CompressedRistretto;
use alloc::vec::Vec;
use merlin::Transcript;
use zeroize::{Zeroize, ZeroizeOnDrop};

/// The statement's name.
pub(super) const NAME: &str = "sha256-preimage";
const DOMAIN: &[u8] = b"bpkit statement sha256-preimage v1";

/// The public inputs: the digest and the message length in bytes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sha256Statement {
    digest: [u8; 32],
    message_len: usize,
}

/// The witness: the message.
#[derive(Clone, Zeroize, ZeroizeOnDrop)]
pub struct Sha256Witness {
    message: Vec<u8>,
}

impl core::fmt::Debug for Sha256Witness {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Sha256Witness").finish_non_exhaustive()
    }
}

impl Sha256Witness {
    /// A witness holding `message`.
    pub fn new(message: Vec<u8>) -> Self {
        Sha256Witness { message }
    }
}

/// A proof of a [`Sha256Statement`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sha256Proof(CircuitProof);
statement_proof!(Sha256Proof);
statement_verification!(Sha256Statement, Sha256Proof);

fn too_long() -> Error {
    Error::Circuit(CircuitError::Gadget(
        "sha256: message longer than 1024 bytes",
    ))
}

impl Sha256Statement {
    /// The statement "a message of `message_len` bytes hashes to `digest`". Errors for messages
    /// longer than [`sha256::MAX_MESSAGE_BYTES`].
    pub fn new(digest: [u8; 32], message_len: usize) -> Result<Self, Error> {
        if message_len > sha256::MAX_MESSAGE_BYTES {
            return Err(too_long());
        }
        Ok(Sha256Statement {
            digest,
            message_len,
        })
    }

    /// The statement a witness proves (its digest, computed natively, and its length).
    pub fn for_witness(witness: &Sha256Witness) -> Result<Self, Error> {
        use sha2::Digest;
        let digest: [u8; 32] = sha2::Sha256::digest(&witness.message).into();
        Self::new(digest, witness.message.len())
    }

    /// The digest d.
    pub fn digest(&self) -> &[u8; 32] {
        &self.digest
    }

    /// The message length in bytes.
    pub fn message_len(&self) -> usize {
        self.message_len
    }

    pub(crate) fn bind(&self, transcript: &mut Transcript) {
        transcript.append_message(b"dom-sep", DOMAIN);
        transcript.append_message(b"digest", &self.digest);
        transcript.append_u64(b"len", self.message_len as u64);
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
        Ok((self.circuit()?, alloc::vec::Vec::new(), transcript))
    }

    /// The circuit (for its size, digest and description).
    pub fn circuit(&self) -> Result<Circuit, Error> {
        Ok(self.recorder()?.into_circuit()?)
    }

    /// A recorder holding the statement's circuit.
    pub(crate) fn recorder(&self) -> Result<Recorder, Error> {
        let mut rec = Recorder::new();
        sha256::preimage(&mut rec, None, self.message_len, &self.digest)?;
        Ok(rec)
    }

    /// Proves the statement. A message with another length or digest is refused
    /// ([`Error::Circuit`]). `bp_gens` needs the circuit's padded multiplier count (32,768 for
    /// messages up to 55 bytes).
    pub fn prove<R: rand_core::CryptoRng + ?Sized>(
        &self,
        transcript: &mut Transcript,
        witness: &Sha256Witness,
        bp_gens: &BulletproofGens,
        rng: &mut R,
    ) -> Result<Sha256Proof, Error> {
        self.bind(transcript);
        let pc_gens = default_pedersen();
        let mut prover = Prover::new(&pc_gens, transcript);
        sha256::preimage(
            &mut prover,
            Some(&witness.message),
            self.message_len,
            &self.digest,
        )?;
        Ok(Sha256Proof(prover.prove(bp_gens, rng)?))
    }

    /// The commitments the circuit speaks about, in the order the circuit commits them.
    pub(crate) fn commitment_list(&self) -> Vec<CompressedRistretto> {
        Vec::new()
    }

    /// The statement's circuit parameters, as a [`VerifyingKey`] records them.
    pub(crate) fn key_parameters(&self) -> Vec<u8> {
        let mut p = DOMAIN.to_vec();
        p.extend_from_slice(&self.digest);
        p.extend_from_slice(&(self.message_len as u64).to_le_bytes());
        p
    }

    /// Multipliers of the statement's circuit (both phases, before padding), from the message
    /// length alone, without recording the circuit: what a verifier compares with its size
    /// limit before anything is allocated (a 1024-byte statement records 446,373 multipliers).
    /// Equal to `self.circuit()?.multipliers()` (`tests/statement_sizes.rs`).
    ///
    /// The gadget folds every operation on constant bits (the initial state, the padding, the
    /// length, the round constants), and the widths of its additions follow from the largest
    /// values their constant inputs can take, so the count depends on the exact length, not
    /// only on the number of blocks; it is read from a table of the gadget's counts for every
    /// length (`statements/sha256_size.rs`: a table for the first two blocks, then a fixed
    /// count per block).
    pub fn multipliers(&self) -> usize {
        super::sha256_size::multipliers(self.message_len)
    }
}
