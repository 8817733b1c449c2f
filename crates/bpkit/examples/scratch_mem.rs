#![allow(missing_docs, clippy::unwrap_used)]
use bpkit::circuit::statements::{Sha256Statement, Sha256Witness};
use bpkit::{BulletproofGens, PedersenGens};
use merlin::Transcript;
use peak_alloc::PeakAlloc;
use rand::SeedableRng;
#[global_allocator]
static PEAK: PeakAlloc = PeakAlloc;
fn peak<R>(f: impl FnOnce() -> R) -> (R, usize) {
    let base = PEAK.current_usage();
    PEAK.reset_peak_usage();
    let r = f();
    (r, PEAK.peak_usage().saturating_sub(base))
}
fn main() {
    let bp = BulletproofGens::new(32768, 1);
    let w = Sha256Witness::new(vec![0x42; 32]);
    let st = Sha256Statement::for_witness(&w).unwrap();
    let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(1);
    let (proof, pp) = peak(|| {
        st.prove(&mut Transcript::new(b"x"), &w, &bp, &mut rng)
            .unwrap()
    });
    let b0 = PEAK.current_usage();
    let (c, cp) = peak(|| st.circuit().unwrap());
    let csize = PEAK.current_usage() - b0;
    let (_c2, _, tr) = st.batch_parts(Transcript::new(b"x")).unwrap();
    let (_, vp) = peak(|| {
        let mut tr = tr;
        c.verify(
            &mut tr,
            proof.circuit_proof(),
            &[],
            &PedersenGens::default(),
            &bp,
        )
        .unwrap()
    });
    use bpkit::group::{RistrettoPoint, Scalar};
    use curve25519_dalek::traits::VartimeMultiscalarMul;
    let points: Vec<RistrettoPoint> = (0..65536u64)
        .map(|i| RistrettoPoint::mul_base(&Scalar::from(i + 1)))
        .collect();
    let rs: Vec<Scalar> = (0..65536).map(|_| Scalar::random(&mut rng)).collect();
    let (_, mp) = peak(|| RistrettoPoint::vartime_multiscalar_mul(&rs, &points));
    eprintln!("msm peak {} MiB", mp >> 20);
    eprintln!(
        "prover {} MiB, record peak {} MiB, circuit {} MiB, cached verify peak {} MiB",
        pp >> 20,
        cp >> 20,
        csize >> 20,
        vp >> 20
    );
}
#[allow(dead_code)]
fn msm_mem() {}
