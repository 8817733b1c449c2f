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
