//! The inner-product argument's first rounds on the shifted table of the default generators.
//!
//! Until the argument materialises its folded generators, every round's `L` and `R` is a sum
//! over the caller's `G₀`, `H₀` and `Q = w·B` (`inner_product::lazy`). Where the interleaved
//! table of the default generators for the circuit's size is built
//! ([`crate::generators::shared_circuit_shifted`]: `B, B̃, G₀[0], H₀[0], G₀[1], …`, once that
//! size has been proved or verified [`crate::generators::SHIFTED_AFTER`] times), each of these
//! sums is one window of the engine's bucket additions on it instead of a Straus multiplication
//! of the points. The same group elements, so the same proof bytes (tested).
//!
//! Timing: these sums are variable-time already (the argument's vectors are uniformly blinded,
//! `inner_product::prover`); the table reads its entries in an order that depends on those
//! scalars just as the variable-time multiplication does.

use crate::generators::{PedersenGens, ShiftedGens};
use crate::group::{RistrettoPoint, Scalar};
use crate::inner_product::BaseTable;
use alloc::vec::Vec;

/// The interleaved circuit table with `Q = w·B`.
pub(crate) struct CircuitBase {
    table: &'static ShiftedGens,
    w: Scalar,
}

impl CircuitBase {
    /// The table for a circuit of `padded` multipliers proved with `pc_gens` and `Q = w·B`:
    /// `None` unless `pc_gens` are the default ones (the table holds the default `B`) and the
    /// table of that size is built (this counts as one request towards building it).
    pub(crate) fn new(padded: usize, pc_gens: &PedersenGens, w: Scalar) -> Option<CircuitBase> {
        if !crate::generators::is_default_pedersen(pc_gens) {
            return None;
        }
        let table = crate::generators::shared_circuit_shifted(padded, false)?;
        (table.n() >= padded).then_some(CircuitBase { table, w })
    }
}

impl BaseTable<RistrettoPoint> for CircuitBase {
    fn msm(&self, q: &Scalar, g: &[Scalar], h: &[Scalar]) -> Option<RistrettoPoint> {
        if g.len() != h.len() || g.len() > self.table.n() {
            return None;
        }
        let mut fixed: Vec<[u8; 32]> =
            Vec::with_capacity(g.len().saturating_mul(2).saturating_add(2));
        fixed.push((q * self.w).to_bytes());
        fixed.push([0; 32]);
        for (a, b) in g.iter().zip(h) {
            fixed.push(a.to_bytes());
            fixed.push(b.to_bytes());
        }
        // Variable-time: the scalars are public or uniformly blinded (module docs).
        self.table.sum(&fixed)
    }
}
