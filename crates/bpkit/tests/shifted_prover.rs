//! The circuit prover's inner-product rounds on shifted tables (`circuit::prove`'s base table:
//! the interleaved circuit table of `generators::shared_circuit_shifted`) give the same proof
//! bytes as without them. Its own test binary: it switches the tables off process-wide while it
//! proves, which would change what the verification tests beside it measure.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing,
    clippy::arithmetic_side_effects
)]

mod circuit_common;
mod common;

use bpkit::generators::{set_shifted_tables, shifted_table_uses};
use bpkit::Opening;
use merlin::Transcript;

/// The circuit prover's inner-product rounds on the shifted table (`circuit::prove`'s base
/// table): the same proof bytes as with the tables switched off (same RNG), one and two phases,
/// 4 to 128 padded multipliers (at 4 the argument materialises after one round, at 128 after
/// three), and the table was used; the proofs verify; with other Pedersen generators (no table
/// applies) the prover still proves.
#[test]
fn circuit_prover_rounds_on_shifted_tables_give_the_same_bytes() {
    use bpkit::generators::shared_circuit_shifted;
    let shapes = [
        circuit_common::small_shape(false),
        circuit_common::small_shape(true),
        circuit_common::Shape {
            values: (1..=12).collect(),
            products: (0..40).map(|i| (i % 12, (i * 7) % 12, i as u64)).collect(),
            permutation: (0..12).rev().collect(),
            break_it: false,
        },
    ];
    for (n, shape) in shapes.iter().enumerate() {
        let (plain, commitments, circuit) = {
            set_shifted_tables(false);
            let out = circuit_common::prove(shape, 40 + n as u64).unwrap();
            set_shifted_tables(true);
            out
        };
        let padded = circuit.padded_multipliers();
        assert!(
            shared_circuit_shifted(padded, true).is_some(),
            "shape {n}: {padded}"
        );
        let before = shifted_table_uses();
        let (on_table, commitments2, _) = circuit_common::prove(shape, 40 + n as u64).unwrap();
        assert!(
            shifted_table_uses() > before,
            "shape {n}: the prover did not use the table"
        );
        assert_eq!(commitments, commitments2, "shape {n}");
        assert_eq!(
            on_table.to_bytes(),
            plain.to_bytes(),
            "shape {n} ({padded} multipliers): different proofs"
        );
        circuit_common::verify(shape, &on_table, &commitments).unwrap();
    }
    // Larger: a 64-element shuffle (126 multipliers, padded 128), on 1 and 3 threads.
    use bpkit::circuit::statements::{ShuffleStatement, ShuffleWitness};
    let mut rng = common::rng(78);
    let inputs: Vec<Opening> = (0..64u64)
        .map(|v| Opening::random(v + 5, &mut rng))
        .collect();
    let outputs: Vec<Opening> = inputs.iter().rev().cloned().collect();
    let w = ShuffleWitness::new(inputs, outputs);
    let st = ShuffleStatement::for_witness(&w).unwrap();
    assert!(shared_circuit_shifted(st.padded_multipliers(), true).is_some());
    let bp = bpkit::BulletproofGens::new(st.padded_multipliers(), 1);
    let prove = |threads: usize, tables: bool| {
        set_shifted_tables(tables);
        let mut rng = common::rng(79);
        let p = bpkit::with_threads(threads, || {
            st.prove(&mut Transcript::new(b"rounds"), &w, &bp, &mut rng)
                .unwrap()
        });
        set_shifted_tables(true);
        p.to_bytes()
    };
    let plain = prove(1, false);
    for threads in [1usize, 3] {
        assert_eq!(prove(threads, true), plain, "{threads} threads");
    }
    let p = bpkit::circuit::statements::ShuffleProof::from_bytes(&plain).unwrap();
    st.verify(&mut Transcript::new(b"rounds"), &p, &bp).unwrap();
    // Other Pedersen generators: no table applies; the prover proves all the same.
    let pc = bpkit::PedersenGens::new(
        bpkit::PedersenGens::default().b_blinding().to_owned(),
        bpkit::PedersenGens::default().b().to_owned(),
    );
    let mut t = Transcript::new(b"other gens");
    let mut prover = bpkit::circuit::Prover::new(&pc, &mut t);
    let (_, x) = prover.commit(circuit_common::s(6), circuit_common::s(9));
    let (_, y) = prover.commit(circuit_common::s(7), circuit_common::s(10));
    use bpkit::circuit::ConstraintSystem as _;
    let (_, _, o) = bpkit::circuit::ConstraintSystem::multiply(&mut prover, x.into(), y.into());
    prover.constrain(o - 42u64);
    let before = shifted_table_uses();
    let (_proof, _) = prover
        .prove_and_record(&circuit_common::gens().1, &mut common::rng(80))
        .unwrap();
    assert_eq!(
        shifted_table_uses(),
        before,
        "no table for other generators"
    );
}
