//! `bpkit verify --circuit`: a proof against a circuit's canonical JSON description, with the
//! `--max-multipliers` limit (refused above it with exit 3 before any generator is built,
//! verified at it), and every exit code.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    clippy::arithmetic_side_effects
)]

mod common;

use common::TempDir;
use serde_json::Value;

fn vectors() -> Value {
    let path = format!(
        "{}/../../tests/vectors/circuit.json",
        env!("CARGO_MANIFEST_DIR")
    );
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

/// The first valid case of `circuit.json` written out: `circuit.json` (with a trailing
/// newline, as an editor leaves it), `proof.hex`, `commitments.txt`; returns the label and the
/// circuit's multipliers.
fn valid_case(dir: &TempDir) -> (String, usize) {
    let file = vectors();
    let case = file["cases"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["expected"] == "ok" && !c["commitments"].as_array().unwrap().is_empty())
        .unwrap();
    let description = case["circuit"].as_str().unwrap();
    dir.write("circuit.json", &format!("{description}\n"));
    dir.write("proof.hex", case["proof"].as_str().unwrap());
    let commitments: Vec<&str> = case["commitments"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c.as_str().unwrap())
        .collect();
    dir.write("commitments.txt", &(commitments.join("\n") + "\n"));
    let n = bpkit::circuit::Circuit::from_json(description)
        .unwrap()
        .multipliers();
    (file["transcript_label"].as_str().unwrap().to_string(), n)
}

#[test]
fn described_circuit_within_and_above_the_limit() {
    let dir = TempDir::new("described");
    let (label, n) = valid_case(&dir);
    let base = [
        "--circuit",
        "circuit.json",
        "--proof",
        "proof.hex",
        "--commitments",
        "commitments.txt",
        "--label",
        label.as_str(),
    ];
    let with = |extra: &[&str]| {
        let mut args = base.to_vec();
        args.extend_from_slice(extra);
        dir.verify(&args)
    };
    let (code, out, _) = with(&[]);
    assert_eq!((code, out.as_str()), (0, "valid\n"));
    // At the limit: verified. One below: refused, typed.
    let at = n.to_string();
    let below = (n - 1).to_string();
    assert_eq!(with(&["--max-multipliers", &at]).0, 0);
    let (code, out, err) = with(&["--max-multipliers", &below]);
    assert_eq!(code, 3, "{out}{err}");
    assert!(err.contains("circuit-too-large"), "{err}");
    assert!(err.contains(&format!("declares {n} multipliers")), "{err}");
    // Another label: a false proof (exit 1).
    let mut args = base.to_vec();
    args[7] = "another label";
    let (code, out, _) = dir.verify(&args);
    assert_eq!(code, 1);
    assert!(out.starts_with("invalid: "), "{out}");
    // Missing commitments: the circuit's count is checked (malformed, exit 3).
    let (code, _, err) = dir.verify(
        &base[..4]
            .iter()
            .chain(&base[6..])
            .copied()
            .collect::<Vec<_>>(),
    );
    assert_eq!(code, 3, "{err}");
}

#[test]
fn a_huge_description_is_refused_by_default() {
    let dir = TempDir::new("described-huge");
    // 2^22 multipliers (the format's maximum) and a well-formed proof of 22 rounds: without
    // the limit the verifier would build 2^23 generators before finding the proof false.
    dir.write(
        "circuit.json",
        r#"{"bpkit_circuit":1,"commitments":0,"multipliers":[4194304,0],"challenges":[],"phase1":[],"phase2":[]}"#,
    );
    let point = bpkit::Opening::new(1, bpkit::group::Scalar::ONE).commit();
    let p = bpkit_envelope::hex::encode(point.as_bytes());
    let one = bpkit_envelope::hex::encode(&bpkit::group::Scalar::ONE.to_bytes());
    let proof = [p.repeat(8), one.repeat(3), p.repeat(44), one.repeat(2)].concat();
    assert_eq!(
        bpkit::circuit::CircuitProof::from_bytes(&bpkit_envelope::hex::decode(&proof).unwrap())
            .unwrap()
            .rounds(),
        22
    );
    dir.write("proof.hex", &proof);
    let start = std::time::Instant::now();
    let (code, _, err) = dir.verify(&[
        "--circuit",
        "circuit.json",
        "--proof",
        "proof.hex",
        "--label",
        "x",
    ]);
    assert_eq!(code, 3, "{err}");
    assert!(err.contains("circuit-too-large"), "{err}");
    assert!(err.contains("at most 65536"), "{err}");
    assert!(start.elapsed().as_secs() < 10, "refused at once");
}

#[test]
fn usage_errors() {
    let dir = TempDir::new("described-usage");
    let (label, _) = valid_case(&dir);
    let run = |extra: &[&str]| {
        let mut args = vec![
            "--circuit",
            "circuit.json",
            "--proof",
            "proof.hex",
            "--label",
            label.as_str(),
        ];
        args.extend_from_slice(extra);
        dir.verify(&args).0
    };
    for bad in ["-1", "x", "4194305", "", "1e3"] {
        assert_eq!(run(&["--max-multipliers", bad]), 2, "{bad:?}");
    }
    assert_eq!(run(&["extra.json"]), 2);
    // The mode's flags without --circuit, except --max-multipliers, which also limits
    // statement envelopes (here the file is missing: 4).
    assert_eq!(dir.verify(&["--max-multipliers", "5", "x.json"]).0, 4);
    assert_eq!(dir.verify(&["--max-multipliers", "x", "x.json"]).0, 2);
    assert_eq!(dir.verify(&["--proof", "proof.hex"]).0, 2);
    // Missing --proof or --label.
    assert_eq!(
        dir.verify(&["--circuit", "circuit.json", "--label", "x"]).0,
        2
    );
    assert_eq!(
        dir.verify(&["--circuit", "circuit.json", "--proof", "proof.hex"])
            .0,
        2
    );
    // Unreadable and malformed files.
    assert_eq!(run(&["--commitments", "missing.txt"]), 4);
    dir.write("bad.txt", "zz\n");
    assert_eq!(run(&["--commitments", "bad.txt"]), 3);
    dir.write("bad.hex", "0g");
    assert_eq!(
        dir.verify(&[
            "--circuit",
            "circuit.json",
            "--proof",
            "bad.hex",
            "--label",
            "x"
        ])
        .0,
        3
    );
    dir.write("bad.json", "{}");
    assert_eq!(
        dir.verify(&[
            "--circuit",
            "bad.json",
            "--proof",
            "proof.hex",
            "--label",
            "x"
        ])
        .0,
        3
    );
}
