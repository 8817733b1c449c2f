//! `bpkit verify`: checks a proof envelope.

use super::Status;
use crate::args::{Flag, Parsed};
use crate::error::{describe_failure as describe, CliError};
use crate::files::read_input;
use bpkit_envelope as envelope;

/// Usage text.
pub const USAGE: &str = "\
Usage: bpkit verify --expect-label TEXT --expect-commitments HEX[,HEX...]
                    [--expect-bits N] [--expect-range A,B] [--expect-minimums M[,M...]]
                    PROOF.json
       bpkit verify [--max-multipliers N] PROOF.json
       bpkit verify --circuit CIRCUIT.json --proof PROOF.hex --label TEXT
                    [--commitments FILE] [--max-multipliers N]

Verifies the proof envelope PROOF.json (a range proof, or a circuit proof of `bpkit circuit`). Prints `valid` and exits 0 if the proof holds; prints
`invalid: <reason>` and exits 1 if it does not. A malformed or non-canonical envelope is
reported on standard error with exit code 3, an unreadable file with exit code 4.

**A receiver states what it expects.** An envelope carries its own statement (commitments,
label, bits, interval, minimums), and plain `bpkit verify PROOF.json` checks the proof against
that statement only: it shows that the commitments written in the file hold values in range
under the file's label — not that they are the commitments you hold. Anyone can send a valid
proof about their own commitment. With --expect-label and --expect-commitments (both needed;
bp and bp+ envelopes), the envelope's label and commitments (in order) must be exactly those,
and its bit size, interval ([A, B), interval proofs) and minimums (bp+) those given; a mismatch
prints `invalid: the proof is not about the expected statement: ...` and exits 1 before the
proof is decoded.

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
    --expect-label TEXT     the transcript label the receiver's protocol uses
    --expect-commitments HEX[,HEX...]
                            the commitments the proof must be about, in order (hex)
    --expect-bits N         the bit size the proof must have
    --expect-range A,B      the interval [A, B) an interval proof must be for
    --expect-minimums M[,M...]
                            the minimums a bp+ proof must have (one per commitment)
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
    Flag::value("--expect-label"),
    Flag::value("--expect-commitments"),
    Flag::value("--expect-bits"),
    Flag::value("--expect-range"),
    Flag::value("--expect-minimums"),
];

/// The `--expect-*` flags.
const EXPECT_FLAGS: [&str; 5] = [
    "--expect-label",
    "--expect-commitments",
    "--expect-bits",
    "--expect-range",
    "--expect-minimums",
];

/// The receiver's expectation from the `--expect-*` flags, if any is given (then the label and
/// the commitments are required).
fn expectation(args: &Parsed) -> Result<Option<envelope::Expectation>, CliError> {
    if !EXPECT_FLAGS.iter().any(|f| args.value(f).is_some()) {
        return Ok(None);
    }
    let label = args.required("--expect-label")?;
    let commitments = args
        .required("--expect-commitments")?
        .split(',')
        .enumerate()
        .map(|(i, h)| {
            envelope::hex::decode_32(h.trim())
                .map(bpkit::CompressedRistretto)
                .map_err(|e| CliError::Usage(format!("--expect-commitments: commitment {i}: {e}")))
        })
        .collect::<Result<Vec<_>, _>>()?;
    let mut e = envelope::Expectation::new(label, commitments);
    if let Some(bits) = args.value("--expect-bits") {
        let n = envelope::decimal::parse_u64(bits)
            .and_then(|b| usize::try_from(b).ok())
            .ok_or_else(|| {
                CliError::Usage(format!("--expect-bits {bits:?}: expected 8, 16, 32 or 64"))
            })?;
        e = e.bits(n);
    }
    if let Some(range) = args.value("--expect-range") {
        let interval = range
            .split_once(',')
            .and_then(|(a, b)| envelope::parse_interval(a.trim(), b.trim()))
            .ok_or_else(|| {
                CliError::Usage(format!(
                    "--expect-range {range:?}: expected A,B with A < B <= 2^64 (decimal)"
                ))
            })?;
        e = e.range(interval);
    }
    if let Some(mins) = args.value("--expect-minimums") {
        let list = mins
            .split(',')
            .map(|m| envelope::decimal::parse_u64(m.trim()))
            .collect::<Option<Vec<u64>>>()
            .ok_or_else(|| {
                CliError::Usage(format!(
                    "--expect-minimums {mins:?}: expected decimals below 2^64"
                ))
            })?;
        e = e.minimums(list);
    }
    Ok(Some(e))
}

/// A hint when the file is an opening (`bpkit commit`'s output) rather than a proof envelope.
fn opening_hint(text: &str) -> &'static str {
    let looks_like_opening = serde_json::from_str::<serde_json::Value>(text)
        .ok()
        .and_then(|v| {
            v.as_object()
                .map(|o| o.contains_key("value") && o.contains_key("blinding"))
        })
        .unwrap_or(false);
    if looks_like_opening {
        "\n(this is an opening, the secret output of `bpkit commit`: `bpkit verify` takes the proof \
         envelope that `bpkit prove --out PROOF.json OPENING.json` writes; `bpkit inspect` shows \
         an opening)"
    } else {
        ""
    }
}

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
    let expected = expectation(args)?;
    let path = super::one_positional(&args.positionals, "the proof file")?;
    let text = read_input(path)?;
    let other_scheme = envelope::grin::is_grin(&text)
        || envelope::monero::is_monero(&text)
        || envelope::circuit::is_circuit(&text);
    if expected.is_some() && other_scheme {
        return Err(CliError::Usage(
            "--expect-* applies to bp and bp+ envelopes (range, interval and Bulletproofs+ proofs)"
                .into(),
        ));
    }
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
        let envelope = envelope::parse(&text)
            .map_err(|e| CliError::Malformed(format!("{path}: {e}{}", opening_hint(&text))))?;
        match &expected {
            Some(e) => envelope::verify_expecting(&envelope, e),
            None => envelope::verify_self_consistent(&envelope),
        }
    };
    super::report_verdict(
        verified,
        envelope::Failure::is_invalid_proof,
        describe,
        &format!("{path}: malformed proof"),
    )
}
