//! The opening file: a value, its blinding and the commitment they open.
//!
//! ```json
//! {"value": "<decimal>", "blinding": "<hex>", "commitment": "<hex>"}
//! ```
//!
//! Decoding is strict: unknown or duplicate fields, a value that is not a canonical decimal
//! `u64`, a blinding that is not a canonical scalar, and a commitment that does not match the
//! value and blinding are refused (exit 3).

use crate::error::CliError;
use crate::files::wipe;
use bpkit::group::{CompressedRistretto, Scalar};
use bpkit::Opening;
use bpkit_envelope::decimal;
use bpkit_envelope::hex;
use serde::{Deserialize, Serialize};

/// A decoded opening file.
pub struct OpeningFile {
    /// The value and blinding (zeroized on drop).
    pub opening: Opening,
    /// The commitment, checked to match the opening.
    pub commitment: CompressedRistretto,
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Wire {
    value: String,
    blinding: String,
    commitment: String,
}

fn malformed(msg: impl std::fmt::Display) -> CliError {
    CliError::Malformed(format!("malformed opening: {msg}"))
}

/// Strictly decodes an opening file and checks that its commitment matches.
pub fn parse(text: &str) -> Result<OpeningFile, CliError> {
    let wire: Wire = serde_json::from_str(text).map_err(malformed)?;
    let Wire {
        value,
        blinding,
        commitment,
    } = wire;
    let decoded = decode(&value, &blinding, &commitment);
    wipe(value);
    wipe(blinding);
    decoded
}

fn decode(value: &str, blinding: &str, commitment: &str) -> Result<OpeningFile, CliError> {
    let value = decimal::parse_u64(value)
        .ok_or_else(|| malformed("value must be a canonical decimal below 2^64"))?;
    let blinding_bytes =
        hex::decode_32(blinding).map_err(|e| malformed(format!("blinding: {e}")))?;
    let blinding = Option::<Scalar>::from(Scalar::from_canonical_bytes(blinding_bytes))
        .ok_or_else(|| malformed("blinding is not a canonical scalar"))?;
    let commitment = CompressedRistretto(
        hex::decode_32(commitment).map_err(|e| malformed(format!("commitment: {e}")))?,
    );
    let opening = Opening::new(value, blinding);
    if opening.commit() != commitment {
        return Err(malformed(
            "the commitment does not match the value and blinding",
        ));
    }
    Ok(OpeningFile {
        opening,
        commitment,
    })
}

/// The opening file's JSON (pretty-printed, newline included), with the commitment computed.
pub fn to_json(opening: &Opening) -> Result<String, CliError> {
    let wire = Wire {
        value: opening.value.to_string(),
        blinding: hex::encode(opening.blinding.as_bytes()),
        commitment: hex::encode(opening.commit().as_bytes()),
    };
    let encoded = serde_json::to_string_pretty(&wire);
    wipe(wire.value);
    wipe(wire.blinding);
    let mut text =
        encoded.map_err(|e| CliError::Malformed(format!("cannot encode the opening: {e}")))?;
    text.push('\n');
    Ok(text)
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::indexing_slicing)]
    use super::*;

    fn sample() -> String {
        to_json(&Opening::new(77, Scalar::from(5u64))).unwrap()
    }

    #[test]
    fn round_trip() {
        let file = parse(&sample()).unwrap();
        assert_eq!(file.opening, Opening::new(77, Scalar::from(5u64)));
        assert_eq!(file.commitment, file.opening.commit());
    }

    #[test]
    fn refuses_bad_openings() {
        let good = sample();
        let v: serde_json::Value = serde_json::from_str(&good).unwrap();
        let blinding = v["blinding"].as_str().unwrap().to_owned();
        let commitment = v["commitment"].as_str().unwrap().to_owned();
        // ℓ, the group order, little-endian: not canonical.
        let ell = "edd3f55c1a631258d69cf7a2def9de1400000000000000000000000000000010";
        let cases = [
            good.replace("\"77\"", "\"78\""),
            good.replace("\"77\"", "77"),
            good.replace("\"77\"", "\"077\""),
            good.replace(&blinding, ell),
            good.replace(&blinding, &blinding[2..]),
            good.replace(&commitment, &"00".repeat(32)),
            good.replace("{", "{\"extra\": 1,"),
            format!("{good}x"),
        ];
        for (i, case) in cases.iter().enumerate() {
            let e = parse(case).err().unwrap();
            assert!(matches!(e, CliError::Malformed(_)), "case {i}: {e}");
        }
    }
}
