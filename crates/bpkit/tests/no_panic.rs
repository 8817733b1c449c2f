//! No input makes decoding or verification panic: random bytes, and valid proofs with random
//! corruption, go through `from_bytes` and `verify` and come back as `Ok` or a typed error.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    clippy::arithmetic_side_effects
)]

mod common;

use bpkit::group::CompressedRistretto;
use bpkit::{RangeProof, RangeStatement};
use merlin::Transcript;
use proptest::prelude::*;

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, .. ProptestConfig::default() })]

    #[test]
    fn random_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..1200)) {
        let _ = RangeProof::from_bytes(&bytes);
    }

    #[test]
    fn corrupted_proofs_never_panic_and_never_verify(
        seed in any::<u64>(),
        edits in proptest::collection::vec((any::<usize>(), any::<u8>()), 1..4),
        commitment in any::<[u8; 32]>(),
    ) {
        let mut rng = common::rng(seed);
        let (proof, statement) = common::prove(b"np", &common::openings(&mut rng, 8, 2), 8, seed);
        let mut bytes = proof.to_bytes();
        let mut changed = false;
        for (at, x) in edits {
            let i = at % bytes.len();
            changed |= x != 0;
            bytes[i] ^= x;
        }
        if let Ok(p) = RangeProof::from_bytes(&bytes) {
            let outcome = p.verify(&mut Transcript::new(b"np"), &statement);
            prop_assert!(!changed || outcome.is_err());
        }
        // An arbitrary (possibly invalid) commitment in the statement.
        let odd = RangeStatement::new(8, vec![statement.commitments()[0], CompressedRistretto(commitment)]).unwrap();
        prop_assert!(proof.verify(&mut Transcript::new(b"np"), &odd).is_err() || commitment == statement.commitments()[1].to_bytes());
    }
}
