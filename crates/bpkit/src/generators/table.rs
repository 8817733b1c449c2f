//! Precomputed verification tables for the generators every single-value proof uses.

use super::{BulletproofGens, PedersenGens};
use crate::group::msm::VartimeTable;

/// Variable-time tables for `B, B̃` and the first `n` generators `G_j`, `H_j` of parties
/// `j < parties` (`2n·parties + 2` points, about 1.3 MiB per party for `n = 64`), in the order
/// `B, B̃, G_0, H_0, G_1, H_1, …`.
///
/// Used by single verification of proofs of one or two values, where these points are
/// nearly all of the multiplication. Not built for larger aggregated proofs or batches: there
/// the multiscalar multiplication is dominated by points without tables, or the tables fall out
/// of the caches, and Pippenger's method over all of them is faster than a mixed table/Straus
/// multiplication (and needs no memory per generator).
#[derive(Debug)]
pub struct VerifierTable {
    table: VartimeTable,
    n: usize,
    parties: usize,
}

impl VerifierTable {
    /// Tables for `pc_gens` and the first `n` points of party 0 in `bp_gens`; `None` if
    /// `bp_gens` has fewer.
    pub fn new(pc_gens: &PedersenGens, bp_gens: &BulletproofGens, n: usize) -> Option<Self> {
        Self::for_parties(pc_gens, bp_gens, n, 1)
    }

    /// Tables for `pc_gens` and the first `n` points of parties `0..parties` in `bp_gens`;
    /// `None` if `bp_gens` has fewer.
    pub fn for_parties(
        pc_gens: &PedersenGens,
        bp_gens: &BulletproofGens,
        n: usize,
        parties: usize,
    ) -> Option<Self> {
        let mut points = alloc::vec![pc_gens.b(), pc_gens.b_blinding()];
        for j in 0..parties {
            let (g, h) = bp_gens.party(j, n)?;
            points.extend(g);
            points.extend(h);
        }
        Some(VerifierTable {
            table: VartimeTable::new(points),
            n,
            parties,
        })
    }

    /// Positions per vector set covered (`n`).
    pub fn n(&self) -> usize {
        self.n
    }

    /// Parties covered.
    pub fn parties(&self) -> usize {
        self.parties
    }

    /// The tables (order: `B, B̃, G_0[0..n], H_0[0..n], G_1[0..n], …`).
    pub fn table(&self) -> &VartimeTable {
        &self.table
    }

    /// Approximate memory held, in bytes.
    pub fn approx_bytes(&self) -> usize {
        self.table.approx_bytes()
    }
}
