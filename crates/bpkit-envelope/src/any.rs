//! One verify entry for any envelope JSON text: `bp` (range, interval), `bp+`, `circuit` and
//! `grin-bp`, told apart by their `scheme`.

use crate::error::Failure;
use crate::{circuit, grin};

/// Parses and verifies an envelope of any scheme. A false proof is a failure of
/// [`crate::Category::Invalid`]; an unreadable envelope or undecodable proof is
/// [`crate::Category::Malformed`].
pub fn verify_json(text: &str) -> Result<(), Failure> {
    if grin::is_grin(text) {
        let envelope = grin::parse_grin(text)?;
        return Ok(grin::verify_grin(&envelope)?);
    }
    if circuit::is_circuit(text) {
        let envelope = circuit::parse(text)?;
        return circuit::verify(&envelope);
    }
    let envelope = crate::parse(text)?;
    crate::verify(&envelope)
}
