//! End-to-end tests of `bpkit circuit` and of circuit envelopes in `verify`, `batch-verify` and
//! `inspect`: every statement, every exit code.
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

/// Flips one bit in the middle of the envelope's proof.
fn flip_proof(envelope: &mut Value) {
    let proof = envelope["proof"].as_str().unwrap().to_owned();
    let mut bytes: Vec<u8> = (0..proof.len() / 2)
        .map(|i| u8::from_str_radix(&proof[2 * i..2 * i + 2], 16).unwrap())
        .collect();
    let mid = bytes.len() / 2;
    bytes[mid] ^= 1;
    let hex: String = bytes.iter().map(|b| format!("{b:02x}")).collect();
    envelope["proof"] = Value::String(hex);
}

#[test]
fn list() {
    let dir = TempDir::new("circuit-list");
    let run = dir.run(&["circuit", "list"]);
    run.expect_code(0);
    for name in ["sha256-preimage", "merkle-membership", "shuffle"] {
        assert!(run.stdout().contains(name), "{}", run.stdout());
    }
    dir.run(&["circuit"]).expect_code(2);
    dir.run(&["circuit", "lists"]).expect_code(2);
    dir.run(&["circuit", "prove", "md5", "--label", "x", "--out", "p.json"])
        .expect_code(2);
    dir.run(&["circuit", "--help"]).expect_code(0);
}

#[test]
fn sha256() {
    let dir = TempDir::new("circuit-sha256");
    dir.write("m.txt", "abc");
    let prove = |out: &str| {
        dir.run(&[
            "circuit",
            "prove",
            "sha256",
            "--message-file",
            "m.txt",
            "--label",
            "t",
            "--out",
            out,
        ])
    };
    prove("p.json").expect_code(0);
    let env = dir.json("p.json");
    assert_eq!(env["scheme"], "circuit");
    assert_eq!(env["statement"], "sha256-preimage");
    // FIPS 180-4: SHA-256("abc").
    assert_eq!(
        env["public"]["digest"],
        "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
    );
    assert_eq!(env["public"]["message_len"], 3);
    assert!(
        !dir.read("p.json").contains("abc\""),
        "the message must not appear"
    );
    assert_eq!(env["proof"].as_str().unwrap().len(), 2 * 1376);
    let run = dir.run(&["verify", "p.json"]);
    run.expect_code(0);
    assert_eq!(run.stdout(), "valid\n");
    let run = dir.run(&["inspect", "p.json"]);
    run.expect_code(0);
    assert!(run.stdout().contains("sha256-preimage"), "{}", run.stdout());
    assert!(run.stdout().contains("32768"), "{}", run.stdout());

    // Another digest, another length, another label, a flipped byte: invalid (exit 1).
    let mut other = env.clone();
    other["public"]["digest"] =
        Value::String("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ae".into());
    dir.verify_json("d.json", &other).expect_code(1);
    let mut other = env.clone();
    other["public"]["message_len"] = Value::from(4);
    dir.verify_json("l.json", &other).expect_code(1);
    let mut other = env.clone();
    other["label"] = Value::String("u".into());
    dir.verify_json("t.json", &other).expect_code(1);
    let mut other = env.clone();
    flip_proof(&mut other);
    let run = dir.verify_json("f.json", &other);
    assert!(matches!(run.code(), 1 | 3), "{}", run.stderr());

    // Malformed envelopes (exit 3).
    for (field, value) in [
        ("statement", Value::String("sha512-preimage".into())),
        ("proof", Value::String("zz".into())),
        ("public", serde_json::json!({"digest": "00"})),
        (
            "public",
            serde_json::json!({"digest": env["public"]["digest"], "message_len": 3, "extra": 1}),
        ),
        (
            "commitments",
            serde_json::json!(["e2f2ae0a6abc4e71a884a961c500515f58e30b6aa582dd8db6a65945e08d2d76"]),
        ),
        ("version", Value::from(2)),
    ] {
        let mut bad = env.clone();
        bad[field] = value;
        dir.verify_json("bad.json", &bad).expect_code(3);
        dir.run(&["inspect", "bad.json"]).expect_code(3);
    }
    // A message over 1024 bytes: refused (3); a missing file (4); a missing flag (2).
    dir.write("long.txt", &"x".repeat(1025));
    dir.run(&[
        "circuit",
        "prove",
        "sha256",
        "--message-file",
        "long.txt",
        "--label",
        "t",
        "--out",
        "q.json",
    ])
    .expect_code(3);
    dir.run(&[
        "circuit",
        "prove",
        "sha256",
        "--message-file",
        "missing.txt",
        "--label",
        "t",
        "--out",
        "q.json",
    ])
    .expect_code(4);
    dir.run(&[
        "circuit",
        "prove",
        "sha256",
        "--message-file",
        "m.txt",
        "--out",
        "q.json",
    ])
    .expect_code(2);
}

#[test]
fn merkle() {
    let dir = TempDir::new("circuit-merkle");
    dir.write("leaves.txt", "5\n17\n42\n99\n1000\n");
    let run = dir.run(&[
        "circuit",
        "prove",
        "merkle",
        "--leaves-file",
        "leaves.txt",
        "--index",
        "2",
        "--label",
        "t",
        "--out",
        "p.json",
    ]);
    run.expect_code(0);
    let env = dir.json("p.json");
    assert_eq!(env["statement"], "merkle-membership");
    assert_eq!(env["public"]["depth"], 3);
    assert_eq!(env["commitments"].as_array().unwrap().len(), 1);
    // The opening: the leaf's value, the envelope's commitment, private.
    let opening = dir.json("p.opening.json");
    assert_eq!(opening["value"], "42");
    assert_eq!(opening["commitment"], env["commitments"][0]);
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(dir.path("p.opening.json"))
            .unwrap()
            .permissions()
            .mode();
        assert_eq!(mode & 0o777, 0o600);
    }
    dir.run(&["verify", "p.json"]).expect_code(0);
    let run = dir.run(&["inspect", "p.json"]);
    run.expect_code(0);
    assert!(run.stdout().contains("depth:       3"), "{}", run.stdout());
    // Another root, another commitment (a fresh one to 42): invalid.
    let mut other = env.clone();
    other["public"]["root"] =
        Value::String("0100000000000000000000000000000000000000000000000000000000000000".into());
    dir.verify_json("r.json", &other).expect_code(1);
    dir.commit("42", "c.json");
    let mut other = env.clone();
    other["commitments"][0] = dir.json("c.json")["commitment"].clone();
    dir.verify_json("c2.json", &other).expect_code(1);
    // A non-canonical root and a depth above 32: malformed.
    let mut bad = env.clone();
    bad["public"]["root"] =
        Value::String("edd3f55c1a631258d69cf7a2def9de1400000000000000000000000000000010".into());
    dir.verify_json("b1.json", &bad).expect_code(3);
    let mut bad = env.clone();
    bad["public"]["depth"] = Value::from(33);
    dir.verify_json("b2.json", &bad).expect_code(3);
    // The opening is never overwritten; an index past the end is a usage error; a bad leaf is
    // malformed.
    dir.run(&[
        "circuit",
        "prove",
        "merkle",
        "--leaves-file",
        "leaves.txt",
        "--index",
        "1",
        "--label",
        "t",
        "--out",
        "p.json",
    ])
    .expect_code(4);
    dir.run(&[
        "circuit",
        "prove",
        "merkle",
        "--leaves-file",
        "leaves.txt",
        "--index",
        "5",
        "--label",
        "t",
        "--out",
        "q.json",
    ])
    .expect_code(2);
    dir.write("bad.txt", "1\ntwo\n");
    dir.run(&[
        "circuit",
        "prove",
        "merkle",
        "--leaves-file",
        "bad.txt",
        "--index",
        "0",
        "--label",
        "t",
        "--out",
        "q.json",
    ])
    .expect_code(3);
}

#[test]
fn shuffle_and_batch() {
    let dir = TempDir::new("circuit-shuffle");
    dir.write("a.txt", "3\n1\n4\n1\n5\n");
    dir.write("b.txt", "1\n5\n3\n4\n1\n");
    dir.write("c.txt", "1\n5\n3\n4\n2\n");
    dir.write("d.txt", "1\n5\n3\n4\n");
    let prove = |outputs: &str, out: &str| {
        dir.run(&[
            "circuit",
            "prove",
            "shuffle",
            "--inputs-file",
            "a.txt",
            "--outputs-file",
            outputs,
            "--label",
            "t",
            "--out",
            out,
        ])
    };
    prove("b.txt", "s.json").expect_code(0);
    let env = dir.json("s.json");
    assert_eq!(env["statement"], "shuffle");
    assert_eq!(env["public"]["k"], 5);
    assert_eq!(env["commitments"].as_array().unwrap().len(), 10);
    let openings = dir.json("s.openings.json");
    assert_eq!(openings["outputs"][1]["value"], "5");
    assert_eq!(openings["inputs"][0]["commitment"], env["commitments"][0]);
    dir.run(&["verify", "s.json"]).expect_code(0);
    dir.run(&["inspect", "s.json"]).expect_code(0);
    // Not a permutation, or not as many: the prover refuses (3).
    let run = prove("c.txt", "x.json");
    run.expect_code(3);
    assert!(
        run.stderr().contains("not a permutation"),
        "{}",
        run.stderr()
    );
    prove("d.txt", "y.json").expect_code(3);
    // Inputs and outputs exchanged: another statement (1).
    let mut swapped = env.clone();
    let c = env["commitments"].as_array().unwrap();
    let mut list: Vec<Value> = c[5..].to_vec();
    list.extend_from_slice(&c[..5]);
    swapped["commitments"] = Value::Array(list);
    dir.verify_json("w.json", &swapped).expect_code(1);
    // k disagreeing with the commitments: malformed.
    let mut bad = env.clone();
    bad["public"]["k"] = Value::from(4);
    dir.verify_json("k.json", &bad).expect_code(3);

    // batch-verify: a range proof, a shuffle and a Merkle proof in one batch.
    dir.commit("7", "o.json");
    dir.run(&[
        "prove",
        "--bits",
        "8",
        "--label",
        "r",
        "--out",
        "range.json",
        "o.json",
    ])
    .expect_code(0);
    dir.write("leaves.txt", "8\n9\n");
    dir.run(&[
        "circuit",
        "prove",
        "merkle",
        "--leaves-file",
        "leaves.txt",
        "--index",
        "0",
        "--label",
        "t",
        "--out",
        "m.json",
    ])
    .expect_code(0);
    let lines = [
        dir.read("range.json"),
        dir.read("s.json"),
        dir.read("m.json"),
    ];
    dir.write(
        "all.jsonl",
        &lines
            .iter()
            .map(|l| l.trim_end())
            .collect::<Vec<_>>()
            .join("\n"),
    );
    let run = dir.run(&["batch-verify", "all.jsonl"]);
    run.expect_code(0);
    assert!(
        run.stdout().contains("valid: 3 proof(s)"),
        "{}",
        run.stdout()
    );
    // One false circuit proof: located.
    let mut falsified = lines.clone();
    falsified[1] = swapped.to_string();
    dir.write(
        "bad.jsonl",
        &falsified
            .iter()
            .map(|l| l.trim_end())
            .collect::<Vec<_>>()
            .join("\n"),
    );
    let run = dir.run(&["batch-verify", "bad.jsonl"]);
    run.expect_code(1);
    assert!(run.stdout().contains("invalid: line 2"), "{}", run.stdout());
    // A malformed circuit line: exit 3.
    falsified[1] = bad.to_string();
    dir.write(
        "mal.jsonl",
        &falsified
            .iter()
            .map(|l| l.trim_end())
            .collect::<Vec<_>>()
            .join("\n"),
    );
    dir.run(&["batch-verify", "mal.jsonl"]).expect_code(3);
}

/// A well-formed one-phase circuit proof of `rounds` rounds, in hex (valid points, canonical
/// scalars): it decodes and has the statement's size, so only the limit stands before the work.
fn forged_proof_hex(rounds: usize) -> String {
    let point = "e2f2ae0a6abc4e71a884a961c500515f58e30b6aa582dd8db6a65945e08d2d76";
    let one = format!("01{}", "00".repeat(31));
    let mut out = String::new();
    (0..8).for_each(|_| out.push_str(point));
    (0..3).for_each(|_| out.push_str(&one));
    (0..2 * rounds).for_each(|_| out.push_str(point));
    (0..2).for_each(|_| out.push_str(&one));
    out
}

/// `--max-multipliers` for statement envelopes in `verify` and `batch-verify`: above the limit
/// (default 2^16) refused with exit 3 (circuit-too-large) before the circuit is recorded; at it
/// verified; raised, a statement above the default is verified.
#[test]
fn statement_size_limit() {
    let dir = TempDir::new("circuit-limit");
    let sha = |len: usize, rounds: usize| {
        serde_json::json!({
            "version": 1, "scheme": "circuit", "statement": "sha256-preimage",
            "public": {"digest": "ab".repeat(32), "message_len": len},
            "label": "x", "commitments": [], "proof": forged_proof_hex(rounds),
        })
    };
    // 1024 bytes: 446,373 multipliers. Refused by default and at one below, quickly.
    dir.write("big.json", &sha(1024, 19).to_string());
    let started = std::time::Instant::now();
    for extra in [&[][..], &["--max-multipliers", "446372"][..]] {
        let mut args = vec!["verify"];
        args.extend_from_slice(extra);
        args.push("big.json");
        let run = dir.run(&args);
        run.expect_code(3);
        assert!(
            run.stderr().contains("circuit-too-large"),
            "{}",
            run.stderr()
        );
        assert!(
            run.stderr().contains("446373 multipliers"),
            "{}",
            run.stderr()
        );
    }
    let run = dir.run(&["verify", "--max-multipliers", "0", "big.json"]);
    run.expect_code(3);
    assert!(run.stderr().contains("at most 0"), "{}", run.stderr());
    // batch-verify: the line is named, nothing is verified.
    dir.write("big.jsonl", &format!("{}\n", sha(1024, 19)));
    let run = dir.run(&["batch-verify", "big.jsonl"]);
    run.expect_code(3);
    assert!(run.stderr().contains("line 1: "), "{}", run.stderr());
    assert!(
        run.stderr().contains("circuit-too-large"),
        "{}",
        run.stderr()
    );
    let run = dir.run(&["batch-verify", "--max-multipliers", "446372", "big.jsonl"]);
    run.expect_code(3);
    assert!(
        run.stderr().contains("circuit-too-large"),
        "{}",
        run.stderr()
    );
    // Recording 446,373 multipliers and building 2^19 generators takes far longer than this.
    assert!(
        started.elapsed() < std::time::Duration::from_secs(20),
        "{:?}",
        started.elapsed()
    );

    // 120 bytes: 71,663 multipliers, above the default; raised to it, verified (the forged
    // proof is false: exit 1), in both commands.
    dir.write("three.json", &sha(120, 17).to_string());
    dir.write("three.jsonl", &format!("{}\n", sha(120, 17)));
    let run = dir.run(&["verify", "three.json"]);
    run.expect_code(3);
    assert!(
        run.stderr().contains("circuit-too-large"),
        "{}",
        run.stderr()
    );
    let run = dir.run(&["verify", "--max-multipliers", "71663", "three.json"]);
    run.expect_code(1);
    assert!(
        run.stdout().contains("verification-failed"),
        "{}",
        run.stdout()
    );
    dir.run(&["batch-verify", "three.jsonl"]).expect_code(3);
    let run = dir.run(&["batch-verify", "--max-multipliers", "71663", "three.jsonl"]);
    run.expect_code(1);
    assert_eq!(run.stdout().lines().next(), Some("invalid: line 1"));

    // A valid shuffle of 3 (4 multipliers): verified at its size, refused one below.
    dir.write("a.txt", "3\n1\n4\n");
    dir.write("b.txt", "1\n4\n3\n");
    dir.run(&[
        "circuit",
        "prove",
        "shuffle",
        "--inputs-file",
        "a.txt",
        "--outputs-file",
        "b.txt",
        "--label",
        "t",
        "--out",
        "s.json",
    ])
    .expect_code(0);
    dir.run(&["verify", "--max-multipliers", "4", "s.json"])
        .expect_code(0);
    let run = dir.run(&["verify", "--max-multipliers", "3", "s.json"]);
    run.expect_code(3);
    assert!(
        run.stderr().contains("declares 4 multipliers"),
        "{}",
        run.stderr()
    );
    dir.write("s.jsonl", &dir.read("s.json"));
    dir.run(&["batch-verify", "--max-multipliers", "4", "s.jsonl"])
        .expect_code(0);
    dir.run(&["batch-verify", "--max-multipliers", "3", "s.jsonl"])
        .expect_code(3);
    // Bad limits are usage errors (2), in both commands.
    for bad in ["4194305", "-1", "x", "04"] {
        dir.run(&["verify", "--max-multipliers", bad, "s.json"])
            .expect_code(2);
        dir.run(&["batch-verify", "--max-multipliers", bad, "s.jsonl"])
            .expect_code(2);
    }
}
