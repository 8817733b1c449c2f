//! The envelope JSON (read by the CLI and every binding): parsing never panics, a parsed
//! envelope writes back to JSON that parses to the same envelope and writes the same bytes,
//! and decoding its proof into a claim never panics (and round-trips).
#![no_main]

use bpkit_envelope::{parse, to_json, Claim};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let Ok(envelope) = parse(text) else { return };
    let written = to_json(&envelope).expect("a parsed envelope can be written");
    let again = parse(&written).expect("written envelopes parse");
    assert_eq!(again, envelope, "parse(to_json(e)) == e");
    assert_eq!(to_json(&again).expect("writable"), written, "one spelling");
    if let Ok(claim) = Claim::from_envelope(&envelope) {
        assert_eq!(claim.to_envelope(), envelope, "claims round-trip");
    }
});
