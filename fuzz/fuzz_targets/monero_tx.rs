//! Raw Monero transactions through the parser and both verify entries (the library's
//! `bpkit::monero::verify_tx` and the facade's `bpkit_envelope::monero::verify_tx`, which the
//! CLI and the bindings use): never a panic, and
//! - the two entries agree (a report's verdict is `valid` exactly when the library's verify
//!   succeeds; the report's hash, type and counts are the parsed transaction's);
//! - a transaction that parses has no strict prefix that parses (the parse is strict: every
//!   byte is accounted for) and no extension that parses;
//! - the verdict's category is the error's (`invalid` for a false proof, `malformed` else).
#![no_main]

use bpkit::monero::{RangeProofs, Transaction};
use bpkit_envelope::monero::{verify_tx, TxVerdict};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let parsed = Transaction::from_bytes(data);
    let report = verify_tx(data);
    let (tx, report) = match (parsed, report) {
        (Ok(tx), Ok(report)) => (tx, report),
        (Err(a), Err(b)) => {
            assert_eq!(a, b, "parse errors differ");
            assert!(a.is_malformed(), "a parse error must be malformed: {a:?}");
            return;
        }
        (p, r) => panic!("the parser and the facade disagree: {p:?} / {r:?}"),
    };
    assert_eq!(report.hash, tx.hash);
    assert_eq!(report.rct_type, tx.rct_type.map(|t| t.number()));
    assert_eq!((report.inputs, report.outputs), (tx.inputs, tx.outputs));
    let library = bpkit::monero::verify_tx(data);
    match report.verdict {
        TxVerdict::Valid => assert!(library.is_ok()),
        TxVerdict::NoBulletproofs => {
            assert!(matches!(tx.proofs, RangeProofs::None));
            assert!(library.is_err());
        }
        TxVerdict::Invalid(e) => {
            assert!(!e.is_malformed());
            assert_eq!(library.err(), Some(e));
        }
        TxVerdict::Malformed(e) => {
            assert!(e.is_malformed());
            assert_eq!(library.err(), Some(e));
        }
    }
    for cut in [data.len().saturating_sub(1), data.len() / 2] {
        if let Some(prefix) = data.get(..cut).filter(|p| p.len() < data.len()) {
            assert!(Transaction::from_bytes(prefix).is_err(), "a strict prefix parsed");
        }
    }
    let mut longer = data.to_vec();
    longer.push(0);
    assert!(Transaction::from_bytes(&longer).is_err(), "an extension parsed");
});
