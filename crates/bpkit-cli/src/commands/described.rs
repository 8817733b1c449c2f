//! `bpkit verify --circuit`: a proof against a circuit given by its canonical JSON description
//! (spec §12.2; `bpkit_envelope::verify_circuit_with`), its size capped by `--max-multipliers`.

use super::Status;
use crate::args::Parsed;
use crate::error::{describe_failure as describe, CliError};
use crate::files::read_input;
use bpkit::group::CompressedRistretto;
use bpkit_envelope::{self as envelope, decimal, hex, VerifyCircuitOptions};

/// Flags of this mode (besides `--circuit`).
pub const MODE_FLAGS: [&str; 4] = ["--proof", "--commitments", "--label", "--max-multipliers"];

/// `--max-multipliers N`: a decimal from 0 to the format's maximum.
pub(crate) fn parse_limit(text: &str) -> Result<usize, CliError> {
    decimal::parse_u64(text)
        .and_then(|n| usize::try_from(n).ok())
        .filter(|n| *n <= bpkit::circuit::MAX_MULTIPLIERS)
        .ok_or_else(|| {
            CliError::Usage(format!(
                "--max-multipliers {text:?}: expected a decimal from 0 to {}",
                bpkit::circuit::MAX_MULTIPLIERS
            ))
        })
}

/// One commitment (64 hex digits) per non-empty line.
fn read_commitments(path: &str) -> Result<Vec<CompressedRistretto>, CliError> {
    let text = read_input(path)?;
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() {
            continue;
        }
        let bytes = hex::decode_32(line).map_err(|e| {
            CliError::Malformed(format!(
                "{path}: line {}: commitment: {e}",
                i.saturating_add(1)
            ))
        })?;
        out.push(CompressedRistretto(bytes));
    }
    Ok(out)
}

/// The circuit-size limit of `--max-multipliers N` (the default without it), for described
/// circuits and statement envelopes alike.
pub(crate) fn options(args: &Parsed) -> Result<VerifyCircuitOptions, CliError> {
    let mut options = VerifyCircuitOptions::default();
    if let Some(text) = args.value("--max-multipliers") {
        options = options.max_multipliers(parse_limit(text)?);
    }
    Ok(options)
}

/// Runs `bpkit verify --circuit CIRCUIT.json …`.
pub fn run(args: &Parsed, circuit_path: &str) -> Result<Status, CliError> {
    super::no_positionals(&args.positionals)?;
    let options = options(args)?;
    let proof_path = args.required("--proof")?;
    let label = args.required("--label")?;
    // The description is canonical JSON, which has no whitespace: a trailing newline left by
    // an editor is not part of it.
    let description = read_input(circuit_path)?;
    let description = description.trim_end();
    let proof_text = read_input(proof_path)?;
    let proof = hex::decode(proof_text.trim())
        .map_err(|e| CliError::Malformed(format!("{proof_path}: proof: {e}")))?;
    let commitments = match args.value("--commitments") {
        Some(path) => read_commitments(path)?,
        None => Vec::new(),
    };
    super::report_verdict(
        envelope::verify_circuit_with(description, &commitments, &proof, label, &options),
        envelope::Failure::is_invalid_proof,
        describe,
        circuit_path,
    )
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    #[test]
    fn help_states_the_limits() {
        let usage = super::super::verify::USAGE;
        let default = envelope::DEFAULT_MAX_MULTIPLIERS;
        assert!(usage.contains(&format!("default {default} =")));
        assert!(usage.contains(&format!("at most {}", bpkit::circuit::MAX_MULTIPLIERS)));
        assert_eq!(parse_limit("0").unwrap(), 0);
        assert_eq!(
            parse_limit("4194304").unwrap(),
            bpkit::circuit::MAX_MULTIPLIERS
        );
        assert!(parse_limit("4194305").is_err());
        assert!(parse_limit("065536").is_err());
    }
}
