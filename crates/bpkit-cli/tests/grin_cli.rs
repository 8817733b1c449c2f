//! `--scheme grin-bp` end to end: commit, prove (with extra, message, nonce file), verify,
//! inspect, rewind, batch-verify with a tampered line, and the errors' exit codes.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

mod common;

use common::TempDir;

#[test]
fn commit_prove_verify_rewind_batch() {
    let d = TempDir::new("grin-flow");
    assert_eq!(
        d.run(&["commit", "--scheme", "grin-bp", "--value", "1234", "--out", "o.json"])
            .code(),
        0
    );
    std::fs::write(d.path("nonce"), "07".repeat(32)).unwrap();
    let r = d.run(&[
        "prove",
        "--scheme",
        "grin-bp",
        "--extra",
        "abcd",
        "--message",
        "6869",
        "--nonce-file",
        "nonce",
        "--out",
        "p.json",
        "o.json",
    ]);
    assert_eq!(r.code(), 0);
    let env = std::fs::read_to_string(d.path("p.json")).unwrap();
    assert!(env.contains("\"scheme\":\"grin-bp\""));
    let r = d.run(&["verify", "p.json"]);
    assert_eq!((r.code(), r.stdout().as_str()), (0, "valid\n"));
    let r = d.run(&["inspect", "p.json"]);
    assert_eq!(r.code(), 0);
    assert!(r.stdout().contains("675 bytes"));
    let r = d.run(&["rewind", "--nonce-file", "nonce", "p.json"]);
    assert_eq!(r.code(), 0);
    assert!(r.stdout().contains("value: 1234\n"));
    assert!(r.stdout().contains("message: 6869000000"));
    std::fs::write(d.path("other"), "08".repeat(32)).unwrap();
    assert_eq!(
        d.run(&["rewind", "--nonce-file", "other", "p.json"]).code(),
        1
    );

    // Extra data is bound: changed, removed or emptied, the proof is invalid.
    for (from, to) in [
        ("\"extra\":\"abcd\",", ""),
        ("\"abcd\"", "\"abce\""),
        ("\"abcd\"", "\"\""),
    ] {
        std::fs::write(d.path("bad.json"), env.replace(from, to)).unwrap();
        assert_eq!(d.run(&["verify", "bad.json"]).code(), 1, "{to}");
    }
    // Malformed: a bad commitment prefix, unknown field, wrong bits.
    for (from, to) in [
        ("[\"09", "[\"02"),
        ("[\"08", "[\"02"),
        ("\"version\"", "\"x\":1,\"version\""),
        ("\"bits\":64", "\"bits\":3"),
    ] {
        let text = env.replace(from, to);
        if text != env {
            std::fs::write(d.path("bad.json"), text).unwrap();
            assert_eq!(d.run(&["verify", "bad.json"]).code(), 3, "{to}");
        }
    }

    assert_eq!(
        d.run(&["commit", "--scheme", "grin-bp", "--value", "5", "--out", "o5.json"])
            .code(),
        0
    );
    assert_eq!(
        d.run(&["prove", "--scheme", "grin-bp", "--bits", "8", "--out", "p5.json", "o5.json"])
            .code(),
        0
    );
    // 1234 does not fit in 8 bits.
    assert_eq!(
        d.run(&["prove", "--scheme", "grin-bp", "--bits", "8", "--out", "x.json", "o.json"])
            .code(),
        3
    );
    let p5 = std::fs::read_to_string(d.path("p5.json")).unwrap();
    let bad = env.replace("\"abcd\"", "\"abce\"");
    std::fs::write(d.path("b.jsonl"), format!("{env}{p5}")).unwrap();
    let r = d.run(&["batch-verify", "b.jsonl"]);
    assert_eq!((r.code(), r.stdout().starts_with("valid: 2")), (0, true));
    std::fs::write(d.path("b.jsonl"), format!("{p5}{bad}{env}")).unwrap();
    let r = d.run(&["batch-verify", "b.jsonl"]);
    assert_eq!(r.code(), 1);
    assert!(
        r.stdout().starts_with("invalid: line 2\n"),
        "{}",
        r.stdout()
    );
    // Options of other schemes are refused.
    assert_eq!(
        d.run(&["prove", "--scheme", "grin-bp", "--label", "x", "--out", "y.json", "o.json"])
            .code(),
        2
    );
    assert_eq!(
        d.run(&[
            "prove", "--bits", "64", "--label", "x", "--extra", "00", "--out", "y.json", "o.json"
        ])
        .code(),
        2
    );
}
