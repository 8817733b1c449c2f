//! The CLI's error type and its exit codes.

use std::fmt;
use std::process::ExitCode;

/// Exit code: success, or the proof is valid.
pub const EXIT_OK: u8 = 0;
/// Exit code: the proof is well-formed but invalid.
pub const EXIT_INVALID: u8 = 1;
/// Exit code: bad command line.
pub const EXIT_USAGE: u8 = 2;
/// Exit code: malformed or non-canonical input.
pub const EXIT_MALFORMED: u8 = 3;
/// Exit code: a file could not be read or written.
pub const EXIT_IO: u8 = 4;

/// Everything that makes a command fail. Each variant has one exit code.
#[derive(Debug)]
pub enum CliError {
    /// Bad command line: unknown command or flag, missing or malformed argument (exit 2).
    Usage(String),
    /// Malformed, non-canonical or inconsistent input (exit 3).
    Malformed(String),
    /// A file could not be read or written (exit 4).
    Io {
        /// What was being done, with the path.
        context: String,
        /// The operating system's error.
        source: std::io::Error,
    },
    /// A proof that does not verify where one was required (exit 1).
    Invalid(String),
}

impl CliError {
    /// An I/O error while doing `context`.
    pub fn io(context: impl Into<String>, source: std::io::Error) -> Self {
        CliError::Io {
            context: context.into(),
            source,
        }
    }

    /// The exit code.
    pub fn code(&self) -> u8 {
        match self {
            CliError::Usage(_) => EXIT_USAGE,
            CliError::Malformed(_) => EXIT_MALFORMED,
            CliError::Io { .. } => EXIT_IO,
            CliError::Invalid(_) => EXIT_INVALID,
        }
    }

    /// The exit code as an [`ExitCode`].
    pub fn exit_code(&self) -> ExitCode {
        ExitCode::from(self.code())
    }
}

impl fmt::Display for CliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CliError::Usage(msg) | CliError::Malformed(msg) | CliError::Invalid(msg) => {
                f.write_str(msg)
            }
            CliError::Io { context, source } => write!(f, "{context}: {source}"),
        }
    }
}

/// Describes a library error with its stable kind, e.g. `proof does not verify
/// (verification-failed)`.
pub fn describe(e: &bpkit::Error) -> String {
    format!("{e} ({})", e.kind())
}

/// A malformed envelope is malformed input (exit 3); an envelope that cannot be written
/// (which a well-formed one always can) is reported the same way.
impl From<bpkit_envelope::EnvelopeError> for CliError {
    fn from(e: bpkit_envelope::EnvelopeError) -> Self {
        CliError::Malformed(e.to_string())
    }
}
