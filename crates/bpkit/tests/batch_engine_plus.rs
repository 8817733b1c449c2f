//! Bulletproofs+ proofs added to a batch as bytes ([`BatchVerifier::add_plus_proof_bytes`]):
//! decoded by the verification engine in one batch, or by dalek with the engine off, or parsed
//! first ([`BatchVerifier::add_plus_proof`]): all three must give the same answers and errors,
//! on valid proofs, wrong statements, undecodable points and commitments and flipped bytes.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    clippy::arithmetic_side_effects
)]

#[path = "plus_common/mod.rs"]
mod plus_common;

use bpkit::batch::{BatchError, BatchOptions, BatchVerifier};
use bpkit::group::CompressedRistretto;
use bpkit::plus::{PlusGens, PlusProof, PlusStatement};
use merlin::Transcript;
use std::sync::OnceLock;

#[derive(Clone)]
struct Item {
    bytes: Vec<u8>,
    statement: PlusStatement,
    tari: bool,
}

struct Fixture {
    bpkit1: PlusGens,
    tari2: PlusGens,
    items: Vec<Item>,
}

/// 30 proofs: 26 with n = 8, one value (bpkit's generators, k = 1), 4 of other shapes and
/// Tari's generators with k = 2.
fn fixture() -> &'static Fixture {
    static F: OnceLock<Fixture> = OnceLock::new();
    F.get_or_init(|| {
        let bpkit1 = PlusGens::bpkit(1).unwrap();
        let tari2 = PlusGens::tari(2).unwrap();
        let mut rng = plus_common::rng(61);
        let shapes = (0..26).map(|_| (8, 1, false)).chain([
            (16, 2, true),
            (8, 4, false),
            (32, 1, true),
            (64, 1, false),
        ]);
        let items = shapes
            .enumerate()
            .map(|(i, (n, m, tari))| {
                let (gens, k) = if tari { (&tari2, 2) } else { (&bpkit1, 1) };
                let case = plus_common::case(&mut rng, n, m, k, i % 3 == 0);
                let (proof, statement) = plus_common::prove(gens, &case, b"plus engine", i as u64);
                Item {
                    bytes: proof.to_bytes(),
                    statement,
                    tari,
                }
            })
            .collect();
        Fixture {
            bpkit1,
            tari2,
            items,
        }
    })
}

#[derive(Clone, Copy, Debug)]
enum How {
    Engine,
    Dalek,
    Parsed,
}

fn run(items: &[Item], how: How, chunk: usize) -> Result<(), BatchError> {
    let f = fixture();
    let parsed: Vec<Option<PlusProof>> = items
        .iter()
        .map(|it| PlusProof::from_bytes(&it.bytes).ok())
        .collect();
    let options = BatchOptions::default()
        .chunk_size(chunk)
        .engine(!matches!(how, How::Dalek));
    let mut batch = BatchVerifier::new().with_options(options);
    for (it, p) in items.iter().zip(&parsed) {
        let gens = if it.tari { &f.tari2 } else { &f.bpkit1 };
        let t = Transcript::new(b"plus engine");
        match (how, p) {
            (How::Parsed, Some(p)) => {
                batch.add_plus_proof(p, &it.statement, gens, t);
            }
            (How::Parsed, None) => {
                // Unparseable: added as bytes so that the index is kept and reported.
                batch.add_plus_proof_bytes(&it.bytes, &it.statement, gens, t);
            }
            _ => {
                batch.add_plus_proof_bytes(&it.bytes, &it.statement, gens, t);
            }
        }
    }
    batch.verify(&mut plus_common::rng(9))
}

fn agree(items: &[Item], expected: &[usize]) -> Option<BatchError> {
    let mut first = None;
    for chunk in [256, 7] {
        let engine = run(items, How::Engine, chunk);
        assert_eq!(engine, run(items, How::Dalek, chunk), "chunk {chunk}");
        let got: Vec<usize> = match &engine {
            Ok(()) => Vec::new(),
            Err(e) => e.indices().collect(),
        };
        assert_eq!(got, expected, "chunk {chunk}");
        // Parsed proofs: the same failures (errors may differ only where parsing failed).
        let parsed = run(items, How::Parsed, chunk);
        let parsed_idx: Vec<usize> = match &parsed {
            Ok(()) => Vec::new(),
            Err(e) => e.indices().collect(),
        };
        assert_eq!(parsed_idx, expected, "parsed, chunk {chunk}");
        first = first.or(engine.err());
    }
    first
}

#[test]
fn valid_plus_batches_agree() {
    println!("engine backend: {}", bpkit::group::engine::backend());
    agree(&fixture().items, &[]);
}

#[test]
fn wrong_statements_agree() {
    let mut v = fixture().items.clone();
    // Same shape and generators, another proof's commitments.
    v[3].statement = fixture().items[4].statement.clone();
    v[25].statement = fixture().items[0].statement.clone();
    agree(&v, &[3, 25]);
}

#[test]
fn undecodable_points_and_commitments_agree() {
    let mut v = fixture().items.clone();
    // A (after k and d1: offset 33), B (97), the last R, each made invalid.
    v[1].bytes[33..65].copy_from_slice(&[0xff; 32]);
    v[6].bytes[97] ^= 1;
    let len = v[11].bytes.len();
    v[11].bytes[len - 32] ^= 1;
    // A commitment that does not decode.
    let mut p_plus_1 = [0xffu8; 32];
    p_plus_1[0] = 0xee;
    p_plus_1[31] = 0x7f;
    v[14].statement = PlusStatement::new(8, vec![CompressedRistretto(p_plus_1)]).unwrap();
    let err = agree(&v, &[1, 6, 11, 14]).unwrap();
    let kinds: Vec<(usize, &str)> = err.failures().iter().map(|(i, e)| (*i, e.kind())).collect();
    assert_eq!(kinds[0], (1, "invalid-point"));
    assert_eq!(kinds[1], (6, "invalid-point"));
    assert_eq!(kinds[2], (11, "invalid-point"));
    assert_eq!(kinds[3], (14, "invalid-commitment"));
    // The engine path names the same offsets as `PlusProof::from_bytes`.
    for (i, e) in err.failures().iter().take(3) {
        assert_eq!(Some(e), PlusProof::from_bytes(&v[*i].bytes).err().as_ref());
    }
}

#[test]
fn flipped_bytes_agree() {
    let base = fixture().items.clone();
    let mut rng = plus_common::rng(5);
    for round in 0..16 {
        let target = [2usize, 27, 29][round % 3];
        let mut v = base.clone();
        let len = v[target].bytes.len();
        let pos = (plus_common::value_in(&mut rng, 32, 0) as usize) % len;
        v[target].bytes[pos] ^= 1u8 << (round % 8);
        let engine = run(&v, How::Engine, 256);
        assert_eq!(engine, run(&v, How::Dalek, 256), "byte {pos} of {target}");
        let got: Vec<usize> = engine.unwrap_err().indices().collect();
        assert_eq!(got, vec![target], "byte {pos} of {target}");
    }
}
