//! End-to-end tests of the `bpkit` binary: exit codes, files and messages.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    clippy::arithmetic_side_effects
)]

mod common;

use common::{Run, TempDir};
use serde_json::{json, Value};
use std::process::Command;

/// The group order ℓ, little-endian: the smallest non-canonical scalar.
const ELL: &str = "edd3f55c1a631258d69cf7a2def9de1400000000000000000000000000000010";

/// Replaces the 32-byte element at `index` (0 = A, 4 = t_x, ...) of the envelope's proof.
fn replace_element(envelope: &mut Value, index: usize, hex32: &str) {
    let proof = envelope["proof"].as_str().unwrap();
    let start = index * 64;
    let new = format!("{}{}{}", &proof[..start], hex32, &proof[start + 64..]);
    envelope["proof"] = json!(new);
}

/// Proves one 64-bit value and returns the directory holding `a.json` and `p.json`.
fn single_proof(name: &str) -> TempDir {
    let dir = TempDir::new(name);
    dir.commit("42", "a.json");
    dir.run(&[
        "prove", "--bits", "64", "--label", "test", "--out", "p.json", "a.json",
    ])
    .expect_code(0);
    dir
}

#[test]
fn commit_prove_verify() {
    let dir = single_proof("roundtrip");
    let run = dir.run(&["verify", "p.json"]);
    run.expect_code(0);
    assert_eq!(run.stdout(), "valid\n");

    let env = dir.json("p.json");
    let opening = dir.json("a.json");
    assert_eq!(env["version"], json!(1));
    assert_eq!(env["scheme"], json!("bp"));
    assert_eq!(env["bits"], json!(64));
    assert_eq!(env["label"], json!("test"));
    assert_eq!(env["commitments"], json!([opening["commitment"]]));
    assert_eq!(env["proof"].as_str().unwrap().len(), 2 * 672);
    assert!(env.get("range").is_none());
    assert_eq!(opening["value"], json!("42"));
    // One line, so that envelopes can be concatenated one per line.
    assert_eq!(dir.read("p.json").lines().count(), 1);
}

/// A receiver states what it expects (issue 34): the attacker's valid proof about their own
/// commitment passes plain `verify` (the envelope checked against itself) and is refused with
/// `--expect-*` (exit 1, before the proof is decoded); the expected proof passes.
#[test]
fn verify_against_the_expected_statement() {
    let dir = single_proof("expect");
    let mine = dir.json("a.json")["commitment"]
        .as_str()
        .unwrap()
        .to_owned();
    dir.commit("42", "b.json");
    dir.run(&[
        "prove", "--bits", "64", "--label", "test", "--out", "q.json", "b.json",
    ])
    .expect_code(0);
    let expect = |file: &str, label: &str, c: &str, extra: &[&str]| {
        let mut args = vec!["verify", "--expect-label", label, "--expect-commitments", c];
        args.extend_from_slice(extra);
        args.push(file);
        dir.run(&args)
    };
    let ok = expect("p.json", "test", &mine, &["--expect-bits", "64"]);
    ok.expect_code(0);
    assert_eq!(ok.stdout(), "valid\n");
    // The attacker's envelope: valid on its own, not about the receiver's commitment.
    dir.run(&["verify", "q.json"]).expect_code(0);
    let refused = expect("q.json", "test", &mine, &[]);
    refused.expect_code(1);
    assert!(
        refused
            .stdout()
            .contains("not about the expected statement: commitments"),
        "{}",
        refused.stdout()
    );
    expect("p.json", "other", &mine, &[]).expect_code(1);
    expect("p.json", "test", &mine, &["--expect-bits", "32"]).expect_code(1);
    expect("p.json", "test", &mine, &["--expect-range", "18,130"]).expect_code(1);
    // Both the label and the commitments are needed; bad values are usage errors.
    dir.run(&["verify", "--expect-label", "test", "p.json"])
        .expect_code(2);
    expect("p.json", "test", "zz", &[]).expect_code(2);
    expect("p.json", "test", &mine, &["--expect-range", "5"]).expect_code(2);
}

/// One overwrite policy (issue 34): every command refuses to replace an existing file unless
/// `--force`; `--out -` writes to standard output (the "wrote" line goes to standard error);
/// special files such as /dev/null are written to.
#[test]
fn outputs_follow_one_overwrite_policy() {
    let dir = single_proof("overwrite");
    let before = dir.read("p.json");
    let prove = |extra: &[&str]| {
        let mut args = vec!["prove", "--bits", "64", "--label", "test"];
        args.extend_from_slice(extra);
        args.push("a.json");
        dir.run(&args)
    };
    let refused = prove(&["--out", "p.json"]);
    refused.expect_code(4);
    assert!(refused.stderr().contains("--force"), "{}", refused.stderr());
    assert_eq!(dir.read("p.json"), before);
    prove(&["--out", "p.json", "--force"]).expect_code(0);
    assert_ne!(dir.read("p.json"), before);
    dir.run(&["verify", "p.json"]).expect_code(0);

    let to_stdout = prove(&["--out", "-"]);
    to_stdout.expect_code(0);
    assert!(
        to_stdout.stdout().starts_with("{\"version\":1"),
        "{}",
        to_stdout.stdout()
    );
    assert_eq!(to_stdout.stdout().lines().count(), 1);
    assert!(
        to_stdout.stderr().starts_with("wrote -:"),
        "{}",
        to_stdout.stderr()
    );
    assert!(!dir.path("-").exists());
    #[cfg(unix)]
    prove(&["--out", "/dev/null"]).expect_code(0);

    // Openings: the same policy, and a replaced opening is private again.
    dir.run(&["commit", "--value", "5", "--out", "a.json"])
        .expect_code(4);
    dir.run(&["commit", "--value", "5", "--out", "a.json", "--force"])
        .expect_code(0);
    assert_eq!(dir.json("a.json")["value"], json!("5"));
    let printed = dir.run(&["commit", "--value", "6", "--out", "-"]);
    printed.expect_code(0);
    assert!(
        printed.stdout().contains("\"value\": \"6\""),
        "{}",
        printed.stdout()
    );

    // `verify` given an opening says what it is.
    let run = dir.run(&["verify", "a.json"]);
    run.expect_code(3);
    assert!(
        run.stderr().contains("this is an opening"),
        "{}",
        run.stderr()
    );
}

/// A cut proof: `verify` and `inspect` name the same length, the one its statement needs
/// (three 64-bit values, padded to four: 800 bytes), not the decoder's smallest proof.
#[test]
fn verify_and_inspect_agree_on_the_needed_length() {
    let dir = TempDir::new("cut");
    dir.commit_all(&[("5", "a.json"), ("6", "b.json"), ("7", "c.json")]);
    dir.run(&[
        "prove", "--bits", "64", "--label", "x", "--out", "p.json", "a.json", "b.json", "c.json",
    ])
    .expect_code(0);
    let mut env = dir.json("p.json");
    let cut = env["proof"].as_str().unwrap()[..200].to_owned();
    env["proof"] = json!(cut);
    dir.verify_json("cut.json", &env).expect_code(3);
    let run = dir.run(&["verify", "cut.json"]);
    assert!(
        run.stderr().contains("expected 800 bytes, found 100"),
        "{}",
        run.stderr()
    );
    let inspect = dir.run(&["inspect", "cut.json"]);
    assert!(
        inspect.stdout().contains("needs 800"),
        "{}",
        inspect.stdout()
    );
}

/// Interval proofs without `--bits` take the smallest bit size that covers the interval
/// (issue 34: the rule of every binding); other proofs still need `--bits`.
#[test]
fn interval_bits_default_to_the_smallest_that_fits() {
    let dir = TempDir::new("interval-bits");
    dir.commit("150", "a.json");
    for (range, bits) in [
        ("100..200", 8),
        ("100..400", 16),
        ("0..18446744073709551616", 64),
    ] {
        let out = format!("p{bits}.json");
        dir.run(&[
            "prove", "--label", "x", "--range", range, "--out", &out, "a.json",
        ])
        .expect_code(0);
        assert_eq!(dir.json(&out)["bits"], json!(bits), "{range}");
        dir.run(&["verify", &out]).expect_code(0);
    }
    dir.run(&["prove", "--label", "x", "--out", "q.json", "a.json"])
        .expect_code(2);
}

#[cfg(unix)]
#[test]
fn opening_file_is_private_and_never_overwritten() {
    use std::os::unix::fs::PermissionsExt;
    let dir = TempDir::new("mode");
    dir.commit("7", "a.json");
    let mode = std::fs::metadata(dir.path("a.json"))
        .unwrap()
        .permissions()
        .mode();
    assert_eq!(mode & 0o777, 0o600);
    let before = dir.read("a.json");
    let run = dir.run(&["commit", "--value", "8", "--out", "a.json"]);
    run.expect_code(4);
    assert_eq!(dir.read("a.json"), before);
}

#[test]
fn commit_to_stdout() {
    let dir = TempDir::new("stdout");
    let run = dir.run(&["commit", "--value", "18446744073709551615"]);
    run.expect_code(0);
    let opening: Value = serde_json::from_str(&run.stdout()).unwrap();
    assert_eq!(opening["value"], json!("18446744073709551615"));
    assert_eq!(opening["blinding"].as_str().unwrap().len(), 64);
    assert_eq!(opening["commitment"].as_str().unwrap().len(), 64);
    // Two commitments to the same value differ (fresh blinding).
    let again = dir.run(&["commit", "--value", "18446744073709551615"]);
    assert_ne!(again.stdout(), run.stdout());
    for bad in ["18446744073709551616", "-1", "1.5", "0x10", "", "007"] {
        dir.run(&["commit", "--value", bad]).expect_code(2);
    }
}

#[test]
fn aggregated_proof_of_three_openings() {
    let dir = TempDir::new("aggregated");
    dir.commit_all(&[("1", "a.json"), ("255", "b.json"), ("0", "c.json")]);
    dir.run(&[
        "prove", "--bits", "8", "--label", "agg", "--out", "p.json", "a.json", "b.json", "c.json",
    ])
    .expect_code(0);
    dir.run(&["verify", "p.json"]).expect_code(0);
    let env = dir.json("p.json");
    let expected = dir.commitments(&["a.json", "b.json", "c.json"]);
    assert_eq!(env["commitments"], json!(expected));
    // n·m' = 8·4 = 32 = 2^5: (2·5 + 9)·32 bytes.
    assert_eq!(env["proof"].as_str().unwrap().len(), 2 * 608);

    // Reordering the commitments breaks the proof.
    let mut swapped = env.clone();
    swapped["commitments"] = json!([expected[1], expected[0], expected[2]]);
    dir.verify_json("swapped.json", &swapped).expect_code(1);

    // 256 does not fit in 8 bits: refused, and nothing is written.
    dir.commit("256", "big.json");
    let run = dir.run(&[
        "prove", "--bits", "8", "--label", "agg", "--out", "q.json", "a.json", "big.json",
    ]);
    run.expect_code(3);
    assert!(run.stderr().contains("big.json"), "{}", run.stderr());
    assert!(run.stderr().contains("outside"), "{}", run.stderr());
    assert!(!dir.path("q.json").exists());
}

#[test]
fn range_boundaries() {
    let dir = TempDir::new("range");
    for v in ["9", "10", "19", "20"] {
        dir.commit(v, &format!("{v}.json"));
    }
    for v in ["10", "19"] {
        let out = format!("p{v}.json");
        dir.run(&[
            "prove",
            "--bits",
            "8",
            "--label",
            "rng",
            "--range",
            "10..20",
            "--out",
            &out,
            &format!("{v}.json"),
        ])
        .expect_code(0);
        dir.run(&["verify", &out]).expect_code(0);
        let env = dir.json(&out);
        assert_eq!(env["range"], json!(["10", "20"]));
        assert_eq!(
            env["commitments"],
            json!([dir.json(&format!("{v}.json"))["commitment"]])
        );
    }
    for v in ["9", "20"] {
        let out = format!("p{v}.json");
        let run = dir.run(&[
            "prove",
            "--bits",
            "8",
            "--label",
            "rng",
            "--range",
            "10..20",
            "--out",
            &out,
            &format!("{v}.json"),
        ]);
        run.expect_code(3);
        assert!(
            run.stderr()
                .contains(&format!("the value {v} is outside [10, 20)")),
            "{}",
            run.stderr()
        );
        assert!(!dir.path(&out).exists());
    }

    // The proof is bound to its range: another range in the envelope does not verify.
    let mut env = dir.json("p10.json");
    env["range"] = json!(["10", "21"]);
    dir.verify_json("other-range.json", &env).expect_code(1);

    // The top of the u64 range: [2^64 − 1, 2^64) holds exactly u64::MAX.
    dir.commit("18446744073709551615", "max.json");
    dir.run(&[
        "prove",
        "--bits",
        "8",
        "--label",
        "rng",
        "--range",
        "18446744073709551615..18446744073709551616",
        "--out",
        "pmax.json",
        "max.json",
    ])
    .expect_code(0);
    dir.run(&["verify", "pmax.json"]).expect_code(0);

    // Ranges the command line refuses.
    for (range, bits) in [
        ("20..10", "8"),
        ("10..10", "8"),
        ("0..18446744073709551617", "64"),
        ("0..257", "8"),
        ("10-20", "8"),
        ("..20", "8"),
    ] {
        dir.run(&[
            "prove", "--bits", bits, "--label", "rng", "--range", range, "--out", "x.json",
            "10.json",
        ])
        .expect_code(2);
    }
    // --range proves one value.
    dir.run(&[
        "prove", "--bits", "8", "--label", "rng", "--range", "10..20", "--out", "x.json",
        "10.json", "19.json",
    ])
    .expect_code(2);
}

#[test]
fn invalid_proofs_exit_1() {
    let dir = single_proof("invalid");
    let env = dir.json("p.json");

    // A scalar (t_x) replaced by another canonical scalar.
    let mut tampered = env.clone();
    replace_element(&mut tampered, 4, &format!("01{}", "00".repeat(31)));
    // Another label.
    let mut label = env.clone();
    label["label"] = json!("other");
    // Another commitment.
    dir.commit("42", "b.json");
    let mut commitment = env.clone();
    commitment["commitments"] = json!([dir.json("b.json")["commitment"]]);
    // Another bit size: the proof's size does not match.
    let mut bits = env.clone();
    bits["bits"] = json!(32);

    for (name, case, kind) in [
        ("tampered", tampered, "verification-failed"),
        ("label", label, "verification-failed"),
        ("commitment", commitment, "verification-failed"),
        ("bits", bits, "size-mismatch"),
    ] {
        let file = format!("{name}.json");
        dir.write(&file, &case.to_string());
        let run = dir.run(&["verify", &file]);
        run.expect_code(1);
        assert!(run.stdout().starts_with("invalid: "), "{}", run.stdout());
        assert!(run.stdout().contains(kind), "{name}: {}", run.stdout());
    }
}

#[test]
fn malformed_input_exits_3() {
    let dir = single_proof("malformed");
    let text = dir.read("p.json");
    let env = dir.json("p.json");
    let edited = |f: &dyn Fn(&mut Value)| {
        let mut e = env.clone();
        f(&mut e);
        e.to_string()
    };
    let proof = env["proof"].as_str().unwrap().to_owned();
    let cases = [
        ("not-json", "this is not json".to_owned()),
        ("empty", String::new()),
        ("trailing", format!("{}garbage", text.trim_end())),
        ("two-envelopes", format!("{text}{text}")),
        ("unknown-field", edited(&|e| e["note"] = json!("hi"))),
        (
            "missing-field",
            edited(&|e| {
                e.as_object_mut().unwrap().remove("label");
            }),
        ),
        ("version", edited(&|e| e["version"] = json!(2))),
        ("scheme", edited(&|e| e["scheme"] = json!("bp+"))),
        ("bits", edited(&|e| e["bits"] = json!(12))),
        ("no-commitments", edited(&|e| e["commitments"] = json!([]))),
        (
            "bad-hex",
            edited(&|e| e["proof"] = json!(format!("zz{}", &proof[2..]))),
        ),
        ("odd-hex", edited(&|e| e["proof"] = json!(&proof[1..]))),
        (
            "prefixed-hex",
            edited(&|e| e["proof"] = json!(format!("0x{proof}"))),
        ),
        (
            "short-commitment",
            edited(&|e| e["commitments"] = json!(["00".repeat(31)])),
        ),
        (
            "truncated",
            edited(&|e| e["proof"] = json!(&proof[..proof.len() - 2])),
        ),
        (
            "trailing-byte",
            edited(&|e| e["proof"] = json!(format!("{proof}00"))),
        ),
        (
            "non-canonical-scalar",
            edited(&|e| replace_element(e, 4, ELL)),
        ),
        (
            "identity-point",
            edited(&|e| replace_element(e, 0, &"00".repeat(32))),
        ),
        (
            "invalid-point",
            edited(&|e| replace_element(e, 0, &format!("01{}", "00".repeat(31)))),
        ),
        // 2^255 − 1: a non-canonical field element, not a point.
        (
            "invalid-commitment",
            edited(&|e| e["commitments"] = json!([format!("{}7f", "ff".repeat(31))])),
        ),
    ];
    for (name, contents) in cases {
        let file = format!("{name}.json");
        dir.write(&file, &contents);
        let run = dir.run(&["verify", &file]);
        run.expect_code(3);
        assert_eq!(run.stdout(), "", "{name}");
        assert!(
            run.stderr().contains("bpkit: error:"),
            "{name}: {}",
            run.stderr()
        );
    }
    // The library's error kind is reported.
    let run = dir.run(&["verify", "non-canonical-scalar.json"]);
    assert!(
        run.stderr().contains("non-canonical-scalar"),
        "{}",
        run.stderr()
    );

    // Files over 1 MiB are refused.
    dir.write("huge.json", &" ".repeat((1 << 20) + 1));
    let run = dir.run(&["verify", "huge.json"]);
    run.expect_code(3);
    assert!(run.stderr().contains("larger than"), "{}", run.stderr());

    // A malformed opening: its commitment does not match.
    let mut opening = dir.json("a.json");
    dir.commit("43", "b.json");
    opening["commitment"] = dir.json("b.json")["commitment"].clone();
    dir.write("mismatch.json", &opening.to_string());
    let run = dir.run(&[
        "prove",
        "--bits",
        "64",
        "--label",
        "t",
        "--out",
        "x.json",
        "mismatch.json",
    ]);
    run.expect_code(3);
    assert!(run.stderr().contains("does not match"), "{}", run.stderr());
}

#[test]
fn io_errors_exit_4() {
    let dir = single_proof("io");
    dir.run(&["verify", "missing.json"]).expect_code(4);
    dir.run(&["inspect", "missing.json"]).expect_code(4);
    dir.run(&[
        "prove",
        "--bits",
        "64",
        "--label",
        "t",
        "--out",
        "x.json",
        "missing.json",
    ])
    .expect_code(4);
    dir.run(&["verify", "."]).expect_code(4);
    dir.run(&[
        "prove",
        "--bits",
        "64",
        "--label",
        "t",
        "--out",
        "no/such/dir/x.json",
        "a.json",
    ])
    .expect_code(4);
}

#[test]
fn usage_errors_exit_2_and_help_exits_0() {
    let dir = TempDir::new("usage");
    for args in [
        &[][..],
        &["frobnicate"],
        &["--bogus"],
        &["verify"],
        &["verify", "a", "b"],
        &["verify", "--bogus", "p.json"],
        &["commit"],
        &["commit", "--value"],
        &["commit", "--value", "1", "--value", "2"],
        &["commit", "--value", "1", "extra"],
        &["prove", "--bits", "64", "--label", "t", "--out", "x.json"],
        &[
            "prove", "--bits", "7", "--label", "t", "--out", "x.json", "a.json",
        ],
        &["prove", "--label", "t", "--out", "x.json", "a.json"],
        &["prove", "--bits", "64", "--out", "x.json", "a.json"],
        &["prove", "--bits", "64", "--label", "t", "a.json"],
        &["demo", "--slow"],
        &["inspect"],
    ] {
        let run = dir.run(args);
        run.expect_code(2);
        assert_eq!(run.stdout(), "", "{args:?}");
        assert!(
            run.stderr().contains("Usage: bpkit"),
            "{args:?}: {}",
            run.stderr()
        );
    }
    // 65 openings: an aggregated proof holds at most 64 (refused before any file is read).
    let many: Vec<String> = (0..65).map(|i| format!("o{i}.json")).collect();
    let mut args = vec!["prove", "--bits", "8", "--label", "t", "--out", "x.json"];
    args.extend(many.iter().map(String::as_str));
    dir.run(&args).expect_code(2);

    for args in [
        &["--help"][..],
        &["-h"],
        &["help"],
        &["commit", "--help"],
        &["prove", "--help"],
        &["verify", "--help"],
        &["inspect", "-h"],
        &["demo", "--help"],
    ] {
        let run = dir.run(args);
        run.expect_code(0);
        assert!(run.stdout().starts_with("Usage: bpkit"), "{args:?}");
    }
}

#[test]
fn inspect_a_proof_and_an_opening() {
    let dir = TempDir::new("inspect");
    dir.commit_all(&[("5", "a.json"), ("6", "b.json"), ("7", "c.json")]);
    dir.run(&[
        "prove", "--bits", "16", "--label", "look", "--out", "p.json", "a.json", "b.json", "c.json",
    ])
    .expect_code(0);
    let run = dir.run(&["inspect", "p.json"]);
    run.expect_code(0);
    let text = run.stdout();
    for needle in [
        "proof envelope",
        "scheme:      bp",
        "bits (n):    16",
        "values (m):  3 (padded to 4",
        "\"look\"",
        "commitments: 3",
        "decodes canonically",
    ] {
        assert!(text.contains(needle), "missing {needle:?} in\n{text}");
    }
    for f in ["a.json", "b.json", "c.json"] {
        let c = dir.json(f)["commitment"].as_str().unwrap().to_owned();
        assert!(text.contains(&format!("{c} (valid point)")), "{text}");
    }
    // 16 bits · 4 values = 2^6: (2·6 + 9)·32 bytes.
    assert!(text.contains("672 bytes (as expected"), "{text}");

    // A non-canonical proof is described, and exits 3.
    let mut env = dir.json("p.json");
    replace_element(&mut env, 5, ELL);
    dir.write("bad.json", &env.to_string());
    let run = dir.run(&["inspect", "bad.json"]);
    run.expect_code(3);
    assert!(run.stdout().contains("FAILS"), "{}", run.stdout());
    assert!(run.stdout().contains("offset 160"), "{}", run.stdout());

    // An opening: the value is shown, the blinding is not.
    let run = dir.run(&["inspect", "a.json"]);
    run.expect_code(0);
    let opening = dir.json("a.json");
    let text = run.stdout();
    assert!(text.contains("opening"), "{text}");
    assert!(text.contains("value:       5"), "{text}");
    assert!(text.contains("blinding:    present"), "{text}");
    assert!(
        text.contains(opening["commitment"].as_str().unwrap()),
        "{text}"
    );
    assert!(
        !text.contains(opening["blinding"].as_str().unwrap()),
        "{text}"
    );

    // Neither kind of file.
    dir.write("other.json", "{\"hello\": 1}");
    dir.run(&["inspect", "other.json"]).expect_code(3);
}

/// `demo --quick` runs each size once (the full demo takes five runs per size).
#[test]
fn demo_quick() {
    let dir = TempDir::new("demo");
    let run = dir.run(&["demo", "--quick"]);
    run.expect_code(0);
    let text = run.stdout();
    // m, BP proof bytes for n = 64: (2·log2(64·m) + 9)·32; BP+: 1 + (2·log2(64·m) + 6)·32.
    for (m, bp, plus) in [(1, 672, 577), (2, 736, 641), (8, 864, 769), (64, 1056, 961)] {
        let row = text
            .lines()
            .find(|l| l.split_whitespace().next() == Some(&m.to_string()))
            .unwrap_or_else(|| panic!("no row for m = {m} in\n{text}"));
        let cols: Vec<&str> = row.split_whitespace().collect();
        assert_eq!(cols.len(), 8, "{row}");
        assert_eq!(cols[1], bp.to_string(), "{row}");
        assert_eq!(cols[2], plus.to_string(), "{row}");
        assert_eq!(cols.last(), Some(&"yes"), "{row}");
    }
    assert!(text.contains("bp+ bytes"), "{text}");
    assert!(text.contains("every proof verified"), "{text}");
    // The SHA-256 preimage row: a one-block circuit proof.
    assert!(
        text.contains("SHA-256 preimage") && text.contains("1376 bytes"),
        "{text}"
    );
}

/// The shared test vectors, through the CLI: each case written as an envelope must give the
/// exit code its error kind implies (0 valid, 1 false proof, 3 malformed), and the CLI reports
/// the library's kind.
#[test]
fn shared_vectors_through_verify() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../tests/vectors/range_proof.json"
    );
    let vectors: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let dir = TempDir::new("vectors");
    let envelope = |case: &Value, commitments: Value| {
        let mut env = json!({
            "version": 1,
            "scheme": "bp",
            "bits": case["bits"],
            "label": case["label"],
            "commitments": commitments,
            "proof": case["proof"],
        });
        if let Some(range) = case.get("range") {
            env["range"] = range.clone();
        }
        env.to_string()
    };
    let mut checked = 0;
    for case in vectors["range_proofs"].as_array().unwrap() {
        dir.write("v.json", &envelope(case, case["commitments"].clone()));
        dir.run(&["verify", "v.json"]).expect_code(0);
        checked += 1;
    }
    for case in vectors["interval_proofs"].as_array().unwrap() {
        dir.write("v.json", &envelope(case, json!([case["commitment"]])));
        dir.run(&["verify", "v.json"]).expect_code(0);
        checked += 1;
    }
    for case in vectors["invalid"].as_array().unwrap() {
        let kind = case["error"].as_str().unwrap();
        dir.write("v.json", &envelope(case, case["commitments"].clone()));
        let run = dir.run(&["verify", "v.json"]);
        match kind {
            "verification-failed" | "size-mismatch" => {
                run.expect_code(1);
                assert!(run.stdout().contains(kind), "{case}: {}", run.stdout());
            }
            // The envelope itself refuses bits = 12, before the library sees it.
            "invalid-bit-size" => {
                run.expect_code(3);
            }
            _ => {
                run.expect_code(3);
                assert!(run.stderr().contains(kind), "{case}: {}", run.stderr());
            }
        }
        checked += 1;
    }
    assert!(checked > 50, "only {checked} vectors");
}

// ---------------------------------------------------------------------------------------------
// Bulletproofs+ (`--scheme bp+`)
// ---------------------------------------------------------------------------------------------

fn unhex32(text: &str) -> [u8; 32] {
    assert_eq!(text.len(), 64, "{text}");
    let mut out = [0u8; 32];
    for (i, byte) in out.iter_mut().enumerate() {
        *byte = u8::from_str_radix(&text[2 * i..2 * i + 2], 16).unwrap();
    }
    out
}

/// Replaces the 32-byte element at `index` of a BP+ proof, counted after the degree byte
/// (0 = d1 for k = 1, 1 = A, 2 = A1, 3 = B, 4 = r1, 5 = s1, 6 = L0, ...).
fn replace_plus_element(envelope: &mut Value, index: usize, hex32: &str) {
    let proof = envelope["proof"].as_str().unwrap();
    let start = 2 + index * 64;
    let new = format!("{}{}{}", &proof[..start], hex32, &proof[start + 64..]);
    envelope["proof"] = json!(new);
}

/// `bpkit prove --scheme bp+` with extra arguments, into `out`.
fn prove_plus(dir: &TempDir, bits: &str, extra: &[&str], out: &str, openings: &[&str]) -> Run {
    let mut args = vec![
        "prove", "--scheme", "bp+", "--bits", bits, "--label", "plus", "--out", out,
    ];
    args.extend_from_slice(extra);
    args.extend_from_slice(openings);
    dir.run(&args)
}

#[test]
fn plus_prove_verify() {
    let dir = TempDir::new("plus");
    dir.commit("42", "a.json");
    let run = prove_plus(&dir, "64", &[], "p.json", &["a.json"]);
    run.expect_code(0);
    assert!(run.stdout().contains("Bulletproofs+"), "{}", run.stdout());
    let verified = dir.run(&["verify", "p.json"]);
    verified.expect_code(0);
    assert_eq!(verified.stdout(), "valid\n");

    let env = dir.json("p.json");
    assert_eq!(env["version"], json!(1));
    assert_eq!(env["scheme"], json!("bp+"));
    assert_eq!(env["bits"], json!(64));
    assert_eq!(env["label"], json!("plus"));
    // bpkit's default BP+ generators are the core's: the opening's own commitment.
    assert_eq!(
        env["commitments"],
        json!([dir.json("a.json")["commitment"]])
    );
    // 1 + 32·(k + 5 + 2·6) with k = 1.
    assert_eq!(env["proof"].as_str().unwrap().len(), 2 * 577);
    assert_eq!(&env["proof"].as_str().unwrap()[..2], "01");
    for absent in ["generators", "minimums", "range"] {
        assert!(env.get(absent).is_none(), "{absent}");
    }
    assert_eq!(dir.read("p.json").lines().count(), 1);

    // The same opening proven with BP gives the same commitment.
    dir.run(&[
        "prove", "--bits", "64", "--label", "plus", "--out", "bp.json", "a.json",
    ])
    .expect_code(0);
    assert_eq!(dir.json("bp.json")["commitments"], env["commitments"]);
    // An explicit --scheme bp is the default.
    dir.run(&[
        "prove", "--scheme", "bp", "--bits", "64", "--label", "plus", "--out", "bp2.json", "a.json",
    ])
    .expect_code(0);
    assert_eq!(dir.json("bp2.json")["scheme"], json!("bp"));
}

#[test]
fn plus_aggregated() {
    let dir = TempDir::new("plus-agg");
    dir.commit_all(&[("1", "a.json"), ("255", "b.json"), ("0", "c.json")]);
    prove_plus(&dir, "8", &[], "p.json", &["a.json", "b.json", "c.json"]).expect_code(0);
    dir.run(&["verify", "p.json"]).expect_code(0);
    let env = dir.json("p.json");
    let expected = dir.commitments(&["a.json", "b.json", "c.json"]);
    assert_eq!(env["commitments"], json!(expected));
    // n·m' = 8·4 = 2^5: 1 + 32·(1 + 5 + 2·5) bytes.
    assert_eq!(env["proof"].as_str().unwrap().len(), 2 * 513);

    // Reordering or dropping commitments breaks the proof.
    let mut swapped = env.clone();
    swapped["commitments"] = json!([expected[1], expected[0], expected[2]]);
    dir.verify_json("swapped.json", &swapped).expect_code(1);
    let mut dropped = env.clone();
    dropped["commitments"] = json!([expected[0], expected[1]]);
    let run = dir.verify_json("dropped.json", &dropped);
    run.expect_code(1);

    // 256 does not fit in 8 bits: refused, and nothing is written.
    dir.commit("256", "big.json");
    let run = prove_plus(&dir, "8", &[], "q.json", &["a.json", "big.json"]);
    run.expect_code(3);
    assert!(
        run.stderr()
            .contains("big.json: the value 256 is outside [0, 2^8)"),
        "{}",
        run.stderr()
    );
    assert!(!dir.path("q.json").exists());

    // 64 openings: the most an aggregated proof holds.
    let files: Vec<String> = (0..64).map(|i| format!("o{i}.json")).collect();
    for (i, f) in files.iter().enumerate() {
        dir.commit(&i.to_string(), f);
    }
    let names: Vec<&str> = files.iter().map(String::as_str).collect();
    prove_plus(&dir, "8", &[], "p64.json", &names).expect_code(0);
    dir.run(&["verify", "p64.json"]).expect_code(0);
}

#[test]
fn plus_tari_generators() {
    use bpkit::group::{CompressedRistretto, Scalar};
    use bpkit::plus::{ExtendedOpening, PlusGens};
    let dir = TempDir::new("plus-tari");
    dir.commit("7", "a.json");
    dir.commit("9000", "b.json");
    let run = prove_plus(
        &dir,
        "16",
        &["--generators", "tari"],
        "p.json",
        &["a.json", "b.json"],
    );
    run.expect_code(0);
    assert!(
        run.stdout().contains("Tari's generators"),
        "{}",
        run.stdout()
    );
    dir.run(&["verify", "p.json"]).expect_code(0);
    let env = dir.json("p.json");
    assert_eq!(env["generators"], json!("tari"));
    assert!(env.get("minimums").is_none());

    // The envelope's commitments are the openings' values and blindings under Tari's bases.
    let tari = PlusGens::tari(1).unwrap();
    for (i, file) in ["a.json", "b.json"].iter().enumerate() {
        let opening = dir.json(file);
        let value: u64 = opening["value"].as_str().unwrap().parse().unwrap();
        let blinding =
            Scalar::from_canonical_bytes(unhex32(opening["blinding"].as_str().unwrap())).unwrap();
        let expected = ExtendedOpening::new(value, vec![blinding])
            .commit_with(tari.pedersen())
            .unwrap();
        let listed = CompressedRistretto(unhex32(env["commitments"][i].as_str().unwrap()));
        assert_eq!(listed, expected, "{file}");
        assert_ne!(env["commitments"][i], opening["commitment"], "{file}");
    }

    // Without the field (bpkit's generators) the proof is false; so are the openings' own
    // commitments under Tari's generators.
    let mut default_gens = env.clone();
    default_gens.as_object_mut().unwrap().remove("generators");
    dir.verify_json("default.json", &default_gens)
        .expect_code(1);
    let mut own = env.clone();
    own["commitments"] = json!([
        dir.json("a.json")["commitment"],
        dir.json("b.json")["commitment"]
    ]);
    dir.verify_json("own.json", &own).expect_code(1);

    // An explicit --generators bpkit is the default.
    prove_plus(
        &dir,
        "16",
        &["--generators", "bpkit"],
        "q.json",
        &["a.json"],
    )
    .expect_code(0);
    let env = dir.json("q.json");
    assert!(env.get("generators").is_none());
    assert_eq!(
        env["commitments"],
        json!([dir.json("a.json")["commitment"]])
    );
}

#[test]
fn plus_minimum() {
    let dir = TempDir::new("plus-min");
    for v in ["39", "40", "295", "296"] {
        dir.commit(v, &format!("{v}.json"));
    }
    let run = prove_plus(
        &dir,
        "8",
        &["--min", "40"],
        "p.json",
        &["40.json", "295.json"],
    );
    run.expect_code(0);
    assert!(run.stdout().contains("[40, 296)"), "{}", run.stdout());
    dir.run(&["verify", "p.json"]).expect_code(0);
    let env = dir.json("p.json");
    assert_eq!(env["minimums"], json!(["40", "40"]));

    // The proof is bound to its minimums.
    for minimums in [json!(["41", "40"]), json!(["40", "39"])] {
        let mut other = env.clone();
        other["minimums"] = minimums;
        dir.verify_json("other.json", &other).expect_code(1);
    }
    let mut none = env.clone();
    none.as_object_mut().unwrap().remove("minimums");
    dir.verify_json("none.json", &none).expect_code(1);

    // Values outside [40, 296) are refused, and nothing is written.
    for v in ["39", "296"] {
        let out = format!("q{v}.json");
        let run = prove_plus(&dir, "8", &["--min", "40"], &out, &[&format!("{v}.json")]);
        run.expect_code(3);
        assert!(
            run.stderr()
                .contains(&format!("the value {v} is outside [40, 296)")),
            "{}",
            run.stderr()
        );
        assert!(!dir.path(&out).exists());
    }

    // --min 0 is the default: no minimums field.
    prove_plus(&dir, "8", &["--min", "0"], "zero.json", &["40.json"]).expect_code(0);
    assert!(dir.json("zero.json").get("minimums").is_none());
    // The largest minimum for 64 bits.
    dir.commit("18446744073709551615", "max.json");
    prove_plus(
        &dir,
        "64",
        &["--min", "18446744073709551615"],
        "max-proof.json",
        &["max.json"],
    )
    .expect_code(0);
    dir.run(&["verify", "max-proof.json"]).expect_code(0);

    // Minimums the command line refuses: not below 2^n, not canonical decimals.
    for min in ["256", "-1", "040", "1e2", "18446744073709551616", ""] {
        prove_plus(&dir, "8", &["--min", min], "x.json", &["40.json"]).expect_code(2);
    }
}

#[test]
fn plus_usage_errors() {
    let dir = TempDir::new("plus-usage");
    dir.commit("10", "a.json");
    let base = ["prove", "--bits", "8", "--label", "t", "--out", "x.json"];
    for extra in [
        &["--scheme", "bp+", "--range", "0..20"][..],
        &["--scheme", "bp", "--generators", "tari"],
        &["--generators", "tari"],
        &["--min", "5"],
        &["--scheme", "bp", "--min", "5"],
        &["--scheme", "BP+"],
        &["--scheme", "bpplus"],
        &["--scheme", "bp+", "--generators", "dalek"],
        &["--scheme", "bp+", "--generators", "Tari"],
        &["--scheme", "bp+", "--scheme", "bp"],
    ] {
        let mut args = base.to_vec();
        args.extend_from_slice(extra);
        args.push("a.json");
        let run = dir.run(&args);
        run.expect_code(2);
        assert!(run.stderr().contains("Usage: bpkit prove"), "{extra:?}");
        assert!(!dir.path("x.json").exists());
    }
}

#[test]
fn plus_invalid_proofs_exit_1() {
    let dir = TempDir::new("plus-invalid");
    dir.commit("42", "a.json");
    prove_plus(&dir, "64", &[], "p.json", &["a.json"]).expect_code(0);
    let env = dir.json("p.json");
    let one = format!("01{}", "00".repeat(31));

    let mut tampered_r1 = env.clone();
    replace_plus_element(&mut tampered_r1, 4, &one);
    let mut tampered_d1 = env.clone();
    replace_plus_element(&mut tampered_d1, 0, &one);
    let mut label = env.clone();
    label["label"] = json!("other");
    dir.commit("42", "b.json");
    let mut commitment = env.clone();
    commitment["commitments"] = json!([dir.json("b.json")["commitment"]]);
    let mut bits = env.clone();
    bits["bits"] = json!(32);
    let mut gens = env.clone();
    gens["generators"] = json!("tari");
    let mut scheme = env.clone();
    scheme["scheme"] = json!("bp");

    for (name, case, code, kind) in [
        ("tampered-r1", tampered_r1, 1, "verification-failed"),
        ("tampered-d1", tampered_d1, 1, "verification-failed"),
        ("label", label, 1, "verification-failed"),
        ("commitment", commitment, 1, "verification-failed"),
        ("bits", bits, 1, "size-mismatch"),
        ("generators", gens, 1, "verification-failed"),
        // A BP+ proof read as a BP proof does not even decode.
        ("scheme", scheme, 3, "wrong-length"),
    ] {
        let file = format!("{name}.json");
        dir.write(&file, &case.to_string());
        let run = dir.run(&["verify", &file]);
        run.expect_code(code);
        if code == 1 {
            assert!(run.stdout().starts_with("invalid: "), "{}", run.stdout());
            assert!(run.stdout().contains(kind), "{name}: {}", run.stdout());
        } else {
            assert!(run.stderr().contains(kind), "{name}: {}", run.stderr());
        }
    }
}

#[test]
fn plus_malformed_envelopes_exit_3() {
    let dir = TempDir::new("plus-malformed");
    dir.commit("42", "a.json");
    dir.commit("43", "b.json");
    prove_plus(
        &dir,
        "16",
        &["--generators", "tari", "--min", "7"],
        "p.json",
        &["a.json", "b.json"],
    )
    .expect_code(0);
    dir.run(&[
        "prove", "--bits", "16", "--label", "t", "--out", "bp.json", "a.json",
    ])
    .expect_code(0);
    let env = dir.json("p.json");
    let bp = dir.json("bp.json");
    let proof = env["proof"].as_str().unwrap().to_owned();
    let edited = |base: &Value, f: &dyn Fn(&mut Value)| {
        let mut e = base.clone();
        f(&mut e);
        e.to_string()
    };
    let remove = |e: &mut Value, field: &str| {
        e.as_object_mut().unwrap().remove(field);
    };
    let cases = [
        // Fields of the other scheme.
        (
            "range-in-bp+",
            edited(&env, &|e| e["range"] = json!(["0", "10"])),
        ),
        (
            "generators-in-bp",
            edited(&bp, &|e| e["generators"] = json!("tari")),
        ),
        (
            "minimums-in-bp",
            edited(&bp, &|e| e["minimums"] = json!(["1"])),
        ),
        // Generators: only "tari"; the default is written by leaving the field out.
        (
            "generators-bpkit",
            edited(&env, &|e| e["generators"] = json!("bpkit")),
        ),
        (
            "generators-case",
            edited(&env, &|e| e["generators"] = json!("TARI")),
        ),
        (
            "generators-unknown",
            edited(&env, &|e| e["generators"] = json!("dalek")),
        ),
        (
            "generators-null",
            edited(&env, &|e| e["generators"] = Value::Null),
        ),
        (
            "generators-number",
            edited(&env, &|e| e["generators"] = json!(2)),
        ),
        // Minimums: one canonical decimal below 2^n per commitment, not all zero.
        (
            "minimums-null",
            edited(&env, &|e| e["minimums"] = Value::Null),
        ),
        (
            "minimums-empty",
            edited(&env, &|e| e["minimums"] = json!([])),
        ),
        (
            "minimums-short",
            edited(&env, &|e| e["minimums"] = json!(["7"])),
        ),
        (
            "minimums-long",
            edited(&env, &|e| e["minimums"] = json!(["7", "7", "7"])),
        ),
        (
            "minimums-numbers",
            edited(&env, &|e| e["minimums"] = json!([7, 7])),
        ),
        (
            "minimums-leading-zero",
            edited(&env, &|e| e["minimums"] = json!(["07", "7"])),
        ),
        (
            "minimums-too-big",
            edited(&env, &|e| e["minimums"] = json!(["7", "65536"])),
        ),
        (
            "minimums-zero",
            edited(&env, &|e| e["minimums"] = json!(["0", "0"])),
        ),
        (
            "minimums-string",
            edited(&env, &|e| e["minimums"] = json!("7")),
        ),
        // Fields the envelope does not have.
        (
            "extension-degree",
            edited(&env, &|e| e["extension_degree"] = json!(1)),
        ),
        ("unknown-field", edited(&env, &|e| e["note"] = json!("hi"))),
        ("missing-proof", edited(&env, &|e| remove(e, "proof"))),
        ("scheme-case", edited(&env, &|e| e["scheme"] = json!("BP+"))),
        // The proof bytes, decoded strictly by the library.
        (
            "degree-0",
            edited(&env, &|e| e["proof"] = json!(format!("00{}", &proof[2..]))),
        ),
        (
            "degree-7",
            edited(&env, &|e| e["proof"] = json!(format!("07{}", &proof[2..]))),
        ),
        (
            "truncated",
            edited(&env, &|e| e["proof"] = json!(&proof[..proof.len() - 2])),
        ),
        (
            "trailing-byte",
            edited(&env, &|e| e["proof"] = json!(format!("{proof}00"))),
        ),
        ("empty-proof", edited(&env, &|e| e["proof"] = json!(""))),
        (
            "non-canonical-scalar",
            edited(&env, &|e| replace_plus_element(e, 4, ELL)),
        ),
        (
            "identity-point",
            edited(&env, &|e| replace_plus_element(e, 1, &"00".repeat(32))),
        ),
        (
            "invalid-point",
            edited(&env, &|e| {
                replace_plus_element(e, 2, &format!("01{}", "00".repeat(31)))
            }),
        ),
        (
            "invalid-commitment",
            edited(&env, &|e| {
                e["commitments"][0] = json!(format!("{}7f", "ff".repeat(31)));
            }),
        ),
    ];
    for (name, contents) in cases {
        let file = format!("{name}.json");
        dir.write(&file, &contents);
        let run = dir.run(&["verify", &file]);
        run.expect_code(3);
        assert_eq!(run.stdout(), "", "{name}");
        assert!(
            run.stderr().contains("bpkit: error:"),
            "{name}: {}",
            run.stderr()
        );
    }
    // The library's error kinds are reported.
    for (file, kind) in [
        ("degree-7.json", "invalid-extension-degree"),
        ("non-canonical-scalar.json", "non-canonical-scalar"),
        ("identity-point.json", "identity-point"),
        ("invalid-commitment.json", "invalid-commitment"),
    ] {
        let run = dir.run(&["verify", file]);
        assert!(run.stderr().contains(kind), "{file}: {}", run.stderr());
    }
}

#[test]
fn inspect_a_plus_proof() {
    let dir = TempDir::new("plus-inspect");
    dir.commit_all(&[("50", "a.json"), ("60", "b.json"), ("70", "c.json")]);
    prove_plus(
        &dir,
        "16",
        &["--generators", "tari", "--min", "50"],
        "p.json",
        &["a.json", "b.json", "c.json"],
    )
    .expect_code(0);
    let run = dir.run(&["inspect", "p.json"]);
    run.expect_code(0);
    let text = run.stdout();
    let env = dir.json("p.json");
    for needle in [
        "scheme:      bp+ (Bulletproofs+",
        "generators:  tari",
        "k = 1 blinding base",
        "bits (n):    16",
        "values (m):  3 (padded to 4",
        "commitments: 3",
        "minimums:    3",
        "     2: 50",
        // 16 bits · 4 values = 2^6: 1 + 32·(1 + 5 + 12).
        "577 bytes (as expected for n = 16, m = 3, k = 1)",
        "decodes canonically (64 bits in total)",
    ] {
        assert!(text.contains(needle), "missing {needle:?} in\n{text}");
    }
    for c in env["commitments"].as_array().unwrap() {
        assert!(
            text.contains(&format!("{} (valid point)", c.as_str().unwrap())),
            "{text}"
        );
    }

    // Default generators, no minimums.
    prove_plus(&dir, "8", &[], "q.json", &["a.json"]).expect_code(0);
    let text = dir.run(&["inspect", "q.json"]).expect_code(0).stdout();
    assert!(text.contains("generators:  bpkit's default"), "{text}");
    assert!(text.contains("minimums:    none"), "{text}");
    assert!(text.contains("385 bytes (as expected"), "{text}");

    // A non-canonical proof is described, and exits 3.
    let mut bad = env.clone();
    replace_plus_element(&mut bad, 5, ELL);
    dir.write("bad.json", &bad.to_string());
    let run = dir.run(&["inspect", "bad.json"]);
    run.expect_code(3);
    assert!(run.stdout().contains("FAILS"), "{}", run.stdout());
    assert!(
        run.stdout().contains("non-canonical-scalar"),
        "{}",
        run.stdout()
    );
    // A bad degree byte is named.
    let mut bad = env.clone();
    let proof = bad["proof"].as_str().unwrap().to_owned();
    bad["proof"] = json!(format!("09{}", &proof[2..]));
    dir.write("degree.json", &bad.to_string());
    let run = dir.run(&["inspect", "degree.json"]);
    run.expect_code(3);
    assert!(run.stdout().contains("first byte 9"), "{}", run.stdout());
}

/// The Bulletproofs+ vectors as envelopes: valid proofs verify (exit 0), invalid ones give the
/// exit code their kind implies, malformed encodings exit 3 with the library's kind.
#[test]
fn plus_vectors_through_verify() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../tests/vectors/bulletproofs_plus.json"
    );
    let vectors: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let dir = TempDir::new("plus-vectors");
    let envelope = |statement: &Value, proof: &Value| {
        let mut env = json!({
            "version": 1,
            "scheme": "bp+",
            "bits": statement["bits"],
            "label": statement["label"],
            "commitments": statement["commitments"],
            "proof": proof,
        });
        match statement["generators"].as_str().unwrap() {
            "bpkit" => {}
            "tari" => env["generators"] = json!("tari"),
            other => panic!("unknown generators {other}"),
        }
        let minimums: Vec<u64> = statement["minimums"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m.as_u64().unwrap())
            .collect();
        if minimums.iter().any(|&m| m != 0) {
            let text: Vec<String> = minimums.iter().map(u64::to_string).collect();
            env["minimums"] = json!(text);
        }
        env.to_string()
    };
    let mut checked = 0;
    for case in vectors["valid"].as_array().unwrap() {
        dir.write("v.json", &envelope(&case["statement"], &case["proof"]));
        dir.run(&["verify", "v.json"]).expect_code(0);
        let text = dir.run(&["inspect", "v.json"]).expect_code(0).stdout();
        let k = case["statement"]["extension_degree"].as_u64().unwrap();
        assert!(text.contains(&format!("k = {k} blinding")), "{text}");
        checked += 1;
    }
    assert!(checked >= 9);
    for case in vectors["invalid"].as_array().unwrap() {
        let name = case["name"].as_str().unwrap();
        let kind = case["expected_error"].as_str().unwrap();
        // The envelope has no extension-degree field: the proof's own degree is used, so a
        // statement that differs from the proof only in k cannot be written.
        if kind == "extension-mismatch" {
            continue;
        }
        dir.write("v.json", &envelope(&case["statement"], &case["proof"]));
        let run = dir.run(&["verify", "v.json"]);
        match kind {
            "verification-failed" | "size-mismatch" => {
                run.expect_code(1);
                assert!(run.stdout().contains(kind), "{name}: {}", run.stdout());
            }
            _ => {
                run.expect_code(3);
                assert!(run.stderr().contains(kind), "{name}: {}", run.stderr());
            }
        }
        checked += 1;
    }
    let valid = &vectors["valid"][0]["statement"];
    for case in vectors["malformed"].as_array().unwrap() {
        let name = case["name"].as_str().unwrap();
        let kind = case["expected_error"].as_str().unwrap();
        dir.write("v.json", &envelope(valid, &case["proof"]));
        let run = dir.run(&["verify", "v.json"]);
        run.expect_code(3);
        assert!(run.stderr().contains(kind), "{name}: {}", run.stderr());
        checked += 1;
    }
    assert!(checked >= 30, "only {checked} vectors");
}

// ---------------------------------------------------------------------------------------------
// batch-verify and info
// ---------------------------------------------------------------------------------------------

/// A directory with valid envelopes of every kind, one per file: `bp0.json` … `bp3.json`
/// (single and aggregated range proofs), `interval.json`, `plus.json` (bpkit generators),
/// `tari.json` (Tari's generators, a minimum).
fn batch_dir(name: &str) -> TempDir {
    let dir = TempDir::new(name);
    dir.commit_all(&[("5", "a.json"), ("200", "b.json"), ("60", "c.json")]);
    let prove = |extra: &[&str], out: &str, openings: &[&str]| {
        let mut args = vec!["prove", "--label", "batch", "--out", out];
        args.extend_from_slice(extra);
        args.extend_from_slice(openings);
        dir.run(&args).expect_code(0);
    };
    prove(&["--bits", "8"], "bp0.json", &["a.json"]);
    prove(&["--bits", "16"], "bp1.json", &["b.json"]);
    prove(
        &["--bits", "8"],
        "bp2.json",
        &["a.json", "b.json", "c.json"],
    );
    prove(&["--bits", "64"], "bp3.json", &["c.json"]);
    prove(
        &["--bits", "8", "--range", "50..70"],
        "interval.json",
        &["c.json"],
    );
    prove(
        &["--bits", "8", "--scheme", "bp+"],
        "plus.json",
        &["a.json", "b.json"],
    );
    prove(
        &[
            "--bits",
            "8",
            "--scheme",
            "bp+",
            "--generators",
            "tari",
            "--min",
            "50",
        ],
        "tari.json",
        &["c.json"],
    );
    dir
}

const BATCH_FILES: [&str; 7] = [
    "bp0.json",
    "bp1.json",
    "bp2.json",
    "bp3.json",
    "interval.json",
    "plus.json",
    "tari.json",
];

/// The envelope in `file`, made false: another label (same proof, other transcript).
fn falsified(dir: &TempDir, file: &str) -> String {
    let mut env = dir.json(file);
    env["label"] = json!("not the label");
    env.to_string()
}

/// Writes `lines` (joined with newlines) to `name` and runs batch-verify on it.
fn batch_run(dir: &TempDir, name: &str, lines: &[String], extra: &[&str]) -> Run {
    dir.write(name, &(lines.join("\n") + "\n"));
    let mut args = vec!["batch-verify"];
    args.extend_from_slice(extra);
    args.push(name);
    dir.run(&args)
}

fn valid_lines(dir: &TempDir) -> Vec<String> {
    BATCH_FILES
        .iter()
        .map(|f| dir.read(f).trim_end().to_owned())
        .collect()
}

#[test]
fn batch_verify_all_valid() {
    let dir = batch_dir("batch-valid");
    let lines = valid_lines(&dir);
    let run = batch_run(&dir, "all.jsonl", &lines, &[]);
    run.expect_code(0);
    // Every kind (bp, interval, bp+ with either generator set) in one batch.
    assert_eq!(run.stdout(), "valid: 7 proof(s) (in one batch)\n");
    // Blank lines (also with spaces or a carriage return) are skipped; CRLF line ends are fine.
    let mut spaced = vec![String::new()];
    for line in &lines {
        spaced.push(format!("{line}\r"));
        spaced.push("   ".into());
    }
    batch_run(&dir, "spaced.jsonl", &spaced, &[]).expect_code(0);
    // Threads.
    for threads in ["0", "1", "2"] {
        batch_run(&dir, "all.jsonl", &lines, &["--threads", threads]).expect_code(0);
    }
    // Only range proofs: all in one batch.
    let run = batch_run(&dir, "bp.jsonl", &lines[..4], &[]);
    run.expect_code(0);
    assert_eq!(run.stdout(), "valid: 4 proof(s) (in one batch)\n");
    // One envelope, without a final newline.
    dir.write("one.jsonl", lines[0].trim_end());
    dir.run(&["batch-verify", "one.jsonl"]).expect_code(0);
}

#[test]
fn batch_verify_names_invalid_lines() {
    let dir = batch_dir("batch-invalid");
    let lines = valid_lines(&dir);
    let n = lines.len();
    // One invalid envelope at the first, a middle and the last line, of each kind.
    for (position, file) in [
        (0, "bp0.json"),
        (2, "bp2.json"),
        (n - 1, "tari.json"),
        (4, "interval.json"),
        (5, "plus.json"),
        (3, "bp3.json"),
    ] {
        let mut case = lines.clone();
        case[position] = falsified(&dir, file);
        let run = batch_run(&dir, "case.jsonl", &case, &[]);
        run.expect_code(1);
        let out = run.stdout();
        let first = out.lines().next().unwrap();
        assert_eq!(first, format!("invalid: line {}", position + 1), "{out}");
        assert!(out.contains("verification-failed"), "{out}");
    }
    // Several invalid, with blank lines counted: 1-based numbers of the file's lines.
    let mut case = lines.clone();
    case[1] = falsified(&dir, "bp1.json");
    case[3] = falsified(&dir, "bp3.json");
    case[5] = falsified(&dir, "plus.json");
    case.insert(0, String::new());
    case.insert(3, String::new());
    // Now: 1 blank, 2 bp0, 3 bp1 (bad), 4 blank, 5 bp2, 6 bp3 (bad), 7 interval, 8 plus (bad), 9 tari.
    let run = batch_run(&dir, "several.jsonl", &case, &["--threads", "2"]);
    run.expect_code(1);
    let out = run.stdout();
    assert_eq!(
        out.lines().next().unwrap(),
        "invalid: lines 3, 6, 8",
        "{out}"
    );
    for line in [3, 6, 8] {
        assert!(
            out.contains(&format!("line {line}: proof does not verify")),
            "{out}"
        );
    }
    assert_eq!(out.lines().count(), 4, "{out}");
    // All invalid.
    let all: Vec<String> = BATCH_FILES.iter().map(|f| falsified(&dir, f)).collect();
    let run = batch_run(&dir, "all-bad.jsonl", &all, &[]);
    run.expect_code(1);
    assert_eq!(
        run.stdout().lines().next().unwrap(),
        "invalid: lines 1, 2, 3, 4, 5, 6, 7"
    );
    // A size mismatch (another bit size) is an invalid proof too.
    let mut env = dir.json("bp1.json");
    env["bits"] = json!(32);
    let mut case = lines.clone();
    case[1] = env.to_string();
    let run = batch_run(&dir, "size.jsonl", &case, &[]);
    run.expect_code(1);
    assert!(
        run.stdout().starts_with("invalid: line 2\n"),
        "{}",
        run.stdout()
    );
    assert!(run.stdout().contains("size-mismatch"), "{}", run.stdout());
}

#[test]
fn batch_verify_malformed_lines_exit_3() {
    let dir = batch_dir("batch-malformed");
    let lines = valid_lines(&dir);
    let mut bad_scalar = dir.json("bp0.json");
    replace_element(&mut bad_scalar, 4, ELL);
    let mut bad_plus = dir.json("plus.json");
    replace_plus_element(&mut bad_plus, 1, &"00".repeat(32));
    let mut bad_commitment = dir.json("bp1.json");
    bad_commitment["commitments"] = json!([format!("{}7f", "ff".repeat(31))]);
    let mut unknown = dir.json("bp0.json");
    unknown["note"] = json!(1);
    for (position, contents, needle) in [
        (0, "not json".to_owned(), "malformed proof envelope"),
        (3, unknown.to_string(), "unknown field"),
        (6, bad_scalar.to_string(), "non-canonical-scalar"),
        (2, bad_plus.to_string(), "identity-point"),
        // Found only when verifying: the commitment does not decode.
        (1, bad_commitment.to_string(), "invalid-commitment"),
        (
            4,
            format!("{} {}", lines[0], lines[1]),
            "trailing characters",
        ),
    ] {
        let mut case = lines.clone();
        case[position] = contents;
        let run = batch_run(&dir, "case.jsonl", &case, &[]);
        run.expect_code(3);
        assert_eq!(run.stdout(), "");
        let err = run.stderr();
        assert!(
            err.contains(&format!("malformed line {}", position + 1)),
            "{position}: {err}"
        );
        assert!(err.contains(&format!("line {}: ", position + 1)), "{err}");
        assert!(err.contains(needle), "{position}: {err}");
    }
    // A malformed line is reported even when another line is invalid, and nothing is verified
    // first: every malformed line is named.
    let mut case = lines.clone();
    case[1] = "{}".into();
    case[2] = falsified(&dir, "bp2.json");
    case[5] = "[1, 2]".into();
    let run = batch_run(&dir, "mixed.jsonl", &case, &[]);
    run.expect_code(3);
    assert!(
        run.stderr().contains("malformed lines 2, 6"),
        "{}",
        run.stderr()
    );
    // A file that is not UTF-8 at one line.
    let mut bytes = (lines[0].clone() + "\n").into_bytes();
    bytes.extend_from_slice(b"\xff\xfe\n");
    std::fs::write(dir.path("binary.jsonl"), bytes).unwrap();
    let run = dir.run(&["batch-verify", "binary.jsonl"]);
    run.expect_code(3);
    assert!(
        run.stderr().contains("line 2: not UTF-8"),
        "{}",
        run.stderr()
    );
    // A line over 1 MiB.
    dir.write(
        "long.jsonl",
        &format!("{}\n{}\n", lines[0], " ".repeat((1 << 20) + 1)),
    );
    let run = dir.run(&["batch-verify", "long.jsonl"]);
    run.expect_code(3);
    assert!(
        run.stderr().contains("line 2 is longer"),
        "{}",
        run.stderr()
    );
}

#[test]
fn batch_verify_empty_usage_and_io() {
    let dir = TempDir::new("batch-empty");
    for (name, contents) in [("empty.jsonl", ""), ("blank.jsonl", "\n  \n\r\n")] {
        dir.write(name, contents);
        let run = dir.run(&["batch-verify", name]);
        run.expect_code(3);
        assert!(
            run.stderr().contains("no proof envelope"),
            "{}",
            run.stderr()
        );
        assert_eq!(run.stdout(), "");
    }
    dir.run(&["batch-verify", "missing.jsonl"]).expect_code(4);
    dir.run(&["batch-verify", "."]).expect_code(4);
    for args in [
        &["batch-verify"][..],
        &["batch-verify", "a", "b"],
        &["batch-verify", "--threads", "x", "empty.jsonl"],
        &["batch-verify", "--threads", "-1", "empty.jsonl"],
        &["batch-verify", "--threads", "257", "empty.jsonl"],
        &["batch-verify", "--threads", "empty.jsonl"],
    ] {
        let run = dir.run(args);
        run.expect_code(2);
        assert!(
            run.stderr().contains("Usage: bpkit batch-verify"),
            "{args:?}"
        );
    }
    let run = dir.run(&["batch-verify", "--help"]);
    run.expect_code(0);
    assert!(run.stdout().starts_with("Usage: bpkit batch-verify"));
}

#[test]
fn info_names_the_backend() {
    let dir = TempDir::new("info");
    let run = dir.run(&["info"]);
    run.expect_code(0);
    let text = run.stdout();
    assert!(
        text.starts_with(&format!("bpkit {}\n", env!("CARGO_PKG_VERSION"))),
        "{text}"
    );
    let backend = text
        .lines()
        .find_map(|l| l.strip_prefix("backend:"))
        .unwrap_or_else(|| panic!("no backend line in\n{text}"));
    let name = backend.split_whitespace().next().unwrap();
    assert!(["serial", "avx2", "avx512ifma"].contains(&name), "{text}");
    assert_eq!(name, bpkit::backend::report().active.name(), "{text}");
    let engine = text
        .lines()
        .find_map(|l| l.strip_prefix("engine:"))
        .unwrap_or_else(|| panic!("no engine line in\n{text}"));
    assert!(
        engine
            .trim_start()
            .starts_with(bpkit::group::engine::backend()),
        "{text}"
    );
    println!("engine backend reported: {}", engine.trim());
    assert!(text.contains("compiled:"), "{text}");
    assert!(text.contains("cpu:"), "{text}");
    assert!(text.contains("IFMA"), "{text}");
    // The engine's IFMA backend: detection reported, in use by default exactly when the CPU
    // has IFMA.
    let ifma = text
        .lines()
        .find_map(|l| l.strip_prefix("engine-ifma:"))
        .unwrap_or_else(|| panic!("no engine-ifma line in\n{text}"));
    let detected = if bpkit::group::engine::ifma_detected() {
        "cpu yes"
    } else {
        "cpu no"
    };
    assert!(ifma.trim_start().starts_with(detected), "{text}");
    assert_eq!(
        ifma.contains(" in use") && !ifma.contains("not in use"),
        bpkit::group::engine::ifma_detected(),
        "{text}"
    );
    println!("engine IFMA reported: {}", ifma.trim());
    // Switched off: never in use.
    let off = Command::new(env!("CARGO_BIN_EXE_bpkit"))
        .env("BPKIT_ENGINE_IFMA", "0")
        .arg("info")
        .output()
        .unwrap();
    let off = String::from_utf8(off.stdout).unwrap();
    let line = off
        .lines()
        .find_map(|l| l.strip_prefix("engine-ifma:"))
        .unwrap();
    assert!(line.contains("not in use"), "{off}");
    dir.run(&["info", "extra"]).expect_code(2);
    dir.run(&["info", "--help"]).expect_code(0);
}

/// The batch verifier works in chunks of 256 proofs: invalid proofs in every chunk, at its
/// edges, are found (repeated copies of one valid envelope fill the batch).
#[test]
fn batch_verify_across_chunks() {
    let dir = TempDir::new("batch-chunks");
    dir.commit("9", "a.json");
    dir.run(&[
        "prove", "--bits", "8", "--label", "chunks", "--out", "p.json", "a.json",
    ])
    .expect_code(0);
    let good = dir.read("p.json").trim_end().to_owned();
    let bad = falsified(&dir, "p.json");
    let mut lines = vec![good.clone(); 600];
    batch_run(&dir, "good.jsonl", &lines, &["--threads", "2"]).expect_code(0);
    let invalid = [1, 256, 257, 512, 513, 600];
    for line in invalid {
        lines[line - 1] = bad.clone();
    }
    let run = batch_run(&dir, "bad.jsonl", &lines, &[]);
    run.expect_code(1);
    assert_eq!(
        run.stdout().lines().next().unwrap(),
        "invalid: lines 1, 256, 257, 512, 513, 600"
    );
}

/// `prove --threads N`: one proof on N threads (the proof verifies; a bad count is a usage
/// error). Byte-identity across thread counts is tested in bpkit's tests/threads.rs (the CLI
/// draws fresh randomness on every run).
#[test]
fn prove_on_several_threads() {
    let dir = TempDir::new("prove-threads");
    for (i, v) in ["1", "2", "3"].iter().enumerate() {
        dir.commit(v, &format!("o{i}.json"));
    }
    for (t, scheme) in [("1", "bp"), ("2", "bp"), ("0", "bp+"), ("8", "bp+")] {
        let out = format!("p{t}{scheme}.json");
        dir.run(&[
            "prove",
            "--bits",
            "32",
            "--label",
            "threads",
            "--scheme",
            scheme,
            "--threads",
            t,
            "--out",
            &out,
            "o0.json",
            "o1.json",
            "o2.json",
        ])
        .expect_code(0);
        dir.run(&["verify", &out]).expect_code(0);
    }
    for bad in ["-1", "257", "x", ""] {
        dir.run(&[
            "prove",
            "--bits",
            "32",
            "--label",
            "t",
            "--threads",
            bad,
            "--out",
            "q.json",
            "o0.json",
        ])
        .expect_code(2);
    }
}
