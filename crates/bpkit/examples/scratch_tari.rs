#![allow(
    clippy::all,
    missing_docs,
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing,
    clippy::arithmetic_side_effects,
    clippy::panic
)]
use curve25519_dalek::scalar::Scalar;
use tari_bulletproofs_plus::{
    commitment_opening::CommitmentOpening,
    generators::pedersen_gens::ExtensionDegree,
    range_parameters::RangeParameters,
    range_proof::{RangeProof, VerifyAction},
    range_statement::RangeStatement,
    range_witness::RangeWitness,
    ristretto,
};
fn main() {
    let mode = std::env::args().nth(1).unwrap();
    let m: usize = std::env::args().nth(2).unwrap().parse().unwrap();
    let iters: usize = std::env::args().nth(3).unwrap().parse().unwrap();
    use rand::SeedableRng;
    let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(1);
    let gens = RangeParameters::init(
        64,
        m,
        ristretto::create_pedersen_gens_with_extension_degree(ExtensionDegree::DefaultPedersen),
    )
    .unwrap();
    let mut cs = vec![];
    let mut os = vec![];
    for i in 0..m {
        let r = Scalar::random(&mut rng);
        let v = 1000u64 + i as u64;
        cs.push(gens.pc_gens().commit(&Scalar::from(v), &[r]).unwrap());
        os.push(CommitmentOpening::new(v, vec![r]));
    }
    let w = RangeWitness::init(os).unwrap();
    let st = RangeStatement::init(gens, cs, vec![None; m], None).unwrap();
    let proof = ristretto::RistrettoRangeProof::prove_with_rng(
        &mut tari_merlin::Transcript::new(b"x"),
        &st,
        &w,
        &mut rng,
    )
    .unwrap();
    for _ in 0..iters {
        if mode == "p" {
            std::hint::black_box(
                ristretto::RistrettoRangeProof::prove_with_rng(
                    &mut tari_merlin::Transcript::new(b"x"),
                    &st,
                    &w,
                    &mut rng,
                )
                .unwrap(),
            );
        } else {
            RangeProof::verify_batch(
                &mut [tari_merlin::Transcript::new(b"x")],
                std::slice::from_ref(&st),
                std::slice::from_ref(&proof),
                VerifyAction::VerifyOnly,
            )
            .unwrap();
        }
    }
}
