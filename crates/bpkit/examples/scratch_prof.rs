#![allow(
    clippy::all,
    missing_docs,
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing,
    clippy::arithmetic_side_effects,
    clippy::panic
)]
use bpkit::plus::{ExtendedOpening, PlusGens, PlusProof, PlusStatement};
use merlin::Transcript;
use rand::SeedableRng;
fn main() {
    let mode = std::env::args().nth(1).unwrap();
    let m: usize = std::env::args().nth(2).unwrap().parse().unwrap();
    let iters: usize = std::env::args().nth(3).unwrap().parse().unwrap();
    let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(1);
    let gens = PlusGens::tari(1).unwrap();
    let os: Vec<ExtendedOpening> = (0..m)
        .map(|i| ExtendedOpening::random(1000 + i as u64, 1, &mut rng))
        .collect();
    let st = PlusStatement::commit(gens.pedersen(), 64, &os, None).unwrap();
    let proof = PlusProof::prove(&mut Transcript::new(b"x"), &gens, &st, &os, &mut rng).unwrap();
    proof
        .verify(&mut Transcript::new(b"x"), &gens, &st)
        .unwrap();
    let t = std::time::Instant::now();
    for _ in 0..iters {
        if mode == "p" {
            std::hint::black_box(
                PlusProof::prove(&mut Transcript::new(b"x"), &gens, &st, &os, &mut rng).unwrap(),
            );
        } else {
            proof
                .verify(&mut Transcript::new(b"x"), &gens, &st)
                .unwrap();
        }
    }
    println!("{:?}", t.elapsed() / iters as u32);
}
