//! `bpkit monero verify-tx` on Monero's own test transactions (copied under
//! tests/vectors/monero/txs/), binary and hex, and on a tampered copy.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

use std::path::PathBuf;
use std::process::Command;

fn txs() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/vectors/monero/txs")
}

fn run(args: &[&str]) -> (i32, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_bpkit"))
        .args(args)
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
    )
}

#[test]
fn verify_tx_reports_each_transaction() {
    let d = txs();
    let names = [
        "bpp_tx_e89415.bin",
        "rct_bp_tx_a685d68e.bin",
        "rct_bp_compact_tx_10312fd4.bin",
        "rct_clsag_tx_200c3215.bin",
        "v2_coinbase_tx_7f88a52a.bin",
        "v1_tx_hf3_effcceb9.bin",
        "rct_simple_tx_c69861bf.bin",
    ];
    let paths: Vec<String> = names
        .iter()
        .map(|n| d.join(n).to_string_lossy().into_owned())
        .collect();
    let mut args = vec!["monero", "verify-tx"];
    args.extend(paths.iter().map(String::as_str));
    let (code, out) = run(&args);
    assert_eq!(code, 0, "{out}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), names.len(), "{out}");
    assert!(
        lines[0].contains("hash e89415")
            && lines[0].ends_with("type 6 outputs 2 bulletproofs+ valid"),
        "{out}"
    );
    assert!(
        lines[1].contains("type 3") && lines[1].ends_with("bulletproofs valid"),
        "{out}"
    );
    assert!(
        lines[2].contains("type 4") && lines[2].ends_with("bulletproofs valid"),
        "{out}"
    );
    assert!(
        lines[3].contains("type 5") && lines[3].ends_with("bulletproofs valid"),
        "{out}"
    );
    assert!(lines[4].ends_with("no Bulletproofs (type 0)"), "{out}");
    assert!(lines[5].ends_with("no Bulletproofs (type v1)"), "{out}");
    assert!(lines[6].ends_with("no Bulletproofs (type 2)"), "{out}");
}

#[test]
fn hex_input_tampered_and_truncated() {
    let bytes = std::fs::read(txs().join("bpp_tx_e89415.bin")).unwrap();
    let tmp = std::env::temp_dir().join(format!("bpkit-monero-cli-{}", std::process::id()));
    std::fs::create_dir_all(&tmp).unwrap();
    let hex: String = bytes.iter().map(|b| format!("{b:02x}")).collect();
    let hex_path = tmp.join("tx.hex");
    std::fs::write(&hex_path, format!("{hex}\n")).unwrap();
    let (code, out) = run(&["monero", "verify-tx", hex_path.to_str().unwrap()]);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("bulletproofs+ valid"), "{out}");

    // Flip a bit in the proof's r1 (the proof starts after the RingCT base; flip a byte near
    // the middle of the blob, inside the proof's L/R points or scalars).
    let t = bpkit::monero::Transaction::from_bytes(&bytes).unwrap();
    let proof = match &t.proofs {
        bpkit::monero::RangeProofs::BulletproofsPlus(v) => v[0].to_bytes(),
        _ => unreachable!(),
    };
    let at = bytes
        .windows(proof.len())
        .position(|w| w == proof.as_slice())
        .unwrap();
    let mut tampered = bytes.clone();
    tampered[at + 100] ^= 0x01; // inside r1
    let bad = tmp.join("bad.bin");
    std::fs::write(&bad, &tampered).unwrap();
    let (code, out) = run(&["monero", "verify-tx", bad.to_str().unwrap()]);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("invalid"), "{out}");

    let short = tmp.join("short.bin");
    std::fs::write(&short, &bytes[..bytes.len() - 1]).unwrap();
    let (code, out) = run(&["monero", "verify-tx", short.to_str().unwrap()]);
    assert_eq!(code, 3, "{out}");
    assert!(out.contains("malformed"), "{out}");
    let _ = std::fs::remove_dir_all(&tmp);
}

#[test]
fn verify_monero_envelopes() {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/vectors/monero.json");
    let doc: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let tmp = std::env::temp_dir().join(format!("bpkit-monero-env-{}", std::process::id()));
    std::fs::create_dir_all(&tmp).unwrap();
    for case in doc["cases"].as_array().unwrap() {
        let file = tmp.join("proof.json");
        std::fs::write(&file, case["envelope"].to_string()).unwrap();
        let (code, out) = run(&["verify", file.to_str().unwrap()]);
        let expected = match case["expect"].as_str().unwrap() {
            "valid" => 0,
            "invalid" => 1,
            _ => 3,
        };
        assert_eq!(code, expected, "{}: {out}", case["name"]);
    }
    let _ = std::fs::remove_dir_all(&tmp);
}

#[test]
fn batch_verify_monero_envelopes() {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/vectors/monero.json");
    let doc: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let cases = doc["cases"].as_array().unwrap();
    let tmp = std::env::temp_dir().join(format!("bpkit-monero-batch-{}", std::process::id()));
    std::fs::create_dir_all(&tmp).unwrap();
    // Valid and invalid (not malformed) cases, one per line.
    let chosen: Vec<&serde_json::Value> = cases
        .iter()
        .filter(|c| c["expect"] != "malformed")
        .collect();
    let text: String = chosen
        .iter()
        .map(|c| format!("{}\n", c["envelope"]))
        .collect();
    let file = tmp.join("all.jsonl");
    std::fs::write(&file, &text).unwrap();
    let (code, out) = run(&["batch-verify", file.to_str().unwrap()]);
    assert_eq!(code, 1, "{out}");
    let bad: Vec<usize> = chosen
        .iter()
        .enumerate()
        .filter(|(_, c)| c["expect"] == "invalid")
        .map(|(i, _)| i + 1)
        .collect();
    let listed = bad
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(", ");
    assert!(
        out.starts_with(&format!("invalid: lines {listed}\n")),
        "{out}"
    );
    // Only the valid ones: exit 0.
    let valid: String = chosen
        .iter()
        .filter(|c| c["expect"] == "valid")
        .map(|c| format!("{}\n", c["envelope"]))
        .collect();
    std::fs::write(&file, &valid).unwrap();
    let (code, out) = run(&["batch-verify", file.to_str().unwrap()]);
    assert_eq!(code, 0, "{out}");
    let count = chosen.iter().filter(|c| c["expect"] == "valid").count();
    assert_eq!(count, 10); // 4 real transactions, 6 of bpkit's proofs
    assert_eq!(out, format!("valid: {count} proof(s) (in one batch)\n"));
    let _ = std::fs::remove_dir_all(&tmp);
}

/// The forged batches of advisory BPKIT-2026-001 (`tests/vectors/monero_forged.json`: each
/// verified as a batch under bpkit 0.1.0's weights, every proof false alone): `batch-verify`
/// refuses each and names every forged line; each line alone is refused too.
#[test]
fn batch_verify_refuses_forged_monero_batches() {
    let path =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/vectors/monero_forged.json");
    let doc: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let tmp = std::env::temp_dir().join(format!("bpkit-monero-forged-{}", std::process::id()));
    std::fs::create_dir_all(&tmp).unwrap();
    let cases = doc["cases"].as_array().unwrap();
    assert_eq!(cases.len(), 3);
    for case in cases {
        let name = case["name"].as_str().unwrap();
        let lines: Vec<String> = case["items"]
            .as_array()
            .unwrap()
            .iter()
            .map(|it| {
                serde_json::json!({
                    "version": 1,
                    "scheme": case["scheme"],
                    "commitments": it["commitments"],
                    "proof": it["proof"],
                })
                .to_string()
            })
            .collect();
        let file = tmp.join("forged.jsonl");
        std::fs::write(&file, lines.join("\n") + "\n").unwrap();
        let (code, out) = run(&["batch-verify", file.to_str().unwrap()]);
        assert_eq!(code, 1, "{name}: {out}");
        let listed = case["invalid"]
            .as_array()
            .unwrap()
            .iter()
            .map(|i| (i.as_u64().unwrap() + 1).to_string())
            .collect::<Vec<_>>()
            .join(", ");
        assert!(
            out.starts_with(&format!("invalid: lines {listed}\n")),
            "{name}: {out}"
        );
        for line in &lines {
            let one = tmp.join("one.json");
            std::fs::write(&one, line).unwrap();
            let (code, out) = run(&["verify", one.to_str().unwrap()]);
            assert_eq!(code, 1, "{name}: {out}");
        }
    }
    let _ = std::fs::remove_dir_all(&tmp);
}

/// `bpkit` run in `dir`.
fn run_in(dir: &std::path::Path, args: &[&str]) -> (i32, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_bpkit"))
        .args(args)
        .current_dir(dir)
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        format!(
            "{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        ),
    )
}

#[test]
fn commit_prove_verify_monero_plus() {
    commit_prove_verify("monero-bp+", 6);
}

#[test]
fn commit_prove_verify_monero_original() {
    commit_prove_verify("monero-bp", 9);
}

/// `commit --scheme monero`, `prove --scheme SCHEME`, `verify`, and the refusals, for one of
/// Monero's two proof kinds (`fixed`: its 32-byte fields besides L and R).
#[allow(clippy::arithmetic_side_effects)]
fn commit_prove_verify(scheme: &str, fixed: usize) {
    let d = std::env::temp_dir().join(format!(
        "bpkit-monero-prove-{scheme}-{}",
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    for (file, value) in [
        ("a.json", "18446744073709551615"),
        ("b.json", "7"),
        ("c.json", "0"),
    ] {
        let (code, out) = run_in(
            &d,
            &[
                "commit", "--scheme", "monero", "--value", value, "--out", file,
            ],
        );
        assert_eq!(code, 0, "{out}");
        let opening: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(d.join(file)).unwrap()).unwrap();
        assert_eq!(opening["scheme"], "monero");
        assert_eq!(opening["value"], value);
        assert_eq!(opening["commitment"].as_str().unwrap().len(), 64);
    }
    let (code, out) = run_in(
        &d,
        &[
            "prove", "--scheme", scheme, "--out", "p.json", "a.json", "b.json", "c.json",
        ],
    );
    assert_eq!(code, 0, "{out}");
    let env: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(d.join("p.json")).unwrap()).unwrap();
    assert_eq!(env["scheme"], scheme);
    // The envelope's commitments are the openings' (on-chain C, not ×1/8), in order.
    for (i, file) in ["a.json", "b.json", "c.json"].iter().enumerate() {
        let opening: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(d.join(file)).unwrap()).unwrap();
        assert_eq!(env["commitments"][i], opening["commitment"]);
    }
    // Three outputs: 8 rounds, fixed·32 + 2·(1 + 8·32) bytes.
    assert_eq!(
        env["proof"].as_str().unwrap().len(),
        (fixed * 32 + 2 + 16 * 32) * 2
    );
    let (code, out) = run_in(&d, &["verify", "p.json"]);
    assert_eq!(code, 0, "{out}");

    // Swapped commitments: invalid (exit 1).
    let mut swapped = env.clone();
    swapped["commitments"][0] = env["commitments"][1].clone();
    swapped["commitments"][1] = env["commitments"][0].clone();
    std::fs::write(d.join("s.json"), swapped.to_string()).unwrap();
    let (code, out) = run_in(&d, &["verify", "s.json"]);
    assert_eq!(code, 1, "{out}");

    // An opening whose commitment does not match: malformed (exit 3), nothing written.
    let mut bad: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(d.join("b.json")).unwrap()).unwrap();
    bad["value"] = "8".into();
    std::fs::write(d.join("bad.json"), bad.to_string()).unwrap();
    let (code, out) = run_in(
        &d,
        &["prove", "--scheme", scheme, "--out", "q.json", "bad.json"],
    );
    assert_eq!(code, 3, "{out}");
    assert!(!d.join("q.json").exists());
    // Options of other schemes, other bit sizes, too many openings: usage errors (exit 2).
    for args in [
        &[
            "prove", "--scheme", scheme, "--label", "x", "--out", "r.json", "a.json",
        ][..],
        &[
            "prove", "--scheme", scheme, "--bits", "32", "--out", "r.json", "a.json",
        ][..],
    ] {
        let (code, out) = run_in(&d, args);
        assert_eq!(code, 2, "{args:?}: {out}");
    }
    let many: Vec<&str> = std::iter::repeat_n("a.json", 17).collect();
    let mut args = vec!["prove", "--scheme", scheme, "--out", "r.json"];
    args.extend(many);
    let (code, out) = run_in(&d, &args);
    assert_eq!(code, 2, "{out}");
    // A grin or bpkit opening is not a monero opening.
    let (code, out) = run_in(&d, &["commit", "--value", "5", "--out", "plain.json"]);
    assert_eq!(code, 0, "{out}");
    let (code, out) = run_in(
        &d,
        &["prove", "--scheme", scheme, "--out", "r.json", "plain.json"],
    );
    assert_eq!(code, 3, "{out}");
    let _ = std::fs::remove_dir_all(&d);
}
