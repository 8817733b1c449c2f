//! `bpkit`: commit to values, prove and verify Bulletproofs and Bulletproofs+ range proofs,
//! inspect proof files.
//!
//! Exit codes: 0 success (or the proof is valid), 1 the proof is invalid, 2 usage error,
//! 3 malformed or non-canonical input, 4 I/O error. Secrets never appear on the command line
//! except the value given to `commit`.

mod args;
mod commands;
mod error;
mod files;
mod opening_file;

use args::{Flag, Parsed};
use commands::Status;
use error::CliError;
use std::io::Write;
use std::process::ExitCode;

/// A subcommand.
struct Command {
    name: &'static str,
    summary: &'static str,
    usage: &'static str,
    flags: &'static [Flag],
    run: fn(&Parsed) -> Result<Status, CliError>,
}

const COMMANDS: &[Command] = &[
    Command {
        name: "commit",
        summary: "commit to a value; writes the (secret) opening",
        usage: commands::commit::USAGE,
        flags: commands::commit::FLAGS,
        run: commands::commit::run,
    },
    Command {
        name: "prove",
        summary: "prove openings lie in [0, 2^n) or one in [a, b) (bp or bp+)",
        usage: commands::prove::USAGE,
        flags: commands::prove::FLAGS,
        run: commands::prove::run,
    },
    Command {
        name: "circuit",
        summary: "circuit proofs: list the statements; prove sha256, merkle or shuffle",
        usage: commands::circuit::USAGE,
        flags: commands::circuit::FLAGS,
        run: commands::circuit::run,
    },
    Command {
        name: "verify",
        summary: "verify a proof envelope, or a circuit proof against a circuit description",
        usage: commands::verify::USAGE,
        flags: commands::verify::FLAGS,
        run: commands::verify::run,
    },
    Command {
        name: "batch-verify",
        summary: "verify many proof envelopes, one per line, in one batch",
        usage: commands::batch_verify::USAGE,
        flags: commands::batch_verify::FLAGS,
        run: commands::batch_verify::run,
    },
    Command {
        name: "inspect",
        summary: "describe a proof envelope or an opening",
        usage: commands::inspect::USAGE,
        flags: commands::inspect::FLAGS,
        run: commands::inspect::run,
    },
    Command {
        name: "rewind",
        summary: "grin-bp: recover value, message (and blinding) with the rewind nonce",
        usage: commands::grin::REWIND_USAGE,
        flags: commands::grin::REWIND_FLAGS,
        run: commands::grin::rewind,
    },
    Command {
        name: "monero",
        summary: "monero verify-tx FILE...: verify raw Monero transactions' range proofs",
        usage: commands::monero::USAGE,
        flags: commands::monero::FLAGS,
        run: commands::monero::run,
    },
    Command {
        name: "demo",
        summary: "bp and bp+ side by side for m = 1, 2, 8, 64; time them",
        usage: commands::demo::USAGE,
        flags: commands::demo::FLAGS,
        run: commands::demo::run,
    },
    Command {
        name: "info",
        summary: "version and curve arithmetic backend of this build",
        usage: commands::info::USAGE,
        flags: commands::info::FLAGS,
        run: commands::info::run,
    },
];

fn usage() -> String {
    let mut text = String::from(
        "Usage: bpkit <command> [options]\n\
         \n\
         Bulletproofs range proofs over Ristretto255, wire-compatible with the bulletproofs crate,\n\
         and Bulletproofs+ range proofs, wire-compatible with tari_bulletproofs_plus.\n\
         \n\
         Commands:\n",
    );
    for c in COMMANDS {
        text.push_str(&format!("    {:<12} {}\n", c.name, c.summary));
    }
    text.push_str(
        "\nRun `bpkit <command> --help` for a command's options.\n\
         \n\
         Exit codes: 0 success / proof valid, 1 proof invalid, 2 usage error,\n\
         3 malformed or non-canonical input, 4 I/O error.\n",
    );
    text
}

/// Writes to standard error, ignoring failure (there is nowhere left to report it).
fn eprint(text: &str) {
    let _ = std::io::stderr().lock().write_all(text.as_bytes());
}

/// Reports an error on standard error and returns its exit code; usage errors come with the
/// usage (the top-level usage in full, a command's first line and a pointer to its help).
fn fail(e: &CliError, command: Option<&Command>) -> ExitCode {
    eprint(&format!("bpkit: error: {e}\n"));
    if matches!(e, CliError::Usage(_)) {
        match command {
            Some(c) => {
                let first = c.usage.lines().next().unwrap_or_default();
                eprint(&format!(
                    "\n{first}\nRun `bpkit {} --help` for details.\n",
                    c.name
                ));
            }
            None => eprint(&format!("\n{}", usage())),
        }
    }
    e.exit_code()
}

fn main() -> ExitCode {
    // The engine's AVX-512 IFMA backend is on where the CPU has it; BPKIT_ENGINE_IFMA=0 turns
    // it off (to compare, or to rule it out).
    if std::env::var_os("BPKIT_ENGINE_IFMA").is_some_and(|v| v == "0") {
        bpkit::group::engine::ifma(false);
    }
    let mut args = Vec::new();
    for arg in std::env::args_os().skip(1) {
        match arg.into_string() {
            Ok(a) => args.push(a),
            Err(a) => {
                let e = CliError::Usage(format!("argument {a:?} is not valid UTF-8"));
                return fail(&e, None);
            }
        }
    }
    let Some((name, rest)) = args.split_first() else {
        return fail(&CliError::Usage("missing command".into()), None);
    };
    match name.as_str() {
        "-h" | "--help" | "help" => {
            return match files::print(&usage()) {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) => fail(&e, None),
            }
        }
        "-V" | "--version" => {
            let version = concat!("bpkit ", env!("CARGO_PKG_VERSION"), "\n");
            return match files::print(version) {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) => fail(&e, None),
            };
        }
        _ => {}
    }
    let Some(command) = COMMANDS.iter().find(|c| c.name == name) else {
        return fail(&CliError::Usage(format!("unknown command {name:?}")), None);
    };
    let parsed = match args::parse(rest, command.flags) {
        Ok(p) => p,
        Err(e) => return fail(&e, Some(command)),
    };
    files::set_force(parsed.switch("--force"));
    if parsed.help {
        return match files::print(command.usage) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => fail(&e, None),
        };
    }
    match (command.run)(&parsed) {
        Ok(Status::Ok) => ExitCode::from(error::EXIT_OK),
        Ok(Status::Invalid) => ExitCode::from(error::EXIT_INVALID),
        Err(e) => fail(&e, Some(command)),
    }
}
