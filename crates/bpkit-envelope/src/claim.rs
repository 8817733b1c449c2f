//! A claim: a decoded proof with the statement it proves and its transcript label — what is
//! verified alone or in a batch, and what every binding's typed `verify` builds.

use crate::error::Failure;
use crate::format::{Envelope, GeneratorSet, Scheme};
use crate::plus_gens::{shared_plus_gens, PlusGensCache};
use crate::transcript::transcript;
use bpkit::group::CompressedRistretto;
use bpkit::plus::{
    ExtendedOpening, PlusGens, PlusProof, PlusStatement, RecoveryMode, RecoverySeed,
};
use bpkit::{Interval, IntervalProof, RangeProof, RangeStatement};

/// A decoded proof with its statement and label.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Claim {
    /// A (possibly aggregated) range proof: every committed value lies in `[0, 2ⁿ)`.
    Range {
        /// The proof.
        proof: RangeProof,
        /// Bits and commitments.
        statement: RangeStatement,
        /// The transcript label.
        label: String,
    },
    /// An interval proof: the committed value lies in `[a, b)`.
    Interval {
        /// The proof.
        proof: IntervalProof,
        /// The commitment to the value.
        commitment: CompressedRistretto,
        /// `[a, b)`.
        interval: Interval,
        /// Bits of the underlying range proofs.
        bits: usize,
        /// The transcript label.
        label: String,
    },
    /// A Bulletproofs+ proof over extended commitments with minimum values.
    Plus {
        /// The proof.
        proof: PlusProof,
        /// Bits, commitments and minimums.
        statement: PlusStatement,
        /// The Pedersen generators.
        generators: GeneratorSet,
        /// The number of blinding bases `k` of the generators to verify with (an envelope
        /// takes the proof's own; a mismatch is [`bpkit::Error::ExtensionMismatch`]).
        extension_degree: usize,
        /// The transcript label.
        label: String,
    },
}

fn single_commitment(envelope: &Envelope) -> Result<CompressedRistretto, bpkit::Error> {
    match envelope.commitments.as_slice() {
        [c] => Ok(*c),
        other => Err(bpkit::Error::InvalidAggregation(other.len())),
    }
}

/// A proof that does not decode for its length names the length its statement needs (the
/// decoder alone only knows the smallest valid one), as `bpkit inspect` does.
fn expected_length(e: bpkit::Error, needed: usize) -> bpkit::Error {
    match e {
        bpkit::Error::WrongLength { found, .. } if needed != 0 && found != needed => {
            bpkit::Error::WrongLength {
                expected: needed,
                found,
            }
        }
        other => other,
    }
}

impl Claim {
    /// Decodes the envelope's proof (strictly) and builds its statement.
    pub fn from_envelope(envelope: &Envelope) -> Result<Claim, bpkit::Error> {
        let label = envelope.label.clone();
        match &envelope.scheme {
            Scheme::Bp { range: None } => {
                let statement = RangeStatement::new(envelope.bits, envelope.commitments.clone())?;
                let proof = RangeProof::from_bytes(&envelope.proof)
                    .map_err(|e| expected_length(e, statement.proof_size()))?;
                Ok(Claim::Range {
                    proof,
                    statement,
                    label,
                })
            }
            Scheme::Bp {
                range: Some(interval),
            } => {
                let commitment = single_commitment(envelope)?;
                let proof = IntervalProof::from_bytes(&envelope.proof).map_err(|e| {
                    // An interval proof is a range proof of two values (`docs/spec.md` §8);
                    // its size is only needed for the error.
                    let size = RangeStatement::new(envelope.bits, vec![commitment; 2])
                        .map_or(0, |s| s.proof_size());
                    expected_length(e, size)
                })?;
                Ok(Claim::Interval {
                    proof,
                    commitment,
                    interval: *interval,
                    bits: envelope.bits,
                    label,
                })
            }
            Scheme::Plus {
                generators,
                minimums,
            } => {
                let statement = PlusStatement::with_minimums(
                    envelope.bits,
                    envelope.commitments.clone(),
                    minimums.clone(),
                )?;
                let proof = PlusProof::from_bytes(&envelope.proof)?;
                let extension_degree = proof.extension_degree();
                Ok(Claim::Plus {
                    proof,
                    statement,
                    generators: *generators,
                    extension_degree,
                    label,
                })
            }
        }
    }

    /// The envelope of this claim (the inverse of [`Claim::from_envelope`] for claims made
    /// from envelopes).
    pub fn to_envelope(&self) -> Envelope {
        match self {
            Claim::Range {
                proof,
                statement,
                label,
            } => Envelope {
                scheme: Scheme::Bp { range: None },
                bits: statement.bits(),
                label: label.clone(),
                commitments: statement.commitments().to_vec(),
                proof: proof.to_bytes(),
            },
            Claim::Interval {
                proof,
                commitment,
                interval,
                bits,
                label,
            } => Envelope {
                scheme: Scheme::Bp {
                    range: Some(*interval),
                },
                bits: *bits,
                label: label.clone(),
                commitments: vec![*commitment],
                proof: proof.to_bytes(),
            },
            Claim::Plus {
                proof,
                statement,
                generators,
                label,
                ..
            } => Envelope {
                scheme: Scheme::Plus {
                    generators: *generators,
                    minimums: statement.minimums().to_vec(),
                },
                bits: statement.bits(),
                label: label.clone(),
                commitments: statement.commitments().to_vec(),
                proof: proof.to_bytes(),
            },
        }
    }

    /// The transcript label.
    pub fn label(&self) -> &str {
        match self {
            Claim::Range { label, .. }
            | Claim::Interval { label, .. }
            | Claim::Plus { label, .. } => label,
        }
    }

    /// Verifies the claim with the process-wide Bulletproofs+ generators
    /// ([`crate::shared_plus_gens`]). `Ok(())` only for a valid proof; [`Failure::category`]
    /// tells a false proof from a malformed input.
    pub fn verify_shared(&self) -> Result<(), Failure> {
        self.verify_using(shared_plus_gens)
    }

    /// Verifies the claim, taking Bulletproofs+ generators from (and adding them to) `cache`.
    /// `Ok(())` only for a valid proof; [`Failure::category`] tells a false proof from a
    /// malformed input.
    pub fn verify(&self, cache: &mut PlusGensCache) -> Result<(), Failure> {
        self.verify_using(|set, k| cache.get(set, k))
    }

    fn verify_using<'g>(
        &self,
        gens_for: impl FnOnce(GeneratorSet, usize) -> Result<&'g PlusGens, bpkit::Error>,
    ) -> Result<(), Failure> {
        let mut transcript = transcript(self.label())?;
        match self {
            Claim::Range {
                proof, statement, ..
            } => proof.verify(&mut transcript, statement)?,
            Claim::Interval {
                proof,
                commitment,
                interval,
                bits,
                ..
            } => proof.verify(&mut transcript, commitment, interval, *bits)?,
            Claim::Plus {
                proof,
                statement,
                generators,
                extension_degree,
                ..
            } => {
                let gens = gens_for(*generators, *extension_degree)?;
                proof.verify(&mut transcript, gens, statement)?
            }
        }
        Ok(())
    }

    /// Bulletproofs+ mask recovery: the blindings of a single-value proof made with `seed`,
    /// returned only after checking that `(value, blindings)` opens the commitment and that
    /// the proof verifies. [`bpkit::Error::RecoveryFailed`] for a wrong seed or value;
    /// [`crate::EnvelopeError::WrongScheme`] for a claim that is not Bulletproofs+.
    pub fn recover(&self, seed: &RecoverySeed, value: u64) -> Result<ExtendedOpening, Failure> {
        let Claim::Plus {
            proof,
            statement,
            generators,
            extension_degree,
            label,
        } = self
        else {
            return Err(crate::EnvelopeError::WrongScheme {
                expected: "bp+",
                found: "bp",
            }
            .into());
        };
        let mut transcript = transcript(label)?;
        let gens = shared_plus_gens(*generators, *extension_degree)?;
        Ok(proof.recover(
            &mut transcript,
            gens,
            statement,
            seed,
            value,
            RecoveryMode::RecoverAndVerify,
        )?)
    }
}
