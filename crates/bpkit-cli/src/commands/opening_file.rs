//! The secret opening files of the formats whose opening is a value, a 32-byte blinding and a
//! commitment (`grin-bp`, `monero`): one wire form and one writer for both.

use crate::error::CliError;
use crate::files::{print, wipe, write_secret};
use serde::{Deserialize, Serialize};

/// An opening file: `{"scheme", "value" (decimal), "blinding" (hex), "commitment" (hex)}`.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct OpeningWire {
    pub scheme: String,
    pub value: String,
    pub blinding: String,
    pub commitment: String,
}

/// Writes `wire` as pretty JSON (mode 0600 at `out`, else standard output), then wipes its
/// blinding and the JSON text; `malformed` words a serialization failure.
pub(super) fn write(
    wire: OpeningWire,
    out: Option<&str>,
    malformed: fn(serde_json::Error) -> CliError,
) -> Result<(), CliError> {
    let json = serde_json::to_string_pretty(&wire).map_err(malformed);
    let OpeningWire { blinding, .. } = wire;
    wipe(blinding);
    let mut json = json?;
    json.push('\n');
    let written = match out {
        Some(path) => write_secret(path, &json),
        None => print(&json),
    };
    wipe(json);
    written
}
