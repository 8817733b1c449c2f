//! One module per command. Each exposes `USAGE`, `FLAGS` and `run`.

pub mod batch_verify;
pub mod circuit;
pub mod commit;
pub mod demo;
pub mod described;
pub mod grin;
pub mod info;
pub mod inspect;
pub mod monero;
mod opening_file;
pub mod prove;
pub mod verify;

use crate::error::CliError;
use rand::rngs::{StdRng, SysRng};
use rand::SeedableRng;

/// How a command that ran to completion ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Status {
    /// Success, or the proof is valid (exit 0).
    Ok,
    /// The proof is invalid (exit 1).
    Invalid,
}

/// Reports the outcome of one verification: `valid` (exit 0); `invalid: …` when the proof does
/// not verify (exit 1); otherwise malformed input (exit 3), `malformed` prefixing the
/// description. `invalid` and `describe` are the error type's `is_invalid_proof` and the CLI's
/// description of it (`crate::error::describe` or `describe_failure`).
pub fn report_verdict<E>(
    outcome: Result<(), E>,
    invalid: impl Fn(&E) -> bool,
    describe: impl Fn(&E) -> String,
    malformed: &str,
) -> Result<Status, CliError> {
    match outcome {
        Ok(()) => {
            crate::files::print("valid\n")?;
            Ok(Status::Ok)
        }
        Err(e) if invalid(&e) => {
            crate::files::print(&format!("invalid: {}\n", describe(&e)))?;
            Ok(Status::Invalid)
        }
        Err(e) => Err(CliError::Malformed(format!(
            "{malformed}: {}",
            describe(&e)
        ))),
    }
}

/// A cryptographically secure generator seeded from the operating system.
///
/// Seeding is fallible (`try_from_rng`), so a failing entropy source is an error, not a panic.
pub fn os_rng() -> Result<StdRng, CliError> {
    StdRng::try_from_rng(&mut SysRng).map_err(|e| {
        CliError::io(
            "cannot get randomness from the operating system",
            std::io::Error::other(e.to_string()),
        )
    })
}

/// Fails unless there are no positional arguments.
pub fn no_positionals(positionals: &[String]) -> Result<(), CliError> {
    match positionals.first() {
        None => Ok(()),
        Some(arg) => Err(CliError::Usage(format!("unexpected argument {arg:?}"))),
    }
}

/// Exactly one positional argument.
pub fn one_positional<'a>(positionals: &'a [String], what: &str) -> Result<&'a str, CliError> {
    match positionals {
        [one] => Ok(one),
        [] => Err(CliError::Usage(format!("missing {what}"))),
        [_, extra, ..] => Err(CliError::Usage(format!("unexpected argument {extra:?}"))),
    }
}
