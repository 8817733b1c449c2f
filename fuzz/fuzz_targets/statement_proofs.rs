//! Ready-made statement proofs (`Sha256Proof`, `MerkleProof`, `ShuffleProof::from_bytes`):
//! decoding never panics and round-trips exactly; a decoded shuffle proof is verified (must not
//! panic, must not pass) against a fixed two-value shuffle statement.
#![no_main]

use bpkit::circuit::statements::{MerkleProof, Sha256Proof, ShuffleProof, ShuffleStatement};
use bpkit::group::CompressedRistretto;
use bpkit::group::Scalar;
use bpkit::{BulletproofGens, Opening};
use libfuzzer_sys::fuzz_target;
use merlin::Transcript;
use std::sync::OnceLock;

fn fixed() -> &'static (ShuffleStatement, BulletproofGens) {
    static FIXED: OnceLock<(ShuffleStatement, BulletproofGens)> = OnceLock::new();
    FIXED.get_or_init(|| {
        let c = |v: u64| Opening::new(v, Scalar::from(v + 7)).commit();
        let inputs: Vec<CompressedRistretto> = vec![c(1), c(2)];
        let outputs = vec![c(2), c(1)];
        let st = ShuffleStatement::new(inputs, outputs).expect("a valid statement");
        (st, BulletproofGens::new(64, 1))
    })
}

fuzz_target!(|data: &[u8]| {
    if let Ok(p) = Sha256Proof::from_bytes(data) {
        assert_eq!(p.to_bytes(), data, "decoding must be canonical");
    }
    if let Ok(p) = MerkleProof::from_bytes(data) {
        assert_eq!(p.to_bytes(), data, "decoding must be canonical");
    }
    if let Ok(p) = ShuffleProof::from_bytes(data) {
        assert_eq!(p.to_bytes(), data, "decoding must be canonical");
        assert_eq!(p.serialized_size(), data.len());
        let (st, bp) = fixed();
        let r = st.verify(&mut Transcript::new(b"fuzz"), &p, bp);
        assert!(r.is_err(), "a fuzzed proof must not verify");
    }
});
