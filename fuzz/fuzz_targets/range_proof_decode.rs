//! Decoding round-trips exactly, and decoding + verifying never panics.
#![no_main]

use bpkit::group::CompressedRistretto;
use bpkit::{RangeProof, RangeStatement};
use libfuzzer_sys::fuzz_target;
use merlin::Transcript;

fuzz_target!(|data: &[u8]| {
    if let Ok(proof) = RangeProof::from_bytes(data) {
        assert_eq!(proof.to_bytes(), data, "decoding must be canonical");
        let n = match proof.total_bits() { 8 => 8, 16 => 16, 32 => 32, _ => 64 };
        let m = (proof.total_bits() / n).max(1);
        let commitments = vec![CompressedRistretto::default(); m];
        if let Ok(statement) = RangeStatement::new(n, commitments) {
            let _ = proof.verify(&mut Transcript::new(b"fuzz"), &statement);
        }
    }
});
