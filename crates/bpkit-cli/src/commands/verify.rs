//! `bpkit verify`: checks a proof envelope.

use super::Status;
use crate::args::{Flag, Parsed};
use crate::error::{describe_failure as describe, CliError};
use crate::files::{print, read_input};
use bpkit_envelope as envelope;

/// Usage text.
pub const USAGE: &str = "\
Usage: bpkit verify PROOF.json

Verifies the proof envelope PROOF.json (a range proof, or a circuit proof of `bpkit circuit`). Prints `valid` and exits 0 if the proof holds; prints
`invalid: <reason>` and exits 1 if it does not. A malformed or non-canonical envelope is
reported on standard error with exit code 3, an unreadable file with exit code 4.

Options:
    -h, --help    print this help
";

/// Flags accepted.
pub const FLAGS: &[Flag] = &[];

/// Runs the command.
pub fn run(args: &Parsed) -> Result<Status, CliError> {
    let path = super::one_positional(&args.positionals, "the proof file")?;
    let text = read_input(path)?;
    if envelope::grin::is_grin(&text) {
        return super::grin::verify(path, &text);
    }
    let verified = if envelope::circuit::is_circuit(&text) {
        let envelope = envelope::circuit::parse(&text)
            .map_err(|e| CliError::Malformed(format!("{path}: {e}")))?;
        envelope::circuit::verify(&envelope)
    } else {
        let envelope =
            envelope::parse(&text).map_err(|e| CliError::Malformed(format!("{path}: {e}")))?;
        envelope::verify(&envelope)
    };
    match verified {
        Ok(()) => {
            print("valid\n")?;
            Ok(Status::Ok)
        }
        Err(e) if e.is_invalid_proof() => {
            print(&format!("invalid: {}\n", describe(&e)))?;
            Ok(Status::Invalid)
        }
        Err(e) => Err(CliError::Malformed(format!(
            "{path}: malformed proof: {}",
            describe(&e)
        ))),
    }
}
