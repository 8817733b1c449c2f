//! Builds `tests/vectors/grin_bp.json`: Grin / MWEB range proofs (valid, at every bit size, with
//! extra data absent, empty and present) and invalid cases with the error each must give.
//! Shared by `examples/grin_vectors.rs` (writes the file) and `tests/grin_vectors.rs` (checks it).
#![allow(
    dead_code,
    clippy::unwrap_used,
    clippy::indexing_slicing,
    clippy::arithmetic_side_effects
)]

use bpkit::grin::{prove, GrinGens, GrinWitness, GRIN_BIT_SIZES};
use bpkit::group::secp256k1::Scalar;
use k256::elliptic_curve::PrimeField;
use serde_json::{json, Value};
use sha2::{Digest, Sha256};

/// Path of the file, relative to the crate.
pub const FILE: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../tests/vectors/grin_bp.json"
);

fn secret(label: &str, i: u64) -> [u8; 32] {
    let mut ctr = 0u32;
    loop {
        let b: [u8; 32] = Sha256::new()
            .chain_update(b"bpkit grin vectors")
            .chain_update(label)
            .chain_update(i.to_le_bytes())
            .chain_update(ctr.to_le_bytes())
            .finalize()
            .into();
        if let Some(s) = Option::<Scalar>::from(Scalar::from_repr(b.into())) {
            if !bool::from(s.is_zero()) {
                return b;
            }
        }
        ctr += 1;
    }
}

fn hex_opt(v: &Option<Vec<u8>>) -> Value {
    v.as_ref()
        .map_or(Value::Null, |b| Value::String(hex::encode(b)))
}

/// The whole file as JSON text.
pub fn generate() -> String {
    let gens = GrinGens::new().unwrap();
    let mut valid = Vec::new();
    let mut i = 0u64;
    type Case = (usize, u64, Option<Vec<u8>>, bool, Option<[u8; 20]>);
    let mut cases: Vec<Case> = Vec::new();
    for bits in GRIN_BIT_SIZES {
        let max = if bits == 64 {
            u64::MAX
        } else {
            (1u64 << bits) - 1
        };
        cases.push((bits, max / 3, None, false, None));
    }
    cases.push((64, 0, None, true, None));
    cases.push((
        64,
        u64::MAX,
        Some(vec![]),
        true,
        Some(*b"twenty bytes message"),
    ));
    cases.push((
        64,
        1_000_000_000,
        Some(b"grin kernel".to_vec()),
        false,
        None,
    ));
    cases.push((64, 42, Some(vec![]), false, None));
    for (bits, value, extra, private, message) in cases {
        let w = GrinWitness {
            value,
            blinding: Option::from(Scalar::from_repr(secret("blind", i).into())).unwrap(),
            rewind_nonce: secret("rewind", i),
            private_nonce: private.then(|| secret("private", i)),
            message,
        };
        i += 1;
        let (c, p) = prove(&gens, &w, bits, extra.as_deref()).unwrap();
        valid.push(json!({
            "bits": bits,
            "value": value,
            "blinding": hex::encode(w.blinding.to_bytes()),
            "rewind_nonce": hex::encode(w.rewind_nonce),
            "private_nonce": w.private_nonce.map(hex::encode),
            "message": w.message.map(hex::encode),
            "extra": hex_opt(&extra),
            "commitment": hex::encode(c.to_bytes()),
            "proof": hex::encode(p.to_bytes()),
        }));
    }
    // Invalid cases, derived from the first 64-bit proof.
    let base = valid.iter().find(|v| v["bits"] == 64).unwrap().clone();
    let proof = hex::decode(base["proof"].as_str().unwrap()).unwrap();
    let commitment = base["commitment"].as_str().unwrap().to_string();
    let mut invalid = Vec::new();
    let mut add = |name: &str, proof: Vec<u8>, commitment: &str, extra: Value, error: &str| {
        invalid.push(json!({
            "name": name, "bits": 64, "commitment": commitment, "extra": extra,
            "proof": hex::encode(proof), "error": error,
        }));
    };
    let mut p = proof.clone();
    p[100] ^= 1;
    add(
        "flipped bit in A.x",
        p,
        &commitment,
        Value::Null,
        "verification-failed",
    );
    let mut p = proof.clone();
    p[64] ^= 1;
    add(
        "flipped flag of A",
        p,
        &commitment,
        Value::Null,
        "verification-failed",
    );
    let mut p = proof.clone();
    p[64] |= 0x80;
    add(
        "unused flag bit set",
        p,
        &commitment,
        Value::Null,
        "invalid-point",
    );
    let mut p = proof.clone();
    p[0..32].fill(0xff);
    add(
        "-taux not canonical",
        p,
        &commitment,
        Value::Null,
        "non-canonical-scalar",
    );
    let mut p = proof.clone();
    p[193..225].fill(0);
    add(
        "t is zero",
        p,
        &commitment,
        Value::Null,
        "verification-failed",
    );
    let mut p = proof.clone();
    p[65..97].fill(0xff);
    add(
        "A.x not below p",
        p,
        &commitment,
        Value::Null,
        "invalid-point",
    );
    let mut p = proof.clone();
    p.push(0);
    add("trailing byte", p, &commitment, Value::Null, "wrong-length");
    add(
        "truncated",
        proof[..674].to_vec(),
        &commitment,
        Value::Null,
        "wrong-length",
    );
    add(
        "extra present, proof made without",
        proof.clone(),
        &commitment,
        json!("00"),
        "verification-failed",
    );
    add(
        "extra empty, proof made without",
        proof.clone(),
        &commitment,
        json!(""),
        "verification-failed",
    );
    let mut other = hex::decode(&commitment).unwrap();
    other[0] ^= 1;
    add(
        "negated commitment",
        proof.clone(),
        &hex::encode(&other),
        Value::Null,
        "verification-failed",
    );
    let mut bad = hex::decode(&commitment).unwrap();
    bad[0] = 2;
    add(
        "commitment prefix 02",
        proof.clone(),
        &hex::encode(&bad),
        Value::Null,
        "invalid-point",
    );
    let file = json!({
        "version": 1,
        "description": "Grin / Litecoin MWEB Bulletproofs (secp256k1-zkp format). Commitment = value*H + blinding*G (H: Elements generator, G: secp256k1 base point), 33 bytes. Proofs are byte-identical to secp256k1-zkp's given rewind_nonce and private_nonce (absent: the rewind nonce is used). extra: hex, null = absent (absent and empty differ). Invalid cases give `error` (bpkit's Error::kind).",
        "generators": {
            "G": hex::encode(bpkit::group::secp256k1::hash::point_to_xy(&gens.g)),
            "H": hex::encode(bpkit::group::secp256k1::hash::point_to_xy(&gens.h)),
            "G_0": hex::encode(bpkit::group::secp256k1::hash::point_to_xy(&gens.gi[0])),
            "H_0": hex::encode(bpkit::group::secp256k1::hash::point_to_xy(&gens.hi[0])),
            "G_127": hex::encode(bpkit::group::secp256k1::hash::point_to_xy(&gens.gi[127])),
            "H_127": hex::encode(bpkit::group::secp256k1::hash::point_to_xy(&gens.hi[127])),
        },
        "valid": valid,
        "invalid": invalid,
    });
    let mut text = serde_json::to_string_pretty(&file).unwrap();
    text.push('\n');
    text
}
