//! The inner-product verifier's transcript.
//!
//! The verifier never folds generators: it replays the challenges `u₁…u_k`, and the caller
//! computes, for each original generator, the scalar it carries in the final check (notes:
//! "Verification"; the range-proof verifier does this in product form, one multiplication per
//! generator).

use crate::errors::Error;
use crate::group::{CompressedRistretto, Scalar};
use crate::transcript::TranscriptProtocol;
use merlin::Transcript;

/// Replays the transcript of an `n`-element inner-product proof whose `L, R` encodings are
/// `lr = [L₀, R₀, L₁, R₁, …]`, writing the challenges `u_j` into `u` (one per round).
///
/// Fails if `n ≠ 2^rounds`, if `u` is too short, if a point is the identity, or if a challenge
/// is zero (probability 2⁻²⁵²; refusing it keeps every inverse defined).
pub(crate) fn replay(
    lr: &[CompressedRistretto],
    n: usize,
    transcript: &mut Transcript,
    u: &mut [Scalar],
) -> Result<(), Error> {
    let rounds = lr.len() / 2;
    let expected = 1usize.checked_shl(rounds as u32).unwrap_or(0);
    if !lr.len().is_multiple_of(2) || expected != n || u.len() < rounds {
        return Err(Error::SizeMismatch {
            proof: expected,
            statement: n,
        });
    }
    transcript.innerproduct_domain_sep(n as u64);
    for (slot, pair) in u.iter_mut().zip(lr.chunks_exact(2)) {
        if let [l, r] = pair {
            append_non_identity(transcript, b"L", l)?;
            append_non_identity(transcript, b"R", r)?;
        }
        *slot = transcript.challenge_scalar(b"u");
        if *slot == Scalar::ZERO {
            return Err(Error::VerificationFailed);
        }
    }
    Ok(())
}

/// Appends a point encoding, refusing the identity (all-zero encoding) where the protocol
/// forbids it, as `validate_and_append_point` does for decoded points.
pub(crate) fn append_non_identity(
    transcript: &mut Transcript,
    label: &'static [u8],
    point: &CompressedRistretto,
) -> Result<(), Error> {
    // The identity check reads the declassified copy (a proof element: public).
    let bytes = crate::transcript::transcript_public(point.to_bytes());
    if bytes == [0u8; 32] {
        return Err(Error::VerificationFailed);
    }
    transcript.append_message(label, &bytes);
    Ok(())
}
