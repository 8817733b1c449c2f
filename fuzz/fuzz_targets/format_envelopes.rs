//! The Grin and Monero envelopes (`bpkit_envelope::grin::parse_grin`,
//! `bpkit_envelope::monero::parse_monero`), which `format::parse` (fuzzed by `envelope_parse`)
//! does not read: parsing arbitrary text never panics; a parsed envelope writes back to JSON
//! that parses to the same envelope; verifying it returns a verdict, never a panic.
#![no_main]

use bpkit_envelope::grin::{grin_to_json, parse_grin, verify_grin};
use bpkit_envelope::monero::{monero_to_json, parse_monero, verify_monero};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(env) = parse_grin(text) {
        let json = grin_to_json(&env).expect("a parsed grin envelope encodes");
        assert_eq!(parse_grin(&json).expect("its encoding parses"), env);
        let _ = verify_grin(&env);
    }
    if let Ok(env) = parse_monero(text) {
        let json = monero_to_json(&env).expect("a parsed monero envelope encodes");
        assert_eq!(parse_monero(&json).expect("its encoding parses"), env);
        let _ = verify_monero(&env);
    }
});
