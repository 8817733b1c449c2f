//! The process-wide generator cache (`std` only).

use super::{BulletproofGens, PedersenGens, VerifierTable};
use crate::group::engine::EngineGens;
use crate::range_proof::MAX_BITS;
use std::sync::{Arc, OnceLock, PoisonError, RwLock};

static PEDERSEN: OnceLock<PedersenGens> = OnceLock::new();
static VECTOR: OnceLock<RwLock<Arc<BulletproofGens>>> = OnceLock::new();
static ENGINE: OnceLock<RwLock<Arc<EngineGens>>> = OnceLock::new();
static TABLE: OnceLock<Option<VerifierTable>> = OnceLock::new();

/// The default Pedersen generators, built once per process.
pub fn shared_pedersen() -> &'static PedersenGens {
    PEDERSEN.get_or_init(PedersenGens::default)
}

/// Vector generators covering at least `parties` parties of at least `gens` points each,
/// built once per process and grown on demand (growth builds only the missing points).
///
/// The returned handle stays valid while the cache grows; it is a cheap reference count.
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
        bigger.increase_capacity(gens);
        bigger.add_parties(parties);
        *slot = Arc::new(bigger);
    }
    Arc::clone(&slot)
}

/// Verification tables for the default generators (`B, B̃` and party 0's 64 `G`, `H`), built once
/// per process on first use (about 1.3 MiB; see [`VerifierTable`]).
pub fn shared_table() -> Option<&'static VerifierTable> {
    TABLE
        .get_or_init(|| VerifierTable::new(shared_pedersen(), &shared(MAX_BITS, 1), MAX_BITS))
        .as_ref()
}

/// The default generators (`B, B̃` and the vector generators of [`shared`]) converted to the
/// verification engine's points, covering at least `parties` parties of at least `gens` points
/// each; built once per process and rebuilt larger on demand (conversion costs about two inverse
/// square roots per point, paid once).
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
        let n = gens.max(slot.n());
        let m = parties.max(slot.parties());
        *slot = Arc::new(convert(n, m));
    }
    Arc::clone(&slot)
}

fn convert(n: usize, parties: usize) -> EngineGens {
    let n = n.max(MAX_BITS);
    let parties = parties.max(1);
    let pc = shared_pedersen();
    let bp = shared(n, parties);
    EngineGens::new(
        pc.b(),
        pc.b_blinding(),
        n,
        (0..parties).filter_map(|j| bp.party(j, n)),
    )
}
