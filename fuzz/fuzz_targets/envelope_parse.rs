//! CLI envelopes (`bpkit_envelope::format::parse`, `hex::decode`, `format::parse_interval`) and
//! `Claim::from_envelope`: parsing arbitrary text never panics; a parsed envelope writes back to
//! JSON that parses to the same envelope; a claim built from it gives the same envelope back and
//! verifies without panicking.
#![no_main]

use bpkit_envelope::{format, hex, Claim};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(bytes) = hex::decode(text) {
        // Uppercase digits are accepted by design (hex.rs); the bytes are what must round-trip.
        assert_eq!(
            hex::encode(&bytes),
            text.to_ascii_lowercase(),
            "hex decoding round trip"
        );
    }
    if let Some((a, b)) = text.split_once(',') {
        if let Some(i) = format::parse_interval(a, b) {
            assert_eq!(
                (i.lower().to_string(), i.upper().to_string()),
                (a.to_owned(), b.to_owned())
            );
        }
    }
    let Ok(envelope) = format::parse(text) else {
        return;
    };
    let json = format::to_json(&envelope).expect("a parsed envelope encodes");
    assert_eq!(format::parse(&json).expect("its encoding parses"), envelope);
    if let Ok(claim) = Claim::from_envelope(&envelope) {
        assert_eq!(claim.to_envelope(), envelope, "claims round-trip");
        // Seeds are valid envelopes, so a claim may verify; it must only not panic.
        let _ = claim.verify_shared();
    }
});
