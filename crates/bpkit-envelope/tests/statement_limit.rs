//! The limit on a statement envelope's circuit (`VerifyCircuitOptions::max_multipliers`, the
//! same option and default as for described circuits): a statement whose public parameters
//! make a circuit above it is refused with `EnvelopeError::CircuitTooLarge` before its
//! circuit is recorded or any generator built — in single verification (`circuit::verify`,
//! `verify_with`, `verify_json`, `verify_json_with`) and in the batch path (`CircuitCache`,
//! `batch_parts`); at the limit it is verified as before, and the option raises the limit.
//!
//! The process's allocations are counted (peak_alloc's counting global allocator, as the
//! memory benches use): refusing a 1024-byte
//! SHA-256 statement (446,373 multipliers, whose recorded rows alone take hundreds of MiB)
//! allocates next to nothing. The tests of this file take one lock, so that the count of one
//! is not disturbed by another.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    clippy::arithmetic_side_effects
)]

use bpkit::circuit::CircuitProof;
use bpkit::group::Scalar;
use bpkit_envelope::circuit::{
    self, batch_parts, batch_parts_cached, multipliers, CircuitCache, CircuitEnvelope,
};
use bpkit_envelope::*;
use peak_alloc::PeakAlloc;
use rand::rngs::StdRng;
use rand::SeedableRng;
use std::sync::Mutex;

#[global_allocator]
static ALLOCATOR: PeakAlloc = PeakAlloc;

static LOCK: Mutex<()> = Mutex::new(());

/// The most bytes `f` had allocated at once beyond what was allocated before it.
fn peak<T>(f: impl FnOnce() -> T) -> (T, usize) {
    let before = ALLOCATOR.current_usage();
    ALLOCATOR.reset_peak_usage();
    let out = f();
    (out, ALLOCATOR.peak_usage().saturating_sub(before))
}

/// A well-formed one-phase proof of `rounds` rounds (valid points, canonical scalars): it
/// decodes and has the statement's size, so only the limit stands between it and the work.
fn forged_proof(rounds: usize) -> Vec<u8> {
    let point = bpkit::Opening::new(1, Scalar::ONE).commit();
    let one = Scalar::ONE.to_bytes();
    let mut out = Vec::new();
    let mut put = |b: &[u8; 32], k: usize| (0..k).for_each(|_| out.extend_from_slice(b));
    put(point.as_bytes(), 8);
    put(&one, 3);
    put(point.as_bytes(), 2 * rounds);
    put(&one, 2);
    assert_eq!(CircuitProof::from_bytes(&out).unwrap().rounds(), rounds);
    out
}

/// The JSON of a SHA-256 envelope of a `len`-byte message with a forged proof of its size.
fn sha256_envelope(len: usize, rounds: usize) -> String {
    format!(
        r#"{{"version":1,"scheme":"circuit","statement":"sha256-preimage","public":{{"digest":"{}","message_len":{len}}},"label":"x","commitments":[],"proof":"{}"}}"#,
        "ab".repeat(32),
        hex::encode(&forged_proof(rounds))
    )
}

fn too_large(e: &Failure) -> (usize, usize) {
    assert_eq!(
        (e.kind(), e.category()),
        ("circuit-too-large", Category::Malformed)
    );
    match e {
        Failure::Envelope(EnvelopeError::CircuitTooLarge { multipliers, max }) => {
            (*multipliers, *max)
        }
        other => panic!("{other:?}"),
    }
}

/// The error of a refusal (`BatchParts` has no `Debug` for `unwrap_err`).
fn err<T>(r: Result<T, Failure>) -> Failure {
    match r {
        Err(e) => e,
        Ok(_) => panic!("accepted"),
    }
}

fn limit(n: usize) -> VerifyCircuitOptions {
    VerifyCircuitOptions::default().max_multipliers(n)
}

#[test]
fn over_the_limit_is_refused_before_anything_is_recorded_or_built() {
    let _lock = LOCK.lock().unwrap_or_else(|e| e.into_inner());
    const N: usize = 446_373;
    let text = sha256_envelope(1024, 19);
    let env = circuit::parse(&text).unwrap();
    assert_eq!(multipliers(&env.statement), N);
    assert_eq!(
        circuit::padded_multipliers(&env.statement).unwrap(),
        1 << 19
    );
    assert!(!bpkit::generators::shared_ready(1 << 19, 1));
    const { assert!(N > DEFAULT_MAX_MULTIPLIERS) };

    // Every entry refuses it, with the typed error, allocating next to nothing: recording it
    // would allocate its rows (hundreds of MiB), building its generators 2^19 points.
    let (e, bytes) = peak(|| circuit::verify(&env).unwrap_err());
    assert_eq!(too_large(&e), (N, DEFAULT_MAX_MULTIPLIERS));
    assert!(bytes < 64 * 1024, "{bytes} bytes allocated");
    let (e, bytes) = peak(|| circuit::verify_with(&env, &limit(N - 1)).unwrap_err());
    assert_eq!(too_large(&e), (N, N - 1));
    assert!(bytes < 64 * 1024, "{bytes} bytes allocated");
    let (e, bytes) = peak(|| verify_json(&text).unwrap_err());
    assert_eq!(too_large(&e), (N, DEFAULT_MAX_MULTIPLIERS));
    assert!(bytes < 1024 * 1024, "{bytes} bytes allocated");
    let e = verify_json_with(&text, &limit(N - 1)).unwrap_err();
    assert_eq!(too_large(&e), (N, N - 1));
    // The batch path: the cache refuses it and keeps nothing.
    let mut cache = CircuitCache::new();
    let (e, bytes) = peak(|| err(batch_parts_cached(&env, &mut cache)));
    assert_eq!(too_large(&e), (N, DEFAULT_MAX_MULTIPLIERS));
    assert!(bytes < 64 * 1024, "{bytes} bytes allocated");
    assert!(cache.is_empty());
    let mut cache = CircuitCache::with_options(limit(N - 1));
    let e = cache.circuit(&env.statement).unwrap_err();
    assert_eq!(too_large(&e), (N, N - 1));
    assert!(cache.is_empty());
    let e = err(batch_parts(&env));
    assert_eq!(too_large(&e), (N, DEFAULT_MAX_MULTIPLIERS));
    // Nothing was built for it.
    assert!(!bpkit::generators::shared_ready(1 << 19, 1));

    // The size is checked first: a proof that does not decode gets the same refusal.
    let bad_proof = CircuitEnvelope {
        proof: vec![1, 2, 3],
        ..env.clone()
    };
    assert_eq!(too_large(&circuit::verify(&bad_proof).unwrap_err()).0, N);

    // Every statement: one multiplier below its size is refused.
    let point = |i: u64| bpkit::Opening::new(i, Scalar::ONE).commit();
    let merkle = circuit::Statement::Merkle(
        bpkit::circuit::statements::MerkleStatement::new(Scalar::ONE, 32, point(1)).unwrap(),
    );
    let shuffle = circuit::Statement::Shuffle(
        bpkit::circuit::statements::ShuffleStatement::new(
            (0..4096).map(point).collect(),
            (0..4096).map(point).collect(),
        )
        .unwrap(),
    );
    for (statement, n) in [(merkle, 7_882), (shuffle, 8_190)] {
        let env = CircuitEnvelope {
            statement,
            label: "x".into(),
            proof: forged_proof(13),
        };
        assert_eq!(multipliers(&env.statement), n);
        let e = circuit::verify_with(&env, &limit(n - 1)).unwrap_err();
        assert_eq!(too_large(&e), (n, n - 1));
        let e = CircuitCache::with_options(limit(n - 1))
            .circuit(&env.statement)
            .unwrap_err();
        assert_eq!(too_large(&e), (n, n - 1));
    }
}

#[test]
fn at_the_limit_is_verified() {
    let _lock = LOCK.lock().unwrap_or_else(|e| e.into_inner());
    let mut rng = StdRng::seed_from_u64(5);
    let sha = statements::sha256(b"abc", "at the limit", &mut rng).unwrap();
    let (merkle, _) = statements::merkle(&[4, 5, 6], 1, "at the limit", &mut rng).unwrap();
    let shuffle = statements::shuffle(&[1, 2, 3], &[3, 1, 2], "at the limit", &mut rng)
        .unwrap()
        .envelope;
    for env in [sha, merkle, shuffle] {
        let n = multipliers(&env.statement);
        circuit::verify(&env).unwrap();
        circuit::verify_with(&env, &limit(n)).unwrap();
        let e = circuit::verify_with(&env, &limit(n - 1)).unwrap_err();
        assert_eq!(too_large(&e), (n, n - 1));
        let text = circuit::to_json(&env).unwrap();
        verify_json_with(&text, &limit(n)).unwrap();
        assert_eq!(
            too_large(&verify_json_with(&text, &limit(n - 1)).unwrap_err()).0,
            n
        );
        // The batch path at the limit: the cached circuit is the one verification records.
        let mut cache = CircuitCache::with_options(limit(n));
        let (proof, prepared, commitments, t) = batch_parts_cached(&env, &mut cache).unwrap();
        assert_eq!(
            prepared.padded_multipliers(),
            circuit::padded_multipliers(&env.statement).unwrap()
        );
        let mut batch = bpkit::batch::BatchVerifier::new();
        batch.add_prepared_circuit_proof(&proof, &prepared, &commitments, t);
        batch.verify(&mut rng).unwrap();
        let mut below = CircuitCache::with_options(limit(n - 1));
        assert_eq!(too_large(&err(batch_parts_cached(&env, &mut below))).0, n);
        // The check can fail: a proof of another statement does not verify at the limit.
        let mut other = env.clone();
        other.label.push('!');
        assert_eq!(
            circuit::verify_with(&other, &limit(n)).unwrap_err().kind(),
            "verification-failed"
        );
    }
}

#[test]
fn the_option_raises_the_limit() {
    let _lock = LOCK.lock().unwrap_or_else(|e| e.into_inner());
    // 120 bytes: three blocks, 71,663 multipliers, above the default.
    const N: usize = 71_663;
    let env = circuit::parse(&sha256_envelope(120, 17)).unwrap();
    assert_eq!(multipliers(&env.statement), N);
    const { assert!(N > DEFAULT_MAX_MULTIPLIERS) };
    assert_eq!(too_large(&circuit::verify(&env).unwrap_err()).0, N);
    assert!(!bpkit::generators::shared_ready(1 << 17, 1));
    // Raised to N, the statement is verified (the forged proof is false).
    let e = circuit::verify_with(&env, &limit(N)).unwrap_err();
    assert_eq!(e.kind(), "verification-failed");
    assert!(bpkit::generators::shared_ready(1 << 17, 1));
    // And a proof of the wrong size is refused before anything is recorded.
    let short = CircuitEnvelope {
        proof: forged_proof(16),
        ..env.clone()
    };
    let (e, bytes) = peak(|| circuit::verify_with(&short, &limit(N)).unwrap_err());
    assert_eq!(e.kind(), "size-mismatch");
    assert!(bytes < 64 * 1024, "{bytes} bytes allocated");
}
