//! Shifted tables of the default range-proof generators: `B, B̃` and the first `parties`
//! parties' `G_j`, `H_j`, each with its shifts 2ᶜᵏ·P precomputed (the engine's
//! [`bpkit_engine::ShiftedTable`]), so that the fixed part of one verification is a single window
//! of bucket additions: no doublings, one bucket sum.
//!
//! Memory: 2.5–3.3 KiB per generator (c = 10 … 13): 1.6 MiB for 4 parties, 20 MiB for 64.
//! Building costs about 256 doublings per generator, ten or so verifications' worth; the cache
//! builds a party count's table only once that many proofs of it have been verified
//! (`cache::shared_shifted`), so a process that verifies one proof never pays for it.

use crate::group::engine::EngineGens;
use alloc::vec::Vec;
use bpkit_engine::ShiftedTable;

/// The shifted table of `B, B̃, G_0[..n], H_0[..n], G_1[..n], H_1[..n], …` (that order).
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

    /// The engine's table.
    pub(crate) fn table(&self) -> &ShiftedTable {
        &self.table
    }
}
