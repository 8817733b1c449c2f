//! The engine against curve25519-dalek on arbitrary input: every 32-byte chunk is decoded by both
//! (batched in the engine, on its active backend); they must agree on validity and on the point.
//! The valid points then go through both multiscalar multiplications with scalars taken from the
//! same input (reduced modulo ℓ, and some left unreduced for the engine, which takes integers).
#![no_main]

use bpkit_engine::{decode_batch, vartime_msm, AffineNiels};
use curve25519_dalek::ristretto::{CompressedRistretto, RistrettoPoint};
use curve25519_dalek::scalar::Scalar;
use curve25519_dalek::traits::VartimeMultiscalarMul;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let chunks: Vec<[u8; 32]> = data
        .chunks_exact(32)
        .map(|c| <[u8; 32]>::try_from(c).unwrap())
        .collect();
    // Alternate the backend by input length so both are fuzzed.
    bpkit_engine::backend::force_portable(data.len() % 64 >= 32);
    let ours = decode_batch(&chunks);
    let mut points = Vec::new();
    let mut affine: Vec<AffineNiels> = Vec::new();
    for (c, p) in chunks.iter().zip(&ours) {
        let theirs = CompressedRistretto(*c).decompress();
        assert_eq!(p.is_some(), theirs.is_some(), "validity of {:02x?}", c);
        if let (Some(p), Some(q)) = (p, theirs) {
            assert_eq!(p.encode(), q.compress().to_bytes());
            points.push(q);
            affine.push(p.to_affine_niels());
        }
    }
    // Scalars: the chunks themselves reduced modulo ℓ (for dalek and the engine alike).
    let scalars: Vec<Scalar> = chunks
        .iter()
        .take(points.len())
        .map(|c| Scalar::from_bytes_mod_order(*c))
        .collect();
    let bytes: Vec<[u8; 32]> = scalars.iter().map(Scalar::to_bytes).collect();
    let want = RistrettoPoint::vartime_multiscalar_mul(&scalars, &points);
    let got = vartime_msm(&bytes, &affine).unwrap();
    assert_eq!(got.encode(), want.compress().to_bytes());
    // The unreduced integers give the same point (the group has order ℓ).
    let raw: Vec<[u8; 32]> = chunks.iter().take(points.len()).copied().collect();
    assert_eq!(vartime_msm(&raw, &affine).unwrap().encode(), want.compress().to_bytes());
});
