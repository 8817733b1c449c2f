//! Proofs that a committed value lies in `[a, b)`.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    clippy::arithmetic_side_effects
)]

mod common;

use bpkit::{Error, Interval, IntervalProof, Opening};
use merlin::Transcript;
use proptest::prelude::*;

const TWO_64: u128 = 1 << 64;

fn prove(
    v: u64,
    interval: &Interval,
    bits: usize,
    seed: u64,
) -> Result<(IntervalProof, Opening, bpkit::group::CompressedRistretto), Error> {
    let mut rng = common::rng(seed);
    let opening = Opening::random(v, &mut rng);
    let (proof, c) = IntervalProof::prove(
        &mut Transcript::new(b"interval"),
        &opening,
        interval,
        bits,
        &mut rng,
    )?;
    Ok((proof, opening, c))
}

fn verify(
    proof: &IntervalProof,
    c: &bpkit::group::CompressedRistretto,
    interval: &Interval,
    bits: usize,
) -> Result<(), Error> {
    proof.verify(&mut Transcript::new(b"interval"), c, interval, bits)
}

#[test]
fn boundaries_prove_and_values_outside_are_refused() {
    let cases: [(u64, u128); 5] = [
        (0, 1),
        (10, 20),
        (1000, 1_000_000),
        (0, TWO_64),
        (u64::MAX, TWO_64),
    ];
    for (a, b) in cases {
        let interval = Interval::new(a, b).unwrap();
        let bits = interval.min_bits();
        let last = (b - 1) as u64;
        for v in [a, last] {
            let (proof, _, c) = prove(v, &interval, bits, v ^ 1).unwrap();
            verify(&proof, &c, &interval, bits).unwrap();
            let decoded = IntervalProof::from_bytes(&proof.to_bytes()).unwrap();
            verify(&decoded, &c, &interval, bits).unwrap();
        }
        if a > 0 {
            assert_eq!(
                prove(a - 1, &interval, bits, 1).unwrap_err(),
                Error::ValueOutOfRange { index: 0 }
            );
        }
        if b < TWO_64 {
            assert_eq!(
                prove(b as u64, &interval, bits, 2).unwrap_err(),
                Error::ValueOutOfRange { index: 0 }
            );
        }
    }
}

#[test]
fn empty_or_oversized_intervals_are_rejected() {
    assert_eq!(Interval::new(5, 5), Err(Error::InvalidRange));
    assert_eq!(Interval::new(6, 5), Err(Error::InvalidRange));
    assert_eq!(Interval::new(0, TWO_64 + 1), Err(Error::InvalidRange));
    // A 300-wide interval does not fit 8-bit proofs.
    let wide = Interval::new(0, 300).unwrap();
    assert_eq!(wide.min_bits(), 16);
    assert_eq!(prove(5, &wide, 8, 3).unwrap_err(), Error::InvalidRange);
    assert_eq!(Interval::new(0, 256).unwrap().min_bits(), 8);
    assert_eq!(Interval::new(0, 257).unwrap().min_bits(), 16);
    assert_eq!(Interval::new(7, TWO_64).unwrap().min_bits(), 64);
}

#[test]
fn a_proof_does_not_verify_for_another_interval_commitment_or_label() {
    let interval = Interval::new(100, 200).unwrap();
    let (proof, _, c) = prove(150, &interval, 8, 4).unwrap();
    verify(&proof, &c, &interval, 8).unwrap();
    for other in [
        Interval::new(100, 199).unwrap(),
        Interval::new(101, 200).unwrap(),
        Interval::new(0, 200).unwrap(),
    ] {
        assert!(verify(&proof, &c, &other, 8).is_err(), "{other:?}");
    }
    let (_, _, other_c) = prove(150, &interval, 8, 5).unwrap();
    assert_eq!(
        verify(&proof, &other_c, &interval, 8),
        Err(Error::VerificationFailed)
    );
    assert_eq!(
        proof.verify(&mut Transcript::new(b"other"), &c, &interval, 8),
        Err(Error::VerificationFailed)
    );
    assert!(verify(&proof, &c, &interval, 16).is_err());
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 16, .. ProptestConfig::default() })]
    #[test]
    fn random_intervals(a in any::<u64>(), width in 1u64..=u64::MAX, pick in any::<u64>(), seed in any::<u64>()) {
        let b = (a as u128 + width as u128).min(TWO_64);
        prop_assume!(b > a as u128);
        let interval = Interval::new(a, b).unwrap();
        let span = (b - a as u128) as u64; // ≥ 1
        let v = a + pick % span;
        let bits = interval.min_bits();
        let (proof, _, c) = prove(v, &interval, bits, seed).unwrap();
        prop_assert!(verify(&proof, &c, &interval, bits).is_ok());
    }
}
