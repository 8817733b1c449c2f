//! Marking secrets and declassifying outputs.

use crate::valgrind;
use core::convert::Infallible;
use rand_chacha::ChaCha20Rng;
use rand_core::{Rng, SeedableRng, TryCryptoRng, TryRng};

/// `value`, marked undefined: a secret.
pub fn secret<T>(mut value: T) -> T {
    valgrind::undefine(&mut value);
    value
}

/// Marks the elements of `values` undefined in place (a vector's heap contents, not its
/// pointer and length).
pub fn secret_slice<T>(values: &mut [T]) {
    valgrind::undefine(values);
}

/// `value`, declassified: an output of a prover (proof bytes, commitments), public by design.
pub fn public<T>(mut value: T) -> T {
    valgrind::define(&mut value);
    value
}

/// Declassifies the elements of `values` in place.
pub fn public_slice<T>(values: &mut [T]) {
    valgrind::define(values);
}

/// `bytes`, declassified in place and returned.
pub fn public_bytes(mut bytes: Vec<u8>) -> Vec<u8> {
    valgrind::define(bytes.as_mut_slice());
    bytes
}

/// The hook bpkit calls at its declassification points (feature `ctime`).
pub fn declassify_hook(bytes: &mut [u8]) {
    valgrind::define(bytes);
}

/// An RNG whose every output byte is marked undefined: blindings, nonces and masks drawn from
/// it are secrets from the start.
pub struct SecretRng(ChaCha20Rng);

impl SecretRng {
    /// A deterministic generator (the runs are reproducible).
    pub fn new(seed: u64) -> Self {
        SecretRng(ChaCha20Rng::seed_from_u64(seed))
    }
}

impl TryRng for SecretRng {
    type Error = Infallible;

    fn try_next_u32(&mut self) -> Result<u32, Infallible> {
        Ok(secret(self.0.next_u32()))
    }

    fn try_next_u64(&mut self) -> Result<u64, Infallible> {
        Ok(secret(self.0.next_u64()))
    }

    fn try_fill_bytes(&mut self, dst: &mut [u8]) -> Result<(), Infallible> {
        self.0.fill_bytes(dst);
        valgrind::undefine(dst);
        Ok(())
    }
}

impl TryCryptoRng for SecretRng {}
