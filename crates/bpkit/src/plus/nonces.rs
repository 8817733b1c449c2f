//! The prover's nonces: hedged random ones, or ones derived from a [`RecoverySeed`].
//!
//! Seeded nonces are those of `tari_bulletproofs_plus`, so that either library recovers masks
//! from the other's proofs:
//! `nonce(seed, label, j, k) = wide_reduce(BLAKE2b-512(key = 0x00 ‖ seed ‖ ["j" ‖ j_u32le] ‖
//! ["k" ‖ k_u32le], personalization = label))`, with labels `alpha`, `dL`, `dR`, `d`, `eta`
//! (`j` the round, `k` the blinding index, both from 0). The final `r`, `s` are always random.

use super::witness::RecoverySeed;
use crate::errors::Error;
use crate::group::Scalar;
use blake2::digest::FixedOutput;
use blake2::Blake2bMac512;
use zeroize::{Zeroize, Zeroizing};

/// Labels of the seeded nonces (the BLAKE2b personalization).
pub(crate) const ALPHA: &[u8] = b"alpha";
/// Left nonce of a round.
pub(crate) const D_L: &[u8] = b"dL";
/// Right nonce of a round.
pub(crate) const D_R: &[u8] = b"dR";
/// Final-round blinding nonce.
pub(crate) const D: &[u8] = b"d";
/// Final-round second nonce.
pub(crate) const ETA: &[u8] = b"eta";

/// Tari's seeded nonce. `j` and `k` are written as 4-byte little-endian integers.
pub(crate) fn seeded(
    seed: &RecoverySeed,
    label: &[u8],
    j: Option<u32>,
    k: Option<u32>,
) -> Result<Scalar, Error> {
    // 1 + 32 + (1 + 4) + (1 + 4) = 43 bytes at most.
    let mut key = Zeroizing::new(alloc::vec::Vec::with_capacity(43));
    key.push(0u8);
    key.extend_from_slice(seed.0.as_bytes());
    for (tag, index) in [(b'j', j), (b'k', k)] {
        if let Some(index) = index {
            key.push(tag);
            key.extend_from_slice(&index.to_le_bytes());
        }
    }
    let key_bytes: &[u8] = &key;
    // Only fails for keys over 64 bytes or personalizations over 16: neither happens here.
    let mac = Blake2bMac512::new_with_salt_and_personal(key_bytes, &[], label).map_err(|_| {
        Error::WrongLength {
            expected: 16,
            found: label.len(),
        }
    })?;
    let mut wide: [u8; 64] = mac.finalize_fixed().into();
    let nonce = Scalar::from_bytes_mod_order_wide(&wide);
    wide.zeroize();
    Ok(nonce)
}

/// Where the prover's nonces come from.
pub(crate) struct Nonces<'a> {
    seed: Option<&'a RecoverySeed>,
    rng: merlin::TranscriptRng,
}

impl<'a> Nonces<'a> {
    /// Nonces from `rng` (a Merlin RNG keyed with the statement and witness), and from `seed`
    /// for those a seed holder must be able to recompute.
    pub fn new(seed: Option<&'a RecoverySeed>, rng: merlin::TranscriptRng) -> Self {
        Nonces { seed, rng }
    }

    /// A uniformly random scalar.
    pub fn random(&mut self) -> Scalar {
        use rand_core_06::RngCore;
        let mut wide = [0u8; 64];
        self.rng.fill_bytes(&mut wide);
        let s = Scalar::from_bytes_mod_order_wide(&wide);
        wide.zeroize();
        s
    }

    /// The nonce `label` for blinding index `k` (and round `j`): seeded if there is a seed.
    pub fn get(&mut self, label: &[u8], j: Option<usize>, k: usize) -> Result<Scalar, Error> {
        match self.seed {
            Some(seed) => {
                let j = j.map(index_u32).transpose()?;
                seeded(seed, label, j, Some(index_u32(k)?))
            }
            None => Ok(self.random()),
        }
    }

    /// `k` nonces `label` (indices 0..k) for round `j`, zeroized on drop.
    pub fn vector(
        &mut self,
        label: &[u8],
        j: Option<usize>,
        k: usize,
    ) -> Result<Zeroizing<alloc::vec::Vec<Scalar>>, Error> {
        let mut out = Zeroizing::new(alloc::vec::Vec::with_capacity(k));
        for i in 0..k {
            out.push(self.get(label, j, i)?);
        }
        Ok(out)
    }
}

fn index_u32(i: usize) -> Result<u32, Error> {
    u32::try_from(i).map_err(|_| Error::TooLarge {
        max: u32::MAX as usize,
        found: i,
    })
}
