//! Circuit proofs: completeness over random satisfiable circuits (one and two phases), refusal
//! of unsatisfied assignments, soundness (every byte flipped, wrong commitments) and binding (a
//! circuit that differs in one coefficient, the number of multipliers, or a phase-2 row).
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    clippy::arithmetic_side_effects
)]

mod circuit_common;

use bpkit::circuit::{
    Circuit, CircuitError, CircuitProof, ConstraintSystem, LinearCombination, Prover,
    RandomizableConstraintSystem, Variable, Verifier,
};
use bpkit::reexports::curve25519_dalek::ristretto::CompressedRistretto;
use bpkit::reexports::curve25519_dalek::Scalar;
use bpkit::Error;
use circuit_common::*;
use merlin::Transcript;
use proptest::prelude::*;
use rand::SeedableRng;
use rand_chacha::ChaCha20Rng;

#[test]
fn one_phase_completes() {
    let shape = small_shape(false);
    let (proof, cs, circuit) = prove(&shape, 1).unwrap();
    assert!(!proof.has_phase_two());
    assert_eq!(circuit, record(&shape));
    let k = proof.rounds();
    assert_eq!(proof.to_bytes().len(), 32 * (13 + 2 * k));
    verify(&shape, &proof, &cs).unwrap();
    // The recorded circuit verifies the same proof.
    let (pc, bp) = gens();
    circuit
        .verify(&mut Transcript::new(b"circuit test"), &proof, &cs, pc, bp)
        .unwrap();
}

#[test]
fn two_phases_complete() {
    let shape = small_shape(true);
    let (proof, cs, circuit) = prove(&shape, 2).unwrap();
    assert!(proof.has_phase_two());
    assert!(circuit.phase_two_multipliers() > 0);
    assert_eq!(circuit, record(&shape));
    assert_eq!(proof.to_bytes().len(), 32 * (16 + 2 * proof.rounds()));
    verify(&shape, &proof, &cs).unwrap();
}

fn arb_shape() -> impl Strategy<Value = Shape> {
    (2usize..6, 0usize..12, any::<bool>(), any::<u64>()).prop_flat_map(|(m, p, two, seed)| {
        (
            proptest::collection::vec(0u64..1000, m),
            proptest::collection::vec((0..m, 0..m, 0u64..50), p),
            Just(two),
            Just(seed),
        )
            .prop_map(|(values, products, two, seed)| {
                let m = values.len();
                let mut permutation: Vec<usize> = (0..m).collect();
                if two {
                    permutation.rotate_left((seed as usize) % m);
                } else {
                    permutation.clear();
                }
                Shape {
                    values,
                    products,
                    permutation,
                    break_it: false,
                }
            })
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    /// Random satisfiable circuits, one and two phases, of several sizes, prove and verify, and
    /// the prover's recorded circuit is the recorder's.
    #[test]
    fn random_circuits_complete(shape in arb_shape(), seed in any::<u64>()) {
        let (proof, cs, circuit) = prove(&shape, seed).unwrap();
        prop_assert_eq!(&circuit, &record(&shape));
        prop_assert_eq!(proof.has_phase_two(), !shape.permutation.is_empty());
        let extra = if proof.has_phase_two() { 3 } else { 0 };
        prop_assert_eq!(1usize << proof.rounds(), circuit.padded_multipliers());
        prop_assert_eq!(proof.to_bytes().len(), 32 * (13 + extra + 2 * proof.rounds()));
        verify(&shape, &proof, &cs).unwrap();
        let decoded = CircuitProof::from_bytes(&proof.to_bytes()).unwrap();
        prop_assert_eq!(&decoded, &proof);
    }
}

#[test]
fn unsatisfied_assignment_is_refused_naming_the_first_failing_row() {
    let mut shape = small_shape(true);
    shape.products = vec![(0, 1, 2), (2, 2, 0), (1, 1, 4)];
    shape.break_it = true;
    let err = prove(&shape, 3).unwrap_err();
    // Rows of the first product: 2 (multiply) + 1 (tie to p); the second product's multiply adds
    // two more, then its broken tie is row 5.
    assert_eq!(err, Error::Circuit(CircuitError::Unsatisfied { index: 5 }));
    // The checker names the same row.
    let mut checker = bpkit::circuit::Checker::new();
    let vars: Vec<Variable> = shape.values.iter().map(|&v| checker.commit(s(v))).collect();
    gadget(&mut checker, &vars, &shape, Some(&shape.values)).unwrap();
    assert_eq!(checker.check(), Err(CircuitError::Unsatisfied { index: 5 }));
}

#[test]
fn unsatisfied_phase_two_is_refused() {
    let mut shape = small_shape(true);
    // Not a permutation: the shuffle check of phase 2 fails.
    shape.permutation = vec![0, 0, 3, 1];
    match prove(&shape, 4) {
        Err(Error::Circuit(CircuitError::Unsatisfied { index })) => {
            let circuit = record(&shape);
            assert_eq!(index, circuit.rows().len() - 1);
            assert!(index >= circuit.phase_one_rows());
        }
        other => panic!("expected an unsatisfied phase-2 row, got {other:?}"),
    }
}

#[test]
fn every_flipped_byte_fails() {
    for two in [false, true] {
        let shape = small_shape(two);
        let (proof, cs, _) = prove(&shape, 5).unwrap();
        let bytes = proof.to_bytes();
        for i in 0..bytes.len() {
            for bit in [0u8, 7] {
                let mut b = bytes.clone();
                b[i] ^= 1 << bit;
                let ok = CircuitProof::from_bytes(&b)
                    .map(|p| verify(&shape, &p, &cs).is_ok())
                    .unwrap_or(false);
                assert!(
                    !ok,
                    "flipping bit {bit} of byte {i} (two phases: {two}) verified"
                );
            }
        }
    }
}

#[test]
fn wrong_commitments_fail() {
    let (pc, _) = gens();
    for two in [false, true] {
        let shape = small_shape(two);
        let (proof, cs, _) = prove(&shape, 6).unwrap();
        for j in 0..cs.len() {
            let mut bad = cs.clone();
            bad[j] = pc.commit(&s(shape.values[j]), &s(12345)).compress();
            assert_eq!(verify(&shape, &proof, &bad), Err(Error::VerificationFailed));
        }
        let mut swapped = cs.clone();
        swapped.swap(0, 1);
        assert_eq!(
            verify(&shape, &proof, &swapped),
            Err(Error::VerificationFailed)
        );
        // One commitment too few is a usage error, not a panic.
        let circuit = record(&shape);
        let (pc, bp) = gens();
        assert!(matches!(
            circuit.verify(
                &mut Transcript::new(b"circuit test"),
                &proof,
                &cs[1..],
                pc,
                bp
            ),
            Err(Error::Circuit(CircuitError::WrongCommitmentCount { .. }))
        ));
    }
}

/// The circuit with the coefficient of term `t` of row `q` changed (challenge kept).
fn with_changed_coefficient(c: &Circuit, q: usize, t: usize) -> Circuit {
    let rows: Vec<LinearCombination> = c
        .rows()
        .iter()
        .enumerate()
        .map(|(qq, row)| {
            let mut lc = LinearCombination::default();
            for (tt, term) in row.terms().iter().enumerate() {
                let mut coeff = term.coefficient;
                if qq == q && tt == t {
                    coeff += Scalar::ONE;
                }
                let mut x = LinearCombination::from(term.variable) * coeff;
                if let Some(ch) = term.challenge {
                    x = x * ch;
                }
                lc = lc + x;
            }
            lc
        })
        .collect();
    Circuit::new(
        c.num_commitments(),
        c.phase_one_multipliers(),
        c.multipliers(),
        rows,
        c.phase_one_rows(),
        c.challenge_labels().to_vec(),
    )
    .unwrap()
}

#[test]
fn proofs_bind_the_circuit() {
    let (pc, bp) = gens();
    let check = |c: &Circuit, proof: &CircuitProof, cs: &[CompressedRistretto]| {
        c.verify(&mut Transcript::new(b"circuit test"), proof, cs, pc, bp)
    };
    for two in [false, true] {
        let shape = small_shape(two);
        let (proof, cs, circuit) = prove(&shape, 7).unwrap();
        check(&circuit, &proof, &cs).unwrap();
        // Any single coefficient of any row.
        for q in 0..circuit.rows().len() {
            for t in 0..circuit.rows()[q].terms().len() {
                let changed = with_changed_coefficient(&circuit, q, t);
                assert_ne!(changed.digest(), circuit.digest());
                assert!(check(&changed, &proof, &cs).is_err(), "row {q} term {t}");
            }
        }
        // The number of multipliers (same padded size: only the digest differs).
        let more = Circuit::new(
            circuit.num_commitments(),
            circuit.phase_one_multipliers(),
            circuit.multipliers() + 1,
            circuit.rows().to_vec(),
            circuit.phase_one_rows(),
            circuit.challenge_labels().to_vec(),
        )
        .unwrap();
        assert_eq!(more.padded_multipliers(), circuit.padded_multipliers());
        assert!(check(&more, &proof, &cs).is_err());
        // One row dropped.
        let mut rows = circuit.rows().to_vec();
        rows.pop();
        let q1 = circuit.phase_one_rows().min(rows.len());
        let fewer = Circuit::new(
            circuit.num_commitments(),
            circuit.phase_one_multipliers(),
            circuit.multipliers(),
            rows,
            q1,
            circuit.challenge_labels().to_vec(),
        )
        .unwrap();
        assert!(check(&fewer, &proof, &cs).is_err());
    }
}

#[test]
fn phase_two_rows_are_bound() {
    let shape = small_shape(true);
    let (proof, cs, circuit) = prove(&shape, 8).unwrap();
    let last = circuit.rows().len() - 1;
    assert!(last >= circuit.phase_one_rows());
    // A phase-2 row with a challenge term changed.
    let row = &circuit.rows()[circuit.phase_one_rows()];
    let t = row
        .terms()
        .iter()
        .position(|t| t.challenge.is_some())
        .unwrap();
    let changed = with_changed_coefficient(&circuit, circuit.phase_one_rows(), t);
    let (pc, bp) = gens();
    assert!(changed
        .verify(&mut Transcript::new(b"circuit test"), &proof, &cs, pc, bp)
        .is_err());
    // A different permutation in the verifier's gadget.
    let mut other = shape.clone();
    other.permutation = vec![1, 0, 3, 2];
    assert_eq!(verify(&other, &proof, &cs), Err(Error::VerificationFailed));
}

#[test]
fn other_transcript_context_fails() {
    let shape = small_shape(false);
    let (proof, cs, circuit) = prove(&shape, 9).unwrap();
    let (pc, bp) = gens();
    assert!(circuit
        .verify(
            &mut Transcript::new(b"another protocol"),
            &proof,
            &cs,
            pc,
            bp
        )
        .is_err());
}

#[test]
fn malformed_encodings_are_rejected() {
    let (proof, _, _) = prove(&small_shape(true), 10).unwrap();
    let bytes = proof.to_bytes();
    let mut longer = bytes.clone();
    longer.push(0);
    assert!(CircuitProof::from_bytes(&longer).is_err());
    assert!(CircuitProof::from_bytes(&bytes[..bytes.len() - 1]).is_err());
    // 32 bytes fewer changes the parity: a one-phase shape of the wrong size still decodes or
    // not, but never verifies; 64 fewer keeps the shape and fails the size check.
    assert!(CircuitProof::from_bytes(&[]).is_err());
    let mut identity = bytes.clone();
    identity[..32].fill(0);
    assert!(matches!(
        CircuitProof::from_bytes(&identity),
        Err(Error::IdentityPoint { offset: 0 })
    ));
    let mut noncanonical = bytes.clone();
    let at = 32 * 11; // t_x of a two-phase proof
    noncanonical[at..at + 32].fill(0xff);
    assert!(matches!(
        CircuitProof::from_bytes(&noncanonical),
        Err(Error::NonCanonicalScalar { .. })
    ));
    assert!(CircuitProof::from_bytes(&vec![0u8; bpkit::circuit::MAX_PROOF_SIZE + 32]).is_err());
}

#[test]
fn nondeterministic_phase_two_is_refused() {
    use std::sync::atomic::{AtomicU64, Ordering};
    static CALLS: AtomicU64 = AtomicU64::new(0);
    let (pc, bp) = gens();
    let mut t = Transcript::new(b"circuit test");
    let mut prover = Prover::new(pc, &mut t);
    let (_, v) = prover.commit(s(1), s(2));
    prover
        .specify_randomized_constraints(move |cs| {
            let n = CALLS.fetch_add(1, Ordering::SeqCst);
            cs.constrain(v - 1u64 + Scalar::from(n) - Scalar::from(n));
            if n % 2 == 1 {
                cs.constrain(v - 1u64);
            }
            Ok(())
        })
        .unwrap();
    let err = prover
        .prove(bp, &mut ChaCha20Rng::seed_from_u64(1))
        .unwrap_err();
    assert_eq!(err, Error::Circuit(CircuitError::Phase2Mismatch));
    // The message names the usual cause.
    assert!(
        err.to_string().contains("whether `eval` returns a value"),
        "{err}"
    );
}

#[test]
fn circuit_without_multipliers_proves() {
    let (pc, bp) = gens();
    let mut t = Transcript::new(b"circuit test");
    let mut prover = Prover::new(pc, &mut t);
    let (c1, a) = prover.commit(s(4), s(9));
    let (c2, b) = prover.commit(s(6), s(1));
    prover.constrain(a + b - 10u64);
    let proof = prover
        .prove(bp, &mut ChaCha20Rng::seed_from_u64(2))
        .unwrap();
    assert_eq!(proof.to_bytes().len(), 13 * 32);
    let mut t = Transcript::new(b"circuit test");
    let mut verifier = Verifier::new(&mut t);
    let a = verifier.commit(c1);
    let b = verifier.commit(c2);
    verifier.constrain(a + b - 10u64);
    verifier.verify(&proof, pc, bp).unwrap();
}

#[test]
fn json_description_round_trips_and_is_strict() {
    for two in [false, true] {
        let circuit = record(&small_shape(two));
        let json = circuit.to_json();
        let back = Circuit::from_json(&json).unwrap();
        assert_eq!(back, circuit);
        assert_eq!(back.digest(), circuit.digest());
        // Whitespace, a trailing byte, a truncation: refused.
        assert!(Circuit::from_json(&json.replace(",", ", ")).is_err());
        assert!(Circuit::from_json(&format!("{json} ")).is_err());
        assert!(Circuit::from_json(&json[..json.len() - 1]).is_err());
        // Upper-case hex is not canonical.
        assert!(Circuit::from_json(&json.to_uppercase()).is_err());
    }
    // A term on a variable that does not exist.
    let bad = "{\"bpkit_circuit\":1,\"commitments\":1,\"multipliers\":[0,0],\"challenges\":[],\"phase1\":[[[\"V1\",\"0100000000000000000000000000000000000000000000000000000000000000\"]]],\"phase2\":[]}";
    assert_eq!(
        Circuit::from_json(bad),
        Err(CircuitError::UnknownVariable {
            index: 0,
            variable: Variable::Committed(1)
        })
    );
    let good = bad.replace("V1", "V0");
    Circuit::from_json(&good).unwrap();
    // A challenge in phase 1.
    let bad = "{\"bpkit_circuit\":1,\"commitments\":1,\"multipliers\":[0,0],\"challenges\":[\"7a\"],\"phase1\":[[[\"V0\",\"0100000000000000000000000000000000000000000000000000000000000000\",0]]],\"phase2\":[]}";
    assert_eq!(Circuit::from_json(bad), Err(CircuitError::InvalidChallenge));
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    /// Stable smoke run of the fuzz targets' properties: arbitrary bytes decode or fail with a
    /// typed error (never a panic), what decodes re-encodes exactly and verifies to a result;
    /// arbitrary text is a canonical description or refused.
    #[test]
    fn decoding_and_verifying_never_panic(
        len in prop_oneof![Just(13usize), Just(16), Just(19), Just(22), 0usize..40],
        bytes in proptest::collection::vec(any::<u8>(), 32 * 40),
        flip in any::<(usize, u8)>(),
        text in ".{0,200}",
    ) {
        let data = &bytes[..(len * 32).min(bytes.len())];
        if let Ok(p) = CircuitProof::from_bytes(data) {
            prop_assert_eq!(p.to_bytes(), data);
            let _ = verify(&small_shape(p.has_phase_two()), &p, &[CompressedRistretto::default(); 4]);
        }
        // A valid proof with one byte changed.
        let (proof, cs, _) = prove(&small_shape(false), 11).unwrap();
        let mut b = proof.to_bytes();
        let i = flip.0 % b.len();
        b[i] ^= flip.1 | 1;
        if let Ok(p) = CircuitProof::from_bytes(&b) {
            prop_assert!(verify(&small_shape(false), &p, &cs).is_err());
        }
        if let Ok(c) = Circuit::from_json(&text) {
            prop_assert_eq!(c.to_json(), text);
        }
    }
}

#[test]
fn unknown_variable_in_phase_two_names_its_row() {
    use bpkit::circuit::RandomizedConstraintSystem;
    let (pc, bp) = gens();
    let mut t = Transcript::new(b"circuit test");
    let mut prover = Prover::new(pc, &mut t);
    let (_, v) = prover.commit(s(1), s(2));
    prover.constrain(v - 1u64); // row 0
    let _ = prover.multiply(v.into(), v.into()); // rows 1 and 2
    prover
        .specify_randomized_constraints(move |cs| {
            let _ = cs.challenge(b"z")?;
            cs.constrain(v - 1u64); // row 3
            cs.constrain(Variable::MultiplierOutput(7) - 1u64); // row 4
            Ok(())
        })
        .unwrap();
    let err = prover
        .prove(bp, &mut ChaCha20Rng::seed_from_u64(1))
        .unwrap_err();
    assert_eq!(
        err,
        Error::Circuit(CircuitError::UnknownVariable {
            index: 4,
            variable: Variable::MultiplierOutput(7)
        })
    );
    assert_eq!(err.kind(), "unknown-variable");
}
