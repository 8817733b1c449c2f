//! A receiver verifies against what it expects (`verify_expecting`): a valid proof about
//! another commitment, under another label, for another bit size, interval, minimums or
//! generator set is refused with `unexpected-statement` (category Invalid) before the proof is
//! decoded; the expected statement with a false proof is refused as a false proof; and the
//! self-consistent check (`verify`, `verify_self_consistent`) is what lets the attacker's proof
//! through — the test shows that too.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    clippy::arithmetic_side_effects
)]
use bpkit::plus::ExtendedOpening;
use bpkit::{Interval, Opening};
use bpkit_envelope::*;
use rand::rngs::StdRng;
use rand::SeedableRng;

fn unexpected(r: Result<(), Failure>, field: &str) {
    let e = r.unwrap_err();
    assert_eq!(e.kind(), "unexpected-statement", "{e}");
    assert_eq!(e.category(), Category::Invalid, "{e}");
    assert!(e.is_invalid_proof());
    match e {
        Failure::Envelope(EnvelopeError::Unexpected { field: f, .. }) => assert_eq!(f, field),
        other => panic!("{other}"),
    }
}

#[test]
fn a_valid_proof_about_another_commitment_is_refused() {
    let mut rng = StdRng::seed_from_u64(1);
    let mine = Opening::random(100, &mut rng);
    let theirs = Opening::random(100, &mut rng);
    let expected = Expectation::new("pay v1", vec![mine.commit()]).bits(64);
    let honest = prove::range(std::slice::from_ref(&mine), 64, "pay v1", &mut rng).unwrap();
    verify_expecting(&honest, &expected).unwrap();

    // The attacker's envelope: a valid proof about the attacker's own commitment.
    let attack = prove::range(&[theirs], 64, "pay v1", &mut rng).unwrap();
    verify_self_consistent(&attack).unwrap(); // what a naive receiver checks: it passes
    unexpected(verify_expecting(&attack, &expected), "commitments");

    // Another label, bit size, or commitment order/count.
    let other_label = prove::range(std::slice::from_ref(&mine), 64, "pay v2", &mut rng).unwrap();
    unexpected(verify_expecting(&other_label, &expected), "label");
    let fewer_bits = prove::range(std::slice::from_ref(&mine), 32, "pay v1", &mut rng).unwrap();
    unexpected(verify_expecting(&fewer_bits, &expected), "bits");
    let two = prove::range(&[mine.clone(), mine.clone()], 64, "pay v1", &mut rng).unwrap();
    unexpected(verify_expecting(&two, &expected), "commitments");

    // The expected statement with a false proof: a false proof, not a mismatch.
    let mut tampered = honest.clone();
    tampered.proof[100] ^= 1;
    let e = verify_expecting(&tampered, &expected).unwrap_err();
    assert_ne!(e.kind(), "unexpected-statement", "{e}");
}

#[test]
fn interval_minimums_and_generators_are_expected_too() {
    let mut rng = StdRng::seed_from_u64(2);
    let age = Opening::random(42, &mut rng);
    let adult = Interval::new(18, 130).unwrap();
    let env = prove::interval(&age, adult, 8, "age v1", &mut rng).unwrap();
    let expected = Expectation::new("age v1", vec![age.commit()]).range(adult);
    verify_expecting(&env, &expected).unwrap();
    // A proof of a wider interval about the same commitment is valid but not what was asked.
    let wide =
        prove::interval(&age, Interval::new(0, 256).unwrap(), 8, "age v1", &mut rng).unwrap();
    unexpected(verify_expecting(&wide, &expected), "range");
    // A plain range proof where an interval is expected, and the reverse.
    let plain = prove::range(std::slice::from_ref(&age), 8, "age v1", &mut rng).unwrap();
    unexpected(verify_expecting(&plain, &expected), "range");
    let plain_expected = Expectation::new("age v1", vec![age.commit()]);
    unexpected(verify_expecting(&env, &plain_expected), "range");

    let o = ExtendedOpening::random(500, 1, &mut rng);
    let env = prove::plus(
        std::slice::from_ref(&o),
        32,
        Some(vec![400]),
        GeneratorSet::Bpkit,
        "bal v1",
        None,
        &mut rng,
    )
    .unwrap();
    let c = env.commitments.clone();
    let ok = Expectation::new("bal v1", c.clone())
        .minimums(vec![400])
        .generators(GeneratorSet::Bpkit);
    verify_expecting(&env, &ok).unwrap();
    let low = Expectation::new("bal v1", c.clone()).minimums(vec![0]);
    unexpected(verify_expecting(&env, &low), "minimums");
    let tari = Expectation::new("bal v1", c.clone()).generators(GeneratorSet::Tari);
    unexpected(verify_expecting(&env, &tari), "generators");
    let interval = Expectation::new("bal v1", c).range(adult);
    unexpected(verify_expecting(&env, &interval), "scheme");
}
