//! Precomputed verification tables for the generators every single-value proof uses.

use super::{BulletproofGens, PedersenGens};
use crate::group::msm::VartimeTable;

/// Variable-time tables for `B, B̃` and party 0's first `n` generators `G_0`, `H_0`
/// (`2n + 2` points, about 1.3 MiB for `n = 64`).
///
/// Used by single verification of one-value proofs (`m' = 1`), where these points are 130 of
/// 147. Not built for aggregated proofs or batches: there the multiscalar multiplication is
/// dominated by points without tables, and Pippenger's method over all of them is faster than a
/// mixed table/Straus multiplication (and needs no memory per generator).
#[derive(Debug)]
pub struct VerifierTable {
    table: VartimeTable,
    n: usize,
}

impl VerifierTable {
    /// Tables for `pc_gens` and the first `n` points of party 0 in `bp_gens`; `None` if
    /// `bp_gens` has fewer.
    pub fn new(pc_gens: &PedersenGens, bp_gens: &BulletproofGens, n: usize) -> Option<Self> {
        let (g, h) = bp_gens.party(0, n)?;
        let points = [pc_gens.b(), pc_gens.b_blinding()]
            .into_iter()
            .chain(g)
            .chain(h);
        Some(VerifierTable {
            table: VartimeTable::new(points),
            n,
        })
    }

    /// Positions per vector set covered (`n`).
    pub fn n(&self) -> usize {
        self.n
    }

    /// The tables (order: `B, B̃, G_0[0..n], H_0[0..n]`).
    pub fn table(&self) -> &VartimeTable {
        &self.table
    }

    /// Approximate memory held, in bytes.
    pub fn approx_bytes(&self) -> usize {
        self.table.approx_bytes()
    }
}
