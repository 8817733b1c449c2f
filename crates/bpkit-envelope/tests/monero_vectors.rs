//! tests/vectors/monero.json (written by bpkit's `monero_vectors` example from Monero's own
//! test transactions): every valid case verifies through `verify_json`, every invalid case is
//! a false proof, every malformed case is malformed; envelopes re-encode to the same JSON
//! value.
#![allow(clippy::unwrap_used, clippy::indexing_slicing, clippy::panic)]

use bpkit_envelope::monero::{monero_to_json, parse_monero};
use bpkit_envelope::verify_json;

#[test]
fn monero_vectors() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../tests/vectors/monero.json"
    );
    let text = std::fs::read_to_string(path).unwrap();
    let doc: serde_json::Value = serde_json::from_str(&text).unwrap();
    let cases = doc["cases"].as_array().unwrap();
    assert_eq!(cases.len(), 20);
    for case in cases {
        let name = case["name"].as_str().unwrap();
        let env_text = case["envelope"].to_string();
        let env = parse_monero(&env_text).unwrap();
        let again: serde_json::Value =
            serde_json::from_str(&monero_to_json(&env).unwrap()).unwrap();
        assert_eq!(again, case["envelope"], "{name}");
        let outcome = verify_json(&env_text);
        match case["expect"].as_str().unwrap() {
            "valid" => assert!(outcome.is_ok(), "{name}: {outcome:?}"),
            "invalid" => assert!(
                outcome.as_ref().is_err_and(|f| f.is_invalid_proof()),
                "{name}: {outcome:?}"
            ),
            "malformed" => assert!(
                outcome.as_ref().is_err_and(|f| !f.is_invalid_proof()),
                "{name}: {outcome:?}"
            ),
            other => panic!("{name}: unknown expectation {other}"),
        }
    }
}
