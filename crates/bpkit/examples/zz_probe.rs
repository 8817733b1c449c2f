use bpkit::plus::{ExtendedOpening, PlusGens, PlusProof, PlusStatement};
use merlin::Transcript;
use rand::{RngExt, SeedableRng};
fn main() {
    let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(64);
    let gens = PlusGens::bpkit(1).unwrap();
    let o: Vec<ExtendedOpening> = (0..64).map(|_| ExtendedOpening::random(rng.random(), 1, &mut rng)).collect();
    let st = PlusStatement::commit(gens.pedersen(), 64, &o, None).unwrap();
    for t in [1usize, 2, 1, 2] {
        bpkit::with_threads(t, || {
            for _ in 0..5 { PlusProof::prove(&mut Transcript::new(b"x"), &gens, &st, &o, &mut rng).unwrap(); }
            let tt = std::time::Instant::now();
            PlusProof::prove(&mut Transcript::new(b"x"), &gens, &st, &o, &mut rng).unwrap();
            eprintln!("threads {t}: {:.1} ms", tt.elapsed().as_secs_f64()*1e3);
        });
    }
}
