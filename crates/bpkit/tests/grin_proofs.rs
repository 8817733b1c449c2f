//! Grin / MWEB range proofs on their own: completeness at every bit size, every byte flipped,
//! wrong statements, strict decoding of malformed encodings, batch failures located.
#![cfg(feature = "grin")]
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    clippy::arithmetic_side_effects
)]

mod grin_common;

use bpkit::grin::{
    bits_for_size, commit, proof_size, prove, rewind, verify, verify_batch, Commitment33,
    GrinProof, GrinStatement, GRIN_BIT_SIZES,
};
use bpkit::group::secp256k1::encoding::{read_points, XPoint};
use bpkit::group::secp256k1::Scalar;
use bpkit::Error;
use grin_common::*;

fn statement(commitment: Commitment33, bits: usize, extra: Option<&[u8]>) -> GrinStatement {
    GrinStatement {
        commitment,
        bits,
        extra: extra.map(<[u8]>::to_vec),
    }
}

#[test]
fn sizes_follow_the_format() {
    let sizes: Vec<usize> = GRIN_BIT_SIZES
        .iter()
        .map(|b| proof_size(*b).unwrap())
        .collect();
    assert_eq!(sizes, vec![289, 353, 418, 482, 546, 610, 675]);
    for b in GRIN_BIT_SIZES {
        assert_eq!(bits_for_size(proof_size(b).unwrap()), Some(b));
    }
    for bad in [0usize, 3, 5, 128] {
        assert!(proof_size(bad).is_none());
    }
}

#[test]
fn completeness_at_every_bit_size() {
    for (k, bits) in GRIN_BIT_SIZES.into_iter().enumerate() {
        let max = if bits == 64 {
            u64::MAX
        } else {
            (1u64 << bits) - 1
        };
        for (j, v) in [0, 1, max / 2, max].into_iter().enumerate() {
            let w = witness((k * 10 + j) as u64, v, j % 2 == 0, Some([j as u8; 20]));
            let extra = (j % 2 == 1).then_some(&b"x"[..]);
            let (c, proof) = prove(gens(), &w, bits, extra).unwrap();
            let bytes = proof.to_bytes();
            assert_eq!(bytes.len(), proof_size(bits).unwrap());
            let decoded = GrinProof::from_bytes(&bytes, bits).unwrap();
            assert_eq!(decoded, proof);
            assert_eq!(GrinProof::from_bytes_any(&bytes).unwrap(), proof);
            verify(gens(), &statement(c, bits, extra), &decoded).unwrap();
            let r = rewind(gens(), &c, extra, &decoded, &w.rewind_nonce).unwrap();
            assert_eq!(r.value, v);
            assert_eq!(r.message, [j as u8; 20]);
        }
        // Out of range values are refused by the prover.
        if bits < 64 {
            let w = witness(99, 1u64 << bits, false, None);
            assert!(matches!(
                prove(gens(), &w, bits, None),
                Err(Error::ValueOutOfRange { .. })
            ));
        }
    }
}

#[test]
fn prover_refuses_bad_inputs() {
    let mut w = witness(1, 5, false, None);
    assert!(matches!(
        prove(gens(), &w, 3, None),
        Err(Error::InvalidBitSize(3))
    ));
    assert!(matches!(
        prove(gens(), &w, 128, None),
        Err(Error::InvalidBitSize(128))
    ));
    w.blinding = Scalar::ZERO;
    assert!(prove(gens(), &w, 64, None).is_err());
}

#[test]
fn every_byte_flipped_is_rejected() {
    for bits in [2usize, 8, 64] {
        let w = witness(7, 0x1234 & ((1u64 << bits.min(63)) - 1), true, None);
        let (c, proof) = prove(gens(), &w, bits, Some(b"e")).unwrap();
        let st = statement(c, bits, Some(b"e"));
        let bytes = proof.to_bytes();
        for i in 0..bytes.len() {
            for mask in [0x01u8, 0x80] {
                let mut bad = bytes.clone();
                bad[i] ^= mask;
                let ok = GrinProof::from_bytes(&bad, bits).and_then(|p| verify(gens(), &st, &p));
                assert!(ok.is_err(), "bits {bits}: byte {i} ^ {mask:#x} accepted");
            }
        }
    }
}

#[test]
fn wrong_statements_are_rejected() {
    let w = witness(3, 77, false, None);
    let (c, proof) = prove(gens(), &w, 64, None).unwrap();
    verify(gens(), &statement(c, 64, None), &proof).unwrap();
    let other = commit(gens(), 78, &w.blinding).unwrap();
    assert!(verify(gens(), &statement(other, 64, None), &proof).is_err());
    assert!(verify(gens(), &statement(c, 32, None), &proof).is_err());
    assert!(verify(gens(), &statement(c, 64, Some(b"")), &proof).is_err());
    // A proof for a smaller range does not verify as another size.
    let (c8, p8) = prove(gens(), &w, 8, None).unwrap();
    assert!(verify(gens(), &statement(c8, 16, None), &p8).is_err());
}

#[test]
fn malformed_encodings_are_refused() {
    let w = witness(4, 1, false, None);
    let (c, proof) = prove(gens(), &w, 64, None).unwrap();
    let bytes = proof.to_bytes();
    // Lengths.
    for len in [0usize, 1, 674, 676, 1000] {
        let mut b = bytes.clone();
        b.resize(len, 0);
        assert!(GrinProof::from_bytes(&b, 64).is_err());
        assert!(GrinProof::from_bytes_any(&b).is_err());
    }
    // Scalars at or above the order: -taux, -mu, t, a0.
    for off in [0usize, 32, 193, 225] {
        let mut b = bytes.clone();
        b[off..off + 32].fill(0xff);
        assert!(
            matches!(GrinProof::from_bytes(&b, 64), Err(Error::NonCanonicalScalar { offset }) if offset == off)
        );
    }
    // x-coordinate ≥ p, or off the curve.
    let mut b = bytes.clone();
    b[65..97].fill(0xff);
    assert!(matches!(
        GrinProof::from_bytes(&b, 64),
        Err(Error::InvalidPoint { .. })
    ));
    let mut found_off_curve = false;
    for v in 0u8..=255 {
        let mut b = bytes.clone();
        b[96] = v;
        if matches!(
            GrinProof::from_bytes(&b, 64),
            Err(Error::InvalidPoint { offset: 65 })
        ) {
            found_off_curve = true;
            break;
        }
    }
    assert!(found_off_curve);
    // Unused flag bits (points A..T2 use four bits; L/R use ten of sixteen).
    let mut b = bytes.clone();
    b[64] |= 0x10;
    assert!(GrinProof::from_bytes(&b, 64).is_err());
    let lr_flags = 193 + 32 + 4 * 32;
    let mut b = bytes.clone();
    b[lr_flags + 1] |= 0x04;
    assert!(GrinProof::from_bytes(&b, 64).is_err());
    // Commitments: length, prefix, x.
    let cb = c.to_bytes();
    assert!(Commitment33::from_bytes(&cb[..32]).is_err());
    for prefix in [0u8, 2, 3, 7, 10, 0xff] {
        let mut b = cb;
        b[0] = prefix;
        assert!(Commitment33::from_bytes(&b).is_err());
    }
    let mut b = cb;
    b[1..].fill(0xff);
    assert!(Commitment33::from_bytes(&b).is_err());
    // Flag and x round trip.
    let flipped = {
        let mut b = cb;
        b[0] ^= 1;
        Commitment33::from_bytes(&b).unwrap()
    };
    assert_eq!(flipped.point(), -c.point());
    let pts = read_points(&bytes[64..], 4, 64).unwrap();
    for p in &pts {
        let again =
            XPoint::from_point(&bpkit::group::secp256k1::ProjectivePoint::from(p.point)).unwrap();
        assert_eq!(&again, p);
    }
}

#[test]
fn batch_locates_failures() {
    let mut items = Vec::new();
    for i in 0..9u64 {
        let bits = [64usize, 32, 8][i as usize % 3];
        let w = witness(300 + i, i, i % 2 == 0, None);
        let (c, p) = prove(gens(), &w, bits, None).unwrap();
        items.push((statement(c, bits, None), p));
    }
    verify_batch(gens(), &items).unwrap();
    verify_batch(gens(), &items[..0]).unwrap();
    for bad in [vec![0usize], vec![8], vec![2, 3], vec![1, 4, 7]] {
        let mut broken = items.clone();
        for &b in &bad {
            broken[b].0.extra = Some(b"tampered".to_vec());
        }
        assert_eq!(verify_batch(gens(), &broken).unwrap_err(), bad);
    }
}
