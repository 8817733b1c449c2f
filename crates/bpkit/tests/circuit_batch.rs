//! Circuit proofs in `BatchVerifier`: mixed with range and Bulletproofs+ proofs, sharing
//! generators, with invalid proofs located by index (across chunk boundaries too).
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    clippy::arithmetic_side_effects
)]

mod circuit_common;
mod common;

use bpkit::batch::{BatchOptions, BatchVerifier};
use bpkit::circuit::{Circuit, CircuitProof};
use bpkit::group::CompressedRistretto;
use bpkit::plus::{ExtendedOpening, PlusGens, PlusProof, PlusStatement};
use bpkit::{Error, RangeProof, RangeStatement};
use circuit_common::*;
use merlin::Transcript;
use std::sync::OnceLock;

struct C {
    proof: CircuitProof,
    commitments: Vec<CompressedRistretto>,
    /// Commitments the proof is not about.
    wrong: Vec<CompressedRistretto>,
    circuit: Circuit,
}

struct Fixture {
    circuits: Vec<C>,
    range: Vec<(RangeProof, RangeStatement)>,
    plus: (PlusProof, PlusStatement),
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
                let (proof, commitments, circuit) = prove(shape, 100 + i as u64).unwrap();
                let (_, wrong, _) = prove(shape, 200 + i as u64).unwrap();
                C {
                    proof,
                    commitments,
                    wrong,
                    circuit,
                }
            })
            .collect();
        let mut rng = common::rng(7);
        let range = [(64, 1), (32, 2)]
            .into_iter()
            .enumerate()
            .map(|(i, (n, m))| {
                let openings = common::openings(&mut rng, n, m);
                common::prove(b"circuit batch bp", &openings, n, 300 + i as u64)
            })
            .collect();
        let plus_gens = PlusGens::bpkit(1).unwrap();
        let openings = [ExtendedOpening::random(77, 1, &mut rng)];
        let statement = PlusStatement::commit(plus_gens.pedersen(), 64, &openings, None).unwrap();
        let proof = PlusProof::prove(
            &mut Transcript::new(b"circuit batch plus"),
            &plus_gens,
            &statement,
            &openings,
            &mut rng,
        )
        .unwrap();
        Fixture {
            circuits,
            range,
            plus: (proof, statement),
            plus_gens,
        }
    })
}

#[derive(Clone, Copy)]
enum Kind {
    Circuit(usize),
    Range(usize),
    Plus,
}

fn batch<'a>(f: &'a Fixture, kinds: &[Kind], bad: &[usize]) -> BatchVerifier<'a> {
    let mut b = BatchVerifier::new();
    for (i, k) in kinds.iter().enumerate() {
        let index = match *k {
            Kind::Circuit(j) => {
                let c = &f.circuits[j];
                let cs = if bad.contains(&i) {
                    &c.wrong
                } else {
                    &c.commitments
                };
                b.add_circuit_proof(&c.proof, &c.circuit, cs, Transcript::new(LABEL))
            }
            Kind::Range(j) => {
                assert!(!bad.contains(&i));
                let (p, s) = &f.range[j];
                b.add_range_proof(p, s, Transcript::new(b"circuit batch bp"))
            }
            Kind::Plus => {
                assert!(!bad.contains(&i));
                b.add_plus_proof(
                    &f.plus.0,
                    &f.plus.1,
                    &f.plus_gens,
                    Transcript::new(b"circuit batch plus"),
                )
            }
        };
        assert_eq!(index, i);
    }
    b
}

fn kinds() -> Vec<Kind> {
    vec![
        Kind::Circuit(0),
        Kind::Range(0),
        Kind::Circuit(1),
        Kind::Plus,
        Kind::Circuit(2),
        Kind::Range(1),
        Kind::Circuit(1),
    ]
}

#[test]
fn mixed_batch_verifies() {
    let f = fixture();
    batch(f, &kinds(), &[]).verify_deterministic().unwrap();
    batch(f, &kinds(), &[]).verify(&mut common::rng(1)).unwrap();
    // Circuits alone, and a single circuit (the precomputed-table path must not be taken for a
    // circuit larger than the table).
    batch(f, &[Kind::Circuit(2)], &[])
        .verify_deterministic()
        .unwrap();
    batch(f, &[Kind::Circuit(0), Kind::Circuit(2)], &[])
        .verify_deterministic()
        .unwrap();
}

#[test]
fn bad_circuit_proofs_are_located() {
    let f = fixture();
    for bad in [vec![0], vec![4], vec![2, 6], vec![0, 2, 4]] {
        let err = batch(f, &kinds(), &bad).verify_deterministic().unwrap_err();
        assert_eq!(err.indices().collect::<Vec<_>>(), bad, "bad = {bad:?}");
        assert!(err
            .failures()
            .iter()
            .all(|(_, e)| *e == Error::VerificationFailed));
    }
}

#[test]
fn chunk_boundaries() {
    let f = fixture();
    let kinds: Vec<Kind> = kinds().into_iter().cycle().take(17).collect();
    for chunk in [1, 2, 3, 16] {
        let opts = BatchOptions::default().chunk_size(chunk);
        batch(f, &kinds, &[])
            .with_options(opts)
            .verify_deterministic()
            .unwrap();
        let bad = vec![2, 14];
        let err = batch(f, &kinds, &bad)
            .with_options(opts)
            .verify(&mut common::rng(chunk as u64))
            .unwrap_err();
        assert_eq!(err.indices().collect::<Vec<_>>(), bad, "chunk {chunk}");
    }
}

#[test]
fn wrong_commitment_count_is_reported() {
    let f = fixture();
    let c = &f.circuits[0];
    let mut b = BatchVerifier::new();
    b.add_range_proof(
        &f.range[0].0,
        &f.range[0].1,
        Transcript::new(b"circuit batch bp"),
    );
    b.add_circuit_proof(
        &c.proof,
        &c.circuit,
        &c.commitments[1..],
        Transcript::new(LABEL),
    );
    let err = b.verify_deterministic().unwrap_err();
    assert_eq!(err.indices().collect::<Vec<_>>(), vec![1]);
    assert!(matches!(err.failures()[0].1, Error::Circuit(_)));
}

#[test]
fn encoded_circuit_proofs_join_the_batch() {
    let f = fixture();
    let encoded: Vec<Vec<u8>> = f.circuits.iter().map(|c| c.proof.to_bytes()).collect();
    let build = |bad: &[usize]| {
        let mut b = BatchVerifier::new();
        for (i, j) in [0usize, 1, 2, 1].into_iter().enumerate() {
            let c = &f.circuits[j];
            let cs = if bad.contains(&(2 * i)) {
                &c.wrong
            } else {
                &c.commitments
            };
            let index = b
                .add_circuit_proof_bytes(&encoded[j], &c.circuit, cs, Transcript::new(LABEL))
                .unwrap();
            assert_eq!(index, 2 * i);
            // Parsed proofs and range proofs alternate with the encoded ones.
            let index = if i % 2 == 0 {
                b.add_circuit_proof(&c.proof, &c.circuit, &c.commitments, Transcript::new(LABEL))
            } else {
                b.add_range_proof(
                    &f.range[0].0,
                    &f.range[0].1,
                    Transcript::new(b"circuit batch bp"),
                )
            };
            assert_eq!(index, 2 * i + 1);
        }
        b
    };
    build(&[]).verify_deterministic().unwrap();
    build(&[]).verify(&mut common::rng(3)).unwrap();
    for bad in [vec![0], vec![2, 6], vec![4]] {
        let err = build(&bad).verify(&mut common::rng(4)).unwrap_err();
        assert_eq!(err.indices().collect::<Vec<_>>(), bad, "bad = {bad:?}");
        assert!(err
            .failures()
            .iter()
            .all(|(_, e)| *e == Error::VerificationFailed));
    }
    // A well-formed proof of another circuit is an ordinary failure, located.
    let mut b = BatchVerifier::new();
    b.add_circuit_proof_bytes(
        &encoded[2],
        &f.circuits[2].circuit,
        &f.circuits[2].commitments,
        Transcript::new(LABEL),
    )
    .unwrap();
    b.add_circuit_proof_bytes(
        &encoded[0],
        &f.circuits[1].circuit,
        &f.circuits[1].commitments,
        Transcript::new(LABEL),
    )
    .unwrap();
    let err = b.verify_deterministic().unwrap_err();
    assert_eq!(err.indices().collect::<Vec<_>>(), vec![1]);
}

#[test]
fn malformed_encodings_are_refused_when_added() {
    let f = fixture();
    let c = &f.circuits[1];
    let good = c.proof.to_bytes();
    let mut trailing = good.clone();
    trailing.push(0);
    let mut non_canonical = good.clone();
    // The first scalar after the points (t_x): set its top byte so it is ≥ ℓ.
    let points = if c.proof.has_phase_two() { 11 } else { 8 };
    non_canonical[32 * points + 31] = 0xff;
    let mut identity = good.clone();
    identity[..32].fill(0);
    let cases: Vec<Vec<u8>> = vec![
        Vec::new(),
        good[..good.len() - 1].to_vec(),
        good[..good.len() - 32].to_vec(),
        trailing,
        non_canonical,
        identity,
        vec![0xff; good.len()],
    ];
    let mut b = BatchVerifier::new();
    assert_eq!(
        b.add_circuit_proof_bytes(&good, &c.circuit, &c.commitments, Transcript::new(LABEL)),
        Ok(0)
    );
    for bytes in &cases {
        let expected = CircuitProof::from_bytes(bytes).unwrap_err();
        let got = b
            .add_circuit_proof_bytes(bytes, &c.circuit, &c.commitments, Transcript::new(LABEL))
            .unwrap_err();
        assert_eq!(got, expected);
        assert_eq!(b.len(), 1, "nothing added");
    }
    assert_eq!(
        b.add_circuit_proof_bytes(&good, &c.circuit, &c.commitments, Transcript::new(LABEL)),
        Ok(1)
    );
    b.verify_deterministic().unwrap();
}
