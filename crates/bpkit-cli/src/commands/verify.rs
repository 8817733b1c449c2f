//! `bpkit verify`: checks a proof envelope.

use super::Status;
use crate::args::{Flag, Parsed};
use crate::error::{describe_failure as describe, CliError};
use crate::files::read_input;
use bpkit_envelope as envelope;

/// Usage text.
pub const USAGE: &str = "\
Usage: bpkit verify [--max-multipliers N] PROOF.json
       bpkit verify --circuit CIRCUIT.json --proof PROOF.hex --label TEXT
                    [--commitments FILE] [--max-multipliers N]

Verifies the proof envelope PROOF.json (a range proof, or a circuit proof of `bpkit circuit`). Prints `valid` and exits 0 if the proof holds; prints
`invalid: <reason>` and exits 1 if it does not. A malformed or non-canonical envelope is
reported on standard error with exit code 3, an unreadable file with exit code 4.

A circuit envelope whose statement's circuit has more than N multipliers (--max-multipliers,
both phases) is refused before its circuit is recorded or any generator built (exit 3,
circuit-too-large): the statement's public parameters (message length, tree depth, shuffle
size) are the sender's choice, and with the default limit SHA-256 preimages of up to 119 bytes
(two blocks) pass; 1024 bytes need 446373 multipliers.

With --circuit, verifies an arithmetic-circuit proof against the circuit's canonical JSON
description (docs/spec.md §12.2; one trailing newline is allowed): PROOF.hex holds the proof in
hex, FILE the commitments in hex, one per line, in the circuit's order (none if absent), TEXT the
transcript label. A description declaring more than N multipliers (both phases) is refused
before anything else is read or any generator built (exit 3, circuit-too-large): the
description is the prover's choice, and verifying n multipliers costs generators for n rounded
up to a power of two (about 320 bytes each, kept for the life of the process) and a
multiplication of twice as many points.

Options:
    --circuit CIRCUIT.json  the circuit description (switches to the mode above)
    --proof PROOF.hex       the circuit proof, in hex
    --commitments FILE      the commitments, one per line, in hex
    --label TEXT            transcript label
    --max-multipliers N     refuse circuits (descriptions, statement envelopes) of more
                            than N multipliers (default 65536 = 2^16, at most 4194304 = 2^22)
    -h, --help              print this help
";

/// Flags accepted.
pub const FLAGS: &[Flag] = &[
    Flag::value("--circuit"),
    Flag::value("--proof"),
    Flag::value("--commitments"),
    Flag::value("--label"),
    Flag::value("--max-multipliers"),
];

/// Runs the command.
pub fn run(args: &Parsed) -> Result<Status, CliError> {
    if let Some(circuit) = args.value("--circuit") {
        return super::described::run(args, circuit);
    }
    if let Some(flag) = super::described::MODE_FLAGS
        .iter()
        .filter(|f| **f != "--max-multipliers")
        .find(|f| args.value(f).is_some())
    {
        return Err(CliError::Usage(format!("{flag} needs --circuit")));
    }
    let options = super::described::options(args)?;
    let path = super::one_positional(&args.positionals, "the proof file")?;
    let text = read_input(path)?;
    if envelope::grin::is_grin(&text) {
        return super::grin::verify(path, &text);
    }
    if envelope::monero::is_monero(&text) {
        return super::monero::verify_envelope(path, &text);
    }
    let verified = if envelope::circuit::is_circuit(&text) {
        let envelope = envelope::circuit::parse(&text)
            .map_err(|e| CliError::Malformed(format!("{path}: {e}")))?;
        envelope::circuit::verify_with(&envelope, &options)
    } else {
        let envelope =
            envelope::parse(&text).map_err(|e| CliError::Malformed(format!("{path}: {e}")))?;
        envelope::verify(&envelope)
    };
    super::report_verdict(
        verified,
        envelope::Failure::is_invalid_proof,
        describe,
        &format!("{path}: malformed proof"),
    )
}
