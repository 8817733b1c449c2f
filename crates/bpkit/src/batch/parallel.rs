//! Spreading work over threads (feature `parallel`), or running it in place.
//!
//! Work is split into contiguous parts, a few per thread ([`SLICES_PER_THREAD`],
//! [`MSM_PARTS_PER_THREAD`]) so that rayon's work stealing balances threads that run at
//! different speeds (a shared or throttled core); each part is processed sequentially on one
//! thread (its own batch inversion, accumulator and dynamic terms), and the parts' results are
//! combined in order, so results do not depend on the thread count.

use crate::group::engine::{self, EnginePoint, EngineSum};
use crate::group::{msm, RistrettoPoint, Scalar};
use alloc::vec::Vec;

/// Parts per thread for [`Executor::map_slices`]: each part costs one batch inversion and one
/// accumulator merge, small against its proofs' decompression.
#[cfg(feature = "parallel")]
const SLICES_PER_THREAD: usize = 4;

/// Parts per thread for [`Executor::vartime_msm`]: fewer, because each part of a Pippenger
/// multiscalar multiplication pays its bucket sums again.
const MSM_PARTS_PER_THREAD: usize = 2;

/// Runs closures over parts of a slice, on a local thread pool or in place.
pub(crate) struct Executor {
    #[cfg(feature = "parallel")]
    pool: Option<rayon::ThreadPool>,
    parts: usize,
}

impl Executor {
    /// `threads = 1`: in place. With feature `parallel`: `threads = 0` uses rayon's global pool,
    /// any other number a local pool of that many threads (in place if the pool cannot be
    /// built). Without the feature everything runs in place.
    pub fn new(threads: usize) -> Self {
        #[cfg(feature = "parallel")]
        {
            match threads {
                1 => Executor {
                    pool: None,
                    parts: 1,
                },
                0 => Executor {
                    pool: None,
                    parts: rayon::current_num_threads().max(1),
                },
                t => match rayon::ThreadPoolBuilder::new().num_threads(t).build() {
                    Ok(pool) => Executor {
                        pool: Some(pool),
                        parts: t,
                    },
                    Err(_) => Executor {
                        pool: None,
                        parts: 1,
                    },
                },
            }
        }
        #[cfg(not(feature = "parallel"))]
        {
            let _ = threads;
            Executor { parts: 1 }
        }
    }

    /// Splits `items` into at most [`Executor::parts`] contiguous slices and maps `f` over them
    /// (`f` gets each slice's offset in `items`); results in slice order.
    pub fn map_slices<T, R, F>(&self, items: &[T], f: F) -> Vec<R>
    where
        T: Sync,
        R: Send,
        F: Fn(usize, &[T]) -> R + Sync + Send,
    {
        if items.is_empty() {
            return Vec::new();
        }
        #[cfg(feature = "parallel")]
        if self.parts > 1 {
            let pieces = self.parts.saturating_mul(SLICES_PER_THREAD);
            let len = items.len().div_ceil(pieces).max(1);
            use rayon::prelude::*;
            let run = || {
                items
                    .par_chunks(len)
                    .enumerate()
                    .map(|(i, part)| f(i.saturating_mul(len), part))
                    .collect()
            };
            return match &self.pool {
                Some(pool) => pool.install(run),
                None => run(),
            };
        }
        alloc::vec![f(0, items)]
    }

    /// `Σ sᵢ·Pᵢ` in variable time, split over the threads. **Only for public scalars.**
    /// `None` if the lengths differ.
    pub fn vartime_msm(
        &self,
        scalars: &[Scalar],
        points: &[&RistrettoPoint],
    ) -> Option<RistrettoPoint> {
        if scalars.len() != points.len() {
            return None;
        }
        // Below this many terms per thread, splitting costs more than it saves.
        const MIN_PER_PART: usize = 256;
        if self.parts <= 1 || scalars.len() < MIN_PER_PART.saturating_mul(2) {
            // Variable-time: this function's contract (callers pass verification scalars).
            return msm::vartime_slices(scalars, points);
        }
        let pieces = self
            .parts
            .saturating_mul(MSM_PARTS_PER_THREAD)
            .min(scalars.len() / MIN_PER_PART);
        let len = scalars.len().div_ceil(pieces.max(1)).max(1);
        let pairs: Vec<(&[Scalar], &[&RistrettoPoint])> =
            scalars.chunks(len).zip(points.chunks(len)).collect();
        // Variable-time: the caller's scalars are public (verification).
        let sums = self.map_slices(&pairs, |_, part| {
            part.iter()
                .map(|(s, p)| msm::vartime_slices(s, p))
                .collect::<Vec<_>>()
        });
        sums.into_iter()
            .flatten()
            .try_fold(RistrettoPoint::default(), |acc, p| p.map(|p| acc + p))
    }

    /// [`Executor::vartime_msm`] by the verification engine, over engine points.
    /// **Only for public scalars.** `None` if the lengths differ.
    pub fn vartime_msm_engine(
        &self,
        scalars: &[Scalar],
        points: &[EnginePoint],
    ) -> Option<EngineSum> {
        if scalars.len() != points.len() {
            return None;
        }
        const MIN_PER_PART: usize = 256;
        if self.parts <= 1 || scalars.len() < MIN_PER_PART.saturating_mul(2) {
            // Variable-time: this function's contract (callers pass verification scalars).
            return engine::vartime_msm(scalars, points);
        }
        let pieces = self
            .parts
            .saturating_mul(MSM_PARTS_PER_THREAD)
            .min(scalars.len() / MIN_PER_PART);
        let len = scalars.len().div_ceil(pieces.max(1)).max(1);
        let pairs: Vec<(&[Scalar], &[EnginePoint])> =
            scalars.chunks(len).zip(points.chunks(len)).collect();
        // Variable-time: the caller's scalars are public (verification).
        let sums = self.map_slices(&pairs, |_, part| {
            part.iter()
                .map(|(s, p)| engine::vartime_msm(s, p))
                .collect::<Vec<_>>()
        });
        sums.into_iter()
            .flatten()
            .try_fold(engine::identity(), |acc, p| p.map(|p| acc.add(&p)))
    }
}
