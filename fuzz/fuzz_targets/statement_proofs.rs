//! Ready-made statement proofs (`Sha256Proof`, `MerkleProof`, `ShuffleProof::from_bytes`):
//! decoding never panics and round-trips exactly; a decoded shuffle proof is verified (must not
//! panic, must not pass) against a fixed two-value shuffle statement; every input also goes to
//! `verify_bytes_with_key` (must not panic, must not pass, and must fail with `from_bytes`'s
//! error where that refuses the bytes).
#![no_main]

use bpkit::circuit::statements::{
    MerkleProof, Sha256Proof, ShuffleProof, ShuffleStatement, VerifyingKey,
};
use bpkit::group::CompressedRistretto;
use bpkit::group::Scalar;
use bpkit::{BulletproofGens, Opening};
use libfuzzer_sys::fuzz_target;
use merlin::Transcript;
use std::sync::OnceLock;

fn fixed() -> &'static (ShuffleStatement, BulletproofGens, VerifyingKey) {
    static FIXED: OnceLock<(ShuffleStatement, BulletproofGens, VerifyingKey)> = OnceLock::new();
    FIXED.get_or_init(|| {
        let c = |v: u64| Opening::new(v, Scalar::from(v + 7)).commit();
        let inputs: Vec<CompressedRistretto> = vec![c(1), c(2)];
        let outputs = vec![c(2), c(1)];
        let st = ShuffleStatement::new(inputs, outputs).expect("a valid statement");
        let key = st.verifying_key().expect("a key");
        (st, BulletproofGens::new(64, 1), key)
    })
}

fuzz_target!(|data: &[u8]| {
    if let Ok(p) = Sha256Proof::from_bytes(data) {
        assert_eq!(p.to_bytes(), data, "decoding must be canonical");
    }
    if let Ok(p) = MerkleProof::from_bytes(data) {
        assert_eq!(p.to_bytes(), data, "decoding must be canonical");
    }
    let (st, bp, key) = fixed();
    let from_bytes = st.verify_bytes_with_key(key, &mut Transcript::new(b"fuzz"), data, bp);
    assert!(from_bytes.is_err(), "fuzzed bytes must not verify");
    match ShuffleProof::from_bytes(data) {
        Ok(p) => {
            assert_eq!(p.to_bytes(), data, "decoding must be canonical");
            assert_eq!(p.serialized_size(), data.len());
            let r = st.verify(&mut Transcript::new(b"fuzz"), &p, bp);
            assert!(r.is_err(), "a fuzzed proof must not verify");
        }
        Err(e) => assert_eq!(from_bytes, Err(e), "bytes and parsing must fail alike"),
    }
});
