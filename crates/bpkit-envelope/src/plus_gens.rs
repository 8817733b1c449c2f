//! Bulletproofs+ generators for verifying and proving envelopes: built once per process
//! ([`shared_plus_gens`]) or kept by the caller ([`PlusGensCache`]). Below [`crate::Claim`] and
//! the verify, prove and batch facades, which all take their generators from here.

use crate::format::GeneratorSet;
use bpkit::plus::PlusGens;
use std::sync::OnceLock;

/// The largest extension degree (blinding bases per commitment).
const MAX_K: usize = 6;

/// Process-wide Bulletproofs+ generators: one slot per generator set and extension degree.
static SHARED: [[OnceLock<PlusGens>; MAX_K]; 2] = [
    [const { OnceLock::new() }; MAX_K],
    [const { OnceLock::new() }; MAX_K],
];

/// The process-wide generators of `set` with `k` blinding bases, built (with their tables) on
/// first use and kept for the life of the process (at most 12 sets): what the bindings and
/// [`crate::verify()`] use, so that a long-lived process builds each once.
pub fn shared_plus_gens(set: GeneratorSet, k: usize) -> Result<&'static PlusGens, bpkit::Error> {
    let row = match set {
        GeneratorSet::Bpkit => 0,
        GeneratorSet::Tari => 1,
    };
    let slot = SHARED
        .get(row)
        .and_then(|r| k.checked_sub(1).and_then(|i| r.get(i)))
        .ok_or(bpkit::Error::InvalidExtensionDegree(k))?;
    if let Some(gens) = slot.get() {
        return Ok(gens);
    }
    let gens = set.gens(k)?;
    Ok(slot.get_or_init(|| gens))
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
