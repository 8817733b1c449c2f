//! Monero's own test transactions (monero-project/monero tests/data/txs/, copied under
//! tests/vectors/monero/txs/): parse, hash, and verify their range proofs; tampered copies fail.
#![cfg(feature = "monero")]
#![allow(
    clippy::unwrap_used,
    clippy::indexing_slicing,
    clippy::arithmetic_side_effects,
    clippy::panic
)]

/// Verifies one serialized proof.
type VerifyFn = Box<dyn Fn(&[u8]) -> Result<(), MoneroError>>;

use bpkit::monero::{verify_tx, MoneroError, RangeProofs, RctType, Transaction};

fn tx(name: &str) -> Vec<u8> {
    std::fs::read(format!(
        "{}/../../tests/vectors/monero/txs/{name}",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap()
}

/// (file, RingCT type, carries Bulletproofs)
const TXS: &[(&str, Option<RctType>, bool)] = &[
    ("bpp_tx_e89415.bin", Some(RctType::BulletproofPlus), true),
    (
        "rct_bp_compact_tx_10312fd4.bin",
        Some(RctType::Bulletproof2),
        true,
    ),
    ("rct_bp_tx_a685d68e.bin", Some(RctType::Bulletproof), true),
    ("rct_clsag_tx_200c3215.bin", Some(RctType::Clsag), true),
    ("rct_full_tx_14056427.bin", Some(RctType::Full), false),
    ("rct_simple_tx_c69861bf.bin", Some(RctType::Simple), false),
    ("v1_coinbase_tx_bf4c0300.bin", None, false),
    ("v1_tx_hf3_effcceb9.bin", None, false),
    ("v2_coinbase_tx_7f88a52a.bin", Some(RctType::Null), false),
];

#[test]
fn parse_and_hash() {
    for &(name, ty, bp) in TXS {
        let bytes = tx(name);
        let t = Transaction::from_bytes(&bytes).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(t.rct_type, ty, "{name}");
        assert_eq!(t.has_bulletproofs(), bp, "{name}");
        // The file names carry the first bytes of the transaction hash.
        let prefix = name.rsplit('_').next().unwrap().trim_end_matches(".bin");
        assert!(
            hex::encode(t.hash).starts_with(prefix),
            "{name}: hash {}",
            hex::encode(t.hash)
        );
    }
}

#[test]
fn real_range_proofs_verify() {
    for &(name, _, bp) in TXS {
        if !bp {
            continue;
        }
        let t = verify_tx(&tx(name)).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert!(t.outputs >= 1);
    }
}

#[test]
fn swapped_and_altered_commitments_fail() {
    for &(name, _, bp) in TXS {
        if !bp {
            continue;
        }
        let mut t = Transaction::from_bytes(&tx(name)).unwrap();
        if t.commitments.len() >= 2 {
            let mut s = t.clone();
            s.commitments.swap(0, 1);
            assert_eq!(
                s.verify_range_proofs(),
                Err(MoneroError::VerificationFailed),
                "{name}"
            );
        }
        // Another valid point: the base point.
        t.commitments[0] = curve25519_dalek_5_basepoint();
        assert_eq!(
            t.verify_range_proofs(),
            Err(MoneroError::VerificationFailed),
            "{name}"
        );
    }
}

fn curve25519_dalek_5_basepoint() -> [u8; 32] {
    bpkit::reexports::curve25519_dalek::constants::ED25519_BASEPOINT_COMPRESSED.to_bytes()
}

#[test]
fn every_proof_byte_flip_fails() {
    for &(name, _, bp) in TXS {
        if !bp {
            continue;
        }
        let t = Transaction::from_bytes(&tx(name)).unwrap();
        let (proof, verify): (Vec<u8>, VerifyFn) = match &t.proofs {
            RangeProofs::BulletproofsPlus(v) => {
                let c = t.commitments.clone();
                (
                    v[0].to_bytes(),
                    Box::new(move |b: &[u8]| bpkit::monero::PlusProof::from_bytes(b)?.verify(&c)),
                )
            }
            RangeProofs::Bulletproofs(v) => {
                let c = t.commitments.clone();
                (
                    v[0].to_bytes(),
                    Box::new(move |b: &[u8]| {
                        bpkit::monero::OriginalProof::from_bytes(b)?.verify(&c)
                    }),
                )
            }
            RangeProofs::None => unreachable!(),
        };
        verify(&proof).unwrap();
        // Every byte flipped (one bit each, two bit positions): never accepted.
        for i in 0..proof.len() {
            for bit in [0u8, 7] {
                let mut p = proof.clone();
                p[i] ^= 1 << bit;
                assert!(verify(&p).is_err(), "{name}: byte {i} bit {bit} accepted");
            }
        }
    }
}

#[test]
fn truncated_and_extended_transactions_are_malformed() {
    for &(name, _, _) in TXS {
        let bytes = tx(name);
        for cut in [1usize, 2, 32, bytes.len() / 2] {
            if cut >= bytes.len() {
                continue;
            }
            assert!(
                Transaction::from_bytes(&bytes[..bytes.len() - cut]).is_err(),
                "{name} truncated by {cut}"
            );
        }
        let mut longer = bytes.clone();
        longer.push(0);
        assert!(matches!(
            Transaction::from_bytes(&longer),
            Err(MoneroError::TrailingBytes { .. })
        ));
    }
}

fn bpp() -> (bpkit::monero::PlusProof, Vec<[u8; 32]>) {
    let t = Transaction::from_bytes(&tx("bpp_tx_e89415.bin")).unwrap();
    match t.proofs {
        RangeProofs::BulletproofsPlus(v) => (v[0].clone(), t.commitments),
        _ => unreachable!(),
    }
}

#[test]
fn malformed_proofs_have_typed_errors() {
    let (p, c) = bpp();
    p.verify(&c).unwrap();
    // ℓ itself as r1: non-canonical.
    let mut q = p.clone();
    q.r1 = (-bpkit::reexports::curve25519_dalek::Scalar::ONE).to_bytes();
    q.r1[0] += 1;
    assert_eq!(
        q.verify(&c),
        Err(MoneroError::NonCanonicalScalar { offset: 96 })
    );
    // y = p as A: non-canonical point encoding.
    let mut q = p.clone();
    q.a = [0xff; 32];
    q.a[0] = 0xed;
    q.a[31] = 0x7f;
    assert_eq!(q.verify(&c), Err(MoneroError::InvalidPoint { offset: 0 }));
    // The identity with the sign bit set (x = 0, "negative zero") as L[0].
    let mut q = p.clone();
    q.l[0] = [0; 32];
    q.l[0][0] = 1;
    q.l[0][31] = 0x80;
    assert!(matches!(
        q.verify(&c),
        Err(MoneroError::InvalidPoint { .. })
    ));
    // One round too many or too few: a shape error, before any generator is touched.
    let mut q = p.clone();
    q.l.push(q.l[0]);
    q.r.push(q.r[0]);
    assert!(matches!(q.verify(&c), Err(MoneroError::WrongRounds { .. })));
    let mut q = p.clone();
    q.r.pop();
    assert!(matches!(q.verify(&c), Err(MoneroError::WrongRounds { .. })));
    // Through bpkit's error (envelopes, CLI `verify`, bindings) it is malformed too, as
    // `verify-tx` reports it: not a false proof.
    let e = bpkit::Error::from(q.verify(&c).unwrap_err());
    assert_eq!(e.kind(), "wrong-length");
    assert!(!e.is_invalid_proof());
    // No outputs, and the #11232 shape: 17 outputs with 11 rounds.
    assert_eq!(p.verify(&[]), Err(MoneroError::InvalidOutputCount(0)));
    let mut q = p.clone();
    while q.l.len() < 11 {
        q.l.push(q.l[0]);
        q.r.push(q.r[0]);
    }
    let c17 = vec![c[0]; 17];
    assert_eq!(q.verify(&c17), Err(MoneroError::InvalidOutputCount(17)));
    // An invalid commitment.
    let mut bad = c.clone();
    bad[1] = [0xff; 32];
    bad[1][0] = 0xed;
    bad[1][31] = 0x7f;
    assert_eq!(
        p.verify(&bad),
        Err(MoneroError::InvalidCommitment { index: 1 })
    );
}

#[test]
fn torsion_on_a_proof_point_decodes_but_changes_the_transcript() {
    use bpkit::reexports::curve25519_dalek::constants::EIGHT_TORSION;
    use bpkit::reexports::curve25519_dalek::edwards::CompressedEdwardsY;
    let (p, c) = bpp();
    // A + T for a torsion point T: ×8 gives the same point, so Monero decodes it and uses the
    // same 8·A, but the transcript hashes the new bytes: the proof fails (in Monero too), as a
    // verification failure, not a decoding error.
    let a = CompressedEdwardsY(p.a).decompress().unwrap();
    for t in EIGHT_TORSION.iter().skip(1) {
        let mut q = p.clone();
        q.a = (a + t).compress().to_bytes();
        assert_eq!(q.verify(&c), Err(MoneroError::VerificationFailed));
    }
    // Torsion added to a commitment: V changes, so the transcript does; refused likewise.
    let c0 = CompressedEdwardsY(c[0]).decompress().unwrap();
    let mut tc = c.clone();
    tc[0] = (c0 + EIGHT_TORSION[4]).compress().to_bytes();
    assert_eq!(p.verify(&tc), Err(MoneroError::VerificationFailed));
}
