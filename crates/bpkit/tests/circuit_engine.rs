//! Circuit verification on bpkit's verification engine against curve25519-dalek: single
//! verification (`Circuit::verify`, `verify_bytes`, `PreparedCircuit::verify`, `verify_bytes`)
//! and circuit proofs in `BatchVerifier` (engine on and off) must give identical answers and
//! errors — valid proofs, wrong commitments, undecodable commitments, every byte of a proof
//! flipped, malformed encodings, too few generators, other Pedersen generators.
//!
//! The engine is normally used from `ENGINE_MIN_MULTIPLIERS` multipliers on; these tests lower
//! the (process-wide) threshold to 1 so that small circuits take the engine path, and raise it to
//! `usize::MAX` for the dalek side. Tests that depend on it hold `LOCK`.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    clippy::arithmetic_side_effects
)]

mod circuit_common;
mod common;

use bpkit::batch::{BatchError, BatchOptions, BatchVerifier};
use bpkit::circuit::{set_engine_threshold, Circuit, CircuitProof, PreparedCircuit};
use bpkit::group::CompressedRistretto;
use bpkit::plus::{ExtendedOpening, PlusGens, PlusProof, PlusStatement};
use bpkit::{BulletproofGens, Error, PedersenGens, RangeProof, RangeStatement};
use circuit_common::*;
use merlin::Transcript;
use std::sync::{Mutex, OnceLock};

static LOCK: Mutex<()> = Mutex::new(());

/// Runs `f` with every circuit verified on the engine (`true`) or on dalek. A verification on
/// its own takes the engine only once the default generators are converted, so they are
/// converted first (far more than the fixture's circuits use).
fn on<T>(engine: bool, f: impl FnOnce() -> T) -> T {
    if engine {
        assert!(bpkit::generators::shared_engine(1 << 10, 1).covers(1 << 10, 1));
    }
    set_engine_threshold(if engine { 1 } else { usize::MAX });
    f()
}

struct C {
    proof: CircuitProof,
    bytes: Vec<u8>,
    commitments: Vec<CompressedRistretto>,
    wrong: Vec<CompressedRistretto>,
    circuit: Circuit,
    prepared: PreparedCircuit,
}

struct Fixture {
    circuits: Vec<C>,
    range: Vec<(Vec<u8>, RangeProof, RangeStatement)>,
    plus: (Vec<u8>, PlusStatement),
    plus_gens: PlusGens,
}

fn fixture() -> &'static Fixture {
    static F: OnceLock<Fixture> = OnceLock::new();
    F.get_or_init(|| {
        let shapes = batch_shapes();
        let circuits = shapes
            .iter()
            .enumerate()
            .map(|(i, shape)| {
                let (proof, commitments, circuit) = prove(shape, 500 + i as u64).unwrap();
                let (_, wrong, _) = prove(shape, 600 + i as u64).unwrap();
                C {
                    bytes: proof.to_bytes(),
                    proof,
                    commitments,
                    wrong,
                    prepared: PreparedCircuit::new(circuit.clone()).unwrap(),
                    circuit,
                }
            })
            .collect();
        let mut rng = common::rng(17);
        let range = [(64, 1), (32, 2), (8, 1)]
            .into_iter()
            .enumerate()
            .map(|(i, (n, m))| {
                let openings = common::openings(&mut rng, n, m);
                let (p, s) = common::prove(b"circuit engine bp", &openings, n, 700 + i as u64);
                (p.to_bytes(), p, s)
            })
            .collect();
        let plus_gens = PlusGens::bpkit(1).unwrap();
        let openings = [ExtendedOpening::random(77, 1, &mut rng)];
        let statement = PlusStatement::commit(plus_gens.pedersen(), 64, &openings, None).unwrap();
        let proof = PlusProof::prove(
            &mut Transcript::new(b"circuit engine plus"),
            &plus_gens,
            &statement,
            &openings,
            &mut rng,
        )
        .unwrap();
        Fixture {
            circuits,
            range,
            plus: (proof.to_bytes(), statement),
            plus_gens,
        }
    })
}

/// Every single-proof verifier on `bytes`: `Circuit::verify` (after `from_bytes`),
/// `Circuit::verify_bytes`, and the same two on the prepared circuit.
fn single(
    c: &C,
    bytes: &[u8],
    commitments: &[CompressedRistretto],
    pc: &PedersenGens,
    bp: &BulletproofGens,
) -> [Result<(), Error>; 4] {
    let t = || Transcript::new(LABEL);
    let parsed = CircuitProof::from_bytes(bytes);
    [
        parsed
            .clone()
            .and_then(|p| c.circuit.verify(&mut t(), &p, commitments, pc, bp)),
        c.circuit.verify_bytes(&mut t(), bytes, commitments, pc, bp),
        parsed.and_then(|p| c.prepared.verify(&mut t(), &p, commitments, pc, bp)),
        c.prepared
            .verify_bytes(&mut t(), bytes, commitments, pc, bp),
    ]
}

/// Engine and dalek give the same four results; returns them.
fn same_single(
    c: &C,
    bytes: &[u8],
    commitments: &[CompressedRistretto],
    pc: &PedersenGens,
    bp: &BulletproofGens,
) -> [Result<(), Error>; 4] {
    let engine = on(true, || single(c, bytes, commitments, pc, bp));
    let dalek = on(false, || single(c, bytes, commitments, pc, bp));
    assert_eq!(engine, dalek, "engine and dalek differ");
    // The four verifiers agree with each other too.
    assert!(engine.iter().all(|r| *r == engine[0]), "{engine:?}");
    engine
}

/// An encoding that is not a valid point (and not the identity's).
fn invalid_point() -> [u8; 32] {
    (1u8..)
        .map(|k| {
            let mut b = [0u8; 32];
            b[0] = 2 * k;
            b
        })
        .find(|b| CompressedRistretto(*b).decompress().is_none())
        .unwrap()
}

#[test]
fn single_verification_agrees() {
    let _g = LOCK.lock().unwrap_or_else(|e| e.into_inner());
    let f = fixture();
    let (pc, bp) = gens();
    for c in &f.circuits {
        assert_eq!(
            same_single(c, &c.bytes, &c.commitments, pc, bp),
            [Ok(()), Ok(()), Ok(()), Ok(())]
        );
        assert_eq!(
            same_single(c, &c.bytes, &c.wrong, pc, bp)[0],
            Err(Error::VerificationFailed)
        );
        // An undecodable commitment is named by its index, on both paths.
        for j in [0, c.commitments.len() - 1] {
            let mut v = c.commitments.clone();
            v[j] = CompressedRistretto(invalid_point());
            assert_eq!(
                same_single(c, &c.bytes, &v, pc, bp)[0],
                Err(Error::InvalidCommitment { index: j })
            );
        }
        // Too few generators: the same error.
        let small = BulletproofGens::new(c.circuit.padded_multipliers() / 2, 1);
        assert!(matches!(
            same_single(c, &c.bytes, &c.commitments, pc, &small)[0],
            Err(Error::GeneratorsTooSmall { .. })
        ));
    }
}

#[test]
fn every_byte_flipped_agrees() {
    let _g = LOCK.lock().unwrap_or_else(|e| e.into_inner());
    let f = fixture();
    let (pc, bp) = gens();
    for c in &f.circuits[..2] {
        let mut kinds = std::collections::BTreeSet::new();
        for i in 0..c.bytes.len() {
            let mut b = c.bytes.clone();
            b[i] ^= 1 << (i % 8);
            let r = same_single(c, &b, &c.commitments, pc, bp);
            assert!(r[0].is_err(), "flip at {i} accepted");
            kinds.insert(
                format!("{:?}", r[0].as_ref().unwrap_err())
                    .chars()
                    .take(12)
                    .collect::<String>(),
            );
        }
        // Flips reach decoding (invalid points, non-canonical scalars) and the equation.
        assert!(kinds.len() >= 3, "{kinds:?}");
    }
}

#[test]
fn malformed_encodings_agree_with_from_bytes() {
    let _g = LOCK.lock().unwrap_or_else(|e| e.into_inner());
    let f = fixture();
    let (pc, bp) = gens();
    let bad = invalid_point();
    for c in &f.circuits {
        let good = &c.bytes;
        let head = if c.proof.has_phase_two() { 11 } else { 8 };
        let points = good.len() / 32 - 5;
        let offset = |i: usize| if i < head { 32 * i } else { 32 * (i + 3) };
        let mut cases: Vec<Vec<u8>> = vec![
            Vec::new(),
            good[..good.len() - 1].to_vec(),
            good[..good.len() - 32].to_vec(),
            [good.as_slice(), &[0]].concat(),
            vec![0xff; good.len()],
            vec![0; good.len()],
        ];
        // An invalid point and the identity at every point position.
        for i in 0..points {
            for enc in [bad, [0u8; 32]] {
                let mut b = good.clone();
                b[offset(i)..offset(i) + 32].copy_from_slice(&enc);
                cases.push(b);
            }
        }
        // Non-canonical scalars (t_x, a), alone and after an invalid point (the point's error
        // comes first, as in `from_bytes`).
        for at in [32 * head, good.len() - 64] {
            let mut b = good.clone();
            b[at + 31] = 0xff;
            cases.push(b.clone());
            b[32..64].copy_from_slice(&bad);
            cases.push(b);
        }
        for bytes in &cases {
            let expected = CircuitProof::from_bytes(bytes).unwrap_err();
            assert_eq!(
                same_single(c, bytes, &c.commitments, pc, bp)[1],
                Err(expected)
            );
        }
    }
}

#[test]
fn other_pedersen_generators_agree() {
    let _g = LOCK.lock().unwrap_or_else(|e| e.into_inner());
    let f = fixture();
    let (_, bp) = gens();
    // The proofs were made with the default pair: another pair fails on both paths.
    let other = PedersenGens::new(
        bpkit::group::RistrettoPoint::from_uniform_bytes(&[3; 64]),
        bpkit::group::RistrettoPoint::from_uniform_bytes(&[4; 64]),
    );
    let c = &f.circuits[1];
    assert_eq!(
        same_single(c, &c.bytes, &c.commitments, &other, bp)[0],
        Err(Error::VerificationFailed)
    );
}

#[derive(Clone, Copy, Debug)]
enum Kind {
    /// Circuit j, parsed (false) or as bytes (true).
    Circuit(usize, bool),
    /// Range proof j, parsed (false) or as bytes (true).
    Range(usize, bool),
    Plus,
}

fn kinds() -> Vec<Kind> {
    vec![
        Kind::Circuit(0, true),
        Kind::Range(0, true),
        Kind::Circuit(1, false),
        Kind::Plus,
        Kind::Circuit(2, true),
        Kind::Range(1, false),
        Kind::Circuit(1, true),
        Kind::Range(2, true),
        Kind::Circuit(2, false),
    ]
}

/// A batch of `kinds`, `bad` entries with wrong commitments, `undecodable` circuits with an
/// invalid commitment encoding, engine on or off.
fn run(
    kinds: &[Kind],
    bad: &[usize],
    undecodable: &[usize],
    opts: BatchOptions,
    deterministic: bool,
) -> Result<(), BatchError> {
    let f = fixture();
    let mut broken: Vec<Vec<CompressedRistretto>> = Vec::new();
    for c in &f.circuits {
        let mut v = c.commitments.clone();
        v[1] = CompressedRistretto(invalid_point());
        broken.push(v);
    }
    let mut b = BatchVerifier::new().with_options(opts);
    for (i, k) in kinds.iter().enumerate() {
        let index = match *k {
            Kind::Circuit(j, bytes) => {
                let c = &f.circuits[j];
                let cs = if bad.contains(&i) {
                    &c.wrong
                } else if undecodable.contains(&i) {
                    &broken[j]
                } else {
                    &c.commitments
                };
                if bytes {
                    b.add_circuit_proof_bytes(&c.bytes, &c.circuit, cs, Transcript::new(LABEL))
                        .unwrap()
                } else {
                    b.add_circuit_proof(&c.proof, &c.circuit, cs, Transcript::new(LABEL))
                }
            }
            Kind::Range(j, bytes) => {
                let (enc, p, s) = &f.range[j];
                let t = Transcript::new(b"circuit engine bp");
                if bytes {
                    b.add_range_proof_bytes(enc, s, t)
                } else {
                    b.add_range_proof(p, s, t)
                }
            }
            Kind::Plus => b.add_plus_proof_bytes(
                &f.plus.0,
                &f.plus.1,
                &f.plus_gens,
                Transcript::new(b"circuit engine plus"),
            ),
        };
        assert_eq!(index, i);
    }
    if deterministic {
        b.verify_deterministic()
    } else {
        b.verify(&mut common::rng(9))
    }
}

/// The batch with the engine on and off: identical results; returns them.
fn same_batch(
    kinds: &[Kind],
    bad: &[usize],
    undecodable: &[usize],
    opts: BatchOptions,
) -> Result<(), BatchError> {
    on(true, || {
        let mut results = Vec::new();
        for engine in [true, false] {
            for deterministic in [true, false] {
                results.push(run(
                    kinds,
                    bad,
                    undecodable,
                    opts.engine(engine),
                    deterministic,
                ));
            }
        }
        assert!(
            results.iter().all(|r| *r == results[0]),
            "engine on/off differ: {results:?}"
        );
        results.swap_remove(0)
    })
}

#[test]
fn batches_agree_with_the_engine_on_and_off() {
    let _g = LOCK.lock().unwrap_or_else(|e| e.into_inner());
    let kinds = kinds();
    let long: Vec<Kind> = kinds.iter().copied().cycle().take(20).collect();
    for opts in [
        BatchOptions::default(),
        BatchOptions::default().chunk_size(1),
        BatchOptions::default().chunk_size(3),
        BatchOptions::default().threads(2),
    ] {
        same_batch(&kinds, &[], &[], opts).unwrap();
        same_batch(&long, &[], &[], opts).unwrap();
        // Circuits alone (no range proof as bytes: the circuits alone bring the engine in).
        same_batch(
            &[Kind::Circuit(2, false), Kind::Circuit(0, true)],
            &[],
            &[],
            opts,
        )
        .unwrap();
        for bad in [vec![0], vec![2, 6], vec![4, 8]] {
            let err = same_batch(&kinds, &bad, &[], opts).unwrap_err();
            assert_eq!(err.indices().collect::<Vec<_>>(), bad, "bad = {bad:?}");
            let err = same_batch(&long, &[11, 18], &[], opts).unwrap_err();
            assert_eq!(err.indices().collect::<Vec<_>>(), vec![11, 18]);
        }
        // Undecodable commitments are reported as such, by index, next to a bad proof.
        let err = same_batch(&kinds, &[2], &[4, 6], opts).unwrap_err();
        assert_eq!(
            err.failures(),
            &[
                (2, Error::VerificationFailed),
                (4, Error::InvalidCommitment { index: 1 }),
                (6, Error::InvalidCommitment { index: 1 }),
            ]
        );
    }
}

#[test]
fn malformed_and_flipped_encodings_in_batches_agree() {
    let _g = LOCK.lock().unwrap_or_else(|e| e.into_inner());
    let f = fixture();
    let c = &f.circuits[1];
    let bad = invalid_point();
    let mut flipped: Vec<Vec<u8>> = Vec::new();
    let mut x = 0x9e37_79b9_7f4a_7c15u64;
    for _ in 0..40 {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        let mut b = c.bytes.clone();
        let i = (x as usize) % b.len();
        b[i] ^= 1 << ((x >> 32) % 8);
        flipped.push(b);
    }
    let mut invalid_l = c.bytes.clone();
    let at = c.bytes.len() - 4 * 32;
    invalid_l[at..at + 32].copy_from_slice(&bad);
    flipped.push(invalid_l);
    on(true, || {
        for bytes in &flipped {
            let mut results = Vec::new();
            for engine in [true, false] {
                let mut b =
                    BatchVerifier::new().with_options(BatchOptions::default().engine(engine));
                let (p, s) = (&f.range[0].0, &f.range[0].2);
                b.add_range_proof_bytes(p, s, Transcript::new(b"circuit engine bp"));
                let added = b.add_circuit_proof_bytes(
                    bytes,
                    &c.circuit,
                    &c.commitments,
                    Transcript::new(LABEL),
                );
                if let Err(e) = &added {
                    assert_eq!(*e, CircuitProof::from_bytes(bytes).unwrap_err());
                }
                results.push((added, b.verify_deterministic()));
            }
            assert_eq!(results[0], results[1], "engine on/off differ");
            // A flip is never accepted: refused when added, or located at index 1.
            match &results[0] {
                (Err(_), r) => assert_eq!(*r, Ok(())),
                (Ok(1), Err(e)) => assert_eq!(e.indices().collect::<Vec<_>>(), vec![1]),
                other => panic!("flip accepted: {other:?}"),
            }
        }
    });
}

#[test]
fn engine_ready_tells_whether_a_request_would_convert() {
    // Nothing in this process asks for 2^20 points (converting them would take seconds), so a
    // single verification of a circuit that large would stay on dalek.
    assert!(!bpkit::generators::engine_ready(1 << 20, 1));
    let _ = bpkit::generators::shared_engine(300, 1);
    assert!(bpkit::generators::engine_ready(300, 1));
    assert!(bpkit::generators::engine_ready(64, 1));
}
