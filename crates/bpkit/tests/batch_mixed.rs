//! Mixed batches: range proofs, Bulletproofs+ proofs (both generator sets, several extension
//! degrees, minimums) and interval proofs in one `BatchVerifier`.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    clippy::arithmetic_side_effects
)]

mod common;

use bpkit::batch::{BatchOptions, BatchVerifier};
use bpkit::group::CompressedRistretto;
use bpkit::plus::{ExtendedOpening, PlusGens, PlusProof, PlusStatement};
use bpkit::{Error, Interval, IntervalProof, Opening, RangeProof, RangeStatement};
use merlin::Transcript;
use std::sync::OnceLock;

struct Bp {
    proof: RangeProof,
    statement: RangeStatement,
}

struct Plus {
    proof: PlusProof,
    statement: PlusStatement,
    /// A statement the proof does not prove (another minimum).
    wrong: PlusStatement,
    tari: bool,
}

struct Iv {
    proof: IntervalProof,
    commitment: CompressedRistretto,
    interval: Interval,
    /// An interval the proof does not prove.
    wrong: Interval,
}

struct Fixture {
    bpkit1: PlusGens,
    tari2: PlusGens,
    bp: Vec<Bp>,
    plus: Vec<Plus>,
    intervals: Vec<Iv>,
}

fn fixture() -> &'static Fixture {
    static F: OnceLock<Fixture> = OnceLock::new();
    F.get_or_init(|| {
        let bpkit1 = PlusGens::bpkit(1).unwrap();
        let tari2 = PlusGens::tari(2).unwrap();
        let mut rng = common::rng(41);
        let bp = [(64, 1), (32, 3), (8, 1)]
            .into_iter()
            .enumerate()
            .map(|(i, (n, m))| {
                let openings = common::openings(&mut rng, n, m);
                let (proof, statement) = common::prove(b"mixed bp", &openings, n, 50 + i as u64);
                Bp { proof, statement }
            })
            .collect();
        let mut plus = Vec::new();
        for (i, (tari, bits, m)) in [(false, 64, 1), (true, 32, 1), (false, 16, 2), (true, 8, 3)]
            .into_iter()
            .enumerate()
        {
            let gens = if tari { &tari2 } else { &bpkit1 };
            let k = gens.extension_degree();
            let mins: Vec<u64> = (0..m)
                .map(|j| if tari { 100 + j as u64 } else { 0 })
                .collect();
            let openings: Vec<ExtendedOpening> = mins
                .iter()
                .map(|min| {
                    // In [min, 2ⁿ).
                    let v = common::value_below(&mut rng, bits).max(*min);
                    ExtendedOpening::random(v, k, &mut rng)
                })
                .collect();
            let statement =
                PlusStatement::commit(gens.pedersen(), bits, &openings, Some(mins.clone()))
                    .unwrap();
            let mut t = Transcript::new(b"mixed plus");
            let proof = PlusProof::prove(
                &mut t,
                gens,
                &statement,
                &openings,
                &mut common::rng(60 + i as u64),
            )
            .unwrap();
            let mut wrong_mins = mins.clone();
            wrong_mins[0] += 1;
            let wrong =
                PlusStatement::with_minimums(bits, statement.commitments().to_vec(), wrong_mins)
                    .unwrap();
            plus.push(Plus {
                proof,
                statement,
                wrong,
                tari,
            });
        }
        let intervals = [(10u64, 1000u128, 500u64, 16usize), (0, 1 << 40, 12345, 64)]
            .into_iter()
            .map(|(a, b, v, bits)| {
                let interval = Interval::new(a, b).unwrap();
                let opening = Opening::random(v, &mut rng);
                let (proof, commitment) = IntervalProof::prove(
                    &mut Transcript::new(b"mixed interval"),
                    &opening,
                    &interval,
                    bits,
                    &mut rng,
                )
                .unwrap();
                let wrong = Interval::new(a + 1, b).unwrap();
                Iv {
                    proof,
                    commitment,
                    interval,
                    wrong,
                }
            })
            .collect();
        Fixture {
            bpkit1,
            tari2,
            bp,
            plus,
            intervals,
        }
    })
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Kind {
    Bp(usize),
    Plus(usize),
    Interval(usize),
}

/// A batch of the given items; `bad` indices (into `kinds`) get a wrong statement.
fn batch<'a>(f: &'a Fixture, kinds: &[Kind], bad: &[usize]) -> BatchVerifier<'a> {
    let mut b = BatchVerifier::new();
    for (i, kind) in kinds.iter().enumerate() {
        let invalid = bad.contains(&i);
        let index = match *kind {
            Kind::Bp(j) => {
                let x = &f.bp[j];
                b.add_range_proof(&x.proof, &x.statement, Transcript::new(b"mixed bp"))
            }
            Kind::Plus(j) => {
                let x = &f.plus[j];
                let gens = if x.tari { &f.tari2 } else { &f.bpkit1 };
                let st = if invalid { &x.wrong } else { &x.statement };
                b.add_plus_proof(&x.proof, st, gens, Transcript::new(b"mixed plus"))
            }
            Kind::Interval(j) => {
                let x = &f.intervals[j];
                let interval = if invalid { &x.wrong } else { &x.interval };
                let bits = if j == 0 { 16 } else { 64 };
                b.add_interval_proof(
                    &x.proof,
                    &x.commitment,
                    interval,
                    bits,
                    Transcript::new(b"mixed interval"),
                )
                .unwrap()
            }
        };
        assert_eq!(index, i);
    }
    b
}

fn all_kinds() -> Vec<Kind> {
    vec![
        Kind::Plus(0),
        Kind::Bp(0),
        Kind::Plus(1),
        Kind::Interval(0),
        Kind::Bp(1),
        Kind::Plus(2),
        Kind::Bp(2),
        Kind::Interval(1),
        Kind::Plus(3),
    ]
}

#[test]
fn fixture_proofs_verify_alone() {
    let f = fixture();
    for x in &f.plus {
        let gens = if x.tari { &f.tari2 } else { &f.bpkit1 };
        let mut t = Transcript::new(b"mixed plus");
        assert_eq!(x.proof.verify(&mut t, gens, &x.statement), Ok(()));
        let mut t = Transcript::new(b"mixed plus");
        assert!(x.proof.verify(&mut t, gens, &x.wrong).is_err());
    }
}

#[test]
fn mixed_valid_batch_verifies() {
    let f = fixture();
    let kinds = all_kinds();
    assert_eq!(batch(f, &kinds, &[]).verify(&mut common::rng(1)), Ok(()));
    assert_eq!(batch(f, &kinds, &[]).verify_deterministic(), Ok(()));
    // Only BP+ proofs; only single-value BP+ proofs (the table path for small batches).
    let plus: Vec<Kind> = (0..4).map(Kind::Plus).collect();
    assert_eq!(batch(f, &plus, &[]).verify(&mut common::rng(2)), Ok(()));
    let single = [Kind::Plus(0), Kind::Plus(1), Kind::Plus(0)];
    assert_eq!(batch(f, &single, &[]).verify_deterministic(), Ok(()));
    let bpkit_only = [Kind::Plus(0), Kind::Bp(2)];
    assert_eq!(batch(f, &bpkit_only, &[]).verify_deterministic(), Ok(()));
    // Small chunks: the fixed terms are summed across chunks.
    let chunked = batch(f, &kinds, &[]).with_options(BatchOptions::default().chunk_size(2));
    assert_eq!(chunked.verify(&mut common::rng(3)), Ok(()));
    // Several threads (feature `parallel`; one thread without it).
    let threaded =
        batch(f, &kinds, &[]).with_options(BatchOptions::default().chunk_size(4).threads(2));
    assert_eq!(threaded.verify_deterministic(), Ok(()));
}

#[test]
fn caller_generators() {
    let f = fixture();
    let pc = bpkit::PedersenGens::default();
    let bp = bpkit::BulletproofGens::new(64, 4);
    let mut b = BatchVerifier::with_generators(&pc, &bp);
    let x = &f.plus[2];
    b.add_plus_proof(
        &x.proof,
        &x.statement,
        &f.bpkit1,
        Transcript::new(b"mixed plus"),
    );
    let x = &f.intervals[0];
    b.add_interval_proof(
        &x.proof,
        &x.commitment,
        &x.interval,
        16,
        Transcript::new(b"mixed interval"),
    )
    .unwrap();
    assert_eq!(b.verify(&mut common::rng(9)), Ok(()));
    // Generators of 8 bits per party cannot check a 64-bit proof.
    let small = bpkit::BulletproofGens::new(8, 4);
    let mut b = BatchVerifier::with_generators(&pc, &small);
    let x = &f.plus[0];
    b.add_plus_proof(
        &x.proof,
        &x.statement,
        &f.bpkit1,
        Transcript::new(b"mixed plus"),
    );
    let failures = failed(b.verify(&mut common::rng(10)));
    assert!(matches!(
        failures[..],
        [(0, Error::GeneratorsTooSmall { .. })]
    ));
}

fn failed(result: Result<(), bpkit::batch::BatchError>) -> Vec<(usize, Error)> {
    result.unwrap_err().failures().to_vec()
}

#[test]
fn invalid_plus_proof_is_located() {
    let f = fixture();
    let kinds = all_kinds();
    let last = kinds.len() - 1;
    for bad in [0usize, 5, last] {
        assert!(matches!(kinds[bad], Kind::Plus(_)));
        let expected = vec![(bad, Error::VerificationFailed)];
        assert_eq!(
            failed(batch(f, &kinds, &[bad]).verify(&mut common::rng(4))),
            expected
        );
        assert_eq!(
            failed(batch(f, &kinds, &[bad]).verify_deterministic()),
            expected
        );
        let chunked = batch(f, &kinds, &[bad]).with_options(BatchOptions::default().chunk_size(3));
        assert_eq!(failed(chunked.verify(&mut common::rng(5))), expected);
    }
    let two = [0usize, last];
    assert_eq!(
        failed(batch(f, &kinds, &two).verify(&mut common::rng(6))),
        vec![
            (0, Error::VerificationFailed),
            (last, Error::VerificationFailed)
        ]
    );
}

#[test]
fn invalid_interval_proof_is_located() {
    let f = fixture();
    let kinds = all_kinds();
    for bad in [3usize, 7] {
        assert_eq!(
            failed(batch(f, &kinds, &[bad]).verify(&mut common::rng(7))),
            vec![(bad, Error::VerificationFailed)]
        );
    }
}

#[test]
fn interval_bits_too_small_is_refused() {
    let f = fixture();
    let x = &f.intervals[1];
    let mut b = BatchVerifier::new();
    assert!(b
        .add_interval_proof(
            &x.proof,
            &x.commitment,
            &x.interval,
            8,
            Transcript::new(b"x")
        )
        .is_err());
    assert!(b.is_empty());
}

#[test]
fn plus_extension_mismatch_is_reported() {
    let f = fixture();
    let x = &f.plus[0];
    let mut b = BatchVerifier::new();
    b.add_range_proof(
        &f.bp[0].proof,
        &f.bp[0].statement,
        Transcript::new(b"mixed bp"),
    );
    b.add_plus_proof(
        &x.proof,
        &x.statement,
        &f.tari2,
        Transcript::new(b"mixed plus"),
    );
    let failures = failed(b.verify_deterministic());
    assert_eq!(failures.len(), 1);
    assert_eq!(failures[0].0, 1);
}
