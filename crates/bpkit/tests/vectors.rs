//! The frozen test vectors (`tests/vectors/range_proof.json`): every valid case verifies (in
//! bpkit and, for range proofs, in the `bulletproofs` crate), every invalid case fails with its
//! recorded error kind, and regenerating the vectors gives the file byte for byte.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    clippy::arithmetic_side_effects
)]

#[path = "vector_gen/mod.rs"]
mod vector_gen;

use bpkit::group::{CompressedRistretto, Scalar};
use bpkit::{Error, Interval, IntervalProof, Opening, RangeProof, RangeStatement};
use merlin::Transcript;
use std::collections::BTreeSet;
use vector_gen::{InvalidCase, OpeningCase, Vectors};

use bulletproofs as peer;
use curve25519_dalek_4 as d4;

fn frozen_text() -> String {
    std::fs::read_to_string(vector_gen::FILE).unwrap_or_else(|e| {
        panic!(
            "cannot read {}: {e}; generate it with `{}`",
            vector_gen::FILE,
            vector_gen::GENERATOR
        )
    })
}

fn frozen() -> Vectors {
    serde_json::from_str(&frozen_text()).expect("the vector file does not parse")
}

/// Merlin wants a `'static` label; the test leaks the few labels of the file.
fn transcript(label: &str) -> Transcript {
    Transcript::new(Box::leak(label.as_bytes().to_vec().into_boxed_slice()))
}

fn point(text: &str) -> CompressedRistretto {
    CompressedRistretto(hex::decode(text).unwrap().try_into().unwrap())
}

fn opening(o: &OpeningCase) -> Opening {
    let blinding: [u8; 32] = hex::decode(&o.blinding).unwrap().try_into().unwrap();
    Opening::new(
        o.value.parse().unwrap(),
        Option::<Scalar>::from(Scalar::from_canonical_bytes(blinding)).unwrap(),
    )
}

/// The procedure of the file's description: decode the proof, build the statement, verify.
fn check(
    label: &str,
    bits: usize,
    commitments: &[String],
    range: Option<&[String; 2]>,
    proof: &str,
) -> Result<(), Error> {
    let bytes = hex::decode(proof).unwrap();
    let commitments: Vec<_> = commitments.iter().map(|c| point(c)).collect();
    match range {
        None => {
            let proof = RangeProof::from_bytes(&bytes)?;
            let statement = RangeStatement::new(bits, commitments)?;
            proof.verify(&mut transcript(label), &statement)
        }
        Some([a, b]) => {
            let proof = IntervalProof::from_bytes(&bytes)?;
            let interval = Interval::new(a.parse().unwrap(), b.parse().unwrap())?;
            proof.verify(&mut transcript(label), &commitments[0], &interval, bits)
        }
    }
}

#[test]
fn the_grid_is_complete() {
    let v = frozen();
    assert_eq!(v.version, vector_gen::FORMAT_VERSION);
    let found: BTreeSet<(usize, usize)> = v
        .range_proofs
        .iter()
        .map(|c| (c.bits, c.commitments.len()))
        .collect();
    let mut expected: BTreeSet<(usize, usize)> = vector_gen::GRID_BITS
        .iter()
        .flat_map(|&n| vector_gen::GRID_VALUES.iter().map(move |&m| (n, m)))
        .collect();
    expected.insert((64, 64));
    assert_eq!(found, expected);
    assert_eq!(v.range_proofs.len(), expected.len());
}

#[test]
fn range_proofs_verify() {
    for case in frozen().range_proofs {
        let name = &case.name;
        assert_eq!(case.openings.len(), case.commitments.len(), "{name}");
        for (o, c) in case.openings.iter().zip(&case.commitments) {
            let o = opening(o);
            assert!(case.bits == 64 || o.value >> case.bits == 0, "{name}");
            assert_eq!(o.commit(), point(c), "{name}: commitment");
        }
        check(&case.label, case.bits, &case.commitments, None, &case.proof)
            .unwrap_or_else(|e| panic!("{name}: {e:?}"));
        // Canonical: decoding and encoding again gives the same bytes, of the statement's size.
        let bytes = hex::decode(&case.proof).unwrap();
        assert_eq!(RangeProof::from_bytes(&bytes).unwrap().to_bytes(), bytes);
        let statement = RangeStatement::new(
            case.bits,
            case.commitments.iter().map(|c| point(c)).collect(),
        )
        .unwrap();
        assert_eq!(bytes.len(), statement.proof_size(), "{name}");
    }
}

#[test]
fn range_proofs_verify_in_the_bulletproofs_crate() {
    for case in frozen().range_proofs {
        let m = case.commitments.len();
        let mp = m.next_power_of_two();
        let mut commitments: Vec<_> = case
            .commitments
            .iter()
            .map(|c| d4::ristretto::CompressedRistretto(point(c).to_bytes()))
            .collect();
        // The implied padding commitments are the identity.
        commitments.resize(mp, d4::ristretto::CompressedRistretto::default());
        let proof = peer::RangeProof::from_bytes(&hex::decode(&case.proof).unwrap()).unwrap();
        proof
            .verify_multiple(
                &peer::BulletproofGens::new(64, mp),
                &peer::PedersenGens::default(),
                &mut transcript(&case.label),
                &commitments,
                case.bits,
            )
            .unwrap_or_else(|e| panic!("{}: {e:?}", case.name));
    }
}

#[test]
fn interval_proofs_verify() {
    let cases = frozen().interval_proofs;
    let mut boundaries = BTreeSet::new();
    for case in &cases {
        let name = &case.name;
        let o = opening(&case.opening);
        assert_eq!(o.commit(), point(&case.commitment), "{name}");
        let [a, b] = &case.range;
        let interval = Interval::new(a.parse().unwrap(), b.parse().unwrap()).unwrap();
        assert!(interval.contains(o.value), "{name}");
        if o.value == interval.lower() {
            boundaries.insert("a");
        }
        if u128::from(o.value) + 1 == interval.upper() {
            boundaries.insert("b-1");
        }
        check(
            &case.label,
            case.bits,
            std::slice::from_ref(&case.commitment),
            Some(&case.range),
            &case.proof,
        )
        .unwrap_or_else(|e| panic!("{name}: {e:?}"));
    }
    assert_eq!(boundaries, BTreeSet::from(["a", "b-1"]));
}

#[test]
fn invalid_cases_fail_with_the_recorded_kind() {
    let cases: Vec<InvalidCase> = frozen().invalid;
    for case in &cases {
        let result = check(
            &case.label,
            case.bits,
            &case.commitments,
            case.range.as_ref(),
            &case.proof,
        );
        let e = result.expect_err(&case.name);
        assert_eq!(e.kind(), case.error, "{}: {e:?}", case.name);
        // A false proof (exit 1 in the CLI) versus malformed input (exit 3).
        let false_proof = matches!(e.kind(), "verification-failed" | "size-mismatch");
        assert_eq!(e.is_invalid_proof(), false_proof, "{}", case.name);
    }
    let kinds: BTreeSet<&str> = cases.iter().map(|c| c.error.as_str()).collect();
    for kind in [
        "verification-failed",
        "size-mismatch",
        "wrong-length",
        "too-large",
        "non-canonical-scalar",
        "invalid-point",
        "identity-point",
        "invalid-commitment",
        "invalid-bit-size",
    ] {
        assert!(kinds.contains(kind), "no invalid case for {kind}");
    }
    let names: BTreeSet<&str> = cases.iter().map(|c| c.name.as_str()).collect();
    assert_eq!(names.len(), cases.len(), "duplicate case names");
}

/// The file is a known-answer test: the seeded generator must reproduce it exactly, so any
/// change to the prover's output (or to the file) is caught.
#[test]
fn regenerating_gives_the_frozen_file() {
    let fresh = vector_gen::to_json(&vector_gen::generate().unwrap()).unwrap();
    let frozen = frozen_text();
    if fresh != frozen {
        let line = fresh
            .lines()
            .zip(frozen.lines())
            .position(|(a, b)| a != b)
            .map_or_else(|| "the lengths".to_owned(), |i| format!("line {}", i + 1));
        panic!(
            "regenerated vectors differ from {} at {line}; if the change is intended, run `{}`",
            vector_gen::FILE,
            vector_gen::GENERATOR
        );
    }
}
