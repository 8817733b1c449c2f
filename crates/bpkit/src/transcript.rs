//! Fiat–Shamir transcript operations (Merlin), with the labels of the `bulletproofs` crate.
//!
//! Every label and the order of everything appended are normative (spec §4): they are what makes
//! bpkit's proofs verify in the `bulletproofs` crate and the other way round.

use crate::errors::Error;
use crate::group::encoding::Point;
use crate::group::{CompressedRistretto, Scalar};
use merlin::Transcript;

/// The operations the protocols perform on a [`Transcript`].
pub trait TranscriptProtocol {
    /// `dom-sep = "rangeproof v1"`, then `n` and `m` as little-endian u64.
    fn rangeproof_domain_sep(&mut self, n: u64, m: u64);
    /// `dom-sep = "ipp v1"`, then `n` as little-endian u64.
    fn innerproduct_domain_sep(&mut self, n: u64);
    /// Appends a scalar's canonical encoding.
    fn append_scalar(&mut self, label: &'static [u8], scalar: &Scalar);
    /// Appends a point's encoding.
    fn append_point(&mut self, label: &'static [u8], point: &CompressedRistretto);
    /// Appends a point after checking that it is not the identity.
    fn validate_and_append_point(
        &mut self,
        label: &'static [u8],
        point: &Point,
    ) -> Result<(), Error>;
    /// A challenge: 64 bytes from the transcript reduced modulo the group order.
    fn challenge_scalar(&mut self, label: &'static [u8]) -> Scalar;
}

impl TranscriptProtocol for Transcript {
    fn rangeproof_domain_sep(&mut self, n: u64, m: u64) {
        self.append_message(b"dom-sep", b"rangeproof v1");
        self.append_u64(b"n", n);
        self.append_u64(b"m", m);
    }

    fn innerproduct_domain_sep(&mut self, n: u64) {
        self.append_message(b"dom-sep", b"ipp v1");
        self.append_u64(b"n", n);
    }

    fn append_scalar(&mut self, label: &'static [u8], scalar: &Scalar) {
        self.append_message(label, &transcript_public(scalar.to_bytes()));
    }

    fn append_point(&mut self, label: &'static [u8], point: &CompressedRistretto) {
        self.append_message(label, &transcript_public(point.to_bytes()));
    }

    fn validate_and_append_point(
        &mut self,
        label: &'static [u8],
        point: &Point,
    ) -> Result<(), Error> {
        if point.is_identity() {
            return Err(Error::VerificationFailed);
        }
        self.append_message(label, point.compressed.as_bytes());
        Ok(())
    }

    fn challenge_scalar(&mut self, label: &'static [u8]) -> Scalar {
        let mut buf = [0u8; 64];
        self.challenge_bytes(label, &mut buf);
        Scalar::from_bytes_mod_order_wide(&buf)
    }
}

/// 32 bytes of fresh randomness drawn beforehand, handed to Merlin's transcript RNG builder
/// (`finalize` reads exactly 32 bytes from its RNG: merlin 3, `TranscriptRngBuilder::finalize`).
/// Past them it gives zeros; a test checks that nothing reads past them. Their owner wipes them.
pub(crate) struct Drawn<'a> {
    bytes: &'a [u8; 32],
    read: usize,
}

impl<'a> Drawn<'a> {
    /// Hands out `bytes` once.
    pub(crate) fn new(bytes: &'a [u8; 32]) -> Self {
        Self { bytes, read: 0 }
    }

    /// How many bytes were asked for (tests).
    #[cfg(test)]
    pub(crate) fn read(&self) -> usize {
        self.read
    }
}

impl rand_core_06::RngCore for Drawn<'_> {
    fn next_u32(&mut self) -> u32 {
        let mut b = [0u8; 4];
        self.fill_bytes(&mut b);
        u32::from_le_bytes(b)
    }
    fn next_u64(&mut self) -> u64 {
        let mut b = [0u8; 8];
        self.fill_bytes(&mut b);
        u64::from_le_bytes(b)
    }
    fn fill_bytes(&mut self, dest: &mut [u8]) {
        let rest = self.bytes.get(self.read..).unwrap_or(&[]);
        for (i, d) in dest.iter_mut().enumerate() {
            *d = rest.get(i).copied().unwrap_or(0);
        }
        self.read = self.read.saturating_add(dest.len());
    }
    fn try_fill_bytes(&mut self, dest: &mut [u8]) -> Result<(), rand_core_06::Error> {
        self.fill_bytes(dest);
        Ok(())
    }
}

impl rand_core_06::CryptoRng for Drawn<'_> {}

/// Declassification point (feature `ctime`, `docs/ctime.md`): a point or scalar appended to the
/// Fiat–Shamir transcript. The verifier recomputes the transcript from the statement and the
/// proof alone, so whatever the prover appends is public: a commitment of the statement, or a
/// proof element (`A`, `S`, `T₁`, `T₂`, `t_x`, `L`, `R`, …) whose computation from secrets
/// (constant-time) is checked before this point. Challenges drawn afterwards are then public too.
pub(crate) fn transcript_public(mut bytes: [u8; 32]) -> [u8; 32] {
    crate::ctime::declassify(&mut bytes);
    bytes
}

/// Adapts a caller's RNG (rand_core 0.10) to the rand_core 0.6 interface that Merlin's
/// transcript RNG takes as its source of fresh randomness.
pub(crate) struct RngAdapter<'a, R: rand_core::CryptoRng + ?Sized>(pub &'a mut R);

impl<R: rand_core::CryptoRng + ?Sized> rand_core_06::RngCore for RngAdapter<'_, R> {
    fn next_u32(&mut self) -> u32 {
        self.0.next_u32()
    }
    fn next_u64(&mut self) -> u64 {
        self.0.next_u64()
    }
    fn fill_bytes(&mut self, dest: &mut [u8]) {
        self.0.fill_bytes(dest)
    }
    fn try_fill_bytes(&mut self, dest: &mut [u8]) -> Result<(), rand_core_06::Error> {
        self.0.fill_bytes(dest);
        Ok(())
    }
}

impl<R: rand_core::CryptoRng + ?Sized> rand_core_06::CryptoRng for RngAdapter<'_, R> {}

#[cfg(test)]
mod drawn_tests {
    #![allow(clippy::unwrap_used)]
    use super::Drawn;

    /// Merlin's `finalize` reads exactly the 32 bytes that `Drawn` holds (never the zeros past
    /// them), and they matter: other bytes give other nonces.
    #[test]
    fn merlin_reads_exactly_32_bytes() {
        use rand_core_06::RngCore;
        let bytes = [7u8; 32];
        let mut drawn = Drawn::new(&bytes);
        let mut rng = merlin::Transcript::new(b"t")
            .build_rng()
            .finalize(&mut drawn);
        assert_eq!(drawn.read(), 32);
        let other = [8u8; 32];
        let mut drawn2 = Drawn::new(&other);
        let mut rng2 = merlin::Transcript::new(b"t")
            .build_rng()
            .finalize(&mut drawn2);
        assert_ne!(rng.next_u64(), rng2.next_u64());
    }
}
