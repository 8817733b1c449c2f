//! What is proven: a 33-byte commitment holds a value below 2ⁿ, bound to optional extra data.

use crate::errors::Error;
use crate::group::secp256k1::encoding::Commitment33;
use alloc::vec::Vec;

/// Checks that `bits` is a power of two from 1 to 64.
pub(crate) fn check_bits(bits: usize) -> Result<(), Error> {
    if bits.is_power_of_two() && bits <= 64 {
        Ok(())
    } else {
        Err(Error::InvalidBitSize(bits))
    }
}

/// The public statement of a Grin / MWEB range proof.
///
/// `extra` is hashed into the transcript as is, without a length prefix: `None` skips that
/// step, `Some(vec![])` hashes the state alone, so absent and empty are different statements.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GrinStatement {
    /// The Pedersen commitment `v·H + γ·G`.
    pub commitment: Commitment33,
    /// The bit size `n`: the value is in `[0, 2ⁿ)`.
    pub bits: usize,
    /// Optional extra data bound into the proof.
    pub extra: Option<Vec<u8>>,
}

impl GrinStatement {
    /// A 64-bit statement without extra data, as Grin uses.
    pub fn new(commitment: Commitment33) -> Self {
        GrinStatement {
            commitment,
            bits: 64,
            extra: None,
        }
    }
}
