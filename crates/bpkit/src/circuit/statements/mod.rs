//! Ready-made statements: circuits with their public inputs, ready to prove and verify.
//!
//! Each statement has a statement type (the public inputs), a witness type (secret, zeroized on
//! drop) and a proof type (a [`super::CircuitProof`] with the statement's name). Proving and
//! verifying take the caller's transcript, to which the statement first appends a versioned
//! domain separator and its public inputs; the circuit proof then binds the commitments, the
//! circuit digest (which covers every constant, including the digest or root) and the
//! generators (`docs/spec.md`, "Ready-made statements").
//!
//! Verifying many proofs: `verifying_key()` records the statement's circuit once for its public
//! parameters ([`VerifyingKey`]) and `verify_with_key` checks a proof against it, without
//! running the gadgets again; `verify` records and then does the same.
//!
//! Sizes: `multipliers()` and `padded_multipliers()` give the size of a statement's circuit
//! from its public parameters, without recording it. The parameters are whoever sent the
//! statement's choice (a 1024-byte SHA-256 preimage is 446,373 multipliers, 2¹⁹ padded), so a
//! verifier compares that size with a limit of its own before calling `verifying_key()` or
//! `verify`, which record the circuit and need generators for its padded size (the envelope
//! facade does, `bpkit_envelope::circuit`).
//!
//! Verifying many proofs together: `add_to_batch` (or `add_bytes_to_batch` for an encoded
//! proof) adds a proof with its key to a [`crate::batch::BatchVerifier`], beside range,
//! Bulletproofs+ and other circuit proofs; the batch reports each failure under the index the
//! call returned. A key made for other parameters is refused when the proof is added.
//!
//! ```
//! use bpkit::batch::BatchVerifier;
//! use bpkit::circuit::statements::{MerkleStatement, ShuffleStatement, ShuffleWitness};
//! use bpkit::group::Scalar;
//! use bpkit::poseidon::{MerkleTree, Poseidon};
//! use bpkit::{BulletproofGens, Opening};
//! use merlin::Transcript;
//! # use rand::SeedableRng;
//! # let mut rng = rand_chacha::ChaCha20Rng::from_seed([7; 32]);
//! let bp_gens = BulletproofGens::new(1024, 1);
//! let t = || Transcript::new(b"example");
//!
//! // A shuffle of two committed values.
//! let open = |vs: [u64; 2], rng: &mut _| vs.map(|v| Opening::random(v, rng)).to_vec();
//! let witness = ShuffleWitness::new(open([4, 9], &mut rng), open([9, 4], &mut rng));
//! let shuffle = ShuffleStatement::for_witness(&witness)?;
//! let shuffle_proof = shuffle.prove(&mut t(), &witness, &bp_gens, &mut rng)?;
//!
//! // Membership of the committed value 5 in a Poseidon Merkle tree of depth 1.
//! let tree = MerkleTree::new(&Poseidon::new(), 1, &[Scalar::from(3u64), Scalar::from(5u64)])?;
//! let (merkle, merkle_witness) = MerkleStatement::for_leaf(&tree, 5, 1, Scalar::from(42u64))?;
//! let merkle_proof = merkle.prove(&mut t(), &merkle_witness, &bp_gens, &mut rng)?;
//!
//! // Keys made once; then any number of proofs join one batch.
//! let (shuffle_key, merkle_key) = (shuffle.verifying_key()?, merkle.verifying_key()?);
//! let merkle_bytes = merkle_proof.to_bytes();
//! let mut batch = BatchVerifier::new();
//! assert_eq!(shuffle.add_to_batch(&mut batch, &shuffle_key, &shuffle_proof, t())?, 0);
//! assert_eq!(merkle.add_bytes_to_batch(&mut batch, &merkle_key, &merkle_bytes, t())?, 1);
//! // A key made for other parameters is refused; nothing is added.
//! assert!(merkle.add_to_batch(&mut batch, &shuffle_key, &merkle_proof, t()).is_err());
//! assert_eq!(batch.len(), 2);
//! batch.verify(&mut rng)?;
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! | statement | name | public | committed |
//! |---|---|---|---|
//! | [`Sha256Statement`] | `sha256-preimage` | digest d, message length | — |
//! | [`MerkleStatement`] | `merkle-membership` | Poseidon root, depth d ≤ 32 | the leaf |
//! | [`ShuffleStatement`] | `shuffle` | — | k inputs, k outputs |

mod key;
mod merkle_membership;
mod sha256_preimage;
mod sha256_size;
mod shuffle;

pub use key::VerifyingKey;
pub use merkle_membership::{MerkleProof, MerkleStatement, MerkleWitness};
pub use sha256_preimage::{Sha256Proof, Sha256Statement, Sha256Witness};
pub use shuffle::{ShuffleProof, ShuffleStatement, ShuffleWitness, MAX_SHUFFLE};

/// The statements' names, as envelopes and the command-line tool spell them.
pub const NAMES: [&str; 3] = [
    sha256_preimage::NAME,
    merkle_membership::NAME,
    shuffle::NAME,
];

/// `n` padded to a power of two (at least 1), as [`super::Circuit::padded_multipliers`] pads
/// it.
fn padded(n: usize) -> usize {
    n.max(1).next_power_of_two()
}

/// Behaviour shared by the three proof types.
macro_rules! statement_proof {
    ($name:ident) => {
        impl $name {
            /// The underlying circuit proof.
            pub fn circuit_proof(&self) -> &crate::circuit::CircuitProof {
                &self.0
            }

            /// The proof's encoding (the circuit proof's, `docs/spec.md`).
            pub fn to_bytes(&self) -> alloc::vec::Vec<u8> {
                self.0.to_bytes()
            }

            /// Strict decoding (see [`crate::circuit::CircuitProof::from_bytes`]).
            pub fn from_bytes(bytes: &[u8]) -> Result<Self, crate::errors::Error> {
                crate::circuit::CircuitProof::from_bytes(bytes).map(Self)
            }

            /// Size of the encoding in bytes.
            pub fn serialized_size(&self) -> usize {
                self.0.serialized_size()
            }
        }
    };
}
pub(crate) use statement_proof;

/// Verification shared by the three statement types (`padded_multipliers`, `verifying_key`,
/// `verify`, `verify_with_key`, `verify_bytes_with_key`; the batch methods are in `batch/statements.rs`), for a statement type with
/// `multipliers`, `circuit`, `key_parameters`, `bind` and `commitment_list`, whose proof type is
/// `$proof`.
macro_rules! statement_verification {
    ($statement:ident, $proof:ident) => {
        impl $statement {
            /// [`Self::multipliers`] padded to a power of two (at least 1): the generators a
            /// proof needs.
            pub fn padded_multipliers(&self) -> usize {
                $crate::circuit::statements::padded(self.multipliers())
            }

            /// The circuit recorded once and packed, for verifying many proofs of statements
            /// with these parameters ([`Self::verify_with_key`]).
            pub fn verifying_key(&self) -> Result<VerifyingKey, $crate::errors::Error> {
                Ok(VerifyingKey::new(
                    self.key_parameters(),
                    $crate::circuit::PreparedCircuit::from_recorder(self.recorder()?)?,
                ))
            }

            /// Verifies a proof of the statement (records the circuit: to verify many proofs,
            /// make a [`Self::verifying_key`] once and use [`Self::verify_with_key`]).
            pub fn verify(
                &self,
                transcript: &mut merlin::Transcript,
                proof: &$proof,
                bp_gens: &$crate::generators::BulletproofGens,
            ) -> Result<(), $crate::errors::Error> {
                let (prepared, recorded) =
                    $crate::circuit::PreparedCircuit::from_recorder_keeping_rows(self.recorder()?)?;
                let key = VerifyingKey::new(self.key_parameters(), prepared);
                // The recorded rows (one allocation each) are freed beside the verification,
                // on another thread with the `parallel` feature.
                let (_, verdict) = $crate::util::par::beside(
                    move || drop(recorded),
                    || self.verify_with_key(&key, transcript, proof, bp_gens),
                );
                verdict
            }

            /// [`Self::verify_with_key`] for a proof still in bytes: the same answer as
            /// `from_bytes` followed by `verify_with_key`, and the same errors (a key made for
            /// other parameters is refused before the bytes are read). Large circuits on the
            /// verification engine decode the proof's points in one batch, without
            /// curve25519-dalek (`PreparedCircuit::verify_bytes`).
            pub fn verify_bytes_with_key(
                &self,
                key: &VerifyingKey,
                transcript: &mut merlin::Transcript,
                proof: &[u8],
                bp_gens: &$crate::generators::BulletproofGens,
            ) -> Result<(), $crate::errors::Error> {
                let circuit = key.for_parameters(&self.key_parameters())?;
                self.bind(transcript);
                circuit.verify_bytes(
                    transcript,
                    proof,
                    &self.commitment_list(),
                    &$crate::generators::default_pedersen(),
                    bp_gens,
                )
            }

            /// Verifies a proof of the statement against `key`, which must have been made for
            /// this statement's parameters ([`Self::verifying_key`]; another key is refused).
            pub fn verify_with_key(
                &self,
                key: &VerifyingKey,
                transcript: &mut merlin::Transcript,
                proof: &$proof,
                bp_gens: &$crate::generators::BulletproofGens,
            ) -> Result<(), $crate::errors::Error> {
                let circuit = key.for_parameters(&self.key_parameters())?;
                self.bind(transcript);
                circuit.verify(
                    transcript,
                    proof.circuit_proof(),
                    &self.commitment_list(),
                    &$crate::generators::default_pedersen(),
                    bp_gens,
                )
            }
        }
    };
}
pub(crate) use statement_verification;
