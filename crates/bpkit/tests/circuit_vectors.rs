//! The frozen circuit vectors (`tests/vectors/circuit.json`): every case verifies or fails with
//! its recorded error kind, digests are as recorded, and regenerating gives the file byte for
//! byte (so proofs made by this version keep verifying in later ones).
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    clippy::arithmetic_side_effects
)]

#[path = "circuit_vector_gen/mod.rs"]
mod circuit_vector_gen;

use bpkit::circuit::Circuit;
use circuit_vector_gen::{check_case, Vectors};

fn frozen() -> (String, Vectors) {
    let text = std::fs::read_to_string(circuit_vector_gen::FILE).unwrap_or_else(|e| {
        panic!(
            "cannot read {}: {e}; generate it with `{}`",
            circuit_vector_gen::FILE,
            circuit_vector_gen::GENERATOR
        )
    });
    let v = serde_json::from_str(&text).unwrap();
    (text, v)
}

#[test]
fn every_case_gives_its_recorded_result() {
    let (_, v) = frozen();
    assert!(v.cases.len() >= 20);
    let mut valid = 0;
    for c in &v.cases {
        let got = match check_case(v.transcript_label.as_bytes(), c) {
            Ok(()) => "ok".to_string(),
            Err(e) => e.kind().to_string(),
        };
        assert_eq!(got, c.expected, "case {:?}", c.name);
        if c.name.starts_with("valid") {
            assert_eq!(c.expected, "ok", "{}", c.name);
            valid += 1;
        } else {
            assert_ne!(c.expected, "ok", "{}", c.name);
        }
        if !c.digest.is_empty() {
            let circuit = Circuit::from_json(&c.circuit).unwrap();
            assert_eq!(hex::encode(circuit.digest()), c.digest, "{}", c.name);
        }
    }
    assert_eq!(valid, 3);
}

#[test]
fn regenerating_gives_the_same_file() {
    let (text, _) = frozen();
    assert!(
        circuit_vector_gen::to_json(&circuit_vector_gen::generate()) == text,
        "the vectors changed; regenerate with `{}` if intended",
        circuit_vector_gen::GENERATOR
    );
}
