//! Bulletproofs+ generator sets by name (`"bpkit"`, `"tari"`), built once per extension degree
//! and kept for the life of the module (their tables make later verifications cheaper).

use crate::error::{BindingError, Family, Result};
use bpkit::plus::PlusGens;
use bpkit_envelope::{GeneratorSet, PlusGensCache};
use std::cell::RefCell;

thread_local! {
    static CACHE: RefCell<PlusGensCache> = RefCell::new(PlusGensCache::default());
}

/// The set named `name` (`undefined` means bpkit's).
pub fn set_of(name: Option<String>) -> Result<GeneratorSet> {
    match name {
        None => Ok(GeneratorSet::Bpkit),
        Some(n) => GeneratorSet::from_name(&n).ok_or_else(|| {
            BindingError::argument(format!(
                "unknown generators {n:?}: \"bpkit\" (the default) or \"tari\""
            ))
        }),
    }
}

fn busy() -> BindingError {
    BindingError::new(
        Family::Other,
        "reentrant-call",
        "the generator cache is in use (reentrant call)",
    )
}

/// Runs `f` with the cache, which it may grow.
pub fn with_cache_mut<R>(f: impl FnOnce(&mut PlusGensCache) -> Result<R>) -> Result<R> {
    CACHE.with(|cache| {
        let mut cache = cache.try_borrow_mut().map_err(|_| busy())?;
        f(&mut cache)
    })
}

/// Runs `f` with the cache, after building the generators of every `(set, k)` in `needed`.
pub fn with_cache<R>(
    needed: &[(GeneratorSet, usize)],
    f: impl FnOnce(&PlusGensCache) -> Result<R>,
) -> Result<R> {
    CACHE.with(|cache| {
        {
            let mut cache = cache.try_borrow_mut().map_err(|_| busy())?;
            for &(set, k) in needed {
                cache.get(set, k)?;
            }
        }
        let cache = cache.try_borrow().map_err(|_| busy())?;
        f(&cache)
    })
}

/// Runs `f` with the generators of `set` with `k` blinding bases.
pub fn with_gens<R>(
    set: GeneratorSet,
    k: usize,
    f: impl FnOnce(&PlusGens) -> Result<R>,
) -> Result<R> {
    with_cache(&[(set, k)], |cache| {
        let gens = cache
            .find(set, k)
            .ok_or(bpkit::Error::InvalidExtensionDegree(k))?;
        f(gens)
    })
}
