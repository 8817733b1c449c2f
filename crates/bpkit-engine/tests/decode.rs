//! Ristretto decoding and encoding against curve25519-dalek's `decompress`/`compress`: random
//! bytes, random valid points, RFC 9496's vectors (multiples of the generator and every listed
//! bad encoding), non-canonical, negative, non-square and identity encodings, and batches of 0–17
//! and 1000 encodings with an invalid one at every position.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    clippy::arithmetic_side_effects
)]

mod common;

use bpkit_engine::{decode, decode_batch, decode_batch_all, InvalidEncoding};
use curve25519_dalek::constants::RISTRETTO_BASEPOINT_POINT;
use curve25519_dalek::ristretto::{CompressedRistretto, RistrettoPoint};
use curve25519_dalek::traits::Identity;

/// The engine and dalek agree on validity, and on the point (compared through re-encoding).
fn agree(bytes: &[u8; 32]) -> bool {
    let ours = decode(bytes);
    let theirs = CompressedRistretto(*bytes).decompress();
    match (ours, theirs) {
        (None, None) => false,
        (Some(p), Some(q)) => {
            assert_eq!(
                p.encode(),
                q.compress().to_bytes(),
                "{}",
                hex::encode(bytes)
            );
            assert_eq!(
                p.encode(),
                *bytes,
                "decoded point re-encodes to its encoding"
            );
            assert!(p.edwards().is_valid());
            true
        }
        (o, t) => panic!(
            "disagree on {}: engine {}, dalek {}",
            hex::encode(bytes),
            o.is_some(),
            t.is_some()
        ),
    }
}

#[test]
fn rfc9496_multiples_of_the_generator() {
    common::announce("decode::rfc9496_multiples_of_the_generator");
    let mut q = RistrettoPoint::identity();
    for (k, h) in common::MULTIPLES.iter().enumerate() {
        let bytes = common::hex32(h);
        assert_eq!(q.compress().to_bytes(), bytes, "vector {k} vs dalek");
        let p = decode(&bytes).unwrap();
        assert_eq!(p.encode(), bytes);
        assert_eq!(p.is_identity(), k == 0);
        q += RISTRETTO_BASEPOINT_POINT;
    }
    // In one batch too.
    let all: Vec<[u8; 32]> = common::MULTIPLES.iter().map(|h| common::hex32(h)).collect();
    let decoded = decode_batch_all(&all).unwrap();
    for (p, b) in decoded.iter().zip(&all) {
        assert_eq!(p.encode(), *b);
    }
}

#[test]
fn rfc9496_bad_encodings() {
    for (why, h) in common::BAD {
        let bytes = common::hex32(h);
        assert!(decode(&bytes).is_none(), "{why}: {h}");
        assert!(CompressedRistretto(bytes).decompress().is_none());
    }
    let all: Vec<[u8; 32]> = common::BAD.iter().map(|(_, h)| common::hex32(h)).collect();
    assert!(decode_batch(&all).iter().all(Option::is_none));
}

#[test]
fn random_bytes_agree_with_dalek() {
    let mut rng = common::rng(11);
    let mut valid = 0;
    for i in 0..20_000 {
        let mut b = common::random_bytes(&mut rng);
        // Raise the share of candidates: clear bit 255 and the sign bit most of the time.
        if i % 4 != 0 {
            b[31] &= 0x7f;
            b[0] &= 0xfe;
        }
        valid += usize::from(agree(&b));
    }
    assert!(valid > 1000, "only {valid} valid encodings sampled");
}

#[test]
fn random_points_and_their_neighbours() {
    let mut rng = common::rng(12);
    for _ in 0..500 {
        let q = common::random_point(&mut rng);
        let bytes = q.compress().to_bytes();
        assert!(agree(&bytes));
        // Non-canonical alias 2p − s (even, ≡ −s), the negative p − s, and flipped bits.
        let s = num_bigint::BigUint::from_bytes_le(&bytes);
        let p = (num_bigint::BigUint::from(1u8) << 255u32) - 19u8;
        for alias in [&p + &p - &s, &p - &s, &s + &p] {
            let v = alias.to_bytes_le();
            if v.len() <= 32 {
                let mut a = [0u8; 32];
                a[..v.len()].copy_from_slice(&v);
                if a != bytes {
                    assert!(!agree(&a) || a == bytes);
                }
            }
        }
        for bit in [0usize, 1, 100, 254, 255] {
            let mut f = bytes;
            f[bit / 8] ^= 1 << (bit % 8);
            agree(&f);
        }
    }
}

#[test]
fn identity_and_special_encodings() {
    // Zero is the identity; 1 is negative; p − 1 (= −1, even) gives y = 0.
    assert!(decode(&[0u8; 32]).unwrap().is_identity());
    for b in [[0xffu8; 32], {
        let mut b = [0u8; 32];
        b[0] = 1;
        b
    }] {
        assert!(!agree(&b));
    }
}

#[test]
fn batches_report_every_invalid_position() {
    common::announce("decode::batches_report_every_invalid_position");
    let mut rng = common::rng(13);
    let pool: Vec<[u8; 32]> = (0..1000)
        .map(|_| common::random_point(&mut rng).compress().to_bytes())
        .collect();
    let bad: Vec<[u8; 32]> = common::BAD.iter().map(|(_, h)| common::hex32(h)).collect();
    let mut lengths: Vec<usize> = (0..=17).collect();
    lengths.push(1000);
    for &len in &lengths {
        let batch = &pool[..len];
        let decoded = decode_batch_all(batch).unwrap();
        assert_eq!(decoded.len(), len);
        for (p, b) in decoded.iter().zip(batch) {
            assert_eq!(p.encode(), *b);
        }
        // An invalid encoding at every position (every one for short batches; a spread for 1000).
        let positions: Vec<usize> = if len <= 17 {
            (0..len).collect()
        } else {
            (0..len)
                .step_by(7)
                .chain([len - 1, len - 2, len - 3, len - 4])
                .collect()
        };
        for &at in &positions {
            let mut with_bad = batch.to_vec();
            with_bad[at] = bad[at % bad.len()];
            assert_eq!(
                decode_batch_all(&with_bad).unwrap_err(),
                InvalidEncoding { index: at }
            );
            let each = decode_batch(&with_bad);
            for (i, p) in each.iter().enumerate() {
                assert_eq!(p.is_none(), i == at, "len {len}, bad at {at}, entry {i}");
            }
            // Two invalid ones: the first is reported, both are marked.
            if at + 1 < len {
                with_bad[len - 1] = bad[(at + 3) % bad.len()];
                assert_eq!(decode_batch_all(&with_bad).unwrap_err().index, at);
                let each = decode_batch(&with_bad);
                assert!(each[at].is_none() && each[len - 1].is_none());
                assert_eq!(each.iter().filter(|p| p.is_none()).count(), 2);
            }
        }
    }
}

#[test]
fn encoding_of_sums_matches_dalek() {
    let mut rng = common::rng(14);
    for _ in 0..200 {
        let (a, b) = (
            common::random_point(&mut rng),
            common::random_point(&mut rng),
        );
        let pa = decode(&a.compress().to_bytes()).unwrap();
        let pb = decode(&b.compress().to_bytes()).unwrap();
        // A sum has Z ≠ 1: exercises the general encoding path and the group equality.
        let sum = pa.add(&pb);
        assert_eq!(sum.encode(), (a + b).compress().to_bytes());
        assert_eq!(sum.add(&pb.neg()), pa);
        assert!(sum.add(&sum.neg()).is_identity());
        assert!(sum != pa);
        let dbl = bpkit_engine::Point::from_edwards(pa.edwards().double());
        assert_eq!(dbl.encode(), (a + a).compress().to_bytes());
    }
}
