//! Precomputed verification tables for small circuits (`std` only): `B, B̃` and party 0's
//! generators interleaved, `G₀[0], H₀[0], G₀[1], H₀[1], …`, so that the table built for `n`
//! positions serves every circuit of at most `n` padded multipliers through its first
//! `2n' + 2` points. Built once per process on first use and grown (rebuilt, by powers of two)
//! when a larger circuit asks; at most [`CIRCUIT_TABLE_MAX`] positions.
//!
//! Why: a small circuit's verification multiplies `2n + 2` fixed points and a few dozen proof
//! points and commitments; with width-8 tables for the fixed ones, dalek's mixed Straus
//! multiplication beats its multiplication over all of them, but only for the smallest circuits
//! (up to [`CIRCUIT_TABLE_MAX`], measured). Where the engine's Straus runs on its four-lane AVX2
//! formulas and dalek is not on IFMA, the table is the engine's (a 64-element shuffle's
//! 8-element sibling, 16 padded multipliers, verified in 460–470 µs against 545–601 µs on
//! dalek's table; Zen 4, AVX2 build).

use super::{BulletproofGens, PedersenGens};
use crate::group::msm::VartimeTable;
use crate::group::{RistrettoPoint, Scalar};
use alloc::vec::Vec;
use core::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, PoisonError, RwLock};

/// Largest padded multiplier count whose single verification uses the shared circuit table.
/// Measured (`bench/r1cs-compare`, `BPKIT_R1CS_SWEEP=1`, shuffles; bench/RESULTS.md): with
/// curve25519-dalek 5 the table's mixed Straus multiplication gains 5-10 % at 16 and 32 padded
/// multipliers and loses from 64 on (1.5x at 64, more above) against dalek's own
/// multiplication over every point, whose Pippenger is fast; so tables stop at 32. The table
/// then holds `2·32 + 2` points, about 0.6 MiB.
pub const CIRCUIT_TABLE_MAX: usize = 32;

/// Fewest positions a table is built for (smaller circuits share it).
const MIN_POSITIONS: usize = 16;

static TABLE_MAX: AtomicUsize = AtomicUsize::new(CIRCUIT_TABLE_MAX);
static TABLE: RwLock<Option<Arc<CircuitTable>>> = RwLock::new(None);

/// For tests and measurements only, process-wide: circuits of at most `padded` (padded)
/// multipliers verify on the shared table (default [`CIRCUIT_TABLE_MAX`]; 0: never). Either
/// way the answers and errors are the same.
#[doc(hidden)]
pub fn set_circuit_table_max(padded: usize) {
    TABLE_MAX.store(padded, Ordering::Relaxed);
}

/// Variable-time tables for `B, B̃, G₀[0], H₀[0], …, G₀[n−1], H₀[n−1]` (the default generators):
/// dalek's, or the engine's where they are faster ([`crate::group::engine::tables_preferred`]:
/// the engine's Straus on its four-lane AVX2 formulas, dalek not on IFMA), chosen when built.
#[derive(Debug)]
pub struct CircuitTable {
    table: Tables,
    b: RistrettoPoint,
    b_blinding: RistrettoPoint,
    n: usize,
}

/// The tables of a [`CircuitTable`].
#[derive(Debug)]
enum Tables {
    Dalek(VartimeTable),
    Engine(crate::group::engine::EngineTable),
}

impl CircuitTable {
    /// Tables for `pc_gens` and the first `n` points of party 0 in `bp_gens`, interleaved;
    /// `None` if `bp_gens` has fewer.
    pub fn new(pc_gens: &PedersenGens, bp_gens: &BulletproofGens, n: usize) -> Option<Self> {
        let (g, h) = bp_gens.party(0, n)?;
        let points = [pc_gens.b(), pc_gens.b_blinding()]
            .into_iter()
            .chain(g.iter().zip(h).flat_map(|(g, h)| [g, h]));
        let table = if crate::group::engine::tables_preferred() {
            Tables::Engine(crate::group::engine::EngineTable::new(points)?)
        } else {
            Tables::Dalek(VartimeTable::new(points))
        };
        Some(CircuitTable {
            table,
            b: *pc_gens.b(),
            b_blinding: *pc_gens.b_blinding(),
            n,
        })
    }

    /// Positions per vector set covered (`n`).
    pub fn n(&self) -> usize {
        self.n
    }

    /// Approximate memory held, in bytes.
    pub fn approx_bytes(&self) -> usize {
        match &self.table {
            Tables::Dalek(t) => t.approx_bytes(),
            Tables::Engine(t) => t.approx_bytes(),
        }
    }

    /// True when the tables are the engine's (then [`CircuitTable::holds_engine`] applies).
    pub(crate) fn is_engine(&self) -> bool {
        matches!(self.table, Tables::Engine(_))
    }

    /// The fixed scalars in the table's order (`B, B̃` zero when `pc_gens` has others: the caller
    /// then adds them as dynamic terms), or `None` when `g` and `h` differ in length or exceed
    /// the table; and whether `pc_gens`' `B, B̃` are the table's.
    fn fixed_scalars(
        &self,
        pc_gens: &PedersenGens,
        b: Scalar,
        b_blinding: Scalar,
        g: &[Scalar],
        h: &[Scalar],
    ) -> Option<(Vec<Scalar>, bool)> {
        if g.len() != h.len() || g.len() > self.n {
            return None;
        }
        let own = *pc_gens.b() == self.b && *pc_gens.b_blinding() == self.b_blinding;
        let mut fixed = Vec::with_capacity(g.len().saturating_mul(2).saturating_add(2));
        if own {
            fixed.extend([b, b_blinding]);
        } else {
            fixed.extend([Scalar::ZERO, Scalar::ZERO]);
        }
        fixed.extend(g.iter().zip(h).flat_map(|(g, h)| [*g, *h]));
        Some((fixed, own))
    }

    /// [`CircuitTable::holds`] on the engine's tables, the dynamic points as engine points
    /// (`B, B̃` of `pc_gens` join them when they are not the table's); `None` also when the
    /// tables are dalek's.
    ///
    /// **Variable-time: only for public scalars and points** (a verifier's).
    pub(crate) fn holds_engine(
        &self,
        pc_gens: &PedersenGens,
        (b, b_blinding): (Scalar, Scalar),
        (g, h): (&[Scalar], &[Scalar]),
        dynamic_scalars: &[Scalar],
        dynamic_points: &[crate::group::engine::EnginePoint],
    ) -> Option<bool> {
        let Tables::Engine(table) = &self.table else {
            return None;
        };
        let (fixed, own) = self.fixed_scalars(pc_gens, b, b_blinding, g, h)?;
        // Variable-time: every scalar and point of a verifier is public.
        if own {
            return table.vartime_mixed_is_zero(&fixed, dynamic_scalars, dynamic_points);
        }
        let mut scalars = dynamic_scalars.to_vec();
        scalars.extend([b, b_blinding]);
        let mut points = dynamic_points.to_vec();
        points.extend(crate::group::engine::from_dalek([
            pc_gens.b(),
            pc_gens.b_blinding(),
        ]));
        table.vartime_mixed_is_zero(&fixed, &scalars, &points)
    }

    /// `b·B + b̃·B̃ + Σ gᵢ·G₀[i] + Σ hᵢ·H₀[i] + Σ sⱼ·Pⱼ == 0`, `B, B̃` those of `pc_gens` (the
    /// table's when equal, else multiplied as dynamic points); the `(sⱼ, Pⱼ)` are `dynamic`.
    /// `None` when `g` and `h` differ in length or exceed the table, or when the tables are the
    /// engine's (its verifiers give engine points: [`CircuitTable::holds_engine`]).
    ///
    /// **Variable-time: only for public scalars and points** (a verifier's).
    pub(crate) fn holds<'a>(
        &self,
        pc_gens: &'a PedersenGens,
        b: Scalar,
        b_blinding: Scalar,
        g: &[Scalar],
        h: &[Scalar],
        dynamic: impl Iterator<Item = (Scalar, &'a RistrettoPoint)>,
    ) -> Option<bool> {
        let (fixed, own) = self.fixed_scalars(pc_gens, b, b_blinding, g, h)?;
        let (mut scalars, mut points): (Vec<Scalar>, Vec<&RistrettoPoint>) = dynamic.unzip();
        if !own {
            scalars.extend([b, b_blinding]);
            points.extend([pc_gens.b(), pc_gens.b_blinding()]);
        }
        let Tables::Dalek(t) = &self.table else {
            return None;
        };
        // Variable-time: every scalar and point of a verifier is public.
        let sum = t.vartime_mixed(&fixed, &scalars, &points)?;
        Some(sum == RistrettoPoint::default())
    }
}

/// The shared table covering circuits of `padded` multipliers, built (or grown) now if needed;
/// `None` above the size where tables pay ([`CIRCUIT_TABLE_MAX`], or the value set by
/// [`set_circuit_table_max`]). Built from the default generators ([`super::shared`]): callers'
/// [`BulletproofGens`] always hold those.
pub(crate) fn shared_circuit_table(padded: usize) -> Option<Arc<CircuitTable>> {
    if padded == 0 || padded > TABLE_MAX.load(Ordering::Relaxed) {
        return None;
    }
    // A table of the kind preferred now (tests may switch the preference).
    let engine = crate::group::engine::tables_preferred();
    {
        let current = TABLE.read().unwrap_or_else(PoisonError::into_inner);
        if let Some(t) = current
            .as_ref()
            .filter(|t| t.n >= padded && t.is_engine() == engine)
        {
            return Some(Arc::clone(t));
        }
    }
    let mut slot = TABLE.write().unwrap_or_else(PoisonError::into_inner);
    if let Some(t) = slot
        .as_ref()
        .filter(|t| t.n >= padded && t.is_engine() == engine)
    {
        return Some(Arc::clone(t));
    }
    let n = padded.next_power_of_two().max(MIN_POSITIONS);
    let table = Arc::new(CircuitTable::new(
        super::shared_pedersen(),
        &super::shared(n, 1),
        n,
    )?);
    *slot = Some(Arc::clone(&table));
    Some(table)
}
