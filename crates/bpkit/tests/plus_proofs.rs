//! Bulletproofs+: completeness (property-based), soundness (every byte of a proof flipped,
//! wrong statements), serialization round trips and strict decoding, prover refusals, mask
//! recovery.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    clippy::arithmetic_side_effects
)]

mod plus_common;

use bpkit::group::{CompressedRistretto, Scalar};
use bpkit::plus::{
    ExtendedOpening, PlusGens, PlusProof, PlusStatement, RecoveryMode, RecoverySeed,
    MAX_PLUS_PROOF_SIZE, MIN_PLUS_PROOF_SIZE,
};
use bpkit::Error;
use merlin::Transcript;
use plus_common::*;
use proptest::prelude::*;

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, .. ProptestConfig::default() })]

    /// Every honest proof verifies, with bpkit's or Tari's generators, and survives a round trip.
    #[test]
    fn completeness(
        bits_index in 0usize..4,
        m in 1usize..=9,
        k in 1usize..=6,
        with_min in any::<bool>(),
        tari_gens in any::<bool>(),
        seed in any::<u64>(),
    ) {
        let bits = [8usize, 16, 32, 64][bits_index];
        let gens = if tari_gens { PlusGens::tari(k) } else { PlusGens::bpkit(k) }.unwrap();
        let mut r = rng(seed);
        let c = case(&mut r, bits, m, k, with_min);
        let (proof, st) = prove(&gens, &c, b"prop", seed ^ 1);
        let bytes = proof.to_bytes();
        prop_assert_eq!(bytes.len(), st.proof_size(k));
        let decoded = PlusProof::from_bytes(&bytes).unwrap();
        prop_assert_eq!(&decoded, &proof);
        prop_assert_eq!(decoded.verify(&mut Transcript::new(b"prop"), &gens, &st), Ok(()));
        let bp = bpkit::generators::shared(bits, st.padded_values());
        prop_assert_eq!(
            decoded.verify_with_generators(gens.pedersen(), &bp, &mut Transcript::new(b"prop"), &st),
            Ok(())
        );
    }
}

#[test]
fn sizes() {
    let gens = PlusGens::bpkit(1).unwrap();
    let mut r = rng(1);
    let c = case(&mut r, 64, 1, 1, false);
    let (proof, _) = prove(&gens, &c, b"size", 1);
    // 576 bytes of proof elements plus the extension-degree byte.
    assert_eq!(proof.to_bytes().len(), 577);
    assert_eq!(MIN_PLUS_PROOF_SIZE, 385);
    assert_eq!(MAX_PLUS_PROOF_SIZE, 1121);
}

/// Flips each byte of a valid proof (one bit, varying with the position): every variant is
/// rejected, by the decoder or by the verifier.
fn check_every_byte(gens: &PlusGens, c: &Case) {
    let (proof, st) = prove(gens, c, b"flip", 2);
    let bytes = proof.to_bytes();
    for i in 0..bytes.len() {
        let mut bad = bytes.clone();
        bad[i] ^= 1 << (i % 8);
        match PlusProof::from_bytes(&bad) {
            Err(_) => {}
            Ok(p) => {
                let res = p.verify(&mut Transcript::new(b"flip"), gens, &st);
                assert!(res.is_err(), "byte {i} flipped still verifies");
            }
        }
    }
}

#[test]
fn every_byte_flipped_is_rejected_single() {
    let gens = PlusGens::bpkit(1).unwrap();
    let c = case(&mut rng(3), 64, 1, 1, true);
    check_every_byte(&gens, &c);
}

#[test]
fn every_byte_flipped_is_rejected_aggregated_extended() {
    let gens = PlusGens::tari(3).unwrap();
    let c = case(&mut rng(4), 16, 3, 3, true);
    check_every_byte(&gens, &c);
}

#[test]
fn wrong_statements_are_rejected() {
    let gens = PlusGens::bpkit(2).unwrap();
    let c = case(&mut rng(5), 32, 2, 2, true);
    let (proof, st) = prove(&gens, &c, b"stmt", 5);
    let verify = |st: &PlusStatement, label: &'static [u8]| {
        proof.verify(&mut Transcript::new(label), &gens, st)
    };
    assert_eq!(verify(&st, b"stmt"), Ok(()));
    // Wrong label.
    assert_eq!(verify(&st, b"stmx"), Err(Error::VerificationFailed));
    // Wrong commitment.
    let mut cs = st.commitments().to_vec();
    let other = ExtendedOpening::random(1, 2, &mut rng(6))
        .commit_with(gens.pedersen())
        .unwrap();
    cs[1] = other;
    let bad = PlusStatement::with_minimums(32, cs, st.minimums().to_vec()).unwrap();
    assert_eq!(verify(&bad, b"stmt"), Err(Error::VerificationFailed));
    // Swapped commitments.
    let mut cs = st.commitments().to_vec();
    cs.swap(0, 1);
    let bad = PlusStatement::with_minimums(32, cs, st.minimums().to_vec()).unwrap();
    assert_eq!(verify(&bad, b"stmt"), Err(Error::VerificationFailed));
    // Wrong minimum value (both directions).
    for delta in [1i64, -1] {
        let mut mins = st.minimums().to_vec();
        mins[0] = (mins[0] as i64 + delta).max(0) as u64;
        if mins[0] == st.minimums()[0] {
            mins[0] += 2;
        }
        let bad = PlusStatement::with_minimums(32, st.commitments().to_vec(), mins).unwrap();
        assert_eq!(verify(&bad, b"stmt"), Err(Error::VerificationFailed));
    }
    // Wrong n: different total size.
    let bad = PlusStatement::with_minimums(16, st.commitments().to_vec(), vec![0, 0]).unwrap();
    assert!(matches!(
        verify(&bad, b"stmt"),
        Err(Error::SizeMismatch { .. })
    ));
    // Same N = n·m' but different n and m.
    let bad = PlusStatement::new(64, st.commitments()[..1].to_vec()).unwrap();
    assert_eq!(verify(&bad, b"stmt"), Err(Error::VerificationFailed));
    // Other generators with the same degree, or another degree.
    let tari = PlusGens::tari(2).unwrap();
    assert_eq!(
        proof.verify(&mut Transcript::new(b"stmt"), &tari, &st),
        Err(Error::VerificationFailed)
    );
    let three = PlusGens::bpkit(3).unwrap();
    assert!(matches!(
        proof.verify(&mut Transcript::new(b"stmt"), &three, &st),
        Err(Error::ExtensionMismatch {
            expected: 3,
            found: 2
        })
    ));
    // A commitment that is not a point.
    let mut cs = st.commitments().to_vec();
    cs[0] = CompressedRistretto([0xff; 32]);
    let bad = PlusStatement::with_minimums(32, cs, st.minimums().to_vec()).unwrap();
    assert_eq!(
        verify(&bad, b"stmt"),
        Err(Error::InvalidCommitment { index: 0 })
    );
}

#[test]
fn minimum_values_are_promises() {
    let gens = PlusGens::bpkit(1).unwrap();
    // v = min is fine; v = min + 2^n − 1 is fine; below min or past the range is refused.
    for (v, min, ok) in [
        (200u64, 200u64, true),
        (200, 199, true),
        (200, 201, false),
        (300, 45, true),
        (300, 44, false),
        (300, 255, true),
    ] {
        let o = ExtendedOpening::random(v, 1, &mut rng(7));
        let st = PlusStatement::commit(
            gens.pedersen(),
            8,
            std::slice::from_ref(&o),
            Some(vec![min]),
        )
        .unwrap();
        let res = PlusProof::prove(
            &mut Transcript::new(b"min"),
            &gens,
            &st,
            std::slice::from_ref(&o),
            &mut rng(8),
        );
        if ok {
            res.unwrap()
                .verify(&mut Transcript::new(b"min"), &gens, &st)
                .unwrap();
        } else {
            assert_eq!(res.err(), Some(Error::ValueOutOfRange { index: 0 }));
        }
    }
    // A minimum must fit n bits (Tari's verifier requires it).
    assert_eq!(
        PlusStatement::with_minimums(8, vec![CompressedRistretto::default()], vec![256]).err(),
        Some(Error::InvalidMinimum { index: 0 })
    );
}

#[test]
fn prover_refusals() {
    let gens = PlusGens::bpkit(2).unwrap();
    let mut r = rng(9);
    let c = case(&mut r, 16, 2, 2, false);
    let st = statement(&gens, &c);
    let prove = |openings: &[ExtendedOpening]| {
        PlusProof::prove(
            &mut Transcript::new(b"x"),
            &gens,
            &st,
            openings,
            &mut rng(1),
        )
        .err()
    };
    assert_eq!(
        prove(&c.openings[..1]),
        Some(Error::WitnessMismatch {
            witness: 1,
            statement: 2
        })
    );
    let mut swapped = c.openings.clone();
    swapped.swap(0, 1);
    assert_eq!(prove(&swapped), Some(Error::InvalidOpening { index: 0 }));
    let mut short = c.openings.clone();
    short[1].blindings.pop();
    assert_eq!(prove(&short), Some(Error::InvalidOpening { index: 1 }));
    let big = ExtendedOpening::random(1 << 16, 2, &mut r);
    let st_big =
        PlusStatement::commit(gens.pedersen(), 16, std::slice::from_ref(&big), None).unwrap();
    assert_eq!(
        PlusProof::prove(&mut Transcript::new(b"x"), &gens, &st_big, &[big], &mut r).err(),
        Some(Error::ValueOutOfRange { index: 0 })
    );
    assert_eq!(
        PlusGens::bpkit(0).err(),
        Some(Error::InvalidExtensionDegree(0))
    );
    assert_eq!(
        PlusGens::tari(7).err(),
        Some(Error::InvalidExtensionDegree(7))
    );
    let b = bpkit::PedersenGens::default();
    assert_eq!(
        bpkit::plus::ExtendedPedersenGens::new(*b.b(), vec![*b.b_blinding(), *b.b_blinding()])
            .err(),
        Some(Error::InvalidGenerators)
    );
}

#[test]
fn one_commitment_two_schemes() {
    // bpkit's default BP+ generators with k = 1 are the core's: the same commitment is proven
    // with BP and with BP+.
    let gens = PlusGens::bpkit(1).unwrap();
    let o = bpkit::Opening::random(123_456, &mut rng(10));
    let (bp_proof, bp_statement) = bpkit::RangeProof::prove(
        &mut Transcript::new(b"both"),
        std::slice::from_ref(&o),
        32,
        &mut rng(11),
    )
    .unwrap();
    bp_proof
        .verify(&mut Transcript::new(b"both"), &bp_statement)
        .unwrap();
    let eo = ExtendedOpening::new(o.value, vec![o.blinding]);
    let st = PlusStatement::commit(gens.pedersen(), 32, std::slice::from_ref(&eo), None).unwrap();
    assert_eq!(st.commitments(), bp_statement.commitments());
    let proof = PlusProof::prove(
        &mut Transcript::new(b"both"),
        &gens,
        &st,
        &[eo],
        &mut rng(12),
    )
    .unwrap();
    proof
        .verify(&mut Transcript::new(b"both"), &gens, &st)
        .unwrap();
}

#[test]
fn decoding_is_strict() {
    let gens = PlusGens::bpkit(1).unwrap();
    let c = case(&mut rng(13), 64, 1, 1, false);
    let (proof, _) = prove(&gens, &c, b"dec", 1);
    let bytes = proof.to_bytes();
    assert_eq!(
        PlusProof::from_bytes(&[]).err(),
        Some(Error::WrongLength {
            expected: MIN_PLUS_PROOF_SIZE,
            found: 0
        })
    );
    assert!(matches!(
        PlusProof::from_bytes(&vec![1u8; MAX_PLUS_PROOF_SIZE + 1]),
        Err(Error::TooLarge { .. })
    ));
    // Trailing byte, missing byte, one element too many.
    let mut long = bytes.clone();
    long.push(0);
    assert!(matches!(
        PlusProof::from_bytes(&long),
        Err(Error::WrongLength { .. })
    ));
    assert!(matches!(
        PlusProof::from_bytes(&bytes[..bytes.len() - 1]),
        Err(Error::WrongLength { .. })
    ));
    let mut extra = bytes.clone();
    extra.extend_from_slice(&[0u8; 32]);
    assert!(matches!(
        PlusProof::from_bytes(&extra),
        Err(Error::WrongLength { .. })
    ));
    // Extension degree byte.
    for k in [0u8, 7, 255] {
        let mut bad = bytes.clone();
        bad[0] = k;
        assert_eq!(
            PlusProof::from_bytes(&bad).err(),
            Some(Error::InvalidExtensionDegree(k as usize))
        );
    }
    // A degree that disagrees with the length.
    let mut bad = bytes.clone();
    bad[0] = 2;
    assert!(matches!(
        PlusProof::from_bytes(&bad),
        Err(Error::WrongLength { .. })
    ));
    // Non-canonical scalar: d1 (offset 1), r1 (offset 1 + 4·32).
    for offset in [1usize, 1 + 4 * 32, 1 + 5 * 32] {
        let mut bad = bytes.clone();
        bad[offset..offset + 32].copy_from_slice(&[0xff; 32]);
        assert_eq!(
            PlusProof::from_bytes(&bad).err(),
            Some(Error::NonCanonicalScalar { offset })
        );
    }
    // Identity and invalid points: A, A1, B, L0, R_last.
    for offset in [33usize, 65, 97, 193, bytes.len() - 32] {
        let mut bad = bytes.clone();
        bad[offset..offset + 32].copy_from_slice(&[0u8; 32]);
        assert_eq!(
            PlusProof::from_bytes(&bad).err(),
            Some(Error::IdentityPoint { offset })
        );
        bad[offset..offset + 32].copy_from_slice(&[0xff; 32]);
        assert_eq!(
            PlusProof::from_bytes(&bad).err(),
            Some(Error::InvalidPoint { offset })
        );
    }
    // Round trip of the valid proof.
    assert_eq!(PlusProof::from_bytes(&bytes).unwrap().to_bytes(), bytes);
}

#[test]
fn recovery() {
    let gens = PlusGens::bpkit(3).unwrap();
    let mut r = rng(14);
    let c = case(&mut r, 64, 1, 3, true);
    let st = statement(&gens, &c);
    let seed = RecoverySeed::random(&mut r);
    let proof = PlusProof::prove_recoverable(
        &mut Transcript::new(b"rec"),
        &gens,
        &st,
        &c.openings[0],
        &seed,
        &mut r,
    )
    .unwrap();
    proof
        .verify(&mut Transcript::new(b"rec"), &gens, &st)
        .unwrap();
    let v = c.openings[0].value;
    for mode in [RecoveryMode::RecoverOnly, RecoveryMode::RecoverAndVerify] {
        let got = proof
            .recover(&mut Transcript::new(b"rec"), &gens, &st, &seed, v, mode)
            .unwrap();
        assert_eq!(got, c.openings[0]);
        // Wrong seed, wrong value: the mask does not open the commitment.
        let other = RecoverySeed::from_scalar(Scalar::from(5u64));
        assert_eq!(
            proof
                .recover(&mut Transcript::new(b"rec"), &gens, &st, &other, v, mode)
                .err(),
            Some(Error::RecoveryFailed)
        );
        assert_eq!(
            proof
                .recover(&mut Transcript::new(b"rec"), &gens, &st, &seed, v ^ 1, mode)
                .err(),
            Some(Error::RecoveryFailed)
        );
    }
    // A proof made without the seed gives nothing.
    let (plain, st2) = prove(&gens, &c, b"rec", 3);
    assert_eq!(
        plain
            .recover(
                &mut Transcript::new(b"rec"),
                &gens,
                &st2,
                &seed,
                v,
                RecoveryMode::RecoverOnly
            )
            .err(),
        Some(Error::RecoveryFailed)
    );
    // Recovery with a tampered proof: the mask check may pass (d1 untouched) but verification
    // must fail.
    let mut bytes = proof.to_bytes();
    let last = bytes.len() - 1;
    bytes[last - 40] ^= 1;
    if let Ok(bad) = PlusProof::from_bytes(&bytes) {
        assert!(bad
            .recover(
                &mut Transcript::new(b"rec"),
                &gens,
                &st,
                &seed,
                v,
                RecoveryMode::RecoverAndVerify
            )
            .is_err());
    }
    // Aggregated proofs: no recovery, no seeded proving.
    let c2 = case(&mut r, 8, 2, 3, false);
    let (agg, st_agg) = prove(&gens, &c2, b"rec", 4);
    assert_eq!(
        agg.recover(
            &mut Transcript::new(b"rec"),
            &gens,
            &st_agg,
            &seed,
            0,
            RecoveryMode::RecoverOnly
        )
        .err(),
        Some(Error::AggregatedRecovery { values: 2 })
    );
    let bp = bpkit::generators::shared(8, 2);
    assert_eq!(
        PlusProof::prove_with_generators(
            gens.pedersen(),
            &bp,
            &mut Transcript::new(b"rec"),
            &st_agg,
            &c2.openings,
            Some(&seed),
            &mut r
        )
        .err(),
        Some(Error::AggregatedRecovery { values: 2 })
    );
}

#[test]
fn seeded_proofs_are_deterministic_in_the_seeded_parts_only() {
    // Two proofs with the same seed share no randomness in r1, s1 (always random), so a reused
    // seed does not yield identical proofs; still, reuse is forbidden (docs).
    let gens = PlusGens::bpkit(1).unwrap();
    let mut r = rng(15);
    let c = case(&mut r, 32, 1, 1, false);
    let st = statement(&gens, &c);
    let seed = RecoverySeed::random(&mut r);
    let p1 = PlusProof::prove_recoverable(
        &mut Transcript::new(b"d"),
        &gens,
        &st,
        &c.openings[0],
        &seed,
        &mut rng(1),
    )
    .unwrap();
    let p2 = PlusProof::prove_recoverable(
        &mut Transcript::new(b"d"),
        &gens,
        &st,
        &c.openings[0],
        &seed,
        &mut rng(2),
    )
    .unwrap();
    // A (bytes 33..65) uses only seeded nonces; d1 depends on the random r, s through e.
    assert_eq!(p1.to_bytes()[33..65], p2.to_bytes()[33..65]);
    assert_ne!(p1.to_bytes(), p2.to_bytes());
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, .. ProptestConfig::default() })]

    /// Arbitrary bytes, and valid proofs with arbitrary bytes overwritten: decoding and
    /// verification return errors, never panic, and a decoded proof re-encodes to its input.
    #[test]
    fn no_panic_on_arbitrary_input(
        junk in proptest::collection::vec(any::<u8>(), 0..1200),
        at in any::<usize>(),
        patch in proptest::collection::vec(any::<u8>(), 1..40),
    ) {
        if let Ok(p) = PlusProof::from_bytes(&junk) {
            prop_assert_eq!(p.to_bytes(), junk.clone());
        }
        let gens = PlusGens::bpkit(1).unwrap();
        let c = case(&mut rng(42), 8, 1, 1, false);
        let (proof, st) = prove(&gens, &c, b"fuzz", 42);
        let mut bytes = proof.to_bytes();
        let start = at % bytes.len();
        for (b, p) in bytes.iter_mut().skip(start).zip(&patch) {
            *b = *p;
        }
        if let Ok(p) = PlusProof::from_bytes(&bytes) {
            prop_assert_eq!(p.to_bytes(), bytes.clone());
            let res = p.verify(&mut Transcript::new(b"fuzz"), &gens, &st);
            if bytes != proof.to_bytes() {
                prop_assert!(res.is_err());
            }
        }
    }
}

#[test]
fn types_are_thread_safe() {
    fn send_sync<T: Send + Sync>() {}
    send_sync::<PlusGens>();
    send_sync::<PlusProof>();
    send_sync::<PlusStatement>();
    send_sync::<ExtendedOpening>();
    send_sync::<RecoverySeed>();
}

/// Single-proof verification on the engine's precomputed tables (chosen where they are faster:
/// AVX2 without dalek on IFMA) and on dalek's, forced each way: honest proofs of every size the
/// tables cover (bpkit's and Tari's generators, minimums, several blinding bases) verify on both,
/// every flipped byte of a proof is rejected on both, and a proof checked against another
/// statement fails on both. (The switch is process-wide; both paths give the same verdicts, so
/// the tests running beside this one are unaffected.)
#[test]
fn engine_tables_and_dalek_tables_agree() {
    let shapes = [
        (64usize, 1usize, 1usize, false, false),
        (64, 1, 1, true, true),
        (32, 2, 2, true, false),
        (16, 4, 3, false, true),
        (8, 8, 1, true, false),
        (8, 3, 2, false, true),
    ];
    for engine in [true, false] {
        bpkit::group::engine::set_tables_preferred(Some(engine));
        for (i, &(bits, m, k, with_min, tari)) in shapes.iter().enumerate() {
            let gens = if tari {
                PlusGens::tari(k)
            } else {
                PlusGens::bpkit(k)
            }
            .unwrap();
            let mut r = rng(900 + i as u64);
            let c = if tari {
                case_tari(&mut r, bits, m, k, with_min)
            } else {
                case(&mut r, bits, m, k, with_min)
            };
            let (proof, st) = prove(&gens, &c, b"engine-tables", 7 + i as u64);
            let decoded = PlusProof::from_bytes(&proof.to_bytes()).unwrap();
            assert_eq!(
                decoded.verify(&mut Transcript::new(b"engine-tables"), &gens, &st),
                Ok(()),
                "shape {i}, engine tables {engine}"
            );
            // Another statement: the first commitment replaced by another value's.
            let mut other = c.openings.clone();
            other[0].value ^= 1;
            let wrong =
                PlusStatement::commit(gens.pedersen(), bits, &other, Some(c.minimums.clone()))
                    .unwrap();
            assert!(
                decoded
                    .verify(&mut Transcript::new(b"engine-tables"), &gens, &wrong)
                    .is_err(),
                "shape {i}, engine tables {engine}: another statement verifies"
            );
        }
        let gens = PlusGens::bpkit(1).unwrap();
        check_every_byte(&gens, &case(&mut rng(950), 64, 1, 1, true));
    }
    bpkit::group::engine::set_tables_preferred(None);
}
