//! Stable smoke run of the `monero_decode` fuzz target's properties: Monero proof decoders and
//! the transaction parser, fed random bytes or mutations of Monero's real transactions, return
//! `Ok` or a typed error (never panic), and decoded proofs re-encode to the same bytes.
#![cfg(feature = "monero")]
#![allow(
    clippy::unwrap_used,
    clippy::indexing_slicing,
    clippy::arithmetic_side_effects
)]

use bpkit::monero::{OriginalProof, PlusProof, Transaction};
use proptest::prelude::*;

const TXS: &[&[u8]] = &[
    include_bytes!("../../../tests/vectors/monero/txs/bpp_tx_e89415.bin"),
    include_bytes!("../../../tests/vectors/monero/txs/rct_bp_tx_a685d68e.bin"),
    include_bytes!("../../../tests/vectors/monero/txs/rct_bp_compact_tx_10312fd4.bin"),
    include_bytes!("../../../tests/vectors/monero/txs/rct_clsag_tx_200c3215.bin"),
    include_bytes!("../../../tests/vectors/monero/txs/v1_tx_hf3_effcceb9.bin"),
];

fn check(bytes: &[u8]) {
    if let Ok(tx) = Transaction::from_bytes(bytes) {
        let _ = tx.verify_range_proofs();
    }
    if let Ok(p) = PlusProof::from_bytes(bytes) {
        assert_eq!(p.to_bytes(), bytes);
        let _ = p.verify(&[[1; 32]; 2]);
    }
    if let Ok(p) = OriginalProof::from_bytes(bytes) {
        assert_eq!(p.to_bytes(), bytes);
        let _ = p.verify(&[[1; 32]; 2]);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn random_bytes(bytes in proptest::collection::vec(any::<u8>(), 0..1200)) {
        check(&bytes);
    }

    #[test]
    fn mutated_transactions(which in 0usize..5, at in any::<usize>(), byte in any::<u8>(), cut in any::<bool>()) {
        let mut t = TXS[which].to_vec();
        let i = at % t.len();
        if cut {
            t.truncate(i);
        } else {
            t[i] = byte;
        }
        check(&t);
    }
}
