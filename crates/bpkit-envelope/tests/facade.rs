//! The facade the bindings share: prove, verify, recover, batch with bad indices, categories.
#![allow(
    clippy::unwrap_used,
    clippy::indexing_slicing,
    clippy::arithmetic_side_effects
)]
use bpkit::plus::{ExtendedOpening, RecoverySeed};
use bpkit::{Interval, Opening};
use bpkit_envelope::*;
use rand::rngs::StdRng;
use rand::SeedableRng;

fn rng() -> StdRng {
    StdRng::seed_from_u64(12)
}

fn mixed(rng: &mut StdRng) -> Vec<Envelope> {
    let a = Opening::random(7, rng);
    let b = Opening::random(1 << 40, rng);
    let range = prove::range(&[a.clone(), b], 64, "facade", rng).unwrap();
    let interval =
        prove::interval(&a, Interval::new(5, 10).unwrap(), 8, "facade interval", rng).unwrap();
    let ext = ExtendedOpening::random(300, 2, rng);
    let plus_bpkit = prove::plus(
        std::slice::from_ref(&ext),
        8,
        Some(vec![100]),
        GeneratorSet::Bpkit,
        "facade plus",
        None,
        rng,
    )
    .unwrap();
    let plus_tari = prove::plus(&[ext], 16, None, GeneratorSet::Tari, "facade", None, rng).unwrap();
    vec![range, interval, plus_bpkit, plus_tari]
}

#[test]
fn proofs_verify_and_survive_json() {
    let mut rng = rng();
    for envelope in mixed(&mut rng) {
        verify(&envelope).unwrap();
        let back = parse(&to_json(&envelope).unwrap()).unwrap();
        assert_eq!(back, envelope);
        let claim = Claim::from_envelope(&back).unwrap();
        assert_eq!(claim.to_envelope(), envelope);
        claim.verify(&mut PlusGensCache::default()).unwrap();
    }
}

#[test]
fn provers_refuse_bad_witnesses() {
    let mut rng = rng();
    let big = Opening::random(256, &mut rng);
    let e = prove::range(std::slice::from_ref(&big), 8, "x", &mut rng).unwrap_err();
    assert_eq!(e.kind(), "value-out-of-range");
    assert_eq!(e.proving(), Category::Proving);
    let e = prove::range(std::slice::from_ref(&big), 12, "x", &mut rng).unwrap_err();
    assert_eq!(e.kind(), "invalid-bit-size");
    let e = prove::interval(&big, Interval::new(0, 256).unwrap(), 8, "x", &mut rng).unwrap_err();
    assert_eq!(e.kind(), "value-out-of-range");
    let e = prove::range(&[], 8, "x", &mut rng).unwrap_err();
    assert_eq!(e.kind(), "invalid-aggregation");
    let long = "l".repeat(MAX_LABEL + 1);
    let e = prove::range(&[Opening::random(1, &mut rng)], 8, &long, &mut rng).unwrap_err();
    assert_eq!(e.kind(), "label-too-long");
    let ext = ExtendedOpening::random(5, 1, &mut rng);
    let seed = RecoverySeed::random(&mut rng);
    let e = prove::plus(
        &[ext.clone(), ext.clone()],
        8,
        None,
        GeneratorSet::Bpkit,
        "x",
        Some(&seed),
        &mut rng,
    )
    .unwrap_err();
    assert_eq!(e.kind(), "aggregated-recovery");
    let e = prove::plus(
        &[ext],
        8,
        Some(vec![6]),
        GeneratorSet::Bpkit,
        "x",
        None,
        &mut rng,
    )
    .unwrap_err();
    assert_eq!(e.kind(), "value-out-of-range");
}

#[test]
fn recovery_checks_the_commitment() {
    let mut rng = rng();
    let ext = ExtendedOpening::random(4242, 3, &mut rng);
    let seed = RecoverySeed::random(&mut rng);
    let envelope = prove::plus(
        std::slice::from_ref(&ext),
        32,
        Some(vec![4000]),
        GeneratorSet::Tari,
        "recover",
        Some(&seed),
        &mut rng,
    )
    .unwrap();
    assert_eq!(prove::recover(&envelope, &seed, 4242).unwrap(), ext);
    let wrong_value = prove::recover(&envelope, &seed, 4243).unwrap_err();
    assert_eq!(wrong_value.kind(), "recovery-failed");
    assert_eq!(wrong_value.category(), Category::Invalid);
    let other = RecoverySeed::random(&mut rng);
    assert_eq!(
        prove::recover(&envelope, &other, 4242).unwrap_err().kind(),
        "recovery-failed"
    );
    let range = mixed(&mut rng).remove(0);
    assert_eq!(
        prove::recover(&range, &seed, 7).unwrap_err().kind(),
        "wrong-scheme"
    );
}

/// A copy of `envelope` whose proof is false (its first commitment replaced by the commitment
/// to a fresh opening: a valid point).
fn falsify(envelope: &Envelope, rng: &mut StdRng) -> Envelope {
    let mut bad = envelope.clone();
    bad.commitments[0] = Opening::random(1, rng).commit();
    bad
}

#[test]
fn batch_reports_bad_indices() {
    let mut rng = rng();
    let good = mixed(&mut rng);
    let mut all = Vec::new();
    for round in 0..3 {
        for (i, e) in good.iter().enumerate() {
            if (round + i) % 3 == 0 {
                all.push(falsify(e, &mut rng));
            } else {
                all.push(e.clone());
            }
        }
    }
    let expected: Vec<usize> = (0..all.len())
        .filter(|j| (j / 4 + j % 4) % 3 == 0)
        .collect();
    assert!(!expected.is_empty() && expected.len() < all.len());
    for threads in [1, 2, 0] {
        let report = batch::verify_envelopes(&all, threads, &mut rng);
        assert_eq!(report.invalid(), expected, "threads {threads}");
        assert!(report.first_malformed().is_none());
    }
    let claims: Vec<Claim> = all
        .iter()
        .map(|e| Claim::from_envelope(e).unwrap())
        .collect();
    assert_eq!(
        batch::verify_claims_deterministic(&claims, 1).invalid(),
        expected
    );
    // All good: an empty report.
    assert!(batch::verify_envelopes(&good, 1, &mut rng).is_ok());
}

#[test]
fn batch_reports_malformed_items_by_index() {
    let mut rng = rng();
    let mut all = mixed(&mut rng);
    all[2].proof.pop();
    all[3].commitments[0].0 = [0xee; 32];
    let report = batch::verify_envelopes(&all, 1, &mut rng);
    let (index, failure) = report.first_malformed().unwrap();
    assert_eq!((*index, failure.kind()), (2, "wrong-length"));
    assert_eq!(failure.category(), Category::Malformed);
    let kinds: Vec<(usize, &str)> = report
        .failures
        .iter()
        .map(|(i, f)| (*i, f.kind()))
        .collect();
    assert_eq!(kinds, [(2, "wrong-length"), (3, "invalid-commitment")]);
    assert!(report.invalid().is_empty());
}

#[test]
fn categories() {
    let invalid = Failure::Proof(bpkit::Error::VerificationFailed);
    assert_eq!(invalid.category(), Category::Invalid);
    assert!(invalid.is_invalid_proof());
    let size = Failure::Proof(bpkit::Error::SizeMismatch {
        proof: 1,
        statement: 2,
    });
    assert_eq!(size.category(), Category::Invalid);
    let malformed = Failure::Proof(bpkit::Error::InvalidPoint { offset: 0 });
    assert_eq!(malformed.category(), Category::Malformed);
    let envelope = Failure::Envelope(EnvelopeError::BitSize(12));
    assert_eq!(envelope.category(), Category::Malformed);
    assert_eq!(envelope.kind(), "malformed-envelope");
}

#[test]
fn long_labels_are_malformed_envelopes() {
    let mut rng = rng();
    let envelope = mixed(&mut rng).remove(0);
    let mut v: serde_json::Value = serde_json::from_str(&to_json(&envelope).unwrap()).unwrap();
    v["label"] = serde_json::json!("z".repeat(MAX_LABEL + 1));
    let e = parse(&v.to_string()).unwrap_err();
    assert_eq!(e, EnvelopeError::LabelTooLong(MAX_LABEL + 1));
}

#[test]
fn shared_generators_cover_k_1_to_6() {
    for set in [GeneratorSet::Bpkit, GeneratorSet::Tari] {
        for k in 1..=6 {
            let a = shared_plus_gens(set, k).unwrap();
            assert_eq!(a.extension_degree(), k);
            assert!(std::ptr::eq(a, shared_plus_gens(set, k).unwrap()));
        }
        for k in [0, 7, usize::MAX] {
            assert_eq!(
                shared_plus_gens(set, k).err(),
                Some(bpkit::Error::InvalidExtensionDegree(k))
            );
        }
    }
}
