//! The process-wide generator cache (`std` only).
//!
//! Each party grows on its own: a request for `m` parties of `n` points builds only the points
//! that parties `0..m` lack, so a circuit's long party 0 and the many short parties of
//! aggregated range proofs cost what each needs (`Σⱼ max{n : (n, m) requested, m > j}` points per
//! vector set), not the longest times the most. The cache only ever grows, so a handle covers
//! every request answered before it was returned.

use super::{BulletproofGens, PedersenGens, ShiftedGens, VerifierTable};
use crate::group::engine::EngineGens;
use crate::limits::MAX_BITS;
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::{Arc, OnceLock, PoisonError, RwLock};

static PEDERSEN: OnceLock<PedersenGens> = OnceLock::new();
static VECTOR: OnceLock<RwLock<Arc<BulletproofGens>>> = OnceLock::new();
static ENGINE: OnceLock<RwLock<Arc<EngineGens>>> = OnceLock::new();
static TABLE: OnceLock<Option<VerifierTable>> = OnceLock::new();
static PARTY_TABLE: OnceLock<Option<VerifierTable>> = OnceLock::new();
/// Shifted tables for 1, 2, 4, …, 64 parties (index log₂ parties), and the verifications that
/// asked for each before it was built.
static SHIFTED: [OnceLock<Option<ShiftedGens>>; 7] = [const { OnceLock::new() }; 7];
static SHIFTED_ASKED: [AtomicU32; 7] = [const { AtomicU32::new(0) }; 7];

/// The default Pedersen generators, built once per process.
pub fn shared_pedersen() -> &'static PedersenGens {
    PEDERSEN.get_or_init(PedersenGens::default)
}

/// True when `pc_gens` are the default `B`, `B̃` (those the shared tables hold), compared by
/// their stored encodings.
pub(crate) fn is_default_pedersen(pc_gens: &PedersenGens) -> bool {
    pc_gens.encodings() == shared_pedersen().encodings()
}

/// Vector generators in which each of the first `parties` parties holds at least `gens` points
/// (`covers(gens, parties)`), built once per process and grown on demand. Growth builds only
/// the points those parties lack: other parties are not grown, so parties may hold different
/// numbers of points (use [`BulletproofGens::covers`] or [`BulletproofGens::party`], not
/// `gens_capacity() × party_capacity()`, to ask what a handle holds).
///
/// The returned handle stays valid while the cache grows; it is a cheap reference count, and it
/// also covers every request answered before it.
pub fn shared(gens: usize, parties: usize) -> Arc<BulletproofGens> {
    let lock = VECTOR.get_or_init(|| RwLock::new(Arc::new(BulletproofGens::new(MAX_BITS, 1))));
    {
        let current = lock.read().unwrap_or_else(PoisonError::into_inner);
        if current.covers(gens, parties) {
            return Arc::clone(&current);
        }
    }
    let mut slot = lock.write().unwrap_or_else(PoisonError::into_inner);
    if !slot.covers(gens, parties) {
        let mut bigger = BulletproofGens::clone(&slot);
        bigger.grow(gens, parties);
        *slot = Arc::new(bigger);
    }
    Arc::clone(&slot)
}

/// True when [`shared`]`(gens, parties)` would return at once, building nothing: the cache
/// already holds that many points for each of those parties. Asking builds nothing (for callers
/// and tests that check what a verification cost before it ran).
pub fn shared_ready(gens: usize, parties: usize) -> bool {
    VECTOR.get().is_some_and(|lock| {
        lock.read()
            .unwrap_or_else(PoisonError::into_inner)
            .covers(gens, parties)
    })
}

/// Verification tables for the default generators (`B, B̃` and party 0's 64 `G`, `H`), built once
/// per process on first use (about 1.3 MiB; see [`VerifierTable`]).
pub fn shared_table() -> Option<&'static VerifierTable> {
    TABLE
        .get_or_init(|| VerifierTable::new(shared_pedersen(), &shared(MAX_BITS, 1), MAX_BITS))
        .as_ref()
}

/// Parties of [`shared_party_table`].
pub const PARTY_TABLE_PARTIES: usize = 2;

/// Verification tables for the default generators of the first [`PARTY_TABLE_PARTIES`]
/// parties (`B, B̃` and 2 × 64 `G`, `H`), built once per process on first use (about 2.6 MiB;
/// see [`VerifierTable`]): for single verification of aggregated proofs of 2 values.
pub fn shared_party_table() -> Option<&'static VerifierTable> {
    PARTY_TABLE
        .get_or_init(|| {
            VerifierTable::for_parties(
                shared_pedersen(),
                &shared(MAX_BITS, PARTY_TABLE_PARTIES),
                MAX_BITS,
                PARTY_TABLE_PARTIES,
            )
        })
        .as_ref()
}

/// Verifications of one party count after which [`shared_shifted`] builds its table: building
/// costs about as much as ten verifications, so a process that verifies a few proofs never
/// pays for it, and one that verifies many pays it once (at most about 1.6× the time of the
/// first `SHIFTED_AFTER + 1` verifications).
pub const SHIFTED_AFTER: u32 = 16;

static SHIFTED_ON: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(true);

/// Lets single verification (range proofs, circuits) use shifted tables (`true`, the default) or not:
/// process-wide, for measurements and the tests that compare both paths.
#[doc(hidden)]
pub fn set_shifted_tables(on: bool) {
    SHIFTED_ON.store(on, Ordering::Relaxed);
}

/// Whether single verification uses shifted tables ([`set_shifted_tables`]): the caches hand none out otherwise.
fn shifted_tables_enabled() -> bool {
    SHIFTED_ON.load(Ordering::Relaxed)
}

/// Largest party count with a shifted table (20 MiB at 64 parties).
pub const SHIFTED_MAX_PARTIES: usize = 64;

/// The shifted table ([`ShiftedGens`]) of the default generators for `parties` parties (a power
/// of two up to [`SHIFTED_MAX_PARTIES`]) of [`MAX_BITS`] generators each: `None` until this
/// function has been asked [`SHIFTED_AFTER`] times for that party count (each call counts one
/// verification), then built once and returned. `build_now` builds it at the first call (to
/// prepare a server before its first proof).
pub fn shared_shifted(parties: usize, build_now: bool) -> Option<&'static ShiftedGens> {
    if parties > SHIFTED_MAX_PARTIES {
        return None;
    }
    built_after_use(&SHIFTED, &SHIFTED_ASKED, parties, build_now, || {
        ShiftedGens::new(&shared_engine(MAX_BITS, parties), MAX_BITS, parties)
    })
}

/// The table of slot log₂ `size` in `tables` (`size` a power of two): counts one request in
/// `asked` and builds it with `build` once [`SHIFTED_AFTER`] requests came before (or at once
/// with `build_now`); `None` until then, if `size` has no slot, or while the tables are switched
/// off ([`set_shifted_tables`]).
fn built_after_use(
    tables: &'static [OnceLock<Option<ShiftedGens>>],
    asked: &'static [AtomicU32],
    size: usize,
    build_now: bool,
    build: impl FnOnce() -> Option<ShiftedGens>,
) -> Option<&'static ShiftedGens> {
    if !size.is_power_of_two() || !shifted_tables_enabled() {
        return None;
    }
    let k = size.trailing_zeros() as usize;
    let slot = tables.get(k)?;
    if let Some(table) = slot.get() {
        return table.as_ref();
    }
    let before = asked
        .get(k)
        .map_or(0, |a| a.fetch_add(1, Ordering::Relaxed));
    if !build_now && before < SHIFTED_AFTER {
        return None;
    }
    slot.get_or_init(build).as_ref()
}

/// Largest padded multiplier count whose single verification uses a shifted table
/// ([`shared_circuit_shifted`]; 5.5 MiB at 1024). Measured (`bench/r1cs-compare`,
/// `BPKIT_R1CS_SWEEP=1`, AVX2 build, shuffles, 2026-11-26): ÷ dalek's R1CS 0.82, 0.78, 0.80,
/// 0.77, 0.72, 0.69 at 32 … 1024 padded multipliers against 0.89–0.93 without; the gain grows
/// with the size, the memory too (about 5 KiB per multiplier), so the tables stop at 1024.
pub const CIRCUIT_SHIFTED_MAX: usize = 1024;

/// Smallest padded multiplier count with a shifted table (for proving; verification starts at
/// [`CIRCUIT_SHIFTED_VERIFY_MIN`]).
pub const CIRCUIT_SHIFTED_MIN: usize = 4;

/// Smallest padded multiplier count whose verification uses the shifted table: at 16 the
/// proof's points and commitments are most of the work and dalek's Straus table
/// ([`crate::generators::CircuitTable`]) was faster (0.84 against 1.03 of dalek's R1CS, same
/// sweep); from 32 the shifted table is (0.82 against 0.98).
pub const CIRCUIT_SHIFTED_VERIFY_MIN: usize = 32;

/// Shifted tables for circuits of 1, 2, 4, …, [`CIRCUIT_SHIFTED_MAX`] padded multipliers (index
/// log₂), and the verifications that asked for each before it was built.
static CIRCUIT_SHIFTED: [OnceLock<Option<ShiftedGens>>; 11] = [const { OnceLock::new() }; 11];
static CIRCUIT_SHIFTED_ASKED: [AtomicU32; 11] = [const { AtomicU32::new(0) }; 11];

/// The interleaved shifted table ([`ShiftedGens::interleaved`]: `B, B̃, G₀[0], H₀[0], …`) of
/// the default generators for circuits of `padded` multipliers (a power of two from
/// [`CIRCUIT_SHIFTED_MIN`] to [`CIRCUIT_SHIFTED_MAX`]), under the same rule as [`shared_shifted`]: built once this has been
/// asked [`SHIFTED_AFTER`] times for that size (or at once with `build_now`).
pub fn shared_circuit_shifted(padded: usize, build_now: bool) -> Option<&'static ShiftedGens> {
    if !(CIRCUIT_SHIFTED_MIN..=CIRCUIT_SHIFTED_MAX).contains(&padded) {
        return None;
    }
    built_after_use(
        &CIRCUIT_SHIFTED,
        &CIRCUIT_SHIFTED_ASKED,
        padded,
        build_now,
        || ShiftedGens::interleaved(&shared_engine(padded, 1), padded),
    )
}

/// True when [`shared_engine`]`(gens, parties)` would return at once, converting nothing: the
/// default generators are already in the engine's form. Single circuit verifications use the
/// engine only then (converting costs about as much as building the generators, more than one
/// verification); a batch with such a circuit, or a call of [`shared_engine`], converts them.
pub fn engine_ready(gens: usize, parties: usize) -> bool {
    ENGINE.get().is_some_and(|lock| {
        lock.read()
            .unwrap_or_else(PoisonError::into_inner)
            .covers(gens, parties)
    })
}

/// The default generators (`B, B̃` and the vector generators of [`shared`]) converted to the
/// verification engine's points, each of the first `parties` parties holding at least `gens`
/// of them (`covers(gens, parties)`); built once per process and grown on demand as [`shared`]
/// is: only the points those parties lack are converted (about two inverse square roots per
/// point, paid once). `shared_engine(n, 1)` converts party 0 alone.
///
/// The handle also covers every request answered before it.
pub fn shared_engine(gens: usize, parties: usize) -> Arc<EngineGens> {
    let lock = ENGINE.get_or_init(|| RwLock::new(Arc::new(convert(MAX_BITS, 1))));
    {
        let current = lock.read().unwrap_or_else(PoisonError::into_inner);
        if current.covers(gens, parties) {
            return Arc::clone(&current);
        }
    }
    let mut slot = lock.write().unwrap_or_else(PoisonError::into_inner);
    if !slot.covers(gens, parties) {
        let bp = shared(gens, parties);
        let mut bigger = EngineGens::clone(&slot);
        bigger.grow(gens, (0..parties).map_while(|j| bp.party(j, gens)));
        *slot = Arc::new(bigger);
    }
    Arc::clone(&slot)
}

fn convert(n: usize, parties: usize) -> EngineGens {
    let pc = shared_pedersen();
    let bp = shared(n, parties);
    EngineGens::new(
        pc.b(),
        pc.b_blinding(),
        n,
        (0..parties).map_while(|j| bp.party(j, n)),
    )
}
