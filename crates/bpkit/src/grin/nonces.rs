//! Prover nonces: secp256k1-zkp's `scalar_chacha20`, two scalars per ChaCha20 block keyed by a
//! 32-byte nonce seed.
//!
//! Block `idx` gives the pair `idx`: the 64 keystream bytes, read as two big-endian scalars.
//! The block counter is `idx` (state words 12–13), word 14 is zero and word 15 counts retries:
//! if either scalar is not below the group order, the block is drawn again with word 15
//! incremented. In the IETF layout this is counter `idx` and nonce `0⁸ ‖ retry (LE)`.
//! Pair 0 is (α, ρ), pair 1 is (τ₁, τ₂), pair `i + 2` is (s_L,i, s_R,i).

use crate::errors::Error;
use crate::group::secp256k1::Scalar;
use chacha20::cipher::{KeyIvInit, StreamCipher, StreamCipherSeek};
use chacha20::ChaCha20;
use k256::elliptic_curve::PrimeField;
use zeroize::{Zeroize, Zeroizing};

/// The pair of scalars number `idx` from the stream keyed by `seed`.
///
/// Constant-time in `seed` (ChaCha20 and the range checks are); the number of retries leaks,
/// but a retry happens with probability about 2⁻¹²⁷.
pub fn scalar_pair(seed: &[u8; 32], idx: u32) -> Result<(Scalar, Scalar), Error> {
    let mut retry: u32 = 0;
    loop {
        let mut nonce = [0u8; 12];
        let (_, word15) = nonce.split_at_mut(8);
        word15.copy_from_slice(&retry.to_le_bytes());
        let mut cipher = ChaCha20::new(seed.into(), &nonce.into());
        let mut block = Zeroizing::new([0u8; 64]);
        cipher
            .try_seek(u64::from(idx).saturating_mul(64))
            .map_err(|_| Error::InvalidRange)?;
        cipher
            .try_apply_keystream(block.as_mut_slice())
            .map_err(|_| Error::InvalidRange)?;
        let mut first = [0u8; 32];
        let mut second = [0u8; 32];
        let (lo, hi) = block.split_at(32);
        first.copy_from_slice(lo);
        second.copy_from_slice(hi);
        let a = Scalar::from_repr(first.into());
        let b = Scalar::from_repr(second.into());
        first.zeroize();
        second.zeroize();
        // Declassified (feature `ctime`): whether both draws are below the group order. A retry
        // happens with probability about 2⁻¹²⁷ (and reveals only that a draw was rejected).
        if crate::ctime::declassify_bool(bool::from(a.is_some() & b.is_some())) {
            return Ok((a.unwrap_or(Scalar::ZERO), b.unwrap_or(Scalar::ZERO)));
        }
        retry = retry.checked_add(1).ok_or(Error::InvalidRange)?;
    }
}
