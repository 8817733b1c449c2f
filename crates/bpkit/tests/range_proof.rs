//! Range proofs: completeness, soundness, strict decoding, statements.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    clippy::arithmetic_side_effects
)]

mod common;

use bpkit::group::{CompressedRistretto, Scalar};
use bpkit::{Error, Opening, RangeProof, RangeStatement};
use merlin::Transcript;
use proptest::prelude::*;

fn verify(
    proof: &RangeProof,
    label: &'static [u8],
    statement: &RangeStatement,
) -> Result<(), Error> {
    proof.verify(&mut Transcript::new(label), statement)
}

// ---------------------------------------------------------------- completeness

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, .. ProptestConfig::default() })]

    #[test]
    fn random_proofs_verify(seed in any::<u64>(), n_index in 0usize..4, m in 1usize..=9) {
        let n = bpkit::BIT_SIZES[n_index];
        let mut rng = common::rng(seed);
        let openings = common::openings(&mut rng, n, m);
        let (proof, statement) =
            RangeProof::prove(&mut Transcript::new(b"prop"), &openings, n, &mut rng).unwrap();
        prop_assert_eq!(statement.values(), m);
        prop_assert_eq!(proof.to_bytes().len(), statement.proof_size());
        for (o, c) in openings.iter().zip(statement.commitments()) {
            prop_assert_eq!(&o.commit(), c);
        }
        prop_assert!(verify(&proof, b"prop", &statement).is_ok());
    }
}

#[test]
fn every_supported_size_round_trips() {
    let mut rng = common::rng(10);
    for n in bpkit::BIT_SIZES {
        for m in [1usize, 2, 5, 16, 33, 64] {
            let openings = common::openings(&mut rng, n, m);
            let (proof, statement) =
                RangeProof::prove(&mut Transcript::new(b"sizes"), &openings, n, &mut rng).unwrap();
            let bytes = proof.to_bytes();
            let expected = 32 * (9 + 2 * (n * m.next_power_of_two()).trailing_zeros() as usize);
            assert_eq!(bytes.len(), expected, "n={n} m={m}");
            let decoded = RangeProof::from_bytes(&bytes).unwrap();
            assert_eq!(decoded, proof);
            assert_eq!(decoded.to_bytes(), bytes);
            verify(&decoded, b"sizes", &statement).unwrap();
        }
    }
}

#[test]
fn sizes_match_the_paper() {
    let mut rng = common::rng(11);
    let (p1, _) = common::prove(b"s", &common::openings(&mut rng, 64, 1), 64, 1);
    let (p2, _) = common::prove(b"s", &common::openings(&mut rng, 64, 2), 64, 2);
    assert_eq!(p1.to_bytes().len(), 672);
    assert_eq!(p2.to_bytes().len(), 736);
}

#[test]
fn boundary_values_prove_and_out_of_range_values_are_refused() {
    let mut rng = common::rng(12);
    for n in bpkit::BIT_SIZES {
        let max = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
        let openings = vec![Opening::random(0, &mut rng), Opening::random(max, &mut rng)];
        let (proof, statement) =
            RangeProof::prove(&mut Transcript::new(b"edge"), &openings, n, &mut rng).unwrap();
        verify(&proof, b"edge", &statement).unwrap();
        if n < 64 {
            let bad = vec![
                Opening::random(1, &mut rng),
                Opening::random(max + 1, &mut rng),
            ];
            let err =
                RangeProof::prove(&mut Transcript::new(b"edge"), &bad, n, &mut rng).unwrap_err();
            assert_eq!(err, Error::ValueOutOfRange { index: 1 });
        }
    }
}

#[test]
fn zero_value_with_zero_blinding_is_the_identity_and_still_proves() {
    let mut rng = common::rng(13);
    let openings = vec![Opening::new(0, Scalar::ZERO)];
    let (proof, statement) =
        RangeProof::prove(&mut Transcript::new(b"z"), &openings, 8, &mut rng).unwrap();
    assert_eq!(statement.commitments()[0], CompressedRistretto::default());
    verify(&proof, b"z", &statement).unwrap();
}

#[test]
fn prover_and_verifier_transcripts_end_in_the_same_state() {
    let mut rng = common::rng(14);
    let openings = common::openings(&mut rng, 32, 3);
    let mut tp = Transcript::new(b"compose");
    let (proof, statement) = RangeProof::prove(&mut tp, &openings, 32, &mut rng).unwrap();
    let mut tv = Transcript::new(b"compose");
    proof.verify(&mut tv, &statement).unwrap();
    let (mut a, mut b) = ([0u8; 32], [0u8; 32]);
    tp.challenge_bytes(b"next", &mut a);
    tv.challenge_bytes(b"next", &mut b);
    assert_eq!(a, b);
}

#[test]
fn proving_is_randomised_but_reproducible_from_the_rng() {
    let openings = vec![Opening::new(5, Scalar::from(9u64))];
    let (p1, _) = common::prove(b"r", &openings, 8, 1);
    let (p2, _) = common::prove(b"r", &openings, 8, 1);
    let (p3, _) = common::prove(b"r", &openings, 8, 2);
    assert_eq!(p1, p2);
    assert_ne!(p1, p3);
}

// ---------------------------------------------------------------- soundness

#[test]
fn flipping_any_byte_of_a_proof_makes_it_fail() {
    for (n, m) in [(64usize, 1usize), (8, 3)] {
        let mut rng = common::rng(20 + n as u64);
        let (proof, statement) = common::prove(b"flip", &common::openings(&mut rng, n, m), n, 21);
        let bytes = proof.to_bytes();
        for i in 0..bytes.len() {
            for mask in [0x01u8, 0x80] {
                let mut tampered = bytes.clone();
                tampered[i] ^= mask;
                let outcome =
                    RangeProof::from_bytes(&tampered).and_then(|p| verify(&p, b"flip", &statement));
                assert!(
                    outcome.is_err(),
                    "n={n} m={m}: byte {i} ^ {mask:#x} still verifies"
                );
            }
        }
    }
}

#[test]
fn wrong_commitment_label_or_bit_size_fails() {
    let mut rng = common::rng(30);
    let openings = common::openings(&mut rng, 32, 2);
    let (proof, statement) = common::prove(b"right", &openings, 32, 31);
    verify(&proof, b"right", &statement).unwrap();

    assert_eq!(
        verify(&proof, b"wrong", &statement),
        Err(Error::VerificationFailed)
    );

    let other = Opening::random(openings[0].value, &mut rng).commit();
    let mut commitments = statement.commitments().to_vec();
    commitments[0] = other;
    let wrong_c = RangeStatement::new(32, commitments).unwrap();
    assert_eq!(
        verify(&proof, b"right", &wrong_c),
        Err(Error::VerificationFailed)
    );

    let mut swapped = statement.commitments().to_vec();
    swapped.swap(0, 1);
    let swapped = RangeStatement::new(32, swapped).unwrap();
    assert_eq!(
        verify(&proof, b"right", &swapped),
        Err(Error::VerificationFailed)
    );

    // Same proof size (N = 64) with n = 64, m = 1: a size-compatible but different statement.
    let wrong_n = RangeStatement::new(64, vec![statement.commitments()[0]]).unwrap();
    assert_eq!(
        verify(&proof, b"right", &wrong_n),
        Err(Error::VerificationFailed)
    );
    // Different size altogether.
    let wrong_size = RangeStatement::new(16, statement.commitments().to_vec()).unwrap();
    assert!(matches!(
        verify(&proof, b"right", &wrong_size),
        Err(Error::SizeMismatch { .. })
    ));
    // A third commitment: m' = 4, a different size.
    let mut three = statement.commitments().to_vec();
    three.push(CompressedRistretto::default());
    let three = RangeStatement::new(32, three).unwrap();
    assert!(matches!(
        verify(&proof, b"right", &three),
        Err(Error::SizeMismatch { .. })
    ));
}

#[test]
fn a_proof_for_a_value_that_is_not_committed_fails() {
    // Commit to one value, prove another by swapping commitments between two proofs.
    let mut rng = common::rng(32);
    let (p1, s1) = common::prove(b"x", &common::openings(&mut rng, 16, 1), 16, 33);
    let (_, s2) = common::prove(b"x", &common::openings(&mut rng, 16, 1), 16, 34);
    verify(&p1, b"x", &s1).unwrap();
    assert_eq!(verify(&p1, b"x", &s2), Err(Error::VerificationFailed));
}

#[test]
fn invalid_commitment_encoding_is_a_typed_error() {
    let mut rng = common::rng(35);
    let (proof, statement) = common::prove(b"c", &common::openings(&mut rng, 8, 2), 8, 36);
    let mut commitments = statement.commitments().to_vec();
    commitments[1] = CompressedRistretto([0xff; 32]);
    let bad = RangeStatement::new(8, commitments).unwrap();
    assert_eq!(
        verify(&proof, b"c", &bad),
        Err(Error::InvalidCommitment { index: 1 })
    );
}

// ---------------------------------------------------------------- decoding

fn sample_bytes() -> Vec<u8> {
    let mut rng = common::rng(40);
    common::prove(b"d", &common::openings(&mut rng, 64, 1), 64, 41)
        .0
        .to_bytes()
}

#[test]
fn wrong_lengths_are_rejected_before_decoding() {
    let bytes = sample_bytes();
    for len in [
        0usize, 1, 31, 32, 448, 479, 481, 671, 673, 704, 1055, 1057, 5000,
    ] {
        let mut b = bytes.clone();
        b.resize(len, 7);
        let err = RangeProof::from_bytes(&b).unwrap_err();
        assert!(
            matches!(err, Error::WrongLength { .. } | Error::TooLarge { .. }),
            "len {len}: {err:?}"
        );
    }
    let mut trailing = bytes.clone();
    trailing.push(0);
    assert_eq!(
        RangeProof::from_bytes(&trailing).unwrap_err().kind(),
        "wrong-length"
    );
    assert_eq!(
        RangeProof::from_bytes(&bytes[..bytes.len() - 1])
            .unwrap_err()
            .kind(),
        "wrong-length"
    );
    assert!(matches!(
        RangeProof::from_bytes(&vec![0u8; 2000]),
        Err(Error::TooLarge {
            max: 1056,
            found: 2000
        })
    ));
}

/// The group order ℓ, little-endian.
const ELL: [u8; 32] = [
    0xed, 0xd3, 0xf5, 0x5c, 0x1a, 0x63, 0x12, 0x58, 0xd6, 0x9c, 0xf7, 0xa2, 0xde, 0xf9, 0xde, 0x14,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x10,
];

#[test]
fn non_canonical_scalars_are_rejected_at_every_scalar_position() {
    let bytes = sample_bytes();
    let len = bytes.len();
    // t_x, t_x_blinding, e_blinding, then a and b at the end.
    for offset in [128usize, 160, 192, len - 64, len - 32] {
        for bad in [ELL, [0xff; 32]] {
            let mut b = bytes.clone();
            b[offset..offset + 32].copy_from_slice(&bad);
            assert_eq!(
                RangeProof::from_bytes(&b),
                Err(Error::NonCanonicalScalar { offset })
            );
        }
    }
}

#[test]
fn invalid_and_identity_points_are_rejected_at_every_point_position() {
    let bytes = sample_bytes();
    let len = bytes.len();
    let mut offsets = vec![0usize, 32, 64, 96];
    offsets.extend((224..len - 64).step_by(32));
    // A non-canonical field element (p = 2^255 − 19 itself) is not a valid encoding.
    let mut p = [0xffu8; 32];
    p[0] = 0xed;
    p[31] = 0x7f;
    for offset in offsets {
        let mut b = bytes.clone();
        b[offset..offset + 32].copy_from_slice(&p);
        assert_eq!(
            RangeProof::from_bytes(&b),
            Err(Error::InvalidPoint { offset }),
            "offset {offset}"
        );
        b[offset..offset + 32].copy_from_slice(&[0u8; 32]);
        assert_eq!(
            RangeProof::from_bytes(&b),
            Err(Error::IdentityPoint { offset }),
            "offset {offset}"
        );
    }
}

// ---------------------------------------------------------------- statements

#[test]
fn statements_and_provers_reject_unsupported_parameters() {
    let c = CompressedRistretto::default();
    for n in [0usize, 1, 7, 9, 63, 65, 128] {
        assert_eq!(
            RangeStatement::new(n, vec![c]),
            Err(Error::InvalidBitSize(n))
        );
    }
    assert_eq!(
        RangeStatement::new(64, vec![]),
        Err(Error::InvalidAggregation(0))
    );
    assert_eq!(
        RangeStatement::new(64, vec![c; 65]),
        Err(Error::InvalidAggregation(65))
    );
    let mut rng = common::rng(50);
    let err = RangeProof::prove(&mut Transcript::new(b"p"), &[], 64, &mut rng).unwrap_err();
    assert_eq!(err, Error::InvalidAggregation(0));
    let many = common::openings(&mut rng, 8, 65);
    let err = RangeProof::prove(&mut Transcript::new(b"p"), &many, 8, &mut rng).unwrap_err();
    assert_eq!(err, Error::InvalidAggregation(65));
    let err = RangeProof::prove(&mut Transcript::new(b"p"), &many[..1], 12, &mut rng).unwrap_err();
    assert_eq!(err, Error::InvalidBitSize(12));
}

#[test]
fn opening_debug_output_hides_secrets() {
    let o = Opening::new(123456789, Scalar::from(987654321u64));
    let s = format!("{o:?}");
    assert!(!s.contains("123456789") && !s.contains("987654321"), "{s}");
}

/// Single verification of proofs of 1 to 8 values, with the precomputed tables where they apply
/// (`verify`: party 0's at m = 1, the first two parties' at m = 2) and without
/// (`verify_with_generators`): the same verdict on the valid proof, on every proof with one byte
/// of its scalars or points flipped (sampled), and with a commitment swapped for another value's.
#[test]
fn tables_and_plain_verification_agree_for_every_party_count() {
    let pc = bpkit::PedersenGens::default();
    for m in 1..=8usize {
        let mut rng = common::rng(700 + m as u64);
        let openings = common::openings(&mut rng, 64, m);
        let (proof, statement) =
            RangeProof::prove(&mut Transcript::new(b"tables"), &openings, 64, &mut rng).unwrap();
        let bp = bpkit::BulletproofGens::new(64, m.next_power_of_two());
        let bytes = proof.to_bytes();
        let both = |bytes: &[u8], statement: &RangeStatement| {
            let Ok(p) = RangeProof::from_bytes(bytes) else {
                return (false, false);
            };
            let a = p.verify(&mut Transcript::new(b"tables"), statement).is_ok();
            let b = p
                .verify_with_generators(&pc, &bp, &mut Transcript::new(b"tables"), statement)
                .is_ok();
            (a, b)
        };
        assert_eq!(both(&bytes, &statement), (true, true), "m = {m}");
        for i in (0..bytes.len()).step_by(37) {
            let mut t = bytes.clone();
            t[i] ^= 0x10;
            assert_eq!(both(&t, &statement), (false, false), "m = {m}, byte {i}");
        }
        let mut commitments = statement.commitments().to_vec();
        let other = Opening::random(openings[0].value ^ 1, &mut rng);
        commitments[m - 1] = other.commit();
        let wrong = RangeStatement::new(64, commitments).unwrap();
        assert_eq!(
            both(&bytes, &wrong),
            (false, false),
            "m = {m}, wrong commitment"
        );
    }
}
