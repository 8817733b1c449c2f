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
        proof
            .verify(&mut Transcript::new(b"interop"), &gens, &st)
            .unwrap();
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
        proof
            .verify(&mut Transcript::new(b"interop"), &gens, &st)
            .unwrap();
    }
}

/// (n, m, k, with minimums): aggregation sizes including non-powers of two (bpkit pads with
/// identity commitments, which Tari takes as ordinary commitments), every extension degree.
const GRID: &[(usize, usize, usize, bool)] = &[
    (64, 1, 2, true),
    (32, 2, 3, false),
    (16, 3, 4, true),
    (64, 4, 5, true),
    (8, 5, 6, true),
    (32, 8, 1, true),
    (16, 13, 2, false),
    (64, 16, 3, true),
    (8, 32, 6, true),
    (64, 33, 1, true),
    (64, 64, 2, false),
];

#[test]
fn bpkit_proofs_verify_in_tari_grid() {
    let mut r = rng(3);
    for &(n, m, k, with_min) in GRID {
        let gens = PlusGens::tari(k).unwrap();
        let c = case(&mut r, n, m, k, with_min);
        let (proof, st) = prove(&gens, &c, b"grid", 11);
        let bytes = proof.to_bytes();
        assert_eq!(bytes.len(), st.proof_size(k), "n={n} m={m} k={k}");
        proof
            .verify(&mut Transcript::new(b"grid"), &gens, &st)
            .unwrap();
        let tst = tari_statement(&st, k, None);
        tari_verify(b"grid", &tst, &bytes, VerifyAction::VerifyOnly)
            .unwrap_or_else(|e| panic!("tari rejects n={n} m={m} k={k}: {e:?}"));
        // A different label is a different statement for both.
        assert!(tari_verify(b"grix", &tst, &bytes, VerifyAction::VerifyOnly).is_err());
    }
}

#[test]
fn tari_proofs_verify_in_bpkit_grid() {
    let mut r = rng(4);
    for &(n, m, k, with_min) in GRID {
        let gens = PlusGens::tari(k).unwrap();
        let c = case_tari(&mut r, n, m, k, with_min);
        let st = statement(&gens, &c);
        let bytes = tari_prove(&c, &st, b"grid", None, 5);
        let proof = PlusProof::from_bytes(&bytes).unwrap();
        assert_eq!(proof.to_bytes(), bytes);
        proof
            .verify(&mut Transcript::new(b"grid"), &gens, &st)
            .unwrap_or_else(|e| panic!("bpkit rejects n={n} m={m} k={k}: {e:?}"));
        let bp = bpkit::generators::shared(n, st.padded_values());
        proof
            .verify_with_generators(gens.pedersen(), &bp, &mut Transcript::new(b"grid"), &st)
            .unwrap();
    }
}

#[test]
fn masks_recover_across_implementations() {
    use bpkit::group::Scalar;
    use bpkit::plus::{RecoveryMode, RecoverySeed};
    let mut r = rng(6);
    for k in 1..=6usize {
        let n = [8usize, 16, 32, 64][k % 4];
        let gens = PlusGens::tari(k).unwrap();
        let c = case_tari(&mut r, n, 1, k, k % 2 == 0);
        let st = statement(&gens, &c);
        let seed_scalar = Scalar::from(1000u64 + k as u64) * Scalar::from(0x1234_5678_9abc_u64);
        let seed = RecoverySeed::from_scalar(seed_scalar);

        // Tari proves with the seed, bpkit recovers.
        let bytes = tari_prove(&c, &st, b"rewind", Some(seed_scalar), 9);
        let proof = PlusProof::from_bytes(&bytes).unwrap();
        for mode in [RecoveryMode::RecoverOnly, RecoveryMode::RecoverAndVerify] {
            let got = proof
                .recover(
                    &mut Transcript::new(b"rewind"),
                    &gens,
                    &st,
                    &seed,
                    c.openings[0].value,
                    mode,
                )
                .unwrap();
            assert_eq!(got.blindings, c.openings[0].blindings);
        }

        // bpkit proves with the seed, Tari recovers the same mask.
        let proof = PlusProof::prove_recoverable(
            &mut Transcript::new(b"rewind"),
            &gens,
            &st,
            &c.openings[0],
            &seed,
            &mut rng(10),
        )
        .unwrap();
        let tst = tari_statement(&st, k, Some(seed_scalar));
        let masks = tari_verify(
            b"rewind",
            &tst,
            &proof.to_bytes(),
            VerifyAction::RecoverAndVerify,
        )
        .unwrap();
        let mask = masks[0].as_ref().unwrap().blindings().unwrap();
        assert_eq!(mask, c.openings[0].blindings);
    }
}

#[test]
fn tari_generator_vectors_verify_in_tari() {
    use bpkit::group::CompressedRistretto;
    use bpkit::plus::PlusStatement;
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../tests/vectors/bulletproofs_plus.json"
    );
    let doc: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let mut checked = 0;
    for v in doc["valid"].as_array().unwrap() {
        let s = &v["statement"];
        if s["generators"] != "tari" {
            continue;
        }
        let k = s["extension_degree"].as_u64().unwrap() as usize;
        let commitments = s["commitments"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| {
                CompressedRistretto(
                    hex::decode(c.as_str().unwrap())
                        .unwrap()
                        .try_into()
                        .unwrap(),
                )
            })
            .collect();
        let mins = s["minimums"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m.as_u64().unwrap())
            .collect();
        let st =
            PlusStatement::with_minimums(s["bits"].as_u64().unwrap() as usize, commitments, mins)
                .unwrap();
        let bytes = hex::decode(v["proof"].as_str().unwrap()).unwrap();
        let tst = tari_statement(&st, k, None);
        tari_verify(
            b"bpkit test vectors",
            &tst,
            &bytes,
            VerifyAction::VerifyOnly,
        )
        .unwrap();
        checked += 1;
    }
    assert!(checked >= 3);
}
