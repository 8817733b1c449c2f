//! The limit on a described circuit's multipliers (`VerifyCircuitOptions::max_multipliers`):
//! a description above it is refused with `EnvelopeError::CircuitTooLarge`, read from its
//! header before the rest is parsed, the proof decoded or any generator built; at the limit it
//! is verified as before.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    clippy::arithmetic_side_effects
)]

use bpkit::circuit::{Circuit, CircuitProof};
use bpkit::group::{CompressedRistretto, Scalar};
use bpkit_envelope::*;
use serde_json::Value;

fn vectors() -> Value {
    let path = format!(
        "{}/../../tests/vectors/circuit.json",
        env!("CARGO_MANIFEST_DIR")
    );
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

/// A well-formed one-phase proof of `rounds` rounds (valid points, canonical scalars): it
/// decodes, so only the limit stands between it and the generators for `2^rounds`.
fn forged_proof(rounds: usize) -> Vec<u8> {
    let point = bpkit::Opening::new(1, Scalar::ONE).commit();
    let one = Scalar::ONE.to_bytes();
    let mut out = Vec::new();
    let mut put = |b: &[u8; 32], k: usize| (0..k).for_each(|_| out.extend_from_slice(b));
    put(point.as_bytes(), 8);
    put(&one, 3);
    put(point.as_bytes(), 2 * rounds);
    put(&one, 2);
    let proof = CircuitProof::from_bytes(&out).unwrap();
    assert_eq!(proof.rounds(), rounds);
    out
}

fn description(multipliers: usize) -> String {
    format!(
        r#"{{"bpkit_circuit":1,"commitments":0,"multipliers":[{multipliers},0],"challenges":[],"phase1":[],"phase2":[]}}"#
    )
}

fn too_large(e: &Failure) -> (usize, usize) {
    assert_eq!(
        (e.kind(), e.category()),
        ("circuit-too-large", Category::Malformed)
    );
    match e {
        Failure::Envelope(EnvelopeError::CircuitTooLarge { multipliers, max }) => {
            (*multipliers, *max)
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn over_the_limit_is_refused_before_generators_are_built() {
    const ROUNDS: usize = 18;
    let n = 1usize << ROUNDS;
    let big = description(n);
    // Everything else about the input is fine: the description is canonical and the proof
    // decodes with the matching number of rounds.
    assert_eq!(Circuit::from_json(&big).unwrap().padded_multipliers(), n);
    let proof = forged_proof(ROUNDS);
    assert!(!bpkit::generators::shared_ready(n, 1));
    let options = VerifyCircuitOptions::default().max_multipliers(n - 1);
    let e = verify_circuit_with(&big, &[], &proof, "x", &options).unwrap_err();
    assert_eq!(too_large(&e), (n, n - 1));
    // The default limit refuses it too.
    assert!(n > DEFAULT_MAX_MULTIPLIERS);
    let e = verify_circuit(&big, &[], &proof, "x").unwrap_err();
    assert_eq!(too_large(&e), (n, DEFAULT_MAX_MULTIPLIERS));
    // Nothing was built for it.
    assert!(!bpkit::generators::shared_ready(n, 1));
    // Only the header is read: a description whose rows are garbage, or a proof that does not
    // decode, gets the same refusal (the checks after it would have named them).
    let head = r#"{"bpkit_circuit":1,"commitments":0,"multipliers":[262144,0],"#;
    let garbage = format!("{head}\"phase1\":[[\"Q\"]]");
    let e = verify_circuit_with(&garbage, &[], &[1, 2, 3], "x", &options).unwrap_err();
    assert_eq!(too_large(&e), (n, n - 1));
    let e = verify_circuit_with(&big, &[], &[1, 2, 3], "x", &options).unwrap_err();
    assert_eq!(too_large(&e), (n, n - 1));
    // Both phases count; sums beyond usize are beyond every limit.
    let split = r#"{"bpkit_circuit":1,"commitments":0,"multipliers":[40000,30000],"challenges":[],"phase1":[],"phase2":[]}"#;
    let e = verify_circuit(split, &[], &proof, "x").unwrap_err();
    assert_eq!(too_large(&e), (70000, DEFAULT_MAX_MULTIPLIERS));
    let max = usize::MAX;
    let overflow = format!(
        r#"{{"bpkit_circuit":1,"commitments":0,"multipliers":[{max},{max}],"challenges":[],"phase1":[],"phase2":[]}}"#
    );
    let all = VerifyCircuitOptions::default().max_multipliers(usize::MAX - 1);
    let e = verify_circuit_with(&overflow, &[], &proof, "x", &all).unwrap_err();
    assert_eq!(too_large(&e), (usize::MAX, usize::MAX - 1));
    // A header that is not a description's is `circuit`, as before.
    let e = verify_circuit("{}", &[], &proof, "x").unwrap_err();
    assert_eq!((e.kind(), e.category()), ("circuit", Category::Malformed));
}

#[test]
fn at_the_limit_is_verified() {
    let file = vectors();
    let label = file["transcript_label"].as_str().unwrap();
    let hex = |s: &Value| bpkit_envelope::hex::decode(s.as_str().unwrap()).unwrap();
    let mut checked = 0;
    for c in file["cases"].as_array().unwrap() {
        if c["expected"] != "ok" {
            continue;
        }
        let description = c["circuit"].as_str().unwrap();
        let n = Circuit::from_json(description).unwrap().multipliers();
        let commitments: Vec<CompressedRistretto> = c["commitments"]
            .as_array()
            .unwrap()
            .iter()
            .map(|x| CompressedRistretto(hex(x).try_into().unwrap()))
            .collect();
        let proof = hex(&c["proof"]);
        let at = VerifyCircuitOptions::default().max_multipliers(n);
        assert_eq!(at.get_max_multipliers(), n);
        verify_circuit_with(description, &commitments, &proof, label, &at).unwrap();
        verify_circuit(description, &commitments, &proof, label).unwrap();
        let below = VerifyCircuitOptions::default().max_multipliers(n - 1);
        let e = verify_circuit_with(description, &commitments, &proof, label, &below).unwrap_err();
        assert_eq!(too_large(&e), (n, n - 1));
        checked += 1;
    }
    assert_eq!(checked, 3);
    assert_eq!(
        VerifyCircuitOptions::default().get_max_multipliers(),
        DEFAULT_MAX_MULTIPLIERS
    );
}
