//! The weights that combine the proofs of a batch (see `docs/batch.md` for the argument).
//!
//! - Random: 128 bits per proof from the caller's CSPRNG.
//! - Deterministic: 128 bits per proof squeezed from a Merlin transcript that has absorbed, in
//!   order, a 32-byte binding of every proof's own transcript (statement, proof, and the
//!   caller's transcript prefix), so every weight depends on the whole batch.
//!
//! A zero weight (probability 2⁻¹²⁸, or a broken RNG) is replaced by one so that no proof is
//! ever dropped from the sum.

use crate::group::Scalar;
use alloc::vec::Vec;
use merlin::Transcript;

/// Bytes of randomness per weight.
const WEIGHT_BYTES: usize = 16;

fn weight_from(bytes: &[u8; WEIGHT_BYTES]) -> Scalar {
    let mut wide = [0u8; 32];
    if let Some(low) = wide.get_mut(..WEIGHT_BYTES) {
        low.copy_from_slice(bytes);
    }
    // Below 2¹²⁸ < ℓ: already reduced.
    let w = Scalar::from_bytes_mod_order(wide);
    if w == Scalar::ZERO {
        Scalar::ONE
    } else {
        w
    }
}

/// `count` weights of 128 random bits.
pub(crate) fn random<R: rand_core::CryptoRng + ?Sized>(rng: &mut R, count: usize) -> Vec<Scalar> {
    (0..count)
        .map(|_| {
            let mut bytes = [0u8; WEIGHT_BYTES];
            rng.fill_bytes(&mut bytes);
            weight_from(&bytes)
        })
        .collect()
}

/// One weight per proof, derived from every proof's binding (`None` for a proof that could not
/// be replayed: it is reported invalid and its weight is unused, but its position is bound).
pub(crate) fn deterministic<'a, I>(bindings: I, count: usize) -> Vec<Scalar>
where
    I: IntoIterator<Item = Option<&'a [u8; 32]>>,
{
    let mut t = Transcript::new(b"bpkit batch weights v1");
    t.append_u64(b"count", count as u64);
    for binding in bindings {
        match binding {
            Some(d) => t.append_message(b"proof", d),
            None => t.append_message(b"malformed", &[]),
        }
    }
    (0..count)
        .map(|_| {
            let mut bytes = [0u8; WEIGHT_BYTES];
            t.challenge_bytes(b"weight", &mut bytes);
            weight_from(&bytes)
        })
        .collect()
}
