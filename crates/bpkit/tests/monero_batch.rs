//! Monero batches locate their failing proofs (`verify_batch_located`, `locate_failures`) as
//! `BatchVerifier` does: one false proof among N, several, malformed ones with their own
//! error, both formats (proofs made by the peer `monero-bulletproofs`).
#![cfg(feature = "monero")]
#![allow(
    clippy::unwrap_used,
    clippy::indexing_slicing,
    clippy::arithmetic_side_effects,
    clippy::panic
)]

use bpkit::monero::{original, plus, MoneroError, OriginalProof, PlusProof};
use monero_bulletproofs::Bulletproof;
use monero_ed25519::{Commitment, Scalar as PeerScalar};
use rand_08::rngs::StdRng;
use rand_08::{Rng, RngCore, SeedableRng};

const N: usize = 13;

/// Two random openings and their on-chain commitments.
fn openings(rng: &mut StdRng) -> (Vec<Commitment>, Vec<[u8; 32]>) {
    let mut out = Vec::new();
    let mut enc = Vec::new();
    for _ in 0..2 {
        let mut wide = [0u8; 32];
        rng.fill_bytes(&mut wide);
        wide[31] &= 0x0f; // below ℓ
        let c = Commitment::new(PeerScalar::read(&mut &wide[..]).unwrap(), rng.next_u64());
        enc.push(c.commit().compress().to_bytes());
        out.push(c);
    }
    (out, enc)
}

fn plus_batch(rng: &mut StdRng) -> Vec<(PlusProof, Vec<[u8; 32]>)> {
    (0..N)
        .map(|_| {
            let (open, c) = openings(rng);
            let bytes = Bulletproof::prove_plus(&mut *rng, open)
                .unwrap()
                .serialize();
            (PlusProof::from_bytes(&bytes).unwrap(), c)
        })
        .collect()
}

fn original_batch(rng: &mut StdRng) -> Vec<(OriginalProof, Vec<[u8; 32]>)> {
    (0..N)
        .map(|_| {
            let (open, c) = openings(rng);
            let bytes = Bulletproof::prove(&mut *rng, open).unwrap().serialize();
            (OriginalProof::from_bytes(&bytes).unwrap(), c)
        })
        .collect()
}

/// The batch with the commitments of the proofs at `bad` swapped (each a false proof).
fn spoil<P>(all: &[(P, Vec<[u8; 32]>)], bad: &[usize]) -> Vec<Vec<[u8; 32]>> {
    all.iter()
        .enumerate()
        .map(|(i, (_, c))| {
            let mut c = c.clone();
            if bad.contains(&i) {
                c.swap(0, 1);
            }
            c
        })
        .collect()
}

/// The sets of bad positions tried: none, each single one, and several (adjacent, at both
/// ends, a random half).
fn bad_sets(rng: &mut StdRng) -> Vec<Vec<usize>> {
    let mut sets = vec![vec![]];
    sets.extend((0..N).map(|i| vec![i]));
    sets.push(vec![0, N - 1]);
    sets.push(vec![3, 4, 5]);
    sets.push(vec![1, 6, 7, 12]);
    sets.push((0..N).collect());
    sets.push((0..N).filter(|_| rng.gen_bool(0.5)).collect());
    sets
}

#[test]
fn plus_batches_locate_false_proofs() {
    let mut rng = StdRng::seed_from_u64(20);
    let all = plus_batch(&mut rng);
    for bad in bad_sets(&mut rng) {
        let cs = spoil(&all, &bad);
        let items: Vec<(&PlusProof, &[[u8; 32]])> = all
            .iter()
            .zip(&cs)
            .map(|((p, _), c)| (p, c.as_slice()))
            .collect();
        let outcome = plus::verify_batch_located(&items);
        if bad.is_empty() {
            assert_eq!(outcome, Ok(()));
            continue;
        }
        let failures = outcome.unwrap_err();
        let expected: Vec<(usize, MoneroError)> = bad
            .iter()
            .map(|&i| (i, MoneroError::VerificationFailed))
            .collect();
        assert_eq!(failures.failures(), expected.as_slice(), "bad {bad:?}");
        assert_eq!(plus::locate_failures(&items), bad);
        // The plain batch agrees.
        assert_eq!(
            plus::verify_batch(&items),
            Err(MoneroError::VerificationFailed)
        );
    }
}

#[test]
fn original_batches_locate_false_proofs() {
    let mut rng = StdRng::seed_from_u64(21);
    let all = original_batch(&mut rng);
    for bad in bad_sets(&mut rng) {
        let cs = spoil(&all, &bad);
        let items: Vec<(&OriginalProof, &[[u8; 32]])> = all
            .iter()
            .zip(&cs)
            .map(|((p, _), c)| (p, c.as_slice()))
            .collect();
        let outcome = original::verify_batch_located(&items);
        if bad.is_empty() {
            assert_eq!(outcome, Ok(()));
            continue;
        }
        let got: Vec<usize> = outcome.unwrap_err().indices().collect();
        assert_eq!(got, bad);
        assert_eq!(original::locate_failures(&items), bad);
    }
}

/// Malformed proofs are reported with their own error, next to the false ones, and do not
/// hide them; the well-formed rest still verifies together.
#[test]
fn malformed_and_false_proofs_together() {
    let mut rng = StdRng::seed_from_u64(22);
    let mut all = plus_batch(&mut rng);
    all[2].0.r1 = [0xff; 32]; // not below ℓ
    all[9].0.l.pop(); // too few rounds for two outputs
    let cs = spoil(&all, &[4, 11]);
    let items: Vec<(&PlusProof, &[[u8; 32]])> = all
        .iter()
        .zip(&cs)
        .map(|((p, _), c)| (p, c.as_slice()))
        .collect();
    let failures = plus::verify_batch_located(&items).unwrap_err();
    let got = failures.failures();
    assert_eq!(got.len(), 4, "{failures}");
    assert!(matches!(
        got[0],
        (2, MoneroError::NonCanonicalScalar { .. })
    ));
    assert_eq!(got[1], (4, MoneroError::VerificationFailed));
    assert!(matches!(got[2], (9, MoneroError::WrongRounds { .. })));
    assert_eq!(got[3], (11, MoneroError::VerificationFailed));
    assert!(failures
        .to_string()
        .starts_with("4 proof(s) of the batch failed"));

    // Only malformed ones: the rest holds, and only those are reported.
    let good = spoil(&all, &[]);
    let items: Vec<(&PlusProof, &[[u8; 32]])> = all
        .iter()
        .zip(&good)
        .map(|((p, _), c)| (p, c.as_slice()))
        .collect();
    assert_eq!(plus::locate_failures(&items), vec![2, 9]);
    // An empty batch holds.
    assert_eq!(plus::verify_batch_located(&[]), Ok(()));
}
