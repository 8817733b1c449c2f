//! `tari_bulletproofs_plus` proofs for the batch benchmarks (`compare`, `range_proof`): single
//! 64-bit proofs from a fixed seed, and Tari's `verify_batch` on them.
#![allow(clippy::unwrap_used, clippy::indexing_slicing)]

use rand::SeedableRng;
use rand_chacha::ChaCha20Rng;
use tari_bulletproofs_plus::{
    commitment_opening::CommitmentOpening,
    generators::pedersen_gens::ExtensionDegree,
    range_parameters::RangeParameters,
    range_proof::{RangeProof as TariProof, VerifyAction},
    range_statement::RangeStatement as TariStatement,
    range_witness::RangeWitness,
    ristretto::{self, RistrettoRangeProof},
};
use tari_merlin::Transcript as TariTranscript;

pub struct Set {
    pub proofs: Vec<Vec<u8>>,
    pub statements: Vec<TariStatement<bpkit::group::RistrettoPoint>>,
}

/// `count` single 64-bit Bulletproofs+ proofs.
pub fn set(count: u64) -> Set {
    let gens =
        ristretto::create_pedersen_gens_with_extension_degree(ExtensionDegree::DefaultPedersen);
    let params = RangeParameters::init(64, 1, gens).unwrap();
    let mut r = ChaCha20Rng::seed_from_u64(77);
    let mut proofs = Vec::new();
    let mut statements = Vec::new();
    for i in 0..count {
        let value = i.wrapping_mul(0x9e37_79b9_7f4a_7c15);
        let blinding = bpkit::group::Scalar::random(&mut r);
        let commitment = params
            .pc_gens()
            .commit(&bpkit::group::Scalar::from(value), &[blinding])
            .unwrap();
        let statement =
            TariStatement::init(params.clone(), vec![commitment], vec![None], None).unwrap();
        let witness =
            RangeWitness::init(vec![CommitmentOpening::new(value, vec![blinding])]).unwrap();
        let proof = RistrettoRangeProof::prove_with_rng(
            &mut TariTranscript::new(b"bench"),
            &statement,
            &witness,
            &mut r,
        )
        .unwrap();
        proofs.push(proof.to_bytes());
        statements.push(statement);
    }
    Set { proofs, statements }
}

/// Parses `count` proofs and verifies them with `verify_batch`.
pub fn verify(set: &Set, count: usize) {
    let proofs: Vec<_> = set.proofs[..count]
        .iter()
        .map(|b| RistrettoRangeProof::from_bytes(b).unwrap())
        .collect();
    let mut transcripts: Vec<_> = (0..count).map(|_| TariTranscript::new(b"bench")).collect();
    TariProof::verify_batch(
        &mut transcripts,
        &set.statements[..count],
        &proofs,
        VerifyAction::VerifyOnly,
    )
    .unwrap();
}
