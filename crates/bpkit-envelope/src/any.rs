//! One verify entry for any envelope JSON text: `bp` (range, interval), `bp+`, `circuit`,
//! `grin-bp`, `monero-bp+` and `monero-bp`, told apart by their `scheme`.

use crate::described::VerifyCircuitOptions;
use crate::error::Failure;
use crate::{circuit, grin, monero};

/// Parses and verifies an envelope of any scheme. A false proof is a failure of
/// [`crate::Category::Invalid`]; an unreadable envelope or undecodable proof is
/// [`crate::Category::Malformed`]. Circuit envelopes whose statement's circuit has more than
/// [`crate::DEFAULT_MAX_MULTIPLIERS`] multipliers are refused (`circuit-too-large`,
/// malformed) before anything is built; [`verify_json_with`] sets another limit.
pub fn verify_json(text: &str) -> Result<(), Failure> {
    verify_json_with(text, &VerifyCircuitOptions::default())
}

/// [`verify_json`] with a limit of one's own on circuit envelopes' circuits
/// ([`circuit::verify_with`]); envelopes of other schemes are verified as by [`verify_json`].
pub fn verify_json_with(text: &str, options: &VerifyCircuitOptions) -> Result<(), Failure> {
    if grin::is_grin(text) {
        let envelope = grin::parse_grin(text)?;
        return Ok(grin::verify_grin(&envelope)?);
    }
    if monero::is_monero(text) {
        let envelope = monero::parse_monero(text)?;
        return Ok(monero::verify_monero(&envelope)?);
    }
    if circuit::is_circuit(text) {
        let envelope = circuit::parse(text)?;
        return circuit::verify_with(&envelope, options);
    }
    let envelope = crate::parse(text)?;
    crate::verify(&envelope)
}
