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

/// Table points one dynamic point counts for when the work is shared between threads (a
/// dynamic point's multiplication, Straus or Pippenger, costs a few dozen additions; a table
/// point's about ⌈257/c⌉ ≈ 20).
const DYNAMIC_WEIGHT: usize = 2;

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
            crate::util::par::threads().max(1)
        } else {
            1
        };
        // Part 0 also multiplies the dynamic points, so it takes fewer of the table's: a
        // dynamic point is counted as DYNAMIC_WEIGHT table points (its multiplication costs
        // about that many of the table's additions), and every part gets the same total.
        let weight = dynamic_scalars
            .len()
            .saturating_add(engine_scalars.len())
            .saturating_mul(DYNAMIC_WEIGHT);
        let share = fixed.len().saturating_add(weight).div_ceil(parts);
        let first_len = if parts == 1 {
            fixed.len()
        } else {
            share.saturating_sub(weight).min(fixed.len())
        };
        let (head, tail) = fixed.split_at(first_len);
        let others = parts.saturating_sub(1).max(1);
        let chunk = tail.len().div_ceil(others).max(1);
        let mut ranges: Vec<(usize, &[T])> = Vec::with_capacity(parts);
        ranges.push((0, head));
        ranges.extend(
            tail.chunks(chunk)
                .enumerate()
                .map(|(k, c)| (first_len.saturating_add(k.saturating_mul(chunk)), c)),
        );
        let sums = crate::util::par::map_owned(ranges, |k, (first, scalars)| {
            let bytes: Vec<[u8; 32]> = scalars.iter().map(&to_bytes).collect();
            let part = self.table.vartime_msm_from(first, &bytes)?;
            if k != 0 {
                return Some((part, None));
            }
            let more = if engine_scalars.is_empty() {
                crate::group::engine::identity()
            } else {
                crate::group::engine::vartime_msm(engine_scalars, engine_points)?
            };
            let dalek = msm::vartime_slices(dynamic_scalars, dynamic_points)?;
            Some((part.add(&more), Some(dalek)))
        });
        let mut engine = crate::group::engine::identity();
        let mut dalek = None;
        for s in sums {
            let (part, d) = s?;
            engine = engine.add(&part);
            dalek = dalek.or(d);
        }
        let dalek = dalek?;
        Some(crate::group::engine::sum_is_zero(&dalek, &engine))
    }

    /// `Σ fᵢ·Tᵢ` over a prefix of the table's points (`fixed[i]` multiplies point i), by the
    /// engine, as a dalek point (through its encoding). `None` if there are more scalars than
    /// points. **Variable-time: only for public or uniformly blinded scalars** (the
    /// inner-product prover's rounds, `crate::circuit::prove`).
    pub(crate) fn sum(&self, fixed: &[[u8; 32]]) -> Option<RistrettoPoint> {
        if fixed.len() > self.table.len() {
            return None;
        }
        USES.fetch_add(1, core::sync::atomic::Ordering::Relaxed);
        let sum = self.table.vartime_msm_from(0, fixed)?;
        crate::group::CompressedRistretto(sum.encode()).decompress()
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
