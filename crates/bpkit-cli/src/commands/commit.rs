//! `bpkit commit`: a fresh opening (random blinding) and its commitment.

use super::Status;
use crate::args::{Flag, Parsed};
use crate::error::CliError;
use crate::files::{print, wipe, write_secret};
use crate::opening_file;
use bpkit::Opening;
use bpkit_envelope::decimal;

/// Usage text.
pub const USAGE: &str = "\
Usage: bpkit commit --value V [--scheme bp|grin-bp|monero] [--out FILE]

Commits to the value V (a decimal integer below 2^64) with a fresh random blinding and writes
the opening:

    {\"value\": \"<decimal>\", \"blinding\": \"<hex>\", \"commitment\": \"<hex>\"}

The opening is secret: keep it. With --out it is written to FILE, created with mode 0600; an
existing FILE is refused unless --force (then it is removed and created anew with mode 0600).
Without --out, or with --out -, it is printed on standard output.

Options:
    --value V     the value to commit to (0 to 18446744073709551615)
    --out FILE    write the opening to FILE instead of standard output (`-`: standard output)
    --force       replace an existing FILE
    --scheme S    bp (the default: Ristretto, for bp and bp+) or grin-bp (secp256k1, Grin /
                  MWEB: a 33-byte commitment v*H + r*G, and the opening names its scheme)
                  or monero (Ed25519: a 32-byte commitment mask*G + amount*H as in a Monero
                  output's outPk; the opening names its scheme, the mask is its blinding)
    -h, --help    print this help
";

/// Flags accepted.
pub const FLAGS: &[Flag] = &[
    Flag::value("--value"),
    Flag::value("--out"),
    Flag::switch("--force"),
    Flag::value("--scheme"),
];

/// Runs the command.
pub fn run(args: &Parsed) -> Result<Status, CliError> {
    super::no_positionals(&args.positionals)?;
    let value_text = args.required("--value")?;
    let value = decimal::parse_u64(value_text).ok_or_else(|| {
        CliError::Usage(format!(
            "--value {value_text:?}: expected a decimal integer from 0 to 18446744073709551615"
        ))
    })?;
    match args.value("--scheme") {
        None | Some("bp") | Some("bp+") => {}
        Some(super::grin::SCHEME) => return super::grin::commit(value, args.value("--out")),
        Some(super::monero::COMMIT_SCHEME) => {
            return super::monero::commit(value, args.value("--out"))
        }
        Some(other) => {
            return Err(CliError::Usage(format!(
                "--scheme {other:?}: expected bp, grin-bp or monero"
            )))
        }
    }
    let mut rng = super::os_rng()?;
    let opening = Opening::random(value, &mut rng);
    let json = opening_file::to_json(&opening)?;
    let written = match args.value("--out") {
        Some(path) => write_secret(path, &json),
        None => print(&json),
    };
    wipe(json);
    written?;
    Ok(Status::Ok)
}
