//! Checks `tests/vectors/grin_bp.json`: the file is what the generator writes today, every valid
//! case verifies here and in the C module (64-bit) and rewinds, every invalid case fails with
//! its error.
#![cfg(feature = "grin")]
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    clippy::arithmetic_side_effects
)]

mod grin_common;
mod grin_vector_gen;

use bpkit::grin::{rewind, verify, Commitment33, GrinProof, GrinStatement};
use bpkit::Error;
use grin_common::{c_proof, ctx};
use serde_json::Value;

fn load() -> Value {
    serde_json::from_str(&std::fs::read_to_string(grin_vector_gen::FILE).unwrap()).unwrap()
}

fn hex_of(v: &Value) -> Option<Vec<u8>> {
    v.as_str().map(|s| hex::decode(s).unwrap())
}

#[test]
fn file_is_up_to_date() {
    let current = std::fs::read_to_string(grin_vector_gen::FILE).unwrap();
    assert!(
        current == grin_vector_gen::generate(),
        "tests/vectors/grin_bp.json is out of date: cargo run -p bpkit --example grin_vectors"
    );
}

fn check(case: &Value) -> Result<(Commitment33, GrinProof), Error> {
    let bits = case["bits"].as_u64().unwrap() as usize;
    let commitment = Commitment33::from_bytes(&hex_of(&case["commitment"]).unwrap())?;
    let proof = GrinProof::from_bytes(&hex_of(&case["proof"]).unwrap(), bits)?;
    let st = GrinStatement {
        commitment,
        bits,
        extra: hex_of(&case["extra"]),
    };
    verify(grin_common::gens(), &st, &proof)?;
    Ok((commitment, proof))
}

#[test]
fn valid_cases_verify_and_rewind() {
    let v = load();
    let secp = ctx();
    let valid = v["valid"].as_array().unwrap();
    assert!(valid.len() >= 10);
    for case in valid {
        let (commitment, proof) = check(case).unwrap();
        let extra = hex_of(&case["extra"]);
        let nonce: [u8; 32] = hex_of(&case["rewind_nonce"]).unwrap().try_into().unwrap();
        let r = rewind(
            grin_common::gens(),
            &commitment,
            extra.as_deref(),
            &proof,
            &nonce,
        )
        .unwrap();
        assert_eq!(r.value, case["value"].as_u64().unwrap());
        assert_eq!(r.blinding.is_some(), case["private_nonce"].is_null());
        if case["bits"] == 64 {
            let c = secp256k1zkp::pedersen::Commitment::from_vec(commitment.to_bytes().to_vec());
            secp.verify_bullet_proof(c, c_proof(&proof.to_bytes()), extra)
                .unwrap();
        }
    }
}

#[test]
fn invalid_cases_fail_as_stated() {
    let v = load();
    let invalid = v["invalid"].as_array().unwrap();
    assert!(invalid.len() >= 10);
    for case in invalid {
        let err = check(case).unwrap_err();
        assert_eq!(
            err.kind(),
            case["error"].as_str().unwrap(),
            "{}",
            case["name"]
        );
    }
}
