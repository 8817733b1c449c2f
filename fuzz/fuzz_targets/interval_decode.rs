//! Interval proofs (`IntervalProof::from_bytes`): decoding never panics and round-trips exactly;
//! a decoded proof is verified (must not panic) against a fixed interval statement.
#![no_main]

use bpkit::group::CompressedRistretto;
use bpkit::{Interval, IntervalProof};
use libfuzzer_sys::fuzz_target;
use merlin::Transcript;

fuzz_target!(|data: &[u8]| {
    let Ok(proof) = IntervalProof::from_bytes(data) else {
        return;
    };
    assert_eq!(proof.to_bytes(), data, "decoding must be canonical");
    let total = proof.range_proof().total_bits();
    let bits = match total / 2 {
        8 => 8,
        16 => 16,
        32 => 32,
        _ => 64,
    };
    let Ok(interval) = Interval::new(3, 200) else {
        return;
    };
    let commitment = CompressedRistretto::default();
    let r = proof.verify(&mut Transcript::new(b"fuzz"), &commitment, &interval, bits);
    assert!(
        r.is_err(),
        "a fuzzed proof for the identity commitment must not verify"
    );
});
