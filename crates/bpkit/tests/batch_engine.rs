//! Differential tests of the verification engine inside the batch verifier: the same batches,
//! valid and invalid (wrong statements, undecodable points and commitments, flipped bytes, every
//! chunking), with the engine on and off must give the same answers and the same errors. Sizes
//! are chosen so that the engine is used (more proofs than the precomputed-table path takes).
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    clippy::arithmetic_side_effects
)]

mod common;

use bpkit::batch::{BatchError, BatchOptions, BatchVerifier};
use bpkit::group::CompressedRistretto;
use bpkit::{RangeProof, RangeStatement};
use merlin::Transcript;
use std::sync::OnceLock;

#[derive(Clone)]
struct Item {
    bytes: Vec<u8>,
    statement: RangeStatement,
}

/// 40 proofs: 32 with n = 8, m = 1 and 8 of other shapes (m up to 4).
fn items() -> &'static [Item] {
    static ITEMS: OnceLock<Vec<Item>> = OnceLock::new();
    ITEMS.get_or_init(|| {
        let shapes = (0..32).map(|_| (8, 1)).chain([
            (16, 2),
            (8, 4),
            (32, 1),
            (8, 3),
            (64, 1),
            (16, 1),
            (8, 2),
            (32, 2),
        ]);
        shapes
            .enumerate()
            .map(|(i, (n, m))| {
                let mut rng = common::rng(900 + i as u64);
                let openings = common::openings(&mut rng, n, m);
                let (proof, statement): (RangeProof, RangeStatement) =
                    common::prove(b"engine", &openings, n, 900 + i as u64);
                Item {
                    bytes: proof.to_bytes(),
                    statement,
                }
            })
            .collect()
    })
}

fn run(items: &[Item], options: BatchOptions, deterministic: bool) -> Result<(), BatchError> {
    let mut batch = BatchVerifier::new().with_options(options);
    for it in items {
        batch.add_range_proof_bytes(&it.bytes, &it.statement, Transcript::new(b"engine"));
    }
    if deterministic {
        batch.verify_deterministic()
    } else {
        batch.verify(&mut common::rng(3))
    }
}

/// Runs `items` with the engine on and off over several chunkings; both must agree, and equal
/// `expected` (failed indices).
fn agree(items: &[Item], expected: &[usize]) {
    for (chunk, threads, det) in [(256, 1, false), (7, 1, true), (1, 1, false), (16, 2, true)] {
        let opts = BatchOptions::default().chunk_size(chunk).threads(threads);
        let on = run(items, opts.engine(true), det);
        let off = run(items, opts.engine(false), det);
        assert_eq!(on, off, "chunk {chunk} threads {threads}");
        let got: Vec<usize> = match &on {
            Ok(()) => Vec::new(),
            Err(e) => e.indices().collect(),
        };
        assert_eq!(got, expected, "chunk {chunk} threads {threads}");
    }
}

#[test]
fn valid_batches_verify_on_both_paths() {
    println!(
        "engine backend: {}; dalek backend: {}",
        bpkit::group::engine::backend(),
        bpkit::backend::report()
    );
    agree(items(), &[]);
    agree(&items()[..30], &[]);
}

#[test]
fn wrong_statements_are_found_on_both_paths() {
    let mut v = items().to_vec();
    for bad in [0usize, 17, 31] {
        v[bad].statement = items()[(bad + 1) % 32].statement.clone();
    }
    agree(&v, &[0, 17, 31]);
}

#[test]
fn undecodable_points_and_commitments_give_the_same_errors() {
    let mut v = items().to_vec();
    // A (offset 0), T₂ (96), L₀ (224), the last R, and each with a negative s (odd low bit).
    v[2].bytes[..32].copy_from_slice(&[0xff; 32]);
    v[5].bytes[96] ^= 1;
    v[9].bytes[224..256].copy_from_slice(&[0xee; 32]);
    let len = v[12].bytes.len();
    v[12].bytes[len - 96] ^= 1;
    // A commitment that does not decode (non-canonical: p + 1).
    let mut p_plus_1 = [0xffu8; 32];
    p_plus_1[0] = 0xee;
    p_plus_1[31] = 0x7f;
    v[20].statement = RangeStatement::new(8, vec![CompressedRistretto(p_plus_1)]).unwrap();
    let err = run(&v, BatchOptions::default(), false).unwrap_err();
    let kinds: Vec<(usize, &str)> = err.failures().iter().map(|(i, e)| (*i, e.kind())).collect();
    assert_eq!(
        kinds,
        vec![
            (2, "invalid-point"),
            (5, "invalid-point"),
            (9, "invalid-point"),
            (12, "invalid-point"),
            (20, "invalid-commitment"),
        ]
    );
    agree(&v, &[2, 5, 9, 12, 20]);
}

#[test]
fn flipped_bytes_are_caught_on_both_paths() {
    let base = items().to_vec();
    let mut rng = common::rng(77);
    for round in 0..24 {
        let target = [4usize, 33, 39][round % 3];
        let mut v = base.clone();
        let len = v[target].bytes.len();
        let pos = (common::value_below(&mut rng, 32) as usize) % len;
        v[target].bytes[pos] ^= 1u8 << (round % 8);
        let opts = BatchOptions::default();
        let on = run(&v, opts.engine(true), round % 2 == 0);
        let off = run(&v, opts.engine(false), round % 2 == 0);
        assert_eq!(on, off, "byte {pos} of proof {target}");
        let got: Vec<usize> = on.unwrap_err().indices().collect();
        assert_eq!(got, vec![target], "byte {pos} of proof {target}");
    }
}
