//! Grin / MWEB range proofs against the C module (secp256k1-zkp through `grin_secp256k1zkp`):
//! generators and commitments, proofs byte for byte both ways, extra data present / absent /
//! empty, rewinding both ways, batch verification and the multi-party steps.
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
    commit, prove, rewind, verify, verify_batch, Commitment33, GrinProof, GrinStatement, Party,
};
use bpkit::group::secp256k1::{AffinePoint, ProjectivePoint, Scalar};
use grin_common::*;
use k256::elliptic_curve::sec1::{FromEncodedPoint, ToEncodedPoint};
use secp256k1zkp as c;

const VALUES: [u64; 6] = [0, 1, 2, 1_000_000, u64::MAX - 1, u64::MAX];

#[test]
fn commitments_match_the_c_module() {
    let secp = ctx();
    for (i, v) in VALUES.iter().enumerate() {
        let b = secret("blind", i as u64);
        let ours = commit(gens(), *v, &scalar(&b)).unwrap();
        let theirs = secp.commit(*v, sk(&secp, &b)).unwrap();
        assert_eq!(ours.to_bytes().to_vec(), theirs.0.to_vec(), "value {v}");
        assert_eq!(Commitment33::from_bytes(&theirs.0).unwrap(), ours);
    }
}

#[test]
fn proofs_are_byte_identical_to_the_c_module() {
    let secp = ctx();
    let extras: [Option<Vec<u8>>; 3] = [None, Some(vec![]), Some(b"grin extra data".to_vec())];
    let mut n = 0u64;
    for v in VALUES {
        for (e, extra) in extras.iter().enumerate() {
            for with_private in [false, true] {
                let message = (e == 2).then_some([0xabu8; 20]);
                let w = witness(n, v, with_private, message);
                n += 1;
                let (c_commit, c_proof_) = c_prove(&secp, &w, extra.clone());
                let (commitment, proof) = prove(gens(), &w, 64, extra.as_deref()).unwrap();
                assert_eq!(commitment.to_bytes().to_vec(), c_commit.0.to_vec());
                let ours = proof.to_bytes();
                assert_eq!(ours.len(), 675);
                assert_eq!(
                    ours,
                    c_proof_.proof[..c_proof_.plen].to_vec(),
                    "v={v} extra={e}"
                );
                // Both verifiers accept both (the same bytes), with the right extra only.
                let st = GrinStatement {
                    commitment,
                    bits: 64,
                    extra: extra.clone(),
                };
                verify(gens(), &st, &GrinProof::from_bytes(&ours, 64).unwrap()).unwrap();
                secp.verify_bullet_proof(c_commit, c_proof(&ours), extra.clone())
                    .unwrap();
                for (o, other) in extras.iter().enumerate() {
                    if o != e {
                        let st = GrinStatement {
                            commitment,
                            bits: 64,
                            extra: other.clone(),
                        };
                        assert!(verify(gens(), &st, &proof).is_err(), "extra {e} vs {o}");
                        assert!(secp
                            .verify_bullet_proof(c_commit, c_proof(&ours), other.clone())
                            .is_err());
                    }
                }
            }
        }
    }
}

#[test]
fn c_proofs_verify_here() {
    // With random nonces on the C side (thread_rng), not ours.
    let secp = ctx();
    for (i, v) in VALUES.iter().enumerate() {
        let blind = c::SecretKey::new(&secp, &mut c::rand::thread_rng());
        let commit_c = secp.commit(*v, blind.clone()).unwrap();
        let extra = (i % 2 == 0).then(|| vec![i as u8; i]);
        let proof = secp
            .bullet_proof(
                *v,
                blind,
                c::SecretKey::new(&secp, &mut c::rand::thread_rng()),
                c::SecretKey::new(&secp, &mut c::rand::thread_rng()),
                extra.clone(),
                None,
            )
            .unwrap();
        let st = GrinStatement {
            commitment: Commitment33::from_bytes(&commit_c.0).unwrap(),
            bits: 64,
            extra,
        };
        let p = GrinProof::from_bytes(&proof.proof[..proof.plen], 64).unwrap();
        verify(gens(), &st, &p).unwrap();
        assert_eq!(p.to_bytes(), proof.proof[..proof.plen].to_vec());
    }
}

#[test]
fn rewind_both_ways() {
    let secp = ctx();
    for (i, v) in VALUES.iter().enumerate() {
        for with_private in [false, true] {
            let message = (i % 2 == 1).then_some([i as u8 + 1; 20]);
            let w = witness(100 + i as u64, *v, with_private, message);
            let extra = Some(vec![5u8; i]);
            // C proof, rewound here.
            let (c_commit, c_pr) = c_prove(&secp, &w, extra.clone());
            let commitment = Commitment33::from_bytes(&c_commit.0).unwrap();
            let proof = GrinProof::from_bytes(&c_pr.proof[..c_pr.plen], 64).unwrap();
            let r = rewind(
                gens(),
                &commitment,
                extra.as_deref(),
                &proof,
                &w.rewind_nonce,
            )
            .unwrap();
            assert_eq!(r.value, *v);
            assert_eq!(r.message, message.unwrap_or([0u8; 20]));
            assert_eq!(r.blinding.is_some(), !with_private);
            if let Some(b) = r.blinding {
                assert_eq!(b, w.blinding);
            }
            assert!(r.opens(gens(), &commitment, &w.blinding));
            // Our proof, rewound by the C module.
            let (commitment, proof) = prove(gens(), &w, 64, extra.as_deref()).unwrap();
            let info = secp
                .rewind_bullet_proof(
                    c_commit,
                    sk(&secp, &w.rewind_nonce),
                    extra.clone(),
                    c_proof(&proof.to_bytes()),
                )
                .unwrap();
            assert_eq!(info.value, *v);
            assert_eq!(info.message.as_bytes(), &message.unwrap_or([0u8; 20])[..]);
            if !with_private {
                assert_eq!(info.blinding.0, <[u8; 32]>::from(w.blinding.to_bytes()));
            }
            // Wrong nonce or wrong extra: no value.
            let other = secret("other", i as u64);
            assert!(
                rewind(gens(), &commitment, extra.as_deref(), &proof, &other).is_err()
                    || rewind(gens(), &commitment, extra.as_deref(), &proof, &other)
                        .unwrap()
                        .value
                        != *v
            );
            assert!(
                rewind(gens(), &commitment, Some(b"wrong"), &proof, &w.rewind_nonce)
                    .map(|r| r.value != *v || r.blinding.is_none())
                    .unwrap_or(true)
            );
        }
    }
}

#[test]
fn batch_verification_agrees_with_the_c_module() {
    let secp = ctx();
    let mut items = Vec::new();
    let mut c_commits = Vec::new();
    let mut c_proofs = Vec::new();
    let mut extras = Vec::new();
    for i in 0..6u64 {
        let w = witness(200 + i, i * 1000, true, None);
        let extra = vec![i as u8; 3];
        let (commitment, proof) = prove(gens(), &w, 64, Some(&extra)).unwrap();
        c_commits.push(c::pedersen::Commitment::from_vec(
            commitment.to_bytes().to_vec(),
        ));
        c_proofs.push(c_proof(&proof.to_bytes()));
        extras.push(extra.clone());
        items.push((
            GrinStatement {
                commitment,
                bits: 64,
                extra: Some(extra),
            },
            proof,
        ));
    }
    verify_batch(gens(), &items).unwrap();
    secp.verify_bullet_proof_multi(c_commits.clone(), c_proofs.clone(), Some(extras.clone()))
        .unwrap();
    // Swap two commitments: both reject, and bpkit names the two proofs.
    items.swap(1, 4);
    let (s1, s4) = (items[1].0.clone(), items[4].0.clone());
    items[1].1 = items[4].1.clone();
    items.swap(1, 4);
    items[1].0 = s1;
    items[4].0 = s4;
    let mut c_commits2 = c_commits.clone();
    c_commits2.swap(2, 3);
    assert!(secp
        .verify_bullet_proof_multi(c_commits2, c_proofs, Some(extras))
        .is_err());
    let failed = verify_batch(gens(), &items).unwrap_err();
    assert!(!failed.is_empty());
}

fn to_c_pubkey(secp: &c::Secp256k1, p: &ProjectivePoint) -> c::PublicKey {
    c::PublicKey::from_slice(secp, p.to_affine().to_encoded_point(true).as_bytes()).unwrap()
}

fn from_c_pubkey(secp: &c::Secp256k1, p: &c::PublicKey) -> ProjectivePoint {
    let bytes = p.serialize_vec(secp, true);
    let ep = k256::EncodedPoint::from_bytes(&bytes[..]).unwrap();
    ProjectivePoint::from(
        Option::<AffinePoint>::from(AffinePoint::from_encoded_point(&ep)).unwrap(),
    )
}

#[test]
fn multi_party_matches_the_c_module_step_by_step() {
    let secp = ctx();
    let value = 12_345_678u64;
    let common = secret("common", 0);
    let (ba, bb) = (secret("ba", 0), secret("bb", 0));
    let (pa, pb) = (secret("pa", 0), secret("pb", 0));
    let extra = Some(b"multi".to_vec());
    // Commitment: A commits the value, B commits zero; the joint commitment is the sum.
    let ca = commit(gens(), value, &scalar(&ba)).unwrap();
    let cb = commit(gens(), 0, &scalar(&bb)).unwrap();
    let joint = Commitment33::from_point(&(ca.point() + cb.point())).unwrap();
    let c_joint = secp
        .commit_sum(
            vec![
                c::pedersen::Commitment::from_vec(ca.to_bytes().to_vec()),
                c::pedersen::Commitment::from_vec(cb.to_bytes().to_vec()),
            ],
            vec![],
        )
        .unwrap();
    assert_eq!(joint.to_bytes().to_vec(), c_joint.0.to_vec());

    let wit = |b: &[u8; 32], p: &[u8; 32]| bpkit::grin::GrinWitness {
        value,
        blinding: scalar(b),
        rewind_nonce: common,
        private_nonce: Some(*p),
        message: None,
    };
    let party_a = Party::new(gens(), joint, 64, extra.clone(), wit(&ba, &pa)).unwrap();
    let party_b = Party::new(gens(), joint, 64, extra.clone(), wit(&bb, &pb)).unwrap();
    let (a1, (t1a, t2a)) = party_a.t_shares().unwrap();
    let (b1, (t1b, t2b)) = party_b.t_shares().unwrap();

    // Step 1 on the C side for party A: the same shares.
    let mut c_t1a = c::PublicKey::new();
    let mut c_t2a = c::PublicKey::new();
    secp.bullet_proof_multisig(
        value,
        sk(&secp, &ba),
        sk(&secp, &common),
        extra.clone(),
        None,
        None,
        Some(&mut c_t1a),
        Some(&mut c_t2a),
        vec![c_joint],
        Some(&sk(&secp, &pa)),
        1,
    );
    assert_eq!(from_c_pubkey(&secp, &c_t1a), t1a);
    assert_eq!(from_c_pubkey(&secp, &c_t2a), t2a);

    let (t1, t2) = (t1a + t1b, t2a + t2b);
    let (a2, tau_a) = a1.tau_share(t1, t2).unwrap();
    let (_b2, tau_b) = b1.tau_share(t1, t2).unwrap();
    // Step 2 on the C side for party B: the same τx share.
    let mut c_t1 = to_c_pubkey(&secp, &t1);
    let mut c_t2 = to_c_pubkey(&secp, &t2);
    let mut c_tau_b = c::SecretKey::new(&secp, &mut c::rand::thread_rng());
    secp.bullet_proof_multisig(
        value,
        sk(&secp, &bb),
        sk(&secp, &common),
        extra.clone(),
        None,
        Some(&mut c_tau_b),
        Some(&mut c_t1),
        Some(&mut c_t2),
        vec![c_joint],
        Some(&sk(&secp, &pb)),
        2,
    );
    assert_eq!(c_tau_b.0, <[u8; 32]>::from(tau_b.to_bytes()));

    // Step 3: the same proof bytes, accepted by both.
    let tau = tau_a + tau_b;
    let proof = a2.finish(tau).unwrap();
    let mut c_tau = sk(&secp, &tau.to_bytes().into());
    let c_pr = secp
        .bullet_proof_multisig(
            value,
            sk(&secp, &ba),
            sk(&secp, &common),
            extra.clone(),
            None,
            Some(&mut c_tau),
            Some(&mut c_t1),
            Some(&mut c_t2),
            vec![c_joint],
            Some(&sk(&secp, &pa)),
            0,
        )
        .unwrap();
    assert_eq!(proof.to_bytes(), c_pr.proof[..c_pr.plen].to_vec());
    let st = GrinStatement {
        commitment: joint,
        bits: 64,
        extra: extra.clone(),
    };
    verify(gens(), &st, &proof).unwrap();
    secp.verify_bullet_proof(c_joint, c_pr, extra).unwrap();
    let _ = Scalar::ONE;
}
