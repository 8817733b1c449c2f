//! Circuit envelopes take party 0 of the core's generator cache: after an aggregated range
//! proof of 64 values, a circuit builds only its own party-0 points (not 64 times them), and
//! the facade's circuit proofs are made over the canonical party-0 generators (they verify
//! against generators built afresh). One test, so that nothing else in this process touches
//! the cache while the counts are checked.
#![allow(
    clippy::unwrap_used,
    clippy::panic,
    clippy::indexing_slicing,
    clippy::arithmetic_side_effects
)]
use bpkit::circuit::statements::ShuffleProof;
use bpkit::generators::shared;
use bpkit::reexports::merlin::Transcript;
use bpkit::{BulletproofGens, Opening};
use bpkit_envelope::circuit::{padded_multipliers, Statement};
use bpkit_envelope::*;
use rand::rngs::StdRng;
use rand::SeedableRng;

#[test]
fn circuits_after_an_aggregated_proof_build_party_zero_only() {
    let mut rng = StdRng::seed_from_u64(9);
    let openings: Vec<Opening> = (0..64).map(|v| Opening::random(v, &mut rng)).collect();
    let range = prove::range(&openings, 8, "cache", &mut rng).unwrap();
    verify(&range).unwrap();
    // Party 0 holds 64 points from the start; the 63 others, 8 each.
    assert!(shared(0, 0).covers(8, 64));
    assert_eq!(shared(0, 0).point_count(), 64 + 63 * 8);

    let values: Vec<u64> = (0..64).collect();
    let mut shuffled = values.clone();
    shuffled.reverse();
    let out = statements::shuffle(&values, &shuffled, "cache shuffle", &mut rng).unwrap();
    circuit::verify(&out.envelope).unwrap();
    let padded = padded_multipliers(&out.envelope.statement).unwrap();
    assert!(padded > 64);
    assert_eq!(shared(0, 0).point_count(), padded + 63 * 8);

    // Party 0 of the cache is the canonical one: the facade's proof verifies against
    // generators built afresh.
    let Statement::Shuffle(statement) = &out.envelope.statement else {
        panic!("a shuffle envelope")
    };
    let proof = ShuffleProof::from_bytes(&out.envelope.proof).unwrap();
    let fresh = BulletproofGens::new(padded, 1);
    assert_eq!(fresh.party(0, padded), shared(0, 0).party(0, padded));
    statement
        .verify(&mut Transcript::new(b"cache shuffle"), &proof, &fresh)
        .unwrap();
    // The check can fail: the same proof under another label does not verify.
    assert!(statement
        .verify(&mut Transcript::new(b"cache shuffle?"), &proof, &fresh)
        .is_err());
}
