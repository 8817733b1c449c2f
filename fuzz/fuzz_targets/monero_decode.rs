//! Monero proofs and transactions: proof decoding round-trips exactly, and parsing a raw
//! transaction + verifying its range proof never panics (the input is tried as a whole
//! transaction, and as a proof followed by commitments).
#![no_main]

use bpkit::monero::{OriginalProof, PlusProof, Transaction};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(tx) = Transaction::from_bytes(data) {
        let _ = tx.verify_range_proofs();
    }
    // First byte: number of trailing 32-byte commitments (0–16); then the proof.
    let Some((&n, rest)) = data.split_first() else { return };
    let n = usize::from(n % 17);
    let split = rest.len().saturating_sub(n * 32);
    let (proof, tail) = rest.split_at(split);
    let commitments: Vec<[u8; 32]> =
        tail.chunks_exact(32).map(|c| c.try_into().unwrap_or([0; 32])).collect();
    if let Ok(p) = PlusProof::from_bytes(proof) {
        assert_eq!(p.to_bytes(), proof, "BP+ decoding must be canonical");
        let _ = p.verify(&commitments);
    }
    if let Ok(p) = OriginalProof::from_bytes(proof) {
        assert_eq!(p.to_bytes(), proof, "BP decoding must be canonical");
        let _ = p.verify(&commitments);
    }
});
