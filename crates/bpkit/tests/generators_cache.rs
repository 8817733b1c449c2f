//! The process-wide generator cache grows each party on its own: a circuit's long party 0 after
//! an aggregated 64-party range proof costs its own points, not 64 times them. One test, so that
//! nothing else in this process touches the cache while the counts are checked.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    clippy::arithmetic_side_effects
)]

use bpkit::generators::{shared, shared_engine, shared_pedersen};
use bpkit::group::engine::{sum_is_zero, vartime_msm, EngineGens};
use bpkit::group::msm;
use bpkit::group::{RistrettoPoint, Scalar};
use bpkit::BulletproofGens;

/// Deterministic scalars (not secret: only to mix points in one comparison).
fn scalars(seed: u64, n: usize) -> Vec<Scalar> {
    (0..n as u64)
        .map(|i| Scalar::from(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ i) * Scalar::from(i + 3))
        .collect()
}

/// True when the engine's points equal the dalek points, checked by one random combination.
fn same_points(
    seed: u64,
    engine: &[bpkit::group::engine::EnginePoint],
    dalek: &[RistrettoPoint],
) -> bool {
    assert_eq!(engine.len(), dalek.len());
    let s = scalars(seed, dalek.len());
    let d = msm::vartime(s.iter().copied(), dalek).unwrap();
    let e = vartime_msm(&s, engine).unwrap();
    sum_is_zero(&-d, &e)
}

/// Checks the engine's copy of party `j`'s first `len` points against `dalek`'s.
fn engine_party_matches(engine: &EngineGens, dalek: &BulletproofGens, j: usize, len: usize) {
    let (eg, eh) = engine.party(j, len).unwrap();
    let (dg, dh) = dalek.party(j, len).unwrap();
    assert!(same_points(j as u64, eg, dg), "G of party {j}");
    assert!(same_points(j as u64 + 1000, eh, dh), "H of party {j}");
    // And the comparison can fail: G is not H.
    assert!(!same_points(j as u64, eg, dh));
}

#[test]
fn parties_grow_independently_and_match_fresh_generators() {
    const LONG: usize = 1 << 16;

    // An aggregated 64-party range proof, then a circuit of 2^15 multipliers (2^16 generators).
    let aggregated = shared(64, 64);
    assert!(aggregated.covers(64, 64));
    let circuit = shared(LONG, 1);
    assert!(circuit.covers(LONG, 1) && circuit.covers(64, 64));
    assert!(!circuit.covers(LONG, 2) && !circuit.covers(65, 2));
    // 2^16 for party 0, 64 for each other: not 64 · 2^16.
    assert_eq!(circuit.point_count(), LONG + 63 * 64);
    assert_eq!(circuit.gens_capacity(), LONG);
    assert_eq!((circuit.party_len(1), circuit.party_len(63)), (64, 64));
    // The first handle is unchanged and the cache answers smaller requests without growing.
    assert_eq!(aggregated.point_count(), 64 * 64);
    assert_eq!(shared(1024, 1).point_count(), LONG + 63 * 64);
    assert_eq!(shared(8, 32).point_count(), LONG + 63 * 64);
    // A second long party is built only for party 1.
    assert_eq!(shared(256, 2).point_count(), LONG + 256 + 62 * 64);

    // The points are those of generators built in one go.
    let now = shared(0, 0);
    let fresh = BulletproofGens::new(LONG, 1);
    assert_eq!(now.party(0, LONG).unwrap(), fresh.party(0, LONG).unwrap());
    let fresh = BulletproofGens::new(256, 64);
    for j in 1..64 {
        let len = now.party_len(j);
        assert_eq!(
            now.party(j, len).unwrap(),
            fresh.party(j, len).unwrap(),
            "party {j}"
        );
    }

    // The engine's copy grows the same way, and converts only what it lacks.
    let engine = shared_engine(64, 64);
    assert!(engine.covers(64, 64));
    assert_eq!(engine.point_count(), 64 * 64);
    let engine = shared_engine(LONG, 1);
    assert!(engine.covers(LONG, 1) && engine.covers(64, 64) && !engine.covers(LONG, 2));
    assert_eq!(engine.point_count(), LONG + 63 * 64);
    assert_eq!(
        (engine.n(), engine.party_len(1), engine.parties()),
        (LONG, 64, 64)
    );
    assert!(engine.party(1, 65).is_none() && engine.party(64, 1).is_none());
    let dalek = shared(0, 0);
    engine_party_matches(&engine, &dalek, 0, LONG);
    for j in [1, 2, 31, 63] {
        engine_party_matches(&engine, &dalek, j, 64);
    }
    let pc = shared_pedersen();
    assert!(same_points(
        7,
        &[*engine.b(), *engine.b_blinding()],
        &[*pc.b(), *pc.b_blinding()]
    ));
}
