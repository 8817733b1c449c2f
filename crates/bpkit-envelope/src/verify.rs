//! Verifying one envelope: decode its proof, build its statement, verify.

use crate::claim::Claim;
use crate::error::Failure;
use crate::format::Envelope;
use crate::plus_gens::PlusGensCache;

/// Decodes the proof and verifies it against the envelope's statement (Bulletproofs+
/// generators from [`crate::shared_plus_gens`]).
///
/// `Ok(())` only for a valid proof. [`Failure::is_invalid_proof`] tells a false proof
/// (CLI exit 1) from a malformed or non-canonical one (exit 3).
pub fn verify(envelope: &Envelope) -> Result<(), Failure> {
    Claim::from_envelope(envelope)?.verify_shared()
}

/// [`verify`], taking Bulletproofs+ generators from (and adding them to) `cache`.
pub fn verify_with(envelope: &Envelope, cache: &mut PlusGensCache) -> Result<(), Failure> {
    Claim::from_envelope(envelope)?.verify(cache)
}
