//! Verifying one envelope: decode its proof, build its statement, verify.

use crate::format::{Envelope, GeneratorSet, Scheme};
use crate::transcript::transcript;
use bpkit::group::CompressedRistretto;
use bpkit::plus::{PlusGens, PlusProof, PlusStatement};
use bpkit::{IntervalProof, RangeProof, RangeStatement};

fn single_commitment(envelope: &Envelope) -> Result<&CompressedRistretto, bpkit::Error> {
    match envelope.commitments.as_slice() {
        [c] => Ok(c),
        other => Err(bpkit::Error::InvalidAggregation(other.len())),
    }
}

/// Bulletproofs+ generators built so far, one per generator set and extension degree: their
/// tables are built on first use, so a process verifying many proofs builds each once.
#[derive(Default)]
pub struct PlusGensCache {
    built: Vec<(GeneratorSet, usize, PlusGens)>,
}

impl PlusGensCache {
    /// The generators of `set` with `k` blinding bases.
    pub fn get(&mut self, set: GeneratorSet, k: usize) -> Result<&PlusGens, bpkit::Error> {
        let position = self.built.iter().position(|(s, d, _)| *s == set && *d == k);
        let index = match position {
            Some(i) => i,
            None => {
                self.built.push((set, k, set.gens(k)?));
                self.built.len().saturating_sub(1)
            }
        };
        self.built
            .get(index)
            .map(|(_, _, gens)| gens)
            .ok_or(bpkit::Error::InvalidExtensionDegree(k))
    }

    /// The generators of `set` with `k` blinding bases, if [`PlusGensCache::get`] built them.
    pub fn find(&self, set: GeneratorSet, k: usize) -> Option<&PlusGens> {
        self.built
            .iter()
            .find(|(s, d, _)| *s == set && *d == k)
            .map(|(_, _, gens)| gens)
    }
}

/// Decodes the proof and verifies it against the envelope's statement.
///
/// `Ok(())` only for a valid proof. [`bpkit::Error::is_invalid_proof`] tells a false proof
/// (exit 1) from a malformed or non-canonical one (exit 3).
pub fn verify(envelope: &Envelope) -> Result<(), bpkit::Error> {
    verify_with(envelope, &mut PlusGensCache::default())
}

/// [`verify`], taking Bulletproofs+ generators from (and adding them to) `cache`.
pub fn verify_with(envelope: &Envelope, cache: &mut PlusGensCache) -> Result<(), bpkit::Error> {
    let mut transcript = transcript(&envelope.label);
    match &envelope.scheme {
        Scheme::Bp { range: None } => {
            let statement = RangeStatement::new(envelope.bits, envelope.commitments.clone())?;
            let proof = RangeProof::from_bytes(&envelope.proof)?;
            proof.verify(&mut transcript, &statement)
        }
        Scheme::Bp {
            range: Some(interval),
        } => {
            let commitment = single_commitment(envelope)?;
            let proof = IntervalProof::from_bytes(&envelope.proof)?;
            proof.verify(&mut transcript, commitment, interval, envelope.bits)
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
            let gens = cache.get(*generators, proof.extension_degree())?;
            proof.verify(&mut transcript, gens, &statement)
        }
    }
}
