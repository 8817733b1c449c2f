//! Wire compatibility with `tari_bulletproofs_plus` 0.5.3, both ways, with Tari's generators:
//! across bit sizes, aggregation sizes (padding included), extension degrees, minimum values,
//! and mask recovery.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    clippy::arithmetic_side_effects
)]

mod plus_common;

use bpkit::plus::{PlusGens, PlusProof};
use merlin::Transcript;
use plus_common::*;
use tari_bulletproofs_plus::range_proof::VerifyAction;

#[test]
fn bpkit_proofs_verify_in_tari_single() {
    let mut r = rng(1);
    for &n in &[8usize, 16, 32, 64] {
        let gens = PlusGens::tari(1).unwrap();
        let c = case(&mut r, n, 1, 1, false);
        let (proof, st) = prove(&gens, &c, b"interop", 7);
        let bytes = proof.to_bytes();
        assert_eq!(bytes.len(), st.proof_size(1));
        proof.verify(&mut Transcript::new(b"interop"), &gens, &st).unwrap();
        let tst = tari_statement(&st, 1, None);
        tari_verify(b"interop", &tst, &bytes, VerifyAction::VerifyOnly).unwrap();
    }
}

#[test]
fn tari_proofs_verify_in_bpkit_single() {
    let mut r = rng(2);
    for &n in &[8usize, 16, 32, 64] {
        let gens = PlusGens::tari(1).unwrap();
        let c = case(&mut r, n, 1, 1, false);
        let st = statement(&gens, &c);
        let bytes = tari_prove(&c, &st, b"interop", None, 3);
        let proof = PlusProof::from_bytes(&bytes).unwrap();
        assert_eq!(proof.to_bytes(), bytes);
        proof.verify(&mut Transcript::new(b"interop"), &gens, &st).unwrap();
    }
}
