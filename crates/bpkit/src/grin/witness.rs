//! What the prover knows: value, blinding, and the nonce seeds (zeroized on drop).

use crate::group::secp256k1::Scalar;
use zeroize::{Zeroize, ZeroizeOnDrop};

/// Size of the message hidden in a proof for the holder of the rewind nonce.
pub const MESSAGE_SIZE: usize = 20;

/// The secret inputs of the single-party prover.
///
/// `rewind_nonce` seeds α, ρ and the s vectors, and whoever knows it can rewind the proof to
/// the value and message. `private_nonce` seeds τ₁, τ₂; when it is absent the rewind nonce is
/// used (and then rewinding also recovers the blinding).
#[derive(Clone, Zeroize, ZeroizeOnDrop)]
pub struct GrinWitness {
    /// The committed value.
    pub value: u64,
    /// The blinding factor γ (non-zero).
    pub blinding: Scalar,
    /// Seed of α, ρ, s_L, s_R (Grin's "rewind nonce").
    pub rewind_nonce: [u8; 32],
    /// Seed of τ₁, τ₂ (Grin's "private nonce").
    pub private_nonce: Option<[u8; 32]>,
    /// Optional 20-byte message recoverable by rewinding.
    pub message: Option<[u8; MESSAGE_SIZE]>,
}

impl core::fmt::Debug for GrinWitness {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str("GrinWitness(..)")
    }
}
