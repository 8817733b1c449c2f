//! Keccak-256 with the original padding (Monero's `cn_fast_hash`), and `hash_to_scalar`.

use crate::group::Scalar;
use sha3::{Digest, Keccak256};

/// Keccak-256 (the original Keccak padding `0x01`, not SHA3-256's `0x06`) of the
/// concatenation of `parts`: Monero's `cn_fast_hash`.
pub fn keccak256(parts: &[&[u8]]) -> [u8; 32] {
    let mut h = Keccak256::new();
    for p in parts {
        h.update(p);
    }
    h.finalize().into()
}

/// `sc_reduce32`: 32 bytes read as a little-endian integer below 2²⁵⁶, reduced modulo ℓ.
pub fn sc_reduce32(bytes: [u8; 32]) -> Scalar {
    Scalar::from_bytes_mod_order(bytes)
}

/// Monero's `hash_to_scalar`: `sc_reduce32(keccak256(parts…))`.
pub fn hash_to_scalar(parts: &[&[u8]]) -> Scalar {
    sc_reduce32(keccak256(parts))
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::indexing_slicing)]
    use super::*;

    #[test]
    fn keccak_is_not_sha3() {
        // Monero's tests/hash/tests-fast.txt, first two lines ("x" is the empty input).
        assert_eq!(
            hex::encode(keccak256(&[])),
            "c5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470"
        );
        assert_eq!(
            hex::encode(keccak256(&[&[0xcc]])),
            "eead6dbfc7340a56caedc044696a168870549a6a7f6f56961e84a54bd9970b8a"
        );
        // Split input hashes as the concatenation.
        assert_eq!(keccak256(&[b"ab", b"c"]), keccak256(&[b"abc"]));
    }

    #[test]
    fn sc_reduce32_reduces() {
        // ℓ itself reduces to zero, 2²⁵⁶ − 1 to a value below ℓ.
        let l = Scalar::ZERO - Scalar::ONE;
        let mut l_bytes = l.to_bytes();
        l_bytes[0] += 1;
        assert_eq!(sc_reduce32(l_bytes), Scalar::ZERO);
        let r = sc_reduce32([0xff; 32]);
        assert!(bool::from(
            Scalar::from_canonical_bytes(r.to_bytes()).is_some()
        ));
    }
}
