//! tests/vectors/monero.json (written by bpkit's `monero_vectors` example from Monero's own
//! test transactions, and from bpkit's own provers in both formats): every valid case verifies through `verify_json`, every invalid case is
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
    assert_eq!(cases.len(), 30);
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

/// `prove_monero_plus` writes the envelope `verify_json` accepts: the commitments are the
/// openings' on-chain `C`, and a changed commitment is a false proof.
#[test]
fn monero_plus_prove_envelope_verifies() {
    use bpkit::monero::Opening;
    use bpkit_envelope::monero::prove_monero_plus;
    use rand::SeedableRng;
    let mut rng = rand::rngs::StdRng::seed_from_u64(20);
    let openings = [
        Opening::random(3, &mut rng),
        Opening::random(u64::MAX, &mut rng),
    ];
    let env = prove_monero_plus(&openings, &mut rng).unwrap();
    assert!(env.plus);
    let expected: Vec<[u8; 32]> = openings.iter().map(Opening::commit).collect();
    assert_eq!(env.commitments, expected);
    let text = monero_to_json(&env).unwrap();
    let value: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(value["scheme"], "monero-bp+");
    verify_json(&text).unwrap();
    let mut bad = env.clone();
    bad.commitments.swap(0, 1);
    let err = verify_json(&monero_to_json(&bad).unwrap()).unwrap_err();
    assert!(err.is_invalid_proof(), "{err:?}");
    // 17 outputs: refused before proving.
    let many: Vec<Opening> = (0..17).map(|v| Opening::random(v, &mut rng)).collect();
    assert!(prove_monero_plus(&many, &mut rng).is_err());
}

/// `monero_opening` (the bindings' way in): a 32-byte canonical mask gives the opening with that
/// mask; another length is `wrong-length`, a non-canonical scalar `non-canonical-scalar`.
#[test]
fn monero_opening_from_bytes() {
    use bpkit::monero::Opening;
    use bpkit_envelope::monero::monero_opening;
    use rand::SeedableRng;
    let mut rng = rand::rngs::StdRng::seed_from_u64(21);
    let random = Opening::random(42, &mut rng);
    let opening = monero_opening(42, random.mask.as_bytes()).unwrap();
    assert_eq!(opening, random);
    assert_eq!(opening.commit(), random.commit());
    let err = monero_opening(42, &[1u8; 31]).unwrap_err();
    assert_eq!(err.kind(), "wrong-length");
    // ℓ itself (the group order, little-endian) is not canonical; 2^255 - 1 neither.
    let mut ell = [0u8; 32];
    ell[..8].copy_from_slice(&0x5812_631a_5cf5_d3edu64.to_le_bytes());
    ell[8..16].copy_from_slice(&0x14de_f9de_a2f7_9cd6u64.to_le_bytes());
    ell[31] = 0x10;
    assert_eq!(
        monero_opening(1, &ell).unwrap_err().kind(),
        "non-canonical-scalar"
    );
    assert_eq!(
        monero_opening(1, &[0xff; 32]).unwrap_err().kind(),
        "non-canonical-scalar"
    );
    // ℓ − 1 is canonical.
    ell[0] -= 1;
    assert!(monero_opening(1, &ell).is_ok());
}
