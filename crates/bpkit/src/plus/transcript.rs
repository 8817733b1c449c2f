//! The Bulletproofs+ transcript: labels and order of `tari_bulletproofs_plus` 0.5.3
//! (spec `docs/plus.md` §4). Merlin 3 and `tari_merlin` 4 are the same STROBE construction, so
//! the same operations give the same challenges.

use super::parameters::ExtendedPedersenGens;
use super::statement::PlusStatement;
use crate::errors::Error;
use crate::group::{CompressedRistretto, Scalar};
use crate::transcript::TranscriptProtocol;
use merlin::Transcript;

/// Domain separator of the range proof.
const DOMAIN: &[u8] = b"Bulletproofs+ Range Proof";

/// Binds the parameters and the statement, before the prover's first message:
/// `dom-sep`, the value base `H`, each blinding base `G`, `N` = n, `T` = k, `M` = m', each
/// commitment `Ci` (padding: the identity), each minimum (padding: 0).
pub(crate) fn bind_statement(
    transcript: &mut Transcript,
    gens: &ExtendedPedersenGens,
    statement: &PlusStatement,
) {
    transcript.append_message(b"dom-sep", DOMAIN);
    transcript.append_point(b"H", gens.value_compressed());
    for g in gens.blinding_compressed() {
        transcript.append_point(b"G", g);
    }
    let m = statement.values();
    let mp = statement.padded_values();
    transcript.append_u64(b"N", statement.bits() as u64);
    transcript.append_u64(b"T", gens.extension_degree() as u64);
    transcript.append_u64(b"M", mp as u64);
    for c in statement.commitments() {
        transcript.append_point(b"Ci", c);
    }
    for _ in m..mp {
        transcript.append_point(b"Ci", &CompressedRistretto::default());
    }
    for &min in statement.minimums() {
        transcript.append_u64(b"vi - minimum_value", min);
    }
    for _ in m..mp {
        transcript.append_u64(b"vi - minimum_value", 0);
    }
}

/// A challenge, refused if zero (probability 2⁻²⁵²; `tari_bulletproofs_plus` refuses it too).
pub(crate) fn challenge(
    transcript: &mut Transcript,
    label: &'static [u8],
) -> Result<Scalar, Error> {
    let c = transcript.challenge_scalar(label);
    if c == Scalar::ZERO {
        Err(Error::VerificationFailed)
    } else {
        Ok(c)
    }
}

/// Appends `A` and returns the challenges `y`, `z`.
pub(crate) fn challenges_y_z(
    transcript: &mut Transcript,
    a: &CompressedRistretto,
) -> Result<(Scalar, Scalar), Error> {
    crate::inner_product::append_non_identity(transcript, b"A", a)?;
    let y = challenge(transcript, b"y")?;
    let z = challenge(transcript, b"z")?;
    Ok((y, z))
}

/// Appends a round's `L`, `R` and returns its challenge `e`.
pub(crate) fn challenge_round(
    transcript: &mut Transcript,
    l: &CompressedRistretto,
    r: &CompressedRistretto,
) -> Result<Scalar, Error> {
    crate::inner_product::append_non_identity(transcript, b"L", l)?;
    crate::inner_product::append_non_identity(transcript, b"R", r)?;
    challenge(transcript, b"e")
}

/// Appends `A1`, `B` and returns the final challenge `e`.
pub(crate) fn challenge_final(
    transcript: &mut Transcript,
    a1: &CompressedRistretto,
    b: &CompressedRistretto,
) -> Result<Scalar, Error> {
    crate::inner_product::append_non_identity(transcript, b"A1", a1)?;
    crate::inner_product::append_non_identity(transcript, b"B", b)?;
    challenge(transcript, b"e")
}
