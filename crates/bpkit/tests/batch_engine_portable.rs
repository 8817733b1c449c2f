//! The batch differential test of `batch_engine.rs` with the engine forced onto its portable
//! backend (its own test binary: the switch is process-wide), so that both engine backends are
//! exercised end to end on a machine with AVX2.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    clippy::arithmetic_side_effects
)]

mod common;

use bpkit::batch::{BatchOptions, BatchVerifier};
use bpkit::group::engine;
use merlin::Transcript;

#[test]
fn portable_engine_agrees_with_dalek_in_a_batch() {
    engine::force_portable(true);
    println!("engine backend exercised: {}", engine::backend());
    let items: Vec<_> = (0..30u64)
        .map(|i| {
            let mut rng = common::rng(700 + i);
            let openings = common::openings(&mut rng, 8, 1 + (i as usize % 3));
            let (proof, statement) = common::prove(b"portable", &openings, 8, 700 + i);
            (proof.to_bytes(), statement)
        })
        .collect();
    let run = |items: &[(Vec<u8>, bpkit::RangeStatement)], engine_on: bool| {
        let mut batch =
            BatchVerifier::new().with_options(BatchOptions::default().engine(engine_on));
        for (bytes, statement) in items {
            batch.add_range_proof_bytes(bytes, statement, Transcript::new(b"portable"));
        }
        batch.verify_deterministic()
    };
    assert_eq!(run(&items, true), Ok(()));
    let mut bad = items.clone();
    bad[4].1 = items[7].1.clone();
    bad[12].0[1] ^= 0x40;
    let len = bad[20].0.len();
    bad[20].0[len - 70] ^= 1;
    let on = run(&bad, true);
    assert_eq!(on, run(&bad, false));
    let idx: Vec<usize> = on.unwrap_err().indices().collect();
    assert_eq!(idx, vec![4, 12, 20]);
    engine::force_portable(false);
}
