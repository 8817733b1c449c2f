//! Helpers shared by the integration tests.
#![allow(
    dead_code,
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    clippy::arithmetic_side_effects
)]

use bpkit::{Opening, RangeProof, RangeStatement};
use merlin::Transcript;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha20Rng;

pub fn rng(seed: u64) -> ChaCha20Rng {
    ChaCha20Rng::seed_from_u64(seed)
}

/// A random value below 2^bits.
pub fn value_below(rng: &mut ChaCha20Rng, bits: usize) -> u64 {
    let v: u64 = rng.random();
    if bits == 64 {
        v
    } else {
        v & ((1u64 << bits) - 1)
    }
}

pub fn openings(rng: &mut ChaCha20Rng, bits: usize, m: usize) -> Vec<Opening> {
    (0..m)
        .map(|_| {
            let v = value_below(rng, bits);
            Opening::random(v, rng)
        })
        .collect()
}

pub fn prove(
    label: &'static [u8],
    openings: &[Opening],
    bits: usize,
    seed: u64,
) -> (RangeProof, RangeStatement) {
    RangeProof::prove(&mut Transcript::new(label), openings, bits, &mut rng(seed)).unwrap()
}
