//! Verifying one envelope: decode its proof, build its statement, verify.

use crate::claim::Claim;
use crate::error::Failure;
use crate::format::{Envelope, GeneratorSet};
use bpkit::plus::PlusGens;

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
/// `Ok(())` only for a valid proof. [`Failure::is_invalid_proof`] tells a false proof
/// (CLI exit 1) from a malformed or non-canonical one (exit 3).
pub fn verify(envelope: &Envelope) -> Result<(), Failure> {
    verify_with(envelope, &mut PlusGensCache::default())
}

/// [`verify`], taking Bulletproofs+ generators from (and adding them to) `cache`.
pub fn verify_with(envelope: &Envelope, cache: &mut PlusGensCache) -> Result<(), Failure> {
    Claim::from_envelope(envelope)?.verify(cache)
}
