//! `verify_json` over every scheme (the vector files `statements.json` and `grin_bp.json` made
//! into envelopes) and the circuit-statement provers of `statements`.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    clippy::arithmetic_side_effects
)]
use bpkit::Opening;
use bpkit_envelope::*;
use rand::rngs::StdRng;
use rand::SeedableRng;
use serde_json::{json, Value};

fn vectors(name: &str) -> Value {
    let path = format!("{}/../../tests/vectors/{name}", env!("CARGO_MANIFEST_DIR"));
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

/// A case of `statements.json` as a circuit envelope (shuffle's `k` is half the commitments).
fn statement_envelope(case: &Value) -> String {
    let mut public = case["public"].clone();
    if case["statement"] == "shuffle" {
        let k = case["commitments"].as_array().unwrap().len() / 2;
        public = json!({ "k": k });
    }
    json!({
        "version": 1, "scheme": "circuit", "statement": case["statement"], "public": public,
        "label": case["label"], "commitments": case["commitments"], "proof": case["proof"],
    })
    .to_string()
}

fn check(text: &str, valid: bool, error: &Value, what: &str) {
    match verify_json(text) {
        Ok(()) => assert!(valid, "{what}: verified, expected {error}"),
        Err(e) => {
            assert!(!valid, "{what}: {e}");
            let want = error.as_str().unwrap();
            // A commitment that does not decode is caught by the envelope's parser (the
            // kind of the format), the rest by the library.
            if !(want != "verification-failed" && e.kind() == "malformed-envelope") {
                assert_eq!(e.kind(), want, "{what}: {e}");
            }
            let want = if e.kind() == "verification-failed" {
                Category::Invalid
            } else {
                Category::Malformed
            };
            assert_eq!(e.category(), want, "{what}");
        }
    }
}

#[test]
fn statements_vectors() {
    let cases = vectors("statements.json");
    let cases = cases["cases"].as_array().unwrap();
    assert!(cases.len() >= 10);
    for case in cases {
        let text = statement_envelope(case);
        check(
            &text,
            case["valid"].as_bool().unwrap(),
            &case["error"],
            case["comment"].as_str().unwrap(),
        );
    }
}

#[test]
fn grin_vectors() {
    let file = vectors("grin_bp.json");
    let envelope = |c: &Value| {
        let mut e = json!({
            "version": 1, "scheme": "grin-bp", "bits": c["bits"],
            "commitments": [c["commitment"]], "proof": c["proof"],
        });
        if let Some(x) = c["extra"].as_str() {
            e["extra"] = json!(x);
        }
        e.to_string()
    };
    for c in file["valid"].as_array().unwrap() {
        check(&envelope(c), true, &Value::Null, "grin valid");
    }
    for c in file["invalid"].as_array().unwrap() {
        check(
            &envelope(c),
            false,
            &c["error"],
            c["name"].as_str().unwrap(),
        );
    }
}

#[test]
fn range_and_malformed() {
    let mut rng = StdRng::seed_from_u64(3);
    let o = Opening::random(5, &mut rng);
    let env = prove::range(&[o], 8, "any", &mut rng).unwrap();
    let text = to_json(&env).unwrap();
    verify_json(&text).unwrap();
    let forged = text.replace("\"label\":\"any\"", "\"label\":\"other\"");
    assert_ne!(forged, text);
    assert_eq!(
        verify_json(&forged).unwrap_err().category(),
        Category::Invalid
    );
    for bad in [
        "",
        "{}",
        "null",
        "{\"scheme\":\"circuit\"}",
        "{\"scheme\":\"grin-bp\"}",
    ] {
        let e = verify_json(bad).unwrap_err();
        assert_eq!(e.category(), Category::Malformed, "{bad:?}");
        assert_eq!(e.kind(), "malformed-envelope", "{bad:?}");
    }
}

#[test]
fn merkle_and_shuffle_prove_verify() {
    let mut rng = StdRng::seed_from_u64(4);
    let leaves = [3u64, 9, 27, 81, 243];
    let (env, opening) = statements::merkle(&leaves, 3, "any merkle", &mut rng).unwrap();
    assert_eq!(opening.value, 81);
    assert_eq!(env.statement.commitments(), vec![opening.commit()]);
    let text = circuit::to_json(&env).unwrap();
    verify_json(&text).unwrap();
    assert_eq!(
        verify_json(&text.replace("any merkle", "any other"))
            .unwrap_err()
            .category(),
        Category::Invalid
    );
    for (index, leaves) in [(5u64, &leaves[..]), (0, &[][..])] {
        let e = statements::merkle(leaves, index, "x", &mut rng).unwrap_err();
        assert_eq!(e.proving(), Category::Proving);
    }

    let out = statements::shuffle(&[1, 2, 3], &[3, 1, 2], "any shuffle", &mut rng).unwrap();
    assert_eq!(out.inputs.len(), 3);
    let mut want: Vec<_> = out.inputs.iter().map(Opening::commit).collect();
    want.extend(out.outputs.iter().map(Opening::commit));
    assert_eq!(out.envelope.statement.commitments(), want);
    verify_json(&circuit::to_json(&out.envelope).unwrap()).unwrap();
    let e = statements::shuffle(&[1, 2, 3], &[3, 1, 1], "x", &mut rng).unwrap_err();
    assert!(
        matches!(
            e,
            Failure::Proof(bpkit::Error::Circuit(
                bpkit::circuit::CircuitError::Unsatisfied { .. }
            ))
        ),
        "{e}"
    );
    assert!(statements::shuffle(&[1], &[1, 2], "x", &mut rng).is_err());
    assert!(statements::shuffle(&[], &[], "x", &mut rng).is_err());
}

#[test]
fn sha256_prove_verify() {
    let mut rng = StdRng::seed_from_u64(5);
    let env = statements::sha256(b"abc", "any sha", &mut rng).unwrap();
    let text = circuit::to_json(&env).unwrap();
    assert!(text.contains("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"));
    verify_json(&text).unwrap();
    assert_eq!(
        verify_json(&text.replace("any sha", "any shb"))
            .unwrap_err()
            .category(),
        Category::Invalid
    );
    let long = vec![0u8; bpkit::circuit::gadgets::sha256::MAX_MESSAGE_BYTES + 1];
    assert!(statements::sha256(&long, "x", &mut rng).is_err());
}

/// Every case of `circuit.json` through `verify_circuit`: valid ones verify, the others fail
/// with their recorded kind, in the category of the shared table.
#[test]
fn circuit_vectors() {
    let file = vectors("circuit.json");
    let label = file["transcript_label"].as_str().unwrap();
    let cases = file["cases"].as_array().unwrap();
    assert!(cases.len() >= 20);
    let hex = |s: &Value| bpkit_envelope::hex::decode(s.as_str().unwrap()).unwrap();
    let mut valid = 0;
    for c in cases {
        let commitments: Vec<bpkit::group::CompressedRistretto> = c["commitments"]
            .as_array()
            .unwrap()
            .iter()
            .map(|x| bpkit::group::CompressedRistretto(hex(x).try_into().unwrap()))
            .collect();
        let got = verify_circuit(
            c["circuit"].as_str().unwrap(),
            &commitments,
            &hex(&c["proof"]),
            label,
        );
        let expected = c["expected"].as_str().unwrap();
        let name = c["name"].as_str().unwrap();
        match got {
            Ok(()) => {
                assert_eq!(expected, "ok", "{name}");
                valid += 1;
            }
            Err(e) => {
                assert_eq!(e.kind(), expected, "{name}: {e}");
                let want = if expected == "verification-failed" {
                    Category::Invalid
                } else {
                    Category::Malformed
                };
                assert_eq!(e.category(), want, "{name}");
            }
        }
    }
    assert_eq!(valid, 3);
}

/// A proof checked against a circuit of another size is `size-mismatch` before any generator
/// is built (a description claiming many multipliers costs nothing with a small proof); a
/// description above the verifier's limit is refused before that (`described_limit.rs`).
#[test]
fn circuit_size_mismatch_is_checked_first() {
    let file = vectors("circuit.json");
    let c = &file["cases"][0];
    let proof = bpkit_envelope::hex::decode(c["proof"].as_str().unwrap()).unwrap();
    let commitments: Vec<bpkit::group::CompressedRistretto> = c["commitments"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| {
            let b = bpkit_envelope::hex::decode(x.as_str().unwrap()).unwrap();
            bpkit::group::CompressedRistretto(b.try_into().unwrap())
        })
        .collect();
    let big = r#"{"bpkit_circuit":1,"commitments":0,"multipliers":[4194304,0],"challenges":[],"phase1":[],"phase2":[]}"#;
    let circuit = bpkit::circuit::Circuit::from_json(big).unwrap();
    assert_eq!(circuit.padded_multipliers(), 1 << 22);
    // Over the default limit: refused from the header.
    let e = verify_circuit(big, &commitments, &proof, "x").unwrap_err();
    assert_eq!(
        (e.kind(), e.category()),
        ("circuit-too-large", Category::Malformed)
    );
    // With the limit raised to the format's maximum, the size is still checked before any
    // generator is built.
    let start = std::time::Instant::now();
    let all = VerifyCircuitOptions::default().max_multipliers(bpkit::circuit::MAX_MULTIPLIERS);
    let e = verify_circuit_with(big, &commitments, &proof, "x", &all).unwrap_err();
    assert_eq!(
        (e.kind(), e.category()),
        ("size-mismatch", Category::Invalid)
    );
    assert!(start.elapsed().as_secs() < 5, "no generators built");
    let e = verify_circuit("{}", &commitments, &proof, "x").unwrap_err();
    assert_eq!((e.kind(), e.category()), ("circuit", Category::Malformed));
}
