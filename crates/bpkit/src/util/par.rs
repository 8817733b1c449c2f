//! Independent computations on several threads with the `parallel` feature (rayon), one after
//! the other without it: a two-way join (the circuit and inner-product provers) and an ordered
//! map (the parties of the local range-proof prover); [`with_threads`] chooses the count.
//! Results never depend on the feature or the thread count.

/// Threads of the current pool (rayon's with the `parallel` feature), 1 without it.
#[cfg(feature = "std")]
pub(crate) fn threads() -> usize {
    #[cfg(feature = "parallel")]
    {
        rayon::current_num_threads()
    }
    #[cfg(not(feature = "parallel"))]
    {
        1
    }
}

/// `(a(), b())`, possibly in parallel.
pub(crate) fn join<A, B, RA, RB>(a: A, b: B) -> (RA, RB)
where
    A: FnOnce() -> RA + Send,
    B: FnOnce() -> RB + Send,
    RA: Send,
    RB: Send,
{
    #[cfg(feature = "parallel")]
    {
        rayon::join(a, b)
    }
    #[cfg(not(feature = "parallel"))]
    {
        (a(), b())
    }
}

/// `(background(), foreground())`: `background` possibly on another thread of the pool while
/// the current thread runs `foreground`, which need not be `Send` (it may use the caller's RNG);
/// one after the other without the `parallel` feature. Returns when both have run. The first
/// result is `None` only if rayon's scope returned without running the task it spawned, which it
/// does not do (it waits for its tasks); callers then compute it themselves.
pub(crate) fn beside<A, B, RA, RB>(background: A, foreground: B) -> (Option<RA>, RB)
where
    A: FnOnce() -> RA + Send,
    B: FnOnce() -> RB,
    RA: Send,
{
    #[cfg(feature = "parallel")]
    {
        let mut out = None;
        let fore = rayon::in_place_scope(|s| {
            let slot = &mut out;
            s.spawn(move |_| *slot = Some(background()));
            foreground()
        });
        (out, fore)
    }
    #[cfg(not(feature = "parallel"))]
    {
        let back = background();
        (Some(back), foreground())
    }
}

/// `f(i, item)` for every item of `items`, in order, possibly on several threads (rayon's pool
/// with the `parallel` feature: `RAYON_NUM_THREADS`, or the pool a caller installs). Which
/// thread handles which index depends only on the number of items, never on their contents.
pub(crate) fn map_owned<T, U, F>(items: alloc::vec::Vec<T>, f: F) -> alloc::vec::Vec<U>
where
    T: Send,
    U: Send,
    F: Fn(usize, T) -> U + Sync + Send,
{
    #[cfg(feature = "parallel")]
    {
        use rayon::prelude::*;
        items
            .into_par_iter()
            .enumerate()
            .map(|(i, t)| f(i, t))
            .collect()
    }
    #[cfg(not(feature = "parallel"))]
    {
        items
            .into_iter()
            .enumerate()
            .map(|(i, t)| f(i, t))
            .collect()
    }
}

/// The index of the first item of `items` for which `f` holds, possibly testing items on
/// several threads (the same answer whatever the count: rayon's `position_first`).
pub(crate) fn position_first<T, F>(items: &[T], f: F) -> Option<usize>
where
    T: Sync,
    F: Fn(&T) -> bool + Sync + Send,
{
    #[cfg(feature = "parallel")]
    {
        use rayon::prelude::*;
        items.par_iter().position_first(f)
    }
    #[cfg(not(feature = "parallel"))]
    {
        items.iter().position(f)
    }
}

/// The first error of `results` in order (the one a sequential run would have met first), or
/// every value.
pub(crate) fn first_error<U, E>(
    results: alloc::vec::Vec<Result<U, E>>,
) -> Result<alloc::vec::Vec<U>, E> {
    results.into_iter().collect()
}

/// Runs `f` with `threads` threads for bpkit's parallel work: the provers' independent parts
/// (the parties of an aggregated range proof, the inner-product rounds' `L` and `R`, the
/// circuit prover's commitments) and whatever else `f` runs on rayon. `0` uses rayon's global
/// pool (`RAYON_NUM_THREADS`, else one thread per core: the default when `with_threads` is not
/// used); any other number a pool of that many threads, built on the first call with that
/// number and kept for the process (up to 256 threads) (later calls reuse its threads instead of starting new
/// ones: a fresh thread pays for its stack and its allocator arena on every call), or `f` in
/// place if it cannot be built. Without the `parallel` feature (and on wasm32 builds without
/// it) `f` runs in place, on one thread. Proofs are byte-identical whatever the count.
pub fn with_threads<T: Send, F: FnOnce() -> T + Send>(threads: usize, f: F) -> T {
    #[cfg(feature = "parallel")]
    if threads != 0 {
        if let Some(pool) = pool(threads) {
            return pool.install(f);
        }
    }
    let _ = threads;
    f()
}

/// Largest thread count whose pool [`with_threads`] keeps.
#[cfg(feature = "parallel")]
const KEPT_POOL_MAX_THREADS: usize = 256;

/// The kept pool of `threads` threads (built on first use; `None` if it cannot be built).
#[cfg(feature = "parallel")]
fn pool(threads: usize) -> Option<std::sync::Arc<rayon::ThreadPool>> {
    use std::collections::BTreeMap;
    use std::sync::{Arc, Mutex, OnceLock, PoisonError};
    static POOLS: OnceLock<Mutex<BTreeMap<usize, Arc<rayon::ThreadPool>>>> = OnceLock::new();
    let mut pools = POOLS
        .get_or_init(|| Mutex::new(BTreeMap::new()))
        .lock()
        .unwrap_or_else(PoisonError::into_inner);
    if let Some(pool) = pools.get(&threads) {
        return Some(Arc::clone(pool));
    }
    let pool = Arc::new(
        rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .ok()?,
    );
    // Kept only for ordinary counts: a pool of thousands of threads is built for its call and
    // dropped after it, as before.
    if threads <= KEPT_POOL_MAX_THREADS {
        pools.insert(threads, Arc::clone(&pool));
    }
    Some(pool)
}
