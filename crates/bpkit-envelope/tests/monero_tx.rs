//! The facade's `monero::verify_tx` (what the bindings' `verify_tx` / `verifyTx` /
//! `bpkit_monero_verify_tx` return) on Monero's own test transactions (copied under
//! tests/vectors/monero/txs/), tampered and truncated copies.
#![allow(
    clippy::unwrap_used,
    clippy::indexing_slicing,
    clippy::panic,
    clippy::arithmetic_side_effects
)]

use bpkit_envelope::monero::{monero_error_kind, verify_tx, TxProofKind, TxVerdict};

fn tx(name: &str) -> Vec<u8> {
    std::fs::read(format!(
        "{}/../../tests/vectors/monero/txs/{name}.bin",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap()
}

/// (file, RingCT type, proof kind): the hash prefix is in the file name.
const TXS: &[(&str, Option<u8>, TxProofKind)] = &[
    ("bpp_tx_e89415", Some(6), TxProofKind::BulletproofsPlus),
    ("rct_bp_tx_a685d68e", Some(3), TxProofKind::Bulletproofs),
    (
        "rct_bp_compact_tx_10312fd4",
        Some(4),
        TxProofKind::Bulletproofs,
    ),
    ("rct_clsag_tx_200c3215", Some(5), TxProofKind::Bulletproofs),
    ("rct_full_tx_14056427", Some(1), TxProofKind::None),
    ("rct_simple_tx_c69861bf", Some(2), TxProofKind::None),
    ("v1_coinbase_tx_bf4c0300", None, TxProofKind::None),
    ("v1_tx_hf3_effcceb9", None, TxProofKind::None),
    ("v2_coinbase_tx_7f88a52a", Some(0), TxProofKind::None),
];

#[test]
fn real_transactions() {
    for &(name, ty, kind) in TXS {
        let r = verify_tx(&tx(name)).unwrap();
        let prefix = name.rsplit('_').next().unwrap();
        assert!(r.hash_hex().starts_with(prefix), "{name}: {}", r.hash_hex());
        assert_eq!(r.rct_type, ty, "{name}");
        assert_eq!(r.proof_kind, kind, "{name}");
        let expected = if kind == TxProofKind::None {
            TxVerdict::NoBulletproofs
        } else {
            TxVerdict::Valid
        };
        assert_eq!(r.verdict, expected, "{name}");
        assert!(r.outputs >= 1, "{name}");
        assert_eq!(r.version, if ty.is_none() { 1 } else { 2 }, "{name}");
        let line = r.summary();
        if kind == TxProofKind::None {
            assert!(line.ends_with(&format!("no Bulletproofs (type {})", r.type_name())));
        } else {
            assert!(
                line.ends_with(&format!("{} valid", kind.as_str())),
                "{line}"
            );
        }
    }
}

/// Where a proof scalar of the transaction's proof is: `r1` of Bulletproofs+ (at 96 in the
/// proof) or `taux` of Bulletproofs (at 128), a few bytes in.
fn scalar_offset(bytes: &[u8]) -> usize {
    let plus = matches!(
        bpkit::monero::Transaction::from_bytes(bytes)
            .unwrap()
            .proofs,
        bpkit::monero::RangeProofs::BulletproofsPlus(_)
    );
    proof_offset(bytes) + if plus { 100 } else { 130 }
}

/// The offset of the transaction's proof: where its serialization starts in the blob.
fn proof_offset(bytes: &[u8]) -> usize {
    let t = bpkit::monero::Transaction::from_bytes(bytes).unwrap();
    let proof = match &t.proofs {
        bpkit::monero::RangeProofs::BulletproofsPlus(v) => v[0].to_bytes(),
        bpkit::monero::RangeProofs::Bulletproofs(v) => v[0].to_bytes(),
        bpkit::monero::RangeProofs::None => panic!("no proof"),
    };
    bytes
        .windows(proof.len())
        .position(|w| w == proof.as_slice())
        .unwrap()
}

#[test]
fn tampered_is_invalid_truncated_is_malformed() {
    for name in [
        "bpp_tx_e89415",
        "rct_bp_tx_a685d68e",
        "rct_bp_compact_tx_10312fd4",
        "rct_clsag_tx_200c3215",
    ] {
        let bytes = tx(name);
        let good = verify_tx(&bytes).unwrap();
        // A byte inside one of the proof's scalars.
        let mut bad = bytes.clone();
        bad[scalar_offset(&bytes)] ^= 1;
        let r = verify_tx(&bad).unwrap();
        assert!(matches!(r.verdict, TxVerdict::Invalid(_)), "{name}: {r:?}");
        assert_eq!(r.verdict.as_str(), "invalid");
        assert_eq!(
            monero_error_kind(&r.verdict.error().unwrap()),
            "verification-failed"
        );
        // The proof is in the prunable part: the hash changes, the rest does not.
        assert_ne!(r.hash, good.hash);
        assert_eq!((r.rct_type, r.outputs), (good.rct_type, good.outputs));
        assert!(r.summary().contains(" invalid: "), "{}", r.summary());

        let e = verify_tx(&bytes[..bytes.len() - 1]).unwrap_err();
        assert!(e.is_malformed(), "{name}: {e:?}");
        assert_eq!(monero_error_kind(&e), "wrong-length");
        let mut longer = bytes.clone();
        longer.push(0);
        assert_eq!(
            monero_error_kind(&verify_tx(&longer).unwrap_err()),
            "wrong-length"
        );
    }
}

/// A proof scalar made non-canonical (≥ ℓ): the transaction parses, its proof is malformed.
#[test]
fn non_canonical_scalar_is_a_malformed_proof() {
    let bytes = tx("bpp_tx_e89415");
    let mut bad = bytes.clone();
    // r1 is the fourth 32-byte field of a Bulletproofs+ proof; all-ones is ≥ ℓ.
    let at = proof_offset(&bytes) + 96;
    bad[at..at + 32].fill(0xff);
    let r = verify_tx(&bad).unwrap();
    assert!(matches!(r.verdict, TxVerdict::Malformed(_)), "{r:?}");
    assert_eq!(
        monero_error_kind(&r.verdict.error().unwrap()),
        "non-canonical-scalar"
    );
    assert!(r.summary().contains(" malformed: "), "{}", r.summary());
}

#[test]
fn not_a_transaction() {
    for bytes in [&[][..], &[0x03][..], &[0x02, 0x00][..]] {
        assert!(verify_tx(bytes).unwrap_err().is_malformed());
    }
    let e = verify_tx(&[0x05, 0x00]).unwrap_err();
    assert_eq!(monero_error_kind(&e), "malformed-transaction");
}
