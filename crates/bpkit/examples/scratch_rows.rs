#![allow(missing_docs, clippy::unwrap_used)]
use bpkit::circuit::statements::{Sha256Statement, Sha256Witness};
use bpkit::group::{RistrettoPoint, Scalar};
use bpkit::{BulletproofGens, PedersenGens};
use curve25519_dalek::traits::VartimeMultiscalarMul;
use merlin::Transcript;
use rand::SeedableRng;
fn main() {
    let bp = BulletproofGens::new(32768, 1);
    let w = Sha256Witness::new(vec![0x42; 32]);
    let st = Sha256Statement::for_witness(&w).unwrap();
    let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(1);
    let proof = st
        .prove(&mut Transcript::new(b"x"), &w, &bp, &mut rng)
        .unwrap();
    let c = st.circuit().unwrap();
    let n2 = 2 * 32768;
    let points: Vec<RistrettoPoint> = (0..n2)
        .map(|i| RistrettoPoint::mul_base(&Scalar::from(i as u64 + 1)))
        .collect();
    let scalars: Vec<Scalar> = (0..n2)
        .map(|i| Scalar::from(i as u64 * 7919 + 3) * Scalar::from(0x1234_5678_9abc_def1u64))
        .collect();
    let rs: Vec<Scalar> = (0..n2).map(|_| Scalar::random(&mut rng)).collect();
    for _ in 0..5 {
        let (_c2, _, mut tr) = st.batch_parts(Transcript::new(b"x")).unwrap();
        let t0 = std::time::Instant::now();
        c.verify(
            &mut tr,
            proof.circuit_proof(),
            &[],
            &PedersenGens::default(),
            &bp,
        )
        .unwrap();
        let t1 = t0.elapsed();
        let t0 = std::time::Instant::now();
        std::hint::black_box(RistrettoPoint::vartime_multiscalar_mul(&scalars, &points));
        let t2 = t0.elapsed();
        let t0 = std::time::Instant::now();
        std::hint::black_box(RistrettoPoint::vartime_multiscalar_mul(&rs, &points));
        eprintln!(
            "cached verify {:?} msm128 {:?} msm-random {:?}",
            t1,
            t2,
            t0.elapsed()
        );
    }
}
