//! Vector generators for circuit proofs: party 0 only, built once per process and grown on
//! demand.
//!
//! The core's process-wide cache ([`bpkit::generators::shared`]) grows *every* party it holds
//! to the largest size asked for: after an aggregated range proof of m parties, a circuit of
//! 2^15 multipliers would build m · 2^16 points instead of 2^16 (m times the time and memory;
//! minutes in WebAssembly). Circuits use party 0 only, so they get their own single-party
//! cache here; party 0's points are the same in both (the generators are deterministic).

use bpkit::BulletproofGens;
use std::sync::{Arc, OnceLock, PoisonError, RwLock};

static CIRCUIT: OnceLock<RwLock<Arc<BulletproofGens>>> = OnceLock::new();

/// Party 0's generators, at least `padded` of them.
pub fn circuit_gens(padded: usize) -> Arc<BulletproofGens> {
    let lock = CIRCUIT.get_or_init(|| RwLock::new(Arc::new(BulletproofGens::new(padded, 1))));
    {
        let current = lock.read().unwrap_or_else(PoisonError::into_inner);
        if current.covers(padded, 1) {
            return Arc::clone(&current);
        }
    }
    let mut slot = lock.write().unwrap_or_else(PoisonError::into_inner);
    if !slot.covers(padded, 1) {
        let mut bigger = BulletproofGens::clone(&slot);
        bigger.increase_capacity(padded);
        *slot = Arc::new(bigger);
    }
    Arc::clone(&slot)
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    #[test]
    fn party_zero_matches_the_core_generators() {
        let small = circuit_gens(8);
        let grown = circuit_gens(64);
        assert!(grown.covers(64, 1));
        let core = bpkit::generators::shared(64, 1);
        assert_eq!(grown.party(0, 64).unwrap(), core.party(0, 64).unwrap());
        assert_eq!(small.party(0, 8).unwrap(), core.party(0, 8).unwrap());
    }
}
