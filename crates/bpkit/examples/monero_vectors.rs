//! Writes tests/vectors/monero.json: the range proofs of Monero's own test transactions
//! (tests/vectors/monero/txs/, from monero-project/monero tests/data/txs/) as verify envelopes
//! with their on-chain commitments, plus tampered copies (swapped commitments, a flipped proof
//! byte, a non-canonical scalar, a truncated proof); checked by bpkit-envelope's tests.
#![allow(
    clippy::unwrap_used,
    clippy::indexing_slicing,
    clippy::arithmetic_side_effects
)]

use bpkit::monero::{RangeProofs, Transaction};

fn hex(b: &[u8]) -> String {
    b.iter().map(|x| format!("{x:02x}")).collect()
}

fn case(
    name: &str,
    source: &str,
    scheme: &str,
    c: &[[u8; 32]],
    proof: &[u8],
    expect: &str,
) -> String {
    let cs: Vec<String> = c.iter().map(|k| format!("\"{}\"", hex(k))).collect();
    format!(
        "    {{\"name\": \"{name}\", \"source\": \"{source}\", \"expect\": \"{expect}\", \"envelope\": {{\"version\": 1, \"scheme\": \"{scheme}\", \"commitments\": [{}], \"proof\": \"{}\"}}}}",
        cs.join(", "),
        hex(proof)
    )
}

fn main() {
    let dir = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../tests/vectors/monero/txs"
    );
    let mut cases = Vec::new();
    for file in [
        "bpp_tx_e89415.bin",
        "rct_bp_tx_a685d68e.bin",
        "rct_bp_compact_tx_10312fd4.bin",
        "rct_clsag_tx_200c3215.bin",
    ] {
        let bytes = std::fs::read(format!("{dir}/{file}")).unwrap();
        let tx = Transaction::from_bytes(&bytes).unwrap();
        let (scheme, proof) = match &tx.proofs {
            RangeProofs::BulletproofsPlus(v) => ("monero-bp+", v[0].to_bytes()),
            RangeProofs::Bulletproofs(v) => ("monero-bp", v[0].to_bytes()),
            RangeProofs::None => unreachable!(),
        };
        let source = format!("monero-project/monero tests/data/txs/{file}");
        let c = &tx.commitments;
        let stem = file.trim_end_matches(".bin");
        cases.push(case(stem, &source, scheme, c, &proof, "valid"));
        let mut swapped = c.clone();
        swapped.swap(0, 1);
        cases.push(case(
            &format!("{stem}-swapped-commitments"),
            &source,
            scheme,
            &swapped,
            &proof,
            "invalid",
        ));
        let mut flipped = proof.clone();
        flipped[100] ^= 1; // the fourth field: r1 (BP+, still canonical) or T2 (BP, still a point)
        cases.push(case(
            &format!("{stem}-flipped-byte-100"),
            &source,
            scheme,
            c,
            &flipped,
            "invalid",
        ));
        let mut big = proof.clone();
        big[159] = 0xff; // top byte of the fifth field (s1 or taux): not below ℓ
        cases.push(case(
            &format!("{stem}-non-canonical-scalar"),
            &source,
            scheme,
            c,
            &big,
            "malformed",
        ));
        cases.push(case(
            &format!("{stem}-truncated"),
            &source,
            scheme,
            c,
            &proof[..proof.len() - 1],
            "malformed",
        ));
    }
    let json = format!("{{\n  \"cases\": [\n{}\n  ]\n}}\n", cases.join(",\n"));
    let out = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../tests/vectors/monero.json"
    );
    std::fs::write(out, json).unwrap();
}
