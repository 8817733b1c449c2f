//! Prepared circuits and the ready-made statements' proofs in `BatchVerifier`
//! (`add_prepared_circuit_proof`, `add_prepared_circuit_proof_bytes`, statements'
//! `add_to_batch` and `add_bytes_to_batch`), mixed with range, Bulletproofs+ and recorded-circuit
//! proofs: all valid accepted; one tampered proof, wrong commitment or wrong statement in every
//! position located exactly, with the same answer on the verification engine and on dalek
//! (`BatchOptions::engine`); every byte of an encoded proof flipped either refused when added
//! (as `from_bytes` refuses it) or located; a key made for other parameters refused when added.
//!
//! The engine threshold is lowered to 1 (process-wide, the same value in every test of this
//! file) so that these small circuits take the engine path when the batch's engine is on.
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
use bpkit::circuit::statements::{
    MerkleProof, MerkleStatement, ShuffleProof, ShuffleStatement, ShuffleWitness, VerifyingKey,
};
use bpkit::circuit::{set_engine_threshold, Circuit, CircuitProof, PreparedCircuit};
use bpkit::group::{CompressedRistretto, Scalar};
use bpkit::plus::{ExtendedOpening, PlusGens, PlusProof, PlusStatement};
use bpkit::poseidon::{MerkleTree, Poseidon};
use bpkit::{BulletproofGens, Error, Opening, RangeProof, RangeStatement};
use circuit_common::*;
use merlin::Transcript;
use std::sync::OnceLock;

const RANGE: &[u8] = b"prepared batch bp";
const PLUS: &[u8] = b"prepared batch plus";
const STATEMENT: &[u8] = b"prepared batch statement";

fn t(label: &'static [u8]) -> Transcript {
    Transcript::new(label)
}

/// The first single-bit change of `bytes` (from `from` on) that still parses: a well-formed
/// proof that must not verify.
fn tamper<T>(bytes: &[u8], from: usize, parse: impl Fn(&[u8]) -> Result<T, Error>) -> (Vec<u8>, T) {
    (from..bytes.len())
        .find_map(|i| {
            let mut b = bytes.to_vec();
            b[i] ^= 1;
            parse(&b).ok().map(|p| (b, p))
        })
        .unwrap()
}

struct Circ {
    proof: CircuitProof,
    bytes: Vec<u8>,
    tampered: CircuitProof,
    tampered_bytes: Vec<u8>,
    commitments: Vec<CompressedRistretto>,
    wrong: Vec<CompressedRistretto>,
    circuit: Circuit,
    prepared: PreparedCircuit,
}

struct Shuf {
    st: ShuffleStatement,
    proof: ShuffleProof,
    bytes: Vec<u8>,
    tampered: ShuffleProof,
    tampered_bytes: Vec<u8>,
}

struct Merk {
    st: MerkleStatement,
    proof: MerkleProof,
    bytes: Vec<u8>,
    tampered: MerkleProof,
    tampered_bytes: Vec<u8>,
    /// The same leaf under another root (a wrong public input), with a key of its own.
    other_root: MerkleStatement,
}

struct Fixture {
    circuits: Vec<Circ>,
    range: Vec<(RangeProof, RangeStatement, RangeProof)>,
    plus: Vec<(PlusProof, PlusStatement, PlusProof)>,
    plus_gens: PlusGens,
    shuffles: Vec<Shuf>,
    shuffle_key: VerifyingKey,
    /// A key for shuffles of another size.
    shuffle_key_3: VerifyingKey,
    merkles: Vec<Merk>,
    merkle_key: VerifyingKey,
    other_root_key: VerifyingKey,
}

fn fixture() -> &'static Fixture {
    static F: OnceLock<Fixture> = OnceLock::new();
    F.get_or_init(|| {
        let mut rng = common::rng(21);
        // The two circuits of one and of two phases (both with 4 commitments).
        let circuits = batch_shapes()[..2]
            .iter()
            .enumerate()
            .map(|(i, shape)| {
                let (proof, commitments, circuit) = prove(shape, 500 + i as u64).unwrap();
                let (_, wrong, _) = prove(shape, 600 + i as u64).unwrap();
                let bytes = proof.to_bytes();
                let (tampered_bytes, tampered) = tamper(&bytes, 0, CircuitProof::from_bytes);
                Circ {
                    prepared: PreparedCircuit::new(circuit.clone()).unwrap(),
                    proof,
                    bytes,
                    tampered,
                    tampered_bytes,
                    commitments,
                    wrong,
                    circuit,
                }
            })
            .collect();
        // Two range proofs of the same shape (64 bits, one value: every proof of these batches
        // uses party 0 only, so the engine is taken) whose statements can be swapped.
        let range = (0..2)
            .map(|i| {
                let openings = common::openings(&mut rng, 64, 1);
                let (p, s) = common::prove(RANGE, &openings, 64, 700 + i);
                let (_, bad) = tamper(&p.to_bytes(), 0, RangeProof::from_bytes);
                (p, s, bad)
            })
            .collect();
        let plus_gens = PlusGens::bpkit(1).unwrap();
        let plus = (0..2)
            .map(|i| {
                let openings = [ExtendedOpening::random(77 + i, 1, &mut rng)];
                let s = PlusStatement::commit(plus_gens.pedersen(), 64, &openings, None).unwrap();
                let p =
                    PlusProof::prove(&mut t(PLUS), &plus_gens, &s, &openings, &mut rng).unwrap();
                let (_, bad) = tamper(&p.to_bytes(), 0, PlusProof::from_bytes);
                (p, s, bad)
            })
            .collect();

        let bp = BulletproofGens::new(2048, 1);
        let open = |vs: &[u64], rng: &mut rand_chacha::ChaCha20Rng| -> Vec<Opening> {
            vs.iter().map(|v| Opening::random(*v, rng)).collect()
        };
        let shuffles: Vec<Shuf> = [([1u64, 2], [2u64, 1]), ([8, 8], [8, 8])]
            .into_iter()
            .map(|(a, b)| {
                let w = ShuffleWitness::new(open(&a, &mut rng), open(&b, &mut rng));
                let st = ShuffleStatement::for_witness(&w).unwrap();
                let proof = st.prove(&mut t(STATEMENT), &w, &bp, &mut rng).unwrap();
                let bytes = proof.to_bytes();
                let (tampered_bytes, tampered) = tamper(&bytes, 0, ShuffleProof::from_bytes);
                Shuf {
                    st,
                    proof,
                    bytes,
                    tampered,
                    tampered_bytes,
                }
            })
            .collect();
        let w3 = ShuffleWitness::new(open(&[1, 2, 3], &mut rng), open(&[3, 2, 1], &mut rng));
        let shuffle_key_3 = ShuffleStatement::for_witness(&w3)
            .unwrap()
            .verifying_key()
            .unwrap();

        let values = [3u64, 5];
        let leaves: Vec<Scalar> = values.iter().map(|v| Scalar::from(*v)).collect();
        let tree = MerkleTree::new(&Poseidon::new(), 1, &leaves).unwrap();
        let merkles: Vec<Merk> = values
            .iter()
            .enumerate()
            .map(|(i, v)| {
                let (st, w) =
                    MerkleStatement::for_leaf(&tree, *v, i as u64, Scalar::from(90 + i as u64))
                        .unwrap();
                assert!(st.verifying_key().unwrap().padded_multipliers() <= 2048);
                let proof = st.prove(&mut t(STATEMENT), &w, &bp, &mut rng).unwrap();
                let bytes = proof.to_bytes();
                let (tampered_bytes, tampered) = tamper(&bytes, 0, MerkleProof::from_bytes);
                let other_root =
                    MerkleStatement::new(st.root() + Scalar::ONE, 1, *st.leaf_commitment())
                        .unwrap();
                Merk {
                    st,
                    proof,
                    bytes,
                    tampered,
                    tampered_bytes,
                    other_root,
                }
            })
            .collect();
        Fixture {
            circuits,
            range,
            plus,
            plus_gens,
            shuffle_key: shuffles[0].st.verifying_key().unwrap(),
            shuffle_key_3,
            merkle_key: merkles[0].st.verifying_key().unwrap(),
            other_root_key: merkles[0].other_root.verifying_key().unwrap(),
            shuffles,
            merkles,
        }
    })
}

#[derive(Clone, Copy, Debug)]
enum Kind {
    Range(usize),
    Plus(usize),
    Circuit(usize),
    CircuitBytes(usize),
    Prepared(usize),
    PreparedBytes(usize),
    Shuffle(usize),
    ShuffleBytes(usize),
    Merkle(usize),
    MerkleBytes(usize),
}

/// How one entry is spoiled.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Fault {
    None,
    /// A proof changed in one bit (still well-formed).
    Tampered,
    /// Commitments (or a statement's committed public inputs) the proof is not about.
    WrongCommitment,
    /// Another circuit, or a statement with another public input and a key made for it.
    WrongStatement,
}

impl Kind {
    fn faults(self) -> &'static [Fault] {
        use Fault::*;
        match self {
            Kind::Range(_) | Kind::Plus(_) | Kind::Shuffle(_) | Kind::ShuffleBytes(_) => {
                &[Tampered, WrongCommitment]
            }
            _ => &[Tampered, WrongCommitment, WrongStatement],
        }
    }
}

/// Adds entry `k` to `b` spoiled by `fault`; returns its index.
fn add<'a>(f: &'a Fixture, b: &mut BatchVerifier<'a>, k: Kind, fault: Fault) -> usize {
    let bad = |x| fault == x;
    let other = |j: usize| 1 - j;
    match k {
        Kind::Range(j) => {
            let (p, s, tampered) = &f.range[j];
            let p = if bad(Fault::Tampered) { tampered } else { p };
            let s = if bad(Fault::WrongCommitment) {
                &f.range[other(j)].1
            } else {
                s
            };
            b.add_range_proof(p, s, t(RANGE))
        }
        Kind::Plus(j) => {
            let (p, s, tampered) = &f.plus[j];
            let p = if bad(Fault::Tampered) { tampered } else { p };
            let s = if bad(Fault::WrongCommitment) {
                &f.plus[other(j)].1
            } else {
                s
            };
            b.add_plus_proof(p, s, &f.plus_gens, t(PLUS))
        }
        Kind::Circuit(j) | Kind::CircuitBytes(j) | Kind::Prepared(j) | Kind::PreparedBytes(j) => {
            let c = &f.circuits[j];
            let cs = if bad(Fault::WrongCommitment) {
                &c.wrong
            } else {
                &c.commitments
            };
            let target = if bad(Fault::WrongStatement) {
                &f.circuits[other(j)]
            } else {
                c
            };
            let (proof, bytes) = if bad(Fault::Tampered) {
                (&c.tampered, &c.tampered_bytes)
            } else {
                (&c.proof, &c.bytes)
            };
            match k {
                Kind::Circuit(_) => b.add_circuit_proof(proof, &target.circuit, cs, t(LABEL)),
                Kind::CircuitBytes(_) => b
                    .add_circuit_proof_bytes(bytes, &target.circuit, cs, t(LABEL))
                    .unwrap(),
                Kind::Prepared(_) => {
                    b.add_prepared_circuit_proof(proof, &target.prepared, cs, t(LABEL))
                }
                _ => b
                    .add_prepared_circuit_proof_bytes(bytes, &target.prepared, cs, t(LABEL))
                    .unwrap(),
            }
        }
        Kind::Shuffle(j) | Kind::ShuffleBytes(j) => {
            let s = &f.shuffles[j];
            // The other shuffle's commitments: the same size, the same key.
            let st = if bad(Fault::WrongCommitment) {
                &f.shuffles[other(j)].st
            } else {
                &s.st
            };
            let key = &f.shuffle_key;
            if matches!(k, Kind::Shuffle(_)) {
                let p = if bad(Fault::Tampered) {
                    &s.tampered
                } else {
                    &s.proof
                };
                st.add_to_batch(b, key, p, t(STATEMENT)).unwrap()
            } else {
                let p = if bad(Fault::Tampered) {
                    &s.tampered_bytes
                } else {
                    &s.bytes
                };
                st.add_bytes_to_batch(b, key, p, t(STATEMENT)).unwrap()
            }
        }
        Kind::Merkle(j) | Kind::MerkleBytes(j) => {
            let m = &f.merkles[j];
            let moved;
            let (st, key) = match fault {
                // The other leaf's commitment under the same root.
                Fault::WrongCommitment => {
                    moved = MerkleStatement::new(
                        *m.st.root(),
                        1,
                        *f.merkles[other(j)].st.leaf_commitment(),
                    )
                    .unwrap();
                    (&moved, &f.merkle_key)
                }
                Fault::WrongStatement => (&m.other_root, &f.other_root_key),
                _ => (&m.st, &f.merkle_key),
            };
            if matches!(k, Kind::Merkle(_)) {
                let p = if bad(Fault::Tampered) {
                    &m.tampered
                } else {
                    &m.proof
                };
                st.add_to_batch(b, key, p, t(STATEMENT)).unwrap()
            } else {
                let p = if bad(Fault::Tampered) {
                    &m.tampered_bytes
                } else {
                    &m.bytes
                };
                st.add_bytes_to_batch(b, key, p, t(STATEMENT)).unwrap()
            }
        }
    }
}

fn kinds() -> Vec<Kind> {
    use Kind::*;
    vec![
        Range(0),
        Prepared(0),
        Shuffle(0),
        Plus(0),
        Circuit(1),
        MerkleBytes(0),
        PreparedBytes(1),
        Merkle(1),
        Range(1),
        ShuffleBytes(1),
        CircuitBytes(0),
        Plus(1),
        Prepared(1),
        Merkle(0),
        Shuffle(1),
    ]
}

fn build<'a>(
    f: &'a Fixture,
    kinds: &[Kind],
    faults: &[(usize, Fault)],
    opts: BatchOptions,
) -> BatchVerifier<'a> {
    let mut b = BatchVerifier::new().with_options(opts);
    for (i, k) in kinds.iter().enumerate() {
        let fault = faults
            .iter()
            .find(|(j, _)| *j == i)
            .map_or(Fault::None, |(_, x)| *x);
        assert_eq!(add(f, &mut b, *k, fault), i);
    }
    b
}

/// Runs the batch on the engine and on dalek, with deterministic weights; both must agree.
fn run(kinds: &[Kind], faults: &[(usize, Fault)], chunk: usize) -> Result<(), BatchError> {
    set_engine_threshold(1);
    let f = fixture();
    let go = |engine| {
        let opts = BatchOptions::default().engine(engine).chunk_size(chunk);
        build(f, kinds, faults, opts).verify_deterministic()
    };
    let (on, off) = (go(true), go(false));
    assert_eq!(on, off, "engine and dalek disagree; faults {faults:?}");
    on
}

#[test]
fn mixed_batches_verify() {
    set_engine_threshold(1);
    let f = fixture();
    run(&kinds(), &[], 256).unwrap();
    build(f, &kinds(), &[], BatchOptions::default())
        .verify(&mut common::rng(5))
        .unwrap();
    // Statements and prepared circuits alone, and across chunk boundaries.
    use Kind::*;
    run(&[Shuffle(0), Merkle(1), PreparedBytes(0)], &[], 256).unwrap();
    run(&[MerkleBytes(1)], &[], 256).unwrap();
    for chunk in [1, 4] {
        run(&kinds(), &[], chunk).unwrap();
    }
}

#[test]
fn every_fault_in_every_position_is_located() {
    let kinds = kinds();
    let mut checked = 0;
    for (i, k) in kinds.iter().enumerate() {
        for &fault in k.faults() {
            let err = run(&kinds, &[(i, fault)], 256).unwrap_err();
            assert_eq!(
                err.indices().collect::<Vec<_>>(),
                vec![i],
                "{k:?} with {fault:?}: {err}"
            );
            checked += 1;
        }
    }
    assert_eq!(checked, 38);
}

#[test]
fn several_faults_across_chunks_are_located() {
    let faults = [
        (1, Fault::WrongStatement),
        (2, Fault::Tampered),
        (7, Fault::WrongCommitment),
        (9, Fault::Tampered),
        (14, Fault::WrongCommitment),
    ];
    for chunk in [1, 3, 256] {
        let err = run(&kinds(), &faults, chunk).unwrap_err();
        assert_eq!(
            err.indices().collect::<Vec<_>>(),
            faults.iter().map(|(i, _)| *i).collect::<Vec<_>>(),
            "chunk {chunk}"
        );
    }
    // Random weights find the same ones.
    let f = fixture();
    let err = build(f, &kinds(), &faults, BatchOptions::default())
        .verify(&mut common::rng(6))
        .unwrap_err();
    assert_eq!(err.indices().count(), faults.len());
}

/// Bytes `positions` of an encoded proof flipped one at a time, between valid proofs: refused
/// when added with the error `from_bytes` gives, or added and located (engine and dalek alike).
fn flip_bytes(
    bytes: &[u8],
    positions: impl Iterator<Item = usize>,
    add_bytes: impl Fn(&mut BatchVerifier<'static>, &[u8]) -> Result<usize, Error>,
) {
    set_engine_threshold(1);
    let f = fixture();
    let (mut refused, mut located) = (0, 0);
    for i in positions {
        let mut b = bytes.to_vec();
        b[i] ^= 0x10;
        let mut results = Vec::new();
        for engine in [true, false] {
            let mut batch =
                BatchVerifier::new().with_options(BatchOptions::default().engine(engine));
            add(f, &mut batch, Kind::Range(0), Fault::None);
            match add_bytes(&mut batch, &b) {
                Err(e) => {
                    assert_eq!(Err(e), CircuitProof::from_bytes(&b).map(|_| ()), "byte {i}");
                    assert_eq!(batch.len(), 1, "nothing added");
                    results.push(Err(e));
                }
                Ok(index) => {
                    assert_eq!(index, 1);
                    add(f, &mut batch, Kind::Prepared(1), Fault::None);
                    let err = batch.verify_deterministic().unwrap_err();
                    assert_eq!(err.indices().collect::<Vec<_>>(), vec![1], "byte {i}");
                    results.push(Ok(err));
                }
            }
        }
        assert_eq!(results[0], results[1], "byte {i}");
        if results[0].is_err() {
            refused += 1;
        } else {
            located += 1;
        }
    }
    // Both outcomes occur (points that stop decoding; scalars and points that still do).
    assert!(refused > 0 && located > 0, "{refused} {located}");
}

#[test]
fn prepared_bytes_with_a_byte_flipped() {
    let c = &fixture().circuits[0];
    flip_bytes(&c.bytes, 0..c.bytes.len(), |b, bytes| {
        b.add_prepared_circuit_proof_bytes(bytes, &c.prepared, &c.commitments, t(LABEL))
    });
}

#[test]
fn statement_bytes_with_bytes_flipped() {
    let f = fixture();
    let s = &f.shuffles[0];
    flip_bytes(&s.bytes, 0..s.bytes.len(), |b, bytes| {
        s.st.add_bytes_to_batch(b, &f.shuffle_key, bytes, t(STATEMENT))
    });
    // The larger Merkle proof: the first and the last byte of every 32-byte field.
    let m = &f.merkles[1];
    let ends = (0..m.bytes.len()).filter(|i| i % 32 == 0 || i % 32 == 31);
    flip_bytes(&m.bytes, ends, |b, bytes| {
        m.st.add_bytes_to_batch(b, &f.merkle_key, bytes, t(STATEMENT))
    });
}

#[test]
fn keys_for_other_parameters_are_refused_when_added() {
    let f = fixture();
    let s = &f.shuffles[0];
    let m = &f.merkles[0];
    let mut b = BatchVerifier::new();
    add(f, &mut b, Kind::Range(0), Fault::None);
    // Each refusal is the error `verify_with_key` gives, and nothing is added.
    let bp = BulletproofGens::new(2048, 1);
    let cases: Vec<(Result<usize, Error>, Result<(), Error>)> = vec![
        (
            s.st.add_to_batch(&mut b, &f.shuffle_key_3, &s.proof, t(STATEMENT)),
            s.st.verify_with_key(&f.shuffle_key_3, &mut t(STATEMENT), &s.proof, &bp),
        ),
        (
            s.st.add_bytes_to_batch(&mut b, &f.merkle_key, &s.bytes, t(STATEMENT)),
            s.st.verify_with_key(&f.merkle_key, &mut t(STATEMENT), &s.proof, &bp),
        ),
        (
            m.st.add_to_batch(&mut b, &f.other_root_key, &m.proof, t(STATEMENT)),
            m.st.verify_with_key(&f.other_root_key, &mut t(STATEMENT), &m.proof, &bp),
        ),
        (
            m.other_root
                .add_bytes_to_batch(&mut b, &f.merkle_key, &m.bytes, t(STATEMENT)),
            m.other_root
                .verify_with_key(&f.merkle_key, &mut t(STATEMENT), &m.proof, &bp),
        ),
    ];
    for (added, single) in cases {
        let e = added.unwrap_err();
        assert!(matches!(e, Error::Circuit(_)), "{e:?}");
        assert_eq!(Err(e), single);
    }
    assert_eq!(b.len(), 1);
    // The right keys are taken, and the proofs verify with them one by one too.
    assert_eq!(
        s.st.add_to_batch(&mut b, &f.shuffle_key, &s.proof, t(STATEMENT)),
        Ok(1)
    );
    assert_eq!(
        m.st.add_bytes_to_batch(&mut b, &f.merkle_key, &m.bytes, t(STATEMENT)),
        Ok(2)
    );
    s.st.verify_with_key(&f.shuffle_key, &mut t(STATEMENT), &s.proof, &bp)
        .unwrap();
    m.st.verify_with_key(&f.merkle_key, &mut t(STATEMENT), &m.proof, &bp)
        .unwrap();
    b.verify_deterministic().unwrap();
}

#[test]
fn batch_verdicts_match_single_verification() {
    // Each spoiled entry alone: the batch fails it exactly when the prepared circuit's or the
    // statement's own verification does.
    let f = fixture();
    let bp = BulletproofGens::new(2048, 1);
    let pc = bpkit::PedersenGens::default();
    for fault in [
        Fault::None,
        Fault::Tampered,
        Fault::WrongCommitment,
        Fault::WrongStatement,
    ] {
        let c = &f.circuits[1];
        let single = {
            let target = if fault == Fault::WrongStatement {
                &f.circuits[0]
            } else {
                c
            };
            let cs = if fault == Fault::WrongCommitment {
                &c.wrong
            } else {
                &c.commitments
            };
            let p = if fault == Fault::Tampered {
                &c.tampered
            } else {
                &c.proof
            };
            target.prepared.verify(&mut t(LABEL), p, cs, &pc, &bp)
        };
        let batch = run(&[Kind::Prepared(1)], &[(0, fault)], 256);
        assert_eq!(single.is_ok(), batch.is_ok(), "{fault:?}");
        assert_eq!(single.is_ok(), fault == Fault::None);
        if let (Err(s), Err(b)) = (single, batch) {
            assert_eq!(b.failures(), &[(0, s)], "{fault:?}");
        }
    }
}

/// The largest statement (a one-block SHA-256 preimage, 2^15 padded multipliers) beside the
/// small ones, parsed and encoded: accepted, and a tampered copy located, on both paths.
#[test]
fn sha256_statement_joins_a_batch() {
    use bpkit::circuit::statements::{Sha256Proof, Sha256Statement, Sha256Witness};
    set_engine_threshold(1);
    let f = fixture();
    let bp = BulletproofGens::new(1 << 15, 1);
    let w = Sha256Witness::new(b"abc".to_vec());
    let st = Sha256Statement::for_witness(&w).unwrap();
    let key = st.verifying_key().unwrap();
    let proof = st
        .prove(&mut t(STATEMENT), &w, &bp, &mut common::rng(9))
        .unwrap();
    let bytes = proof.to_bytes();
    let (tampered_bytes, tampered) = tamper(&bytes, 0, Sha256Proof::from_bytes);
    // Another digest: a wrong public input, with a key made for it.
    let mut d = *st.digest();
    d[0] ^= 1;
    let other = Sha256Statement::new(d, 3).unwrap();
    let other_key = other.verifying_key().unwrap();
    // Two SHA-256 entries (parsed at 1, encoded at 3) among small proofs; faults: the parsed
    // proof tampered (1), the encoded one checked against another digest with its key (3).
    let build = |engine: bool, bad: Option<usize>| {
        let mut b = BatchVerifier::new().with_options(BatchOptions::default().engine(engine));
        add(f, &mut b, Kind::Shuffle(0), Fault::None);
        let p = if bad == Some(1) { &tampered } else { &proof };
        assert_eq!(st.add_to_batch(&mut b, &key, p, t(STATEMENT)), Ok(1));
        add(f, &mut b, Kind::Range(1), Fault::None);
        let i = if bad == Some(3) {
            other.add_bytes_to_batch(&mut b, &other_key, &bytes, t(STATEMENT))
        } else {
            st.add_bytes_to_batch(&mut b, &key, &bytes, t(STATEMENT))
        };
        assert_eq!(i, Ok(3));
        add(f, &mut b, Kind::Merkle(0), Fault::None);
        b.verify_deterministic()
    };
    for bad in [None, Some(1), Some(3)] {
        let (on, off) = (build(true, bad), build(false, bad));
        assert_eq!(on, off, "{bad:?}");
        match bad {
            None => on.unwrap(),
            Some(i) => assert_eq!(on.unwrap_err().indices().collect::<Vec<_>>(), vec![i]),
        }
    }
    // The tampered encoding is refused when added or located.
    let mut b = BatchVerifier::new();
    match st.add_bytes_to_batch(&mut b, &key, &tampered_bytes, t(STATEMENT)) {
        Err(e) => assert_eq!(Err(e), Sha256Proof::from_bytes(&tampered_bytes).map(|_| ())),
        Ok(i) => assert_eq!(
            b.verify_deterministic()
                .unwrap_err()
                .indices()
                .collect::<Vec<_>>(),
            vec![i]
        ),
    }
    // The key of the other digest is refused for this statement.
    let mut b = BatchVerifier::new();
    assert!(st
        .add_to_batch(&mut b, &other_key, &proof, t(STATEMENT))
        .is_err());
    assert!(b.is_empty());
}
