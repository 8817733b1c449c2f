//! Checks `tests/vectors/bulletproofs_plus.json` (made by `examples/plus_vectors.rs`): valid
//! proofs verify and re-encode to the same bytes (and recover their masks), invalid proofs fail
//! with the recorded error kind, malformed encodings fail to decode with the recorded kind.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    clippy::arithmetic_side_effects
)]

use bpkit::group::{CompressedRistretto, Scalar};
use bpkit::plus::{PlusGens, PlusProof, PlusStatement, RecoveryMode, RecoverySeed};
use merlin::Transcript;
use serde_json::Value;

fn load() -> Value {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../tests/vectors/bulletproofs_plus.json"
    );
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

fn bytes32(s: &str) -> [u8; 32] {
    hex::decode(s).unwrap().try_into().unwrap()
}

fn statement(v: &Value) -> (PlusGens, PlusStatement, Vec<u8>) {
    let k = v["extension_degree"].as_u64().unwrap() as usize;
    let gens = match v["generators"].as_str().unwrap() {
        "bpkit" => PlusGens::bpkit(k),
        "tari" => PlusGens::tari(k),
        other => panic!("unknown generators {other}"),
    }
    .unwrap();
    let commitments = v["commitments"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| CompressedRistretto(bytes32(c.as_str().unwrap())))
        .collect();
    let mins = v["minimums"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_u64().unwrap())
        .collect();
    let bits = v["bits"].as_u64().unwrap() as usize;
    let label = v["label"].as_str().unwrap().as_bytes().to_vec();
    (
        gens,
        PlusStatement::with_minimums(bits, commitments, mins).unwrap(),
        label,
    )
}

fn transcript(label: &[u8]) -> Transcript {
    // Merlin wants a 'static label; the vectors use one fixed label.
    assert_eq!(label, b"bpkit test vectors");
    Transcript::new(b"bpkit test vectors")
}

#[test]
fn valid_vectors_verify() {
    let doc = load();
    let valid = doc["valid"].as_array().unwrap();
    assert!(valid.len() >= 8);
    let mut recovered = 0;
    for v in valid {
        let name = v["name"].as_str().unwrap();
        let (gens, st, label) = statement(&v["statement"]);
        let bytes = hex::decode(v["proof"].as_str().unwrap()).unwrap();
        let proof = PlusProof::from_bytes(&bytes).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(proof.to_bytes(), bytes, "{name}");
        proof
            .verify(&mut transcript(&label), &gens, &st)
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        if let Some(rec) = v.get("recovery") {
            let seed = RecoverySeed::from_bytes(&bytes32(rec["seed"].as_str().unwrap())).unwrap();
            let value = rec["value"].as_u64().unwrap();
            let want: Vec<Scalar> = rec["blindings"]
                .as_array()
                .unwrap()
                .iter()
                .map(|b| Scalar::from_canonical_bytes(bytes32(b.as_str().unwrap())).unwrap())
                .collect();
            let got = proof
                .recover(
                    &mut transcript(&label),
                    &gens,
                    &st,
                    &seed,
                    value,
                    RecoveryMode::RecoverAndVerify,
                )
                .unwrap();
            assert_eq!(got.blindings, want, "{name}");
            recovered += 1;
        }
    }
    assert!(recovered >= 2);
}

#[test]
fn invalid_vectors_fail_with_their_kind() {
    let doc = load();
    let invalid = doc["invalid"].as_array().unwrap();
    assert!(invalid.len() >= 5);
    for v in invalid {
        let name = v["name"].as_str().unwrap();
        let (gens, st, label) = statement(&v["statement"]);
        let proof =
            PlusProof::from_bytes(&hex::decode(v["proof"].as_str().unwrap()).unwrap()).unwrap();
        let err = proof
            .verify(&mut transcript(&label), &gens, &st)
            .unwrap_err();
        assert_eq!(err.kind(), v["expected_error"].as_str().unwrap(), "{name}");
        assert!(
            err.is_invalid_proof() || err.kind() == "invalid-commitment",
            "{name}"
        );
    }
}

#[test]
fn malformed_vectors_fail_to_decode_with_their_kind() {
    let doc = load();
    let malformed = doc["malformed"].as_array().unwrap();
    assert!(malformed.len() >= 10);
    for v in malformed {
        let name = v["name"].as_str().unwrap();
        let bytes = hex::decode(v["proof"].as_str().unwrap()).unwrap();
        let err = PlusProof::from_bytes(&bytes).unwrap_err();
        assert_eq!(err.kind(), v["expected_error"].as_str().unwrap(), "{name}");
    }
}
