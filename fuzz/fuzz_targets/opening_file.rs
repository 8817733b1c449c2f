//! The CLI's opening files (`bpkit-cli/src/opening_file.rs`, compiled in here since the CLI is a
//! binary crate): parsing arbitrary text never panics; an accepted file's commitment matches its
//! opening, and writing it back and parsing again gives the same value, blinding and commitment.
#![no_main]
#![allow(dead_code)]

#[path = "../../crates/bpkit-cli/src/error.rs"]
mod error;
#[path = "../../crates/bpkit-cli/src/files.rs"]
mod files;
#[path = "../../crates/bpkit-cli/src/opening_file.rs"]
mod opening_file;

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(file) = opening_file::parse(text) else {
        return;
    };
    assert_eq!(file.opening.commit(), file.commitment);
    let json = opening_file::to_json(&file.opening).expect("an opening encodes");
    let again = opening_file::parse(&json).expect("its encoding parses");
    assert_eq!(again.commitment, file.commitment);
    assert_eq!(again.opening.value, file.opening.value);
    assert_eq!(again.opening.blinding, file.opening.blinding);
});
