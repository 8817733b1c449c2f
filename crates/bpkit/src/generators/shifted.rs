//! Shifted tables of the default range-proof generators: `B, B̃` and the first `parties`
//! parties' `G_j`, `H_j`, each with its shifts 2ᶜᵏ·P precomputed (the engine's
//! [`bpkit_engine::ShiftedTable`]), so that the fixed part of one verification is a single window
//! of bucket additions: no doublings, one bucket sum.
//!
//! Memory: 2.5–3.3 KiB per generator (c = 10 … 13): 1.6 MiB for 4 parties, 20 MiB for 64.
//! Building costs about 256 doublings per generator, ten or so verifications' worth; the cache
//! builds a party count's table only once that many proofs of it have been verified
//! (`cache::shared_shifted`), so a process that verifies one proof never pays for it.

use crate::group::engine::{EngineGens, EnginePoint};
use crate::group::{msm, RistrettoPoint, Scalar};
use alloc::vec::Vec;
use bpkit_engine::ShiftedTable;

/// Fewest table terms for which [`ShiftedGens::holds`] splits the table's multiplication
/// across the pool's threads (from m = 8 range proofs: 1026 terms; each range pays its own
/// bucket sum, which below this weighs more than the split gains).
const THREADED_MIN: usize = 1024;

/// Multiplications made on shifted tables in this process (for tests: that a path ran).
static USES: core::sync::atomic::AtomicU64 = core::sync::atomic::AtomicU64::new(0);

/// How many multiplications shifted tables have made in this process (for tests and
/// measurements: shows which path a verification took).
#[doc(hidden)]
pub fn shifted_table_uses() -> u64 {
    USES.load(core::sync::atomic::Ordering::Relaxed)
}

/// The shifted table of `B, B̃, G_0[..n], H_0[..n], G_1[..n], H_1[..n], …` (that order; or,
/// for circuits, [`ShiftedGens::interleaved`]: `B, B̃, G_0[0], H_0[0], G_0[1], H_0[1], …`).
#[derive(Debug)]
pub struct ShiftedGens {
    table: ShiftedTable,
    n: usize,
    parties: usize,
}

impl ShiftedGens {
    /// The table for `n` generators of each of the first `parties` parties of `gens` (engine
    /// points); `None` if `gens` has fewer.
    pub fn new(gens: &EngineGens, n: usize, parties: usize) -> Option<ShiftedGens> {
        let mut points = Vec::with_capacity(
            n.saturating_mul(2)
                .saturating_mul(parties)
                .saturating_add(2),
        );
        points.push(*gens.b());
        points.push(*gens.b_blinding());
        for j in 0..parties {
            let (g, h) = gens.party(j, n)?;
            points.extend_from_slice(g);
            points.extend_from_slice(h);
        }
        Some(ShiftedGens {
            table: ShiftedTable::new(&points),
            n,
            parties,
        })
    }

    /// The table for circuits: `B, B̃` and party 0's first `n` generators interleaved
    /// (`G_0[0], H_0[0], G_0[1], …`), so that any circuit of at most `n` padded multipliers uses
    /// a prefix of it. `None` if `gens` has fewer.
    pub fn interleaved(gens: &EngineGens, n: usize) -> Option<ShiftedGens> {
        let (g, h) = gens.party(0, n)?;
        let mut points = Vec::with_capacity(n.saturating_mul(2).saturating_add(2));
        points.push(*gens.b());
        points.push(*gens.b_blinding());
        for (g, h) in g.iter().zip(h) {
            points.push(*g);
            points.push(*h);
        }
        Some(ShiftedGens {
            table: ShiftedTable::new(&points),
            n,
            parties: 1,
        })
    }

    /// `Σ fᵢ·Tᵢ + Σ eₖ·Eₖ + Σ sⱼ·Pⱼ == 0`: `fixed[i]` (as bytes by `to_bytes`) multiplies the
    /// table's point i (a prefix of the table), `(eₖ, Eₖ)` are dynamic terms on engine points
    /// (a circuit's commitments, decoded by the engine), `(sⱼ, Pⱼ)` dynamic terms on dalek
    /// points. The table's part is one window of the engine's bucket additions, split by ranges
    /// of points across the pool's threads from [`THREADED_MIN`] terms, beside the two dynamic
    /// multiplications; the engine's and dalek's sums are compared by encoding. `None` if there
    /// are more fixed scalars than table points or a pair of lists differ in length.
    ///
    /// **Variable-time: only for public scalars and points** (a verifier's).
    pub(crate) fn holds<T: Sync>(
        &self,
        fixed: &[T],
        to_bytes: impl Fn(&T) -> [u8; 32] + Sync + Send,
        engine_terms: (&[Scalar], &[EnginePoint]),
        dynamic_scalars: &[Scalar],
        dynamic_points: &[&RistrettoPoint],
    ) -> Option<bool> {
        let (engine_scalars, engine_points) = engine_terms;
        if fixed.len() > self.table.len()
            || dynamic_scalars.len() != dynamic_points.len()
            || engine_scalars.len() != engine_points.len()
        {
            return None;
        }
        USES.fetch_add(1, core::sync::atomic::Ordering::Relaxed);
        let parts = if fixed.len() >= THREADED_MIN {
            crate::util::par::threads()
        } else {
            1
        };
        let chunk = fixed.len().div_ceil(parts.max(1)).max(1);
        let ranges: Vec<(usize, &[T])> = fixed
            .chunks(chunk)
            .enumerate()
            .map(|(k, c)| (k.saturating_mul(chunk), c))
            .collect();
        let (engine, dalek) = crate::util::par::join(
            || {
                crate::util::par::map_owned(ranges, |_, (first, scalars)| {
                    let bytes: Vec<[u8; 32]> = scalars.iter().map(&to_bytes).collect();
                    self.table.vartime_msm_from(first, &bytes)
                })
                .into_iter()
                .try_fold(crate::group::engine::identity(), |acc, p| {
                    Some(acc.add(&p?))
                })
            },
            || {
                crate::util::par::join(
                    || msm::vartime_slices(dynamic_scalars, dynamic_points),
                    || {
                        if engine_scalars.is_empty() {
                            Some(crate::group::engine::identity())
                        } else {
                            crate::group::engine::vartime_msm(engine_scalars, engine_points)
                        }
                    },
                )
            },
        );
        let (dalek, more) = dalek;
        let engine = engine?.add(&more?);
        Some(crate::group::engine::sum_is_zero(&dalek?, &engine))
    }

    /// Generators per vector set and party (`n`).
    pub fn n(&self) -> usize {
        self.n
    }

    /// Parties covered.
    pub fn parties(&self) -> usize {
        self.parties
    }

    /// Approximate memory held, in bytes.
    pub fn approx_bytes(&self) -> usize {
        self.table.approx_bytes()
    }
}
