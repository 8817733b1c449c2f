//! Circuit envelopes (`bpkit circuit`): parsing never panics, a parsed envelope writes back to
//! JSON that parses to the same envelope, and verifying one never panics (the SHA-256 statement,
//! whose circuit takes long to build, only when its proof decodes). A statement whose size
//! (from its public parameters) is above the default limit is refused as `circuit-too-large`
//! whatever its proof; Merkle and shuffle sizes equal their recorded circuits'.
#![no_main]

use bpkit_envelope::circuit;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let _ = circuit::is_circuit(text);
    if let Ok(envelope) = circuit::parse(text) {
        let json = circuit::to_json(&envelope).expect("an envelope encodes");
        assert_eq!(circuit::parse(&json).expect("its encoding parses"), envelope);
        let n = circuit::multipliers(&envelope.statement);
        if n > bpkit_envelope::DEFAULT_MAX_MULTIPLIERS {
            let e = circuit::verify(&envelope).expect_err("above the limit");
            assert_eq!(e.kind(), "circuit-too-large");
            return;
        }
        let recorded = match &envelope.statement {
            circuit::Statement::Merkle(m) => Some(m.circuit()),
            circuit::Statement::Shuffle(s) => Some(s.circuit()),
            circuit::Statement::Sha256(_) => None,
        };
        if let Some(c) = recorded {
            assert_eq!(c.expect("a statement records").multipliers(), n);
        }
        let heavy = matches!(envelope.statement, circuit::Statement::Sha256(_));
        if !heavy || bpkit::circuit::CircuitProof::from_bytes(&envelope.proof).is_ok() {
            let _ = circuit::verify(&envelope);
        }
    }
});
