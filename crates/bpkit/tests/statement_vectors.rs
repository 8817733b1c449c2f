//! The frozen vectors of the ready-made statements (`tests/vectors/statements.json`): every
//! valid case verifies, every invalid case fails with its recorded error kind, both kinds of
//! every statement are present, and regenerating the file gives it byte for byte.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    clippy::arithmetic_side_effects
)]

#[path = "statement_vector_gen/mod.rs"]
mod statement_vectors;

use statement_vectors::{Vectors, FILE, GENERATOR};

fn frozen() -> (String, Vectors) {
    let text = std::fs::read_to_string(FILE)
        .unwrap_or_else(|e| panic!("cannot read {FILE}: {e}; generate it with `{GENERATOR}`"));
    let v = serde_json::from_str(&text).unwrap();
    (text, v)
}

#[test]
fn every_case_verifies_or_fails_as_recorded() {
    let (_, v) = frozen();
    let bp = statement_vectors::gens();
    for name in bpkit::circuit::statements::NAMES {
        assert!(
            v.cases.iter().any(|c| c.statement == name && c.valid),
            "{name}"
        );
        assert!(
            v.cases.iter().any(|c| c.statement == name && !c.valid),
            "{name}"
        );
    }
    for case in &v.cases {
        let r = statement_vectors::verify(case, &bp);
        if case.valid {
            assert!(r.is_ok(), "{}: {r:?}", case.comment);
        } else {
            let e = r.expect_err(&case.comment);
            assert_eq!(Some(e.kind().to_string()), case.error, "{}", case.comment);
        }
    }
}

#[test]
fn regenerating_gives_the_file() {
    let (text, _) = frozen();
    let again = statement_vectors::to_json(&statement_vectors::generate());
    assert!(again == text, "{FILE} is out of date: run `{GENERATOR}`");
}
