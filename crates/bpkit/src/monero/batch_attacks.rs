//! Attacks on Monero batch verification, built as an attacker builds them (issue 30).
//!
//! bpkit 0.1.0 drew each proof's batch weight from the proofs' *final transcript states*
//! (weight 1 for the first). Monero's transcripts end before the final scalars (`r1, s1, d1`
//! of Bulletproofs+, `a, b` of Bulletproofs), so a prover knew every weight before choosing
//! them and could make the errors of several proofs cancel in the weighted sum. Each test below
//! first shows that its batch **verifies under those weights** ([`legacy_accepts`]: the test
//! catches the bug, it is not a test that cannot fail) and then that bpkit refuses it and names
//! every bad proof, on every batch path (`verify_batch`, `verify_batch_located`,
//! `locate_failures`).
#![allow(
    clippy::unwrap_used,
    clippy::indexing_slicing,
    clippy::arithmetic_side_effects
)]

use super::batch::{verify_weighted, Parts};
use super::equation::EdEquation;
use super::generators::{self, engine_table, Family};
use super::keccak::{hash_to_scalar, keccak256};
use super::point::inv_eight;
use super::{original, plus, MoneroError, Opening, OriginalProof, PlusProof};
use crate::group::Scalar;
use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec;
use alloc::vec::Vec;
use rand_chacha::rand_core::SeedableRng;
use rand_chacha::ChaCha20Rng;

const LEGACY_PLUS: &[u8] = b"bpkit monero-bp+ batch v1";
const LEGACY_ORIGINAL: &[u8] = b"bpkit monero-bp batch v1";

/// The weights of bpkit 0.1.0 (the bug): `1`, then `H(domain ‖ d ‖ j)` with `d` the hash of the
/// final transcript states only.
fn legacy_weights(states: &[[u8; 32]], domain: &[u8]) -> Vec<Scalar> {
    let flat: Vec<u8> = states.iter().flatten().copied().collect();
    let d = keccak256(&[domain, &flat]);
    (0..states.len())
        .map(|j| {
            if j == 0 {
                return Scalar::ONE;
            }
            hash_to_scalar(&[domain, &d, &(j as u64).to_le_bytes()])
        })
        .collect()
}

/// The batch equation under the legacy weights: the verdict bpkit 0.1.0 gave.
fn legacy_accepts(parts: &[Parts], domain: &[u8], family: Family) -> bool {
    let states: Vec<[u8; 32]> = parts.iter().map(|p| p.state).collect();
    verify_weighted(parts, &legacy_weights(&states, domain), family).is_ok()
}

fn sc(bytes: &[u8; 32]) -> Scalar {
    Scalar::from_canonical_bytes(*bytes).unwrap()
}

fn rng(seed: u8) -> ChaCha20Rng {
    ChaCha20Rng::from_seed([seed; 32])
}

/// Two copies of one valid Bulletproofs+ proof, `d1` shifted by `δ` in the first and by
/// `−δ·ρ₀/ρ₁` in the second (`ρ` the legacy weights, which the shift does not move).
fn plus_pair(seed: u8) -> (PlusProof, [PlusProof; 2], Vec<[u8; 32]>) {
    let mut rng = rng(seed);
    let (proof, c) = PlusProof::prove(&[Opening::random(5, &mut rng)], &mut rng).unwrap();
    let state = proof.parts(&c).unwrap().state;
    let rho = legacy_weights(&[state, state], LEGACY_PLUS);
    let delta = Scalar::from(0x5eed_u64);
    let d1 = sc(&proof.d1);
    let mut p0 = proof.clone();
    p0.d1 = (d1 + delta).to_bytes();
    let mut p1 = proof.clone();
    p1.d1 = (d1 - delta * rho[0] * rho[1].invert()).to_bytes();
    (proof, [p0, p1], c)
}

/// The same with Bulletproofs' `a` (the inner-product argument's final scalar).
fn original_pair(seed: u8) -> (OriginalProof, [OriginalProof; 2], Vec<[u8; 32]>) {
    let mut rng = rng(seed);
    let (proof, c) = OriginalProof::prove(&[Opening::random(5, &mut rng)], &mut rng).unwrap();
    let state = proof.parts(&c).unwrap().state;
    let rho = legacy_weights(&[state, state], LEGACY_ORIGINAL);
    let delta = Scalar::from(0x5eed_u64);
    let a = sc(&proof.a);
    let mut p0 = proof.clone();
    p0.a = (a + delta).to_bytes();
    let mut p1 = proof.clone();
    p1.a = (a - delta * rho[0] * rho[1].invert()).to_bytes();
    (proof, [p0, p1], c)
}

/// An inflation attack: a "proof" that the amount −1 lies in `[0, 2⁶⁴)`, hidden in a batch of
/// three. The false proof is made honestly for the amount 5 with the transcript hashing the
/// commitment `C − 6·H` (amount −1): checked against `C − 6·H` its only error is `k·H`. Two
/// copies of a valid proof with `r1 += Δⱼ`, `s1 += σⱼ` and `Σρⱼ·Δⱼ = Σρⱼ·σⱼ = 0` leave a residue
/// `(Σρⱼ·Δⱼ·σⱼ)·y·H` that cancels it. Returns the three proofs with their commitments.
fn minus_one_forgery(seed: u8) -> Vec<(PlusProof, Vec<[u8; 32]>)> {
    let mut rng = rng(seed);
    let five = Opening::random(5, &mut rng);
    let forged = five.commit_point() - generators::h() * Scalar::from(6u64);
    let v_forged = (forged * inv_eight()).compress().to_bytes();
    let false_proof = PlusProof::prove_hashing(&[five], &v_forged, &mut rng).unwrap();
    let c_false = vec![forged.compress().to_bytes()];
    assert_eq!(
        false_proof.verify(&c_false),
        Err(MoneroError::VerificationFailed)
    );
    let f = false_proof.parts(&c_false).unwrap();
    // Its error is k·H with k = −6·(the scalar on V): shown by the equation minus k·H holding.
    let k = -Scalar::from(6u64) * *f.dynamic_scalars.last().unwrap();
    let mut eq = EdEquation::default();
    eq.add(
        Scalar::ONE,
        (&f.dynamic_scalars, &f.dynamic_points),
        f.value - k,
        f.blinding,
        &f.vectors,
    );
    assert!(eq.holds(engine_table(Family::Plus).unwrap()));

    // Two copies of an honest proof of another output.
    let (honest, c) = PlusProof::prove(&[Opening::random(9, &mut rng)], &mut rng).unwrap();
    let h = honest.parts(&c).unwrap();
    let rho = legacy_weights(&[f.state, h.state, h.state], LEGACY_PLUS);
    let (r1, s1) = (sc(&honest.r1), sc(&honest.s1));
    let ratio = -rho[1] * rho[2].invert();
    let shifted = |dr: Scalar, ds: Scalar| {
        let mut p = honest.clone();
        p.r1 = (r1 + dr).to_bytes();
        p.s1 = (s1 + ds).to_bytes();
        p
    };
    // The residue on H is bilinear: measure it at σ = 1, then scale σ to cancel ρ₀·k.
    let residue = |t: Scalar| {
        let (a, b) = (shifted(Scalar::ONE, t), shifted(ratio, ratio * t));
        let (pa, pb) = (a.parts(&c).unwrap(), b.parts(&c).unwrap());
        rho[1] * (pa.value - h.value) + rho[2] * (pb.value - h.value)
    };
    let unit = residue(Scalar::ONE);
    let t = -rho[0] * k * unit.invert();
    assert_eq!(residue(t), -rho[0] * k);
    let (c1, c2) = (shifted(Scalar::ONE, t), shifted(ratio, ratio * t));
    vec![(false_proof, c_false), (c1, c.clone()), (c2, c)]
}

#[test]
fn plus_two_proof_cancellation_is_refused() {
    let (proof, [p0, p1], c) = plus_pair(30);
    assert_eq!(p0.verify(&c), Err(MoneroError::VerificationFailed));
    assert_eq!(p1.verify(&c), Err(MoneroError::VerificationFailed));

    // The bug: bpkit 0.1.0's weights accept the pair.
    let parts = [p0.parts(&c).unwrap(), p1.parts(&c).unwrap()];
    assert!(legacy_accepts(&parts, LEGACY_PLUS, Family::Plus));

    let items = [(&p0, &c[..]), (&p1, &c[..])];
    assert_eq!(
        plus::verify_batch(&items),
        Err(MoneroError::VerificationFailed)
    );
    assert_eq!(plus::locate_failures(&items), [0, 1]);
    // Among honest proofs too, and in either order.
    let items = [
        (&proof, &c[..]),
        (&p1, &c[..]),
        (&proof, &c[..]),
        (&p0, &c[..]),
    ];
    assert_eq!(
        plus::verify_batch(&items),
        Err(MoneroError::VerificationFailed)
    );
    assert_eq!(plus::locate_failures(&items), [1, 3]);
}

#[test]
fn original_two_proof_cancellation_is_refused() {
    let (proof, [p0, p1], c) = original_pair(31);
    assert_eq!(p0.verify(&c), Err(MoneroError::VerificationFailed));
    assert_eq!(p1.verify(&c), Err(MoneroError::VerificationFailed));

    let parts = [p0.parts(&c).unwrap(), p1.parts(&c).unwrap()];
    assert!(legacy_accepts(&parts, LEGACY_ORIGINAL, Family::Original));

    let items = [(&p0, &c[..]), (&p1, &c[..])];
    assert_eq!(
        original::verify_batch(&items),
        Err(MoneroError::VerificationFailed)
    );
    assert_eq!(original::locate_failures(&items), [0, 1]);
    let items = [(&p1, &c[..]), (&proof, &c[..]), (&p0, &c[..])];
    assert_eq!(original::locate_failures(&items), [0, 2]);
}

#[test]
fn plus_minus_one_forgery_among_three_is_refused() {
    let three = minus_one_forgery(32);
    for (p, c) in &three {
        assert!(p.verify(c).is_err());
    }

    // The bug: bpkit 0.1.0's weights accept the three.
    let parts: Vec<Parts> = three.iter().map(|(p, c)| p.parts(c).unwrap()).collect();
    assert!(legacy_accepts(&parts, LEGACY_PLUS, Family::Plus));

    let items: Vec<(&PlusProof, &[[u8; 32]])> = three.iter().map(|(p, c)| (p, &c[..])).collect();
    assert_eq!(
        plus::verify_batch(&items),
        Err(MoneroError::VerificationFailed)
    );
    assert_eq!(plus::locate_failures(&items), [0, 1, 2]);
    let located = plus::verify_batch_located(&items).unwrap_err();
    assert_eq!(
        located.failures(),
        [
            (0, MoneroError::VerificationFailed),
            (1, MoneroError::VerificationFailed),
            (2, MoneroError::VerificationFailed)
        ]
    );
}

/// The located path on honest batches (every size from 1, nothing reported) and with one
/// false proof at each position (exactly it reported, with its error and in `Display`).
#[test]
fn located_batches_name_exactly_the_false_proofs() {
    let mut rng = rng(35);
    let honest: Vec<(PlusProof, Vec<[u8; 32]>)> = (0..5)
        .map(|v| PlusProof::prove(&[Opening::random(v, &mut rng)], &mut rng).unwrap())
        .collect();
    for n in 1..=honest.len() {
        let items: Vec<(&PlusProof, &[[u8; 32]])> =
            honest[..n].iter().map(|(p, c)| (p, &c[..])).collect();
        assert_eq!(plus::verify_batch_located(&items), Ok(()), "{n}");
        assert_eq!(plus::verify_batch(&items), Ok(()), "{n}");
        assert!(plus::locate_failures(&items).is_empty(), "{n}");
    }
    let (_, [bad, _], bad_c) = plus_pair(36);
    for at in 0..honest.len() {
        let mut items: Vec<(&PlusProof, &[[u8; 32]])> =
            honest.iter().map(|(p, c)| (p, &c[..])).collect();
        items[at] = (&bad, &bad_c[..]);
        let e = plus::verify_batch_located(&items).unwrap_err();
        assert_eq!(e.failures(), [(at, MoneroError::VerificationFailed)]);
        assert_eq!(e.indices().collect::<Vec<_>>(), [at]);
        assert_eq!(
            e.to_string(),
            format!(
                "1 proof(s) of the batch failed: #{at} ({})",
                MoneroError::VerificationFailed
            )
        );
    }
}

/// `tests/vectors/monero_forged.json`: the three forged batches, as the CLI's and the bindings'
/// tests read them. Written by `write_forged_vectors` (ignored); checked here: each batch is
/// still accepted by the legacy weights (so the file is a real attack) and refused now.
const FORGED: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../tests/vectors/monero_forged.json"
);

type Case = (String, String, Vec<(Vec<u8>, Vec<[u8; 32]>)>, Vec<usize>);

fn forged_cases() -> Vec<Case> {
    let text = std::fs::read_to_string(FORGED).unwrap();
    let json: serde_json::Value = serde_json::from_str(&text).unwrap();
    json["cases"]
        .as_array()
        .unwrap()
        .iter()
        .map(|case| {
            let items = case["items"]
                .as_array()
                .unwrap()
                .iter()
                .map(|it| {
                    let proof = hex::decode(it["proof"].as_str().unwrap()).unwrap();
                    let c = it["commitments"]
                        .as_array()
                        .unwrap()
                        .iter()
                        .map(|h| {
                            hex::decode(h.as_str().unwrap())
                                .unwrap()
                                .try_into()
                                .unwrap()
                        })
                        .collect();
                    (proof, c)
                })
                .collect();
            let invalid = case["invalid"]
                .as_array()
                .unwrap()
                .iter()
                .map(|i| i.as_u64().unwrap() as usize)
                .collect();
            (
                case["name"].as_str().unwrap().into(),
                case["scheme"].as_str().unwrap().into(),
                items,
                invalid,
            )
        })
        .collect()
}

#[test]
fn forged_vectors_are_attacks_and_are_refused() {
    let cases = forged_cases();
    assert_eq!(cases.len(), 3);
    for (name, scheme, items, invalid) in cases {
        if scheme == "monero-bp+" {
            let proofs: Vec<PlusProof> = items
                .iter()
                .map(|(b, _)| PlusProof::from_bytes(b).unwrap())
                .collect();
            let parts: Vec<Parts> = proofs
                .iter()
                .zip(&items)
                .map(|(p, (_, c))| p.parts(c).unwrap())
                .collect();
            assert!(legacy_accepts(&parts, LEGACY_PLUS, Family::Plus), "{name}");
            let list: Vec<(&PlusProof, &[[u8; 32]])> = proofs
                .iter()
                .zip(&items)
                .map(|(p, (_, c))| (p, &c[..]))
                .collect();
            assert_eq!(plus::locate_failures(&list), invalid, "{name}");
        } else {
            let proofs: Vec<OriginalProof> = items
                .iter()
                .map(|(b, _)| OriginalProof::from_bytes(b).unwrap())
                .collect();
            let parts: Vec<Parts> = proofs
                .iter()
                .zip(&items)
                .map(|(p, (_, c))| p.parts(c).unwrap())
                .collect();
            assert!(
                legacy_accepts(&parts, LEGACY_ORIGINAL, Family::Original),
                "{name}"
            );
            let list: Vec<(&OriginalProof, &[[u8; 32]])> = proofs
                .iter()
                .zip(&items)
                .map(|(p, (_, c))| (p, &c[..]))
                .collect();
            assert_eq!(original::locate_failures(&list), invalid, "{name}");
        }
    }
}

/// Writes `tests/vectors/monero_forged.json` (run by hand:
/// `cargo test -p bpkit --all-features --lib write_forged_vectors -- --ignored`).
#[test]
#[ignore = "writes tests/vectors/monero_forged.json"]
fn write_forged_vectors() {
    fn item(proof: Vec<u8>, c: &[[u8; 32]]) -> serde_json::Value {
        serde_json::json!({
            "proof": hex::encode(proof),
            "commitments": c.iter().map(hex::encode).collect::<Vec<_>>(),
        })
    }
    let (_, [p0, p1], c) = plus_pair(40);
    let plus_pair_items = vec![item(p0.to_bytes(), &c), item(p1.to_bytes(), &c)];
    let (_, [o0, o1], c) = original_pair(41);
    let original_items = vec![item(o0.to_bytes(), &c), item(o1.to_bytes(), &c)];
    let minus_one: Vec<_> = minus_one_forgery(42)
        .into_iter()
        .map(|(p, c)| item(p.to_bytes(), &c))
        .collect();
    let doc = serde_json::json!({
        "description": "Monero batches forged against bpkit 0.1.0's batch weights (advisory BPKIT-2026-001 in CHANGELOG.md): every proof is false alone, and each batch verified under the old weights. A verifier must refuse each batch and name the proofs in `invalid` (0-based). Commitments are outPk values (not x1/8); proofs in Monero's serialization. Made by crates/bpkit/src/monero/batch_attacks.rs::write_forged_vectors.",
        "cases": [
            {"name": "bp+ two-proof cancellation (d1 shifted)", "scheme": "monero-bp+", "items": plus_pair_items, "invalid": [0, 1]},
            {"name": "bp two-proof cancellation (a shifted)", "scheme": "monero-bp", "items": original_items, "invalid": [0, 1]},
            {"name": "bp+ amount -1 hidden among three", "scheme": "monero-bp+", "items": minus_one, "invalid": [0, 1, 2]},
        ],
    });
    std::fs::write(FORGED, serde_json::to_string_pretty(&doc).unwrap() + "\n").unwrap();
}

/// Equal weights are the one ratio an attacker predicts without any hash: two copies of a
/// valid proof with `d1 + δ` and `d1 − δ` (resp. `a ± δ`) cancel under them. Refused, and
/// every weight differs from the others (kills the mutant that maps every weight to 1).
#[test]
fn equal_weight_cancellation_is_refused() {
    let mut rng = rng(34);
    let delta = Scalar::from(0x5eed_u64);
    let (proof, c) = PlusProof::prove(&[Opening::random(5, &mut rng)], &mut rng).unwrap();
    let (mut p0, mut p1) = (proof.clone(), proof.clone());
    p0.d1 = (sc(&proof.d1) + delta).to_bytes();
    p1.d1 = (sc(&proof.d1) - delta).to_bytes();
    let parts = [p0.parts(&c).unwrap(), p1.parts(&c).unwrap()];
    // Under equal weights the pair holds: the construction is a real attack on them.
    assert!(verify_weighted(&parts, &[Scalar::ONE, Scalar::ONE], Family::Plus).is_ok());
    let items = [(&p0, &c[..]), (&p1, &c[..])];
    assert_eq!(plus::locate_failures(&items), [0, 1]);
    assert_eq!(
        plus::verify_batch(&items),
        Err(MoneroError::VerificationFailed)
    );

    let (proof, c) = OriginalProof::prove(&[Opening::random(5, &mut rng)], &mut rng).unwrap();
    let (mut o0, mut o1) = (proof.clone(), proof.clone());
    o0.a = (sc(&proof.a) + delta).to_bytes();
    o1.a = (sc(&proof.a) - delta).to_bytes();
    let parts = [o0.parts(&c).unwrap(), o1.parts(&c).unwrap()];
    assert!(verify_weighted(&parts, &[Scalar::ONE, Scalar::ONE], Family::Original).is_ok());
    let items = [(&o0, &c[..]), (&o1, &c[..])];
    assert_eq!(original::locate_failures(&items), [0, 1]);

    let bindings: Vec<[u8; 32]> = (0..8u8).map(|i| [i; 32]).collect();
    let w = super::batch::weights(&bindings, plus::PLUS_BATCH);
    for (i, a) in w.iter().enumerate() {
        assert_ne!(*a, Scalar::ZERO);
        assert_ne!(*a, Scalar::ONE);
        assert!(w[i + 1..].iter().all(|b| b != a), "weights {i} repeat");
    }
}

/// The largest proofs Monero allows (16 outputs) use every vector generator of the table:
/// they verify, alone and in a batch (the bound check in `EdEquation::holds` is `>`, not `>=`).
#[test]
fn sixteen_outputs_use_the_whole_table() {
    let mut rng = rng(37);
    let outputs: Vec<Opening> = (0..16).map(|v| Opening::random(v, &mut rng)).collect();
    let (plus_proof, c) = PlusProof::prove(&outputs, &mut rng).unwrap();
    plus_proof.verify(&c).unwrap();
    let (bp, c2) = OriginalProof::prove(&outputs, &mut rng).unwrap();
    bp.verify(&c2).unwrap();
    let (small, c3) = PlusProof::prove(&outputs[..1], &mut rng).unwrap();
    assert_eq!(
        plus::verify_batch(&[(&plus_proof, &c[..]), (&small, &c3[..])]),
        Ok(())
    );
}

/// The new weights move with every byte a proof's equation reads: its final scalars (which the
/// transcript does not cover), its commitments, its format.
#[test]
fn weights_bind_final_scalars_commitments_and_format() {
    let mut rng = rng(33);
    let (proof, c) = PlusProof::prove(&[Opening::random(5, &mut rng)], &mut rng).unwrap();
    let base = proof.parts(&c).unwrap().binding;
    for field in 0..3 {
        let mut p = proof.clone();
        match field {
            0 => p.r1[0] ^= 1,
            1 => p.s1[0] ^= 1,
            _ => p.d1[0] ^= 1,
        }
        assert_ne!(p.parts(&c).unwrap().binding, base, "field {field}");
    }
    let bytes = proof.to_bytes();
    assert_ne!(
        super::batch::binding(plus::PLUS_BATCH, &bytes, &[[0; 32]]),
        base
    );
    assert_ne!(
        super::batch::binding(original::ORIGINAL_BATCH, &bytes, &c),
        base
    );
    assert_eq!(super::batch::binding(plus::PLUS_BATCH, &bytes, &c), base);
}
