//! Batch verification: acceptance, failure localisation, chunk boundaries, malformed inputs,
//! weights, threads and memory.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    clippy::arithmetic_side_effects
)]

mod common;

use bpkit::batch::{BatchError, BatchOptions, BatchVerifier, DEFAULT_CHUNK_SIZE};
use bpkit::{Error, RangeProof, RangeStatement};
use merlin::Transcript;
use std::sync::OnceLock;

/// A proof with its statement and transcript label.
#[derive(Clone)]
struct Item {
    proof: RangeProof,
    bytes: Vec<u8>,
    statement: RangeStatement,
    label: &'static [u8],
}

fn item(n: usize, m: usize, label: &'static [u8], seed: u64) -> Item {
    let mut rng = common::rng(seed);
    let openings = common::openings(&mut rng, n, m);
    let (proof, statement) = common::prove(label, &openings, n, seed);
    Item {
        bytes: proof.to_bytes(),
        proof,
        statement,
        label,
    }
}

/// 16 small valid proofs (n = 8, m = 1), made once and reused cyclically.
fn pool() -> &'static [Item] {
    static POOL: OnceLock<Vec<Item>> = OnceLock::new();
    POOL.get_or_init(|| (0..16).map(|i| item(8, 1, b"pool", 100 + i)).collect())
}

/// A mix of sizes and labels.
fn mixed() -> &'static [Item] {
    static MIXED: OnceLock<Vec<Item>> = OnceLock::new();
    MIXED.get_or_init(|| {
        let mut v = Vec::new();
        let shapes = [
            (64, 1),
            (8, 3),
            (32, 2),
            (16, 4),
            (64, 5),
            (8, 1),
            (32, 1),
            (64, 2),
        ];
        for (i, (n, m)) in shapes.into_iter().enumerate() {
            let label: &'static [u8] = if i % 2 == 0 { b"even" } else { b"odd" };
            v.push(item(n, m, label, 200 + i as u64));
        }
        v
    })
}

/// A well-formed proof that does not verify: `base`'s proof against another statement of the
/// same shape (`other`'s commitments).
fn invalid(base: &Item, other: &Item) -> Item {
    Item {
        statement: other.statement.clone(),
        ..base.clone()
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Mode {
    Random,
    Deterministic,
}

fn run(items: &[Item], bytes: bool, options: BatchOptions, mode: Mode) -> Result<(), BatchError> {
    let mut batch = BatchVerifier::new().with_options(options);
    for it in items {
        let t = Transcript::new(it.label);
        if bytes {
            batch.add_range_proof_bytes(&it.bytes, &it.statement, t);
        } else {
            batch.add_range_proof(&it.proof, &it.statement, t);
        }
    }
    assert_eq!(batch.len(), items.len());
    match mode {
        Mode::Random => batch.verify(&mut common::rng(5)),
        Mode::Deterministic => batch.verify_deterministic(),
    }
}

fn indices(result: Result<(), BatchError>) -> Vec<usize> {
    match result {
        Ok(()) => Vec::new(),
        Err(e) => e.indices().collect(),
    }
}

/// `count` proofs from the pool, with invalid ones at `bad`.
fn with_invalid(count: usize, bad: &[usize]) -> Vec<Item> {
    let p = pool();
    (0..count)
        .map(|i| {
            let it = &p[i % p.len()];
            if bad.contains(&i) {
                invalid(it, &p[(i + 1) % p.len()])
            } else {
                it.clone()
            }
        })
        .collect()
}

#[test]
fn empty_batch_verifies() {
    assert_eq!(
        run(&[], false, BatchOptions::default(), Mode::Random),
        Ok(())
    );
    assert_eq!(
        run(&[], false, BatchOptions::default(), Mode::Deterministic),
        Ok(())
    );
}

#[test]
fn mixed_sizes_and_transcripts_verify() {
    for bytes in [false, true] {
        for mode in [Mode::Random, Mode::Deterministic] {
            for chunk in [1, 3, DEFAULT_CHUNK_SIZE] {
                let options = BatchOptions::default().chunk_size(chunk);
                assert_eq!(
                    run(mixed(), bytes, options, mode),
                    Ok(()),
                    "{bytes} {mode:?} {chunk}"
                );
            }
        }
    }
}

#[test]
fn single_invalid_proof_is_found_at_start_middle_end() {
    for count in [1usize, 2, 7, 16] {
        for bad in [0, count / 2, count - 1] {
            let items = with_invalid(count, &[bad]);
            for mode in [Mode::Random, Mode::Deterministic] {
                let got = indices(run(&items, true, BatchOptions::default(), mode));
                assert_eq!(got, vec![bad], "count {count}, bad {bad}, {mode:?}");
            }
        }
    }
}

#[test]
fn several_invalid_proofs_are_all_found() {
    let cases: [&[usize]; 5] = [
        &[0, 1],
        &[0, 9, 19],
        &[3, 4, 5, 6],
        &[18, 19],
        &[0, 2, 4, 6, 8, 10, 12, 14, 16, 18],
    ];
    for bad in cases {
        let items = with_invalid(20, bad);
        for chunk in [1, 4, 7, DEFAULT_CHUNK_SIZE] {
            let options = BatchOptions::default().chunk_size(chunk);
            let got = indices(run(&items, false, options, Mode::Random));
            assert_eq!(got, bad.to_vec(), "chunk {chunk}");
        }
    }
}

#[test]
fn every_proof_invalid() {
    let bad: Vec<usize> = (0..9).collect();
    let items = with_invalid(9, &bad);
    let options = BatchOptions::default().chunk_size(4);
    assert_eq!(
        indices(run(&items, true, options, Mode::Deterministic)),
        bad
    );
}

/// Sizes just below, at and just above every chunk boundary, the invalid proof always in the
/// last chunk (its last proof, and its first).
#[test]
fn chunk_boundaries_with_invalid_proof_in_last_chunk() {
    for chunk in [1usize, 2, 4, 5] {
        for boundary in [chunk, 2 * chunk, 3 * chunk] {
            for count in [boundary - 1, boundary, boundary + 1] {
                if count == 0 {
                    continue;
                }
                let last_chunk_start = (count - 1) / chunk * chunk;
                for bad in [count - 1, last_chunk_start] {
                    let items = with_invalid(count, &[bad]);
                    let options = BatchOptions::default().chunk_size(chunk);
                    for mode in [Mode::Random, Mode::Deterministic] {
                        let got = indices(run(&items, true, options, mode));
                        assert_eq!(got, vec![bad], "chunk {chunk} count {count} bad {bad}");
                    }
                    // And every proof valid at that size.
                    let good = with_invalid(count, &[]);
                    assert_eq!(run(&good, true, options, Mode::Random), Ok(()));
                }
            }
        }
    }
}

#[test]
fn default_chunk_boundary_with_invalid_proof_in_last_chunk() {
    let c = DEFAULT_CHUNK_SIZE;
    for count in [c - 1, c, c + 1] {
        let items = with_invalid(count, &[count - 1]);
        let got = indices(run(&items, true, BatchOptions::default(), Mode::Random));
        assert_eq!(got, vec![count - 1], "count {count}");
    }
}

#[test]
fn malformed_proofs_are_reported_with_their_error() {
    let p = pool();
    let mut items: Vec<Item> = p[..6].to_vec();
    // Wrong length.
    items[1].bytes.pop();
    // A point that does not decode (A: all 0xff is not a canonical encoding).
    items[3].bytes[..32].copy_from_slice(&[0xff; 32]);
    // A non-canonical scalar (t_x = 2^256 - 1).
    items[4].bytes[128..160].copy_from_slice(&[0xff; 32]);
    // The identity as L_0.
    let mut with_identity = p[5].clone();
    with_identity.bytes[224..256].copy_from_slice(&[0; 32]);
    items.push(with_identity);
    // A proof whose size does not match its statement (n = 8 proof, n = 64 statement).
    let mut mismatch = p[0].clone();
    mismatch.statement = mixed()[0].statement.clone();
    items.push(mismatch);
    // And an invalid but well-formed one.
    items.push(invalid(&p[2], &p[3]));

    for mode in [Mode::Random, Mode::Deterministic] {
        let err = run(&items, true, BatchOptions::default().chunk_size(3), mode).unwrap_err();
        let kinds: Vec<(usize, &str)> =
            err.failures().iter().map(|(i, e)| (*i, e.kind())).collect();
        assert_eq!(
            kinds,
            vec![
                (1, "wrong-length"),
                (3, "invalid-point"),
                (4, "non-canonical-scalar"),
                (6, "identity-point"),
                (7, "size-mismatch"),
                (8, "verification-failed"),
            ]
        );
        assert!(err.to_string().contains("6 proof(s)"));
    }
}

#[test]
fn wrong_transcript_label_fails() {
    let mut items = pool()[..5].to_vec();
    items[2].label = b"another label";
    assert_eq!(
        indices(run(&items, false, BatchOptions::default(), Mode::Random)),
        vec![2]
    );
}

#[test]
fn deterministic_weights_do_not_depend_on_chunking() {
    let items = with_invalid(11, &[4, 10]);
    for chunk in [1, 2, 3, 11, 12] {
        let options = BatchOptions::default().chunk_size(chunk);
        assert_eq!(
            indices(run(&items, true, options, Mode::Deterministic)),
            vec![4, 10]
        );
    }
}

#[test]
fn caller_generators_too_small_are_reported() {
    let pc = bpkit::PedersenGens::default();
    let bp = bpkit::BulletproofGens::new(8, 1);
    let m = mixed();
    let mut batch = BatchVerifier::with_generators(&pc, &bp);
    // m[5] is n = 8, m = 1: covered; m[0] is n = 64: not.
    batch.add_range_proof(&m[5].proof, &m[5].statement, Transcript::new(m[5].label));
    batch.add_range_proof(&m[0].proof, &m[0].statement, Transcript::new(m[0].label));
    let err = batch.verify(&mut common::rng(1)).unwrap_err();
    assert_eq!(err.failures().len(), 1);
    assert_eq!(err.failures()[0].0, 1);
    assert!(matches!(
        err.failures()[0].1,
        Error::GeneratorsTooSmall { .. }
    ));
}

#[test]
fn single_verification_still_rejects_what_the_batch_rejects() {
    let p = pool();
    let bad = invalid(&p[0], &p[1]);
    assert_eq!(
        bad.proof
            .verify(&mut Transcript::new(bad.label), &bad.statement),
        Err(Error::VerificationFailed)
    );
    for it in mixed() {
        it.proof
            .verify(&mut Transcript::new(it.label), &it.statement)
            .unwrap();
        let pc = bpkit::PedersenGens::default();
        let bp = bpkit::BulletproofGens::new(64, 8);
        it.proof
            .verify_with_generators(&pc, &bp, &mut Transcript::new(it.label), &it.statement)
            .unwrap();
    }
}

#[cfg(feature = "parallel")]
#[test]
fn threads_give_the_same_answers() {
    let items = with_invalid(37, &[0, 17, 36]);
    for threads in [0usize, 1, 2, 3] {
        for chunk in [5, DEFAULT_CHUNK_SIZE] {
            let options = BatchOptions::default().threads(threads).chunk_size(chunk);
            for mode in [Mode::Random, Mode::Deterministic] {
                assert_eq!(indices(run(&items, true, options, mode)), vec![0, 17, 36]);
            }
            let good = with_invalid(37, &[]);
            assert_eq!(run(&good, true, options, Mode::Random), Ok(()));
        }
    }
}

/// Proofs from the `bulletproofs` crate join a bpkit batch.
#[test]
fn peer_proofs_in_a_batch() {
    use bulletproofs as peer;
    use curve25519_dalek_4 as d4;
    let pc = peer::PedersenGens::default();
    let bp = peer::BulletproofGens::new(64, 4);
    let mut items = Vec::new();
    for (i, m) in [1usize, 2, 4].into_iter().enumerate() {
        let values: Vec<u64> = (0..m as u64).map(|j| 1000 * j + i as u64).collect();
        let blindings: Vec<d4::scalar::Scalar> = (0..m as u64)
            .map(|j| d4::scalar::Scalar::from(7 + j + 10 * i as u64))
            .collect();
        let (proof, commitments) = peer::RangeProof::prove_multiple(
            &bp,
            &pc,
            &mut Transcript::new(b"peer"),
            &values,
            &blindings,
            32,
        )
        .unwrap();
        let statement = RangeStatement::new(
            32,
            commitments
                .iter()
                .map(|c| bpkit::group::CompressedRistretto(c.to_bytes()))
                .collect(),
        )
        .unwrap();
        let bytes = proof.to_bytes();
        items.push(Item {
            proof: RangeProof::from_bytes(&bytes).unwrap(),
            bytes,
            statement,
            label: b"peer",
        });
    }
    assert_eq!(
        run(&items, true, BatchOptions::default(), Mode::Random),
        Ok(())
    );
    items.push(invalid(&items[1], &items[2]));
    // Different m: a size mismatch rather than a failed equation.
    let err = run(&items, true, BatchOptions::default(), Mode::Deterministic).unwrap_err();
    assert_eq!(err.failures().len(), 1);
    assert_eq!(err.failures()[0].0, 3);
}

/// Any single-byte change to one proof of a batch is caught, and blamed on that proof alone
/// (as malformed or invalid); nothing panics.
#[test]
fn tampered_bytes_are_always_caught_and_localised() {
    let p = pool();
    let base: Vec<Item> = p[..6].to_vec();
    let len = base[3].bytes.len();
    let mut rng = common::rng(42);
    for round in 0..120 {
        let mut items = base.clone();
        let pos = (common::value_below(&mut rng, 32) as usize) % len;
        let flip = 1u8 << (round % 8);
        items[3].bytes[pos] ^= flip;
        let mode = if round % 2 == 0 {
            Mode::Random
        } else {
            Mode::Deterministic
        };
        let chunk = [1, 2, DEFAULT_CHUNK_SIZE][round % 3];
        let got = indices(run(
            &items,
            true,
            BatchOptions::default().chunk_size(chunk),
            mode,
        ));
        assert_eq!(got, vec![3], "byte {pos} flip {flip:#x}");
    }
}

/// The same proof may appear several times in a batch.
#[test]
fn repeated_proofs() {
    let p = pool();
    let items: Vec<Item> = (0..10).map(|_| p[0].clone()).collect();
    assert_eq!(
        run(&items, false, BatchOptions::default(), Mode::Deterministic),
        Ok(())
    );
    let mut bad = items.clone();
    bad[7] = invalid(&p[0], &p[1]);
    assert_eq!(
        indices(run(
            &bad,
            false,
            BatchOptions::default(),
            Mode::Deterministic
        )),
        vec![7]
    );
}
