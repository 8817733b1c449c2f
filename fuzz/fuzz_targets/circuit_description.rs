//! Circuit descriptions: reading arbitrary text never panics, and whatever is accepted is
//! canonical (written back byte for byte) with a digest; the header a verifier reads first
//! (`Circuit::description_header`) gives the sizes of every accepted description.
#![no_main]

use bpkit::circuit::Circuit;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = core::str::from_utf8(data) {
        if let Ok(c) = Circuit::from_json(text) {
            assert_eq!(c.to_json(), text, "only canonical descriptions are accepted");
            let _ = c.digest();
            let h = Circuit::description_header(text).expect("an accepted description's header");
            assert_eq!(h.commitments, c.num_commitments());
            assert_eq!(h.phase_one_multipliers, c.phase_one_multipliers());
            assert_eq!(h.multipliers(), c.multipliers());
        }
    }
});
