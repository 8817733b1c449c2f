//! Generates `tests/vectors/bulletproofs_plus.json`: valid Bulletproofs+ proofs, invalid ones
//! (a valid proof against a wrong statement) and malformed encodings, each with the expected
//! `Error::kind()`. Deterministic: every random choice comes from fixed seeds.
//!
//! `cargo run -p bpkit --example plus_vectors [-- OUTPUT]`
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    clippy::arithmetic_side_effects
)]

use bpkit::plus::{ExtendedOpening, PlusGens, PlusProof, PlusStatement, RecoverySeed};
use merlin::Transcript;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha20Rng;
use serde_json::{json, Value};

const LABEL: &[u8] = b"bpkit test vectors";

fn gens(set: &str, k: usize) -> PlusGens {
    match set {
        "bpkit" => PlusGens::bpkit(k),
        _ => PlusGens::tari(k),
    }
    .unwrap()
}

struct Made {
    set: &'static str,
    k: usize,
    statement: PlusStatement,
    proof: PlusProof,
    opening0: ExtendedOpening,
    seed: Option<[u8; 32]>,
}

fn statement_json(set: &str, k: usize, st: &PlusStatement) -> Value {
    json!({
        "generators": set,
        "extension_degree": k,
        "bits": st.bits(),
        "commitments": st.commitments().iter().map(|c| hex::encode(c.as_bytes())).collect::<Vec<_>>(),
        "minimums": st.minimums(),
        "label": String::from_utf8_lossy(LABEL),
    })
}

fn make(
    set: &'static str,
    bits: usize,
    m: usize,
    k: usize,
    with_min: bool,
    recoverable: bool,
    seed: u64,
) -> Made {
    let mut rng = ChaCha20Rng::seed_from_u64(seed);
    let g = gens(set, k);
    let mut openings = Vec::new();
    let mut mins = Vec::new();
    for _ in 0..m {
        let raw: u64 = rng.random();
        let span = if bits == 64 {
            raw
        } else {
            raw & ((1u64 << bits) - 1)
        };
        let min = if with_min { span / 3 } else { 0 };
        let v = min.saturating_add(span / 2);
        openings.push(ExtendedOpening::random(v, k, &mut rng));
        mins.push(min);
    }
    let st = PlusStatement::commit(g.pedersen(), bits, &openings, Some(mins)).unwrap();
    let (proof, seed_bytes) = if recoverable {
        let seed_bytes =
            bpkit::group::Scalar::from(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15)).to_bytes();
        let rs = RecoverySeed::from_bytes(&seed_bytes).unwrap();
        let p = PlusProof::prove_recoverable(
            &mut Transcript::new(LABEL),
            &g,
            &st,
            &openings[0],
            &rs,
            &mut rng,
        )
        .unwrap();
        (p, Some(seed_bytes))
    } else {
        (
            PlusProof::prove(&mut Transcript::new(LABEL), &g, &st, &openings, &mut rng).unwrap(),
            None,
        )
    };
    proof.verify(&mut Transcript::new(LABEL), &g, &st).unwrap();
    Made {
        set,
        k,
        statement: st,
        proof,
        opening0: openings[0].clone(),
        seed: seed_bytes,
    }
}

fn main() {
    let out = std::env::args().nth(1).unwrap_or_else(|| {
        format!(
            "{}/../../tests/vectors/bulletproofs_plus.json",
            env!("CARGO_MANIFEST_DIR")
        )
    });
    // (generators, n, m, k, minimums, recoverable)
    let grid: &[(&'static str, usize, usize, usize, bool, bool)] = &[
        ("bpkit", 64, 1, 1, false, false),
        ("bpkit", 8, 1, 1, true, false),
        ("bpkit", 32, 3, 2, true, false),
        ("bpkit", 16, 4, 6, false, false),
        ("bpkit", 64, 1, 3, true, true),
        ("tari", 64, 1, 1, false, false),
        ("tari", 16, 2, 4, true, false),
        ("tari", 8, 5, 5, true, false),
        ("tari", 32, 1, 2, false, true),
    ];
    let made: Vec<Made> = grid
        .iter()
        .enumerate()
        .map(|(i, &(set, n, m, k, min, rec))| make(set, n, m, k, min, rec, 100 + i as u64))
        .collect();

    let mut valid = Vec::new();
    for (i, x) in made.iter().enumerate() {
        let mut v = json!({
            "name": format!("valid-{i}-{}-n{}-m{}-k{}", x.set, x.statement.bits(), x.statement.values(), x.k),
            "statement": statement_json(x.set, x.k, &x.statement),
            "proof": hex::encode(x.proof.to_bytes()),
        });
        if let Some(seed) = x.seed {
            v["recovery"] = json!({
                "seed": hex::encode(seed),
                "value": x.opening0.value,
                "blindings": x.opening0.blindings.iter().map(|b| hex::encode(b.as_bytes())).collect::<Vec<_>>(),
            });
        }
        valid.push(v);
    }

    // Invalid: well-formed proofs against statements they do not prove.
    let mut invalid = Vec::new();
    let base = &made[2]; // bpkit, n = 32, m = 3, k = 2, minimums
    let st = &base.statement;
    let mut push_invalid =
        |name: &str, set: &str, k: usize, st: PlusStatement, proof: &PlusProof, kind: &str| {
            invalid.push(json!({
                "name": name,
                "statement": statement_json(set, k, &st),
                "proof": hex::encode(proof.to_bytes()),
                "expected_error": kind,
            }));
        };
    let mut mins = st.minimums().to_vec();
    mins[0] += 1;
    push_invalid(
        "wrong-minimum",
        "bpkit",
        2,
        PlusStatement::with_minimums(32, st.commitments().to_vec(), mins).unwrap(),
        &base.proof,
        "verification-failed",
    );
    let mut cs = st.commitments().to_vec();
    cs.swap(0, 2);
    push_invalid(
        "swapped-commitments",
        "bpkit",
        2,
        PlusStatement::with_minimums(32, cs, st.minimums().to_vec()).unwrap(),
        &base.proof,
        "verification-failed",
    );
    let mut cs = st.commitments().to_vec();
    cs[1] = made[3].statement.commitments()[0];
    push_invalid(
        "wrong-commitment",
        "bpkit",
        2,
        PlusStatement::with_minimums(32, cs, st.minimums().to_vec()).unwrap(),
        &base.proof,
        "verification-failed",
    );
    push_invalid(
        "wrong-generators",
        "tari",
        2,
        st.clone(),
        &base.proof,
        "verification-failed",
    );
    push_invalid(
        "wrong-extension-degree",
        "bpkit",
        3,
        st.clone(),
        &base.proof,
        "extension-mismatch",
    );
    push_invalid(
        "wrong-bit-size",
        "bpkit",
        2,
        PlusStatement::new(16, st.commitments().to_vec()).unwrap(),
        &base.proof,
        "size-mismatch",
    );
    push_invalid(
        "same-size-other-n",
        "bpkit",
        2,
        PlusStatement::new(64, st.commitments()[..2].to_vec()).unwrap(),
        &base.proof,
        "verification-failed",
    );
    let mut cs = st.commitments().to_vec();
    cs[0] = bpkit::group::CompressedRistretto([0xee; 32]);
    push_invalid(
        "undecodable-commitment",
        "bpkit",
        2,
        PlusStatement::with_minimums(32, cs, st.minimums().to_vec()).unwrap(),
        &base.proof,
        "invalid-commitment",
    );
    let mut bytes = base.proof.to_bytes();
    let at = 1 + 32 * 2 + 32 * 3; // r1
    bytes[at] ^= 1;
    push_invalid(
        "tampered-r1",
        "bpkit",
        2,
        st.clone(),
        &PlusProof::from_bytes(&bytes).unwrap(),
        "verification-failed",
    );

    // Malformed encodings.
    let good = made[0].proof.to_bytes();
    let mut malformed = Vec::new();
    let mut push_bad = |name: &str, bytes: Vec<u8>, kind: &str| {
        assert_eq!(
            PlusProof::from_bytes(&bytes).unwrap_err().kind(),
            kind,
            "{name}"
        );
        malformed
            .push(json!({ "name": name, "proof": hex::encode(bytes), "expected_error": kind }));
    };
    push_bad("empty", vec![], "wrong-length");
    push_bad("truncated", good[..good.len() - 1].to_vec(), "wrong-length");
    let mut b = good.clone();
    b.push(0);
    push_bad("trailing-byte", b, "wrong-length");
    let mut b = good.clone();
    b.extend_from_slice(&[0; 64]);
    push_bad("extra-round-of-zeros", b, "identity-point");
    push_bad("too-large", vec![1; 1122], "too-large");
    let mut b = good.clone();
    b[0] = 0;
    push_bad("degree-0", b, "invalid-extension-degree");
    let mut b = good.clone();
    b[0] = 7;
    push_bad("degree-7", b, "invalid-extension-degree");
    let mut b = good.clone();
    b[0] = 2;
    push_bad("degree-disagrees-with-length", b, "wrong-length");
    let mut b = good.clone();
    b[1..33].copy_from_slice(&[0xff; 32]);
    push_bad("non-canonical-d1", b, "non-canonical-scalar");
    let mut b = good.clone();
    // d1 + ℓ: the canonical scalar plus the group order is non-canonical.
    let ell: [u8; 32] =
        hex::decode("edd3f55c1a631258d69cf7a2def9de1400000000000000000000000000000010")
            .unwrap()
            .try_into()
            .unwrap();
    let mut carry = 0u16;
    for i in 0..32 {
        let s = u16::from(b[129 + i]) + u16::from(ell[i]) + carry;
        b[129 + i] = s as u8;
        carry = s >> 8;
    }
    if carry == 0 {
        push_bad("r1-plus-group-order", b, "non-canonical-scalar");
    }
    let mut b = good.clone();
    b[33..65].copy_from_slice(&[0; 32]);
    push_bad("identity-A", b, "identity-point");
    let mut b = good.clone();
    b[65..97].copy_from_slice(&[0xff; 32]);
    push_bad("invalid-A1", b, "invalid-point");
    let mut b = good.clone();
    let last = b.len() - 32;
    b[last..].copy_from_slice(&[0; 32]);
    push_bad("identity-last-R", b, "identity-point");
    let mut b = good.clone();
    b[193] ^= 0x80; // a point with the sign bit of its last byte... here the first byte of L0
    if PlusProof::from_bytes(&b).is_err() {
        let kind = PlusProof::from_bytes(&b).unwrap_err().kind();
        push_bad("corrupt-L0", b, kind);
    }

    let doc = json!({
        "description": "bpkit Bulletproofs+ test vectors (docs/plus.md). Proofs are hex; commitments are hex Ristretto encodings; minimums are u64. 'generators' is 'bpkit' (PlusGens::bpkit) or 'tari' (PlusGens::tari). Valid proofs verify and re-encode to the same bytes; invalid proofs decode but fail against their statement with 'expected_error' (Error::kind); malformed proofs fail to decode with 'expected_error'.",
        "scheme": "bulletproofs+",
        "valid": valid,
        "invalid": invalid,
        "malformed": malformed,
    });
    let text = serde_json::to_string_pretty(&doc).unwrap();
    if let Some(dir) = std::path::Path::new(&out).parent() {
        std::fs::create_dir_all(dir).unwrap();
    }
    std::fs::write(&out, text + "\n").unwrap();
    println!("wrote {out}");
}
