//! Small circuits verify on the shared precomputed table of `B, B̃, G₀, H₀`
//! (`bpkit::generators::CircuitTable`, up to `CIRCUIT_TABLE_MAX` padded multipliers; raised
//! here to every size): the same answers and errors as without it (dalek's multiplication over
//! every point), for circuits of several sizes (the table grows as larger ones come), the default and
//! another Pedersen pair, valid proofs, wrong commitments and flipped bytes, through
//! `Circuit::verify`, `verify_bytes` and `PreparedCircuit::verify`; the table on dalek and on the
//! engine (`group::engine::set_tables_preferred`, forced each way).
//!
//! The table limit is process-wide (`set_circuit_table_max`); every test here holds `LOCK`.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    clippy::arithmetic_side_effects
)]

mod circuit_common;

use bpkit::circuit::{Circuit, CircuitProof, PreparedCircuit, Prover, Variable};
use bpkit::generators::{set_circuit_table_max, CIRCUIT_TABLE_MAX};
use bpkit::group::{CompressedRistretto, RistrettoPoint, Scalar};
use bpkit::{BulletproofGens, Error, PedersenGens};
use circuit_common::*;
use merlin::Transcript;
use rand::SeedableRng;
use rand_chacha::ChaCha20Rng;
use std::sync::Mutex;

static LOCK: Mutex<()> = Mutex::new(());

/// A shape with about `products` phase-one products (two multipliers each, with the allocated
/// check) and a phase-two permutation.
fn shape(products: usize) -> Shape {
    let values: Vec<u64> = (0..6).map(|i| 3 + 2 * i).collect();
    Shape {
        products: (0..products)
            .map(|i| (i % 6, (i * 5 + 1) % 6, i as u64))
            .collect(),
        permutation: vec![5, 4, 3, 2, 1, 0],
        values,
        break_it: false,
    }
}

fn prove_with(
    shape: &Shape,
    pc: &PedersenGens,
    bp: &BulletproofGens,
    seed: u64,
) -> (CircuitProof, Vec<CompressedRistretto>, Circuit) {
    let mut rng = ChaCha20Rng::seed_from_u64(seed);
    let mut t = Transcript::new(LABEL);
    let mut prover = Prover::new(pc, &mut t);
    let mut commitments = Vec::new();
    let mut vars: Vec<Variable> = Vec::new();
    for &v in &shape.values {
        let (c, var) = prover.commit(s(v), Scalar::from(seed * 31 + v));
        commitments.push(c);
        vars.push(var);
    }
    gadget(&mut prover, &vars, shape, Some(&shape.values)).unwrap();
    let (proof, circuit) = prover.prove_and_record(bp, &mut rng).unwrap();
    (proof, commitments, circuit)
}

/// The three single verifiers on `bytes`, with the table (`true`) or without.
fn verify_all(
    table: bool,
    circuit: &Circuit,
    prepared: &PreparedCircuit,
    bytes: &[u8],
    commitments: &[CompressedRistretto],
    pc: &PedersenGens,
    bp: &BulletproofGens,
) -> [Result<(), Error>; 3] {
    set_circuit_table_max(if table { usize::MAX } else { 0 });
    let t = || Transcript::new(LABEL);
    let parsed = CircuitProof::from_bytes(bytes);
    let out = [
        parsed
            .clone()
            .and_then(|p| circuit.verify(&mut t(), &p, commitments, pc, bp)),
        circuit.verify_bytes(&mut t(), bytes, commitments, pc, bp),
        parsed.and_then(|p| prepared.verify(&mut t(), &p, commitments, pc, bp)),
    ];
    set_circuit_table_max(CIRCUIT_TABLE_MAX);
    out
}

/// With and without the table: the same results, which the three verifiers share; returned.
fn same(
    circuit: &Circuit,
    prepared: &PreparedCircuit,
    bytes: &[u8],
    commitments: &[CompressedRistretto],
    pc: &PedersenGens,
    bp: &BulletproofGens,
) -> Result<(), Error> {
    // The table on dalek and on the engine (each forced; the engine's is chosen where faster).
    bpkit::group::engine::set_tables_preferred(Some(false));
    let with = verify_all(true, circuit, prepared, bytes, commitments, pc, bp);
    bpkit::group::engine::set_tables_preferred(Some(true));
    let with_engine = verify_all(true, circuit, prepared, bytes, commitments, pc, bp);
    bpkit::group::engine::set_tables_preferred(None);
    let without = verify_all(false, circuit, prepared, bytes, commitments, pc, bp);
    assert_eq!(with, without, "table and no table differ");
    assert_eq!(with_engine, without, "engine table and no table differ");
    assert!(with.iter().all(|r| *r == with[0]), "{with:?}");
    with[0]
}

#[test]
fn table_agrees_with_plain_multiplication() {
    let _g = LOCK.lock().unwrap_or_else(|e| e.into_inner());
    let bp = BulletproofGens::new(512, 1);
    let default = PedersenGens::default();
    let other = PedersenGens::new(
        RistrettoPoint::from_uniform_bytes(&[3; 64]),
        RistrettoPoint::from_uniform_bytes(&[4; 64]),
    );
    // Padded 16, 64, 256 and 512, all on the table (the limit raised; the table grows three
    // times); the default limit is restored after each verification.
    for (k, products) in [3usize, 25, 110, 200].into_iter().enumerate() {
        for (j, pc) in [&default, &other].into_iter().enumerate() {
            let sh = shape(products);
            let seed = 10 * k as u64 + j as u64;
            let (proof, commitments, circuit) = prove_with(&sh, pc, &bp, seed);
            let padded = circuit.padded_multipliers();
            assert_eq!(padded, [16, 64, 256, 512][k], "products {products}");
            let prepared = PreparedCircuit::new(circuit.clone()).unwrap();
            let bytes = proof.to_bytes();
            assert_eq!(
                same(&circuit, &prepared, &bytes, &commitments, pc, &bp),
                Ok(())
            );
            // The other pair, or wrong commitments: refused on both paths.
            let wrong_pc = if j == 0 { &other } else { &default };
            assert_eq!(
                same(&circuit, &prepared, &bytes, &commitments, wrong_pc, &bp),
                Err(Error::VerificationFailed)
            );
            let (_, wrong, _) = prove_with(&sh, pc, &bp, seed + 100);
            assert_eq!(
                same(&circuit, &prepared, &bytes, &wrong, pc, &bp),
                Err(Error::VerificationFailed)
            );
            // Too few generators: the same error.
            let small = BulletproofGens::new(padded / 2, 1);
            assert!(matches!(
                same(&circuit, &prepared, &bytes, &commitments, pc, &small),
                Err(Error::GeneratorsTooSmall { .. })
            ));
            // Flipped bytes (every 29th, to keep it short): refused alike.
            for i in (0..bytes.len()).step_by(29) {
                let mut b = bytes.clone();
                b[i] ^= 1 << (i % 8);
                assert!(same(&circuit, &prepared, &b, &commitments, pc, &bp).is_err());
            }
        }
    }
}

/// The shared table covers exactly the sizes up to the limit, and a smaller circuit verified
/// after a larger one still uses (a prefix of) the grown table.
#[test]
fn table_serves_smaller_circuits_after_growth() {
    let _g = LOCK.lock().unwrap_or_else(|e| e.into_inner());
    let (pc, bp) = gens();
    let big = shape(110);
    let (p, c, circuit) = prove_with(&big, pc, bp, 7);
    let prepared = PreparedCircuit::new(circuit.clone()).unwrap();
    assert_eq!(same(&circuit, &prepared, &p.to_bytes(), &c, pc, bp), Ok(()));
    let small = small_shape(true);
    let (p, c, circuit) = prove_with(&small, pc, bp, 8);
    let prepared = PreparedCircuit::new(circuit.clone()).unwrap();
    assert_eq!(same(&circuit, &prepared, &p.to_bytes(), &c, pc, bp), Ok(()));
    let t = bpkit::generators::CircuitTable::new(pc, bp, 4).unwrap();
    assert_eq!(t.n(), 4);
    assert!(bpkit::generators::CircuitTable::new(pc, bp, 257).is_none());
}
