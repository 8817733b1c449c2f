//! `bpkit batch-verify`: proof envelopes, one per line, verified together.

use super::Status;
use crate::args::{Flag, Parsed};
use crate::error::{describe, describe_failure, CliError};
use crate::files::{print, read_lines, MAX_INPUT};
use bpkit::batch::{BatchOptions, BatchVerifier};
use bpkit::grin::{self, GrinGens, GrinProof, GrinStatement};
use bpkit::monero::{self, OriginalProof, PlusProof};
use bpkit_envelope::{self as envelope, batch, Claim, Failure};

/// Usage text.
pub const USAGE: &str = "\
Usage: bpkit batch-verify [--threads N] [--max-multipliers N] FILE.jsonl

Verifies the proof envelopes of FILE.jsonl, one per line, each as `bpkit verify` reads it
(blank lines are skipped; each line at most 1 MiB). Every proof (bp range and interval proofs,
bp+ proofs of either generator set, any sizes) is checked in one batch: one multiscalar
multiplication for all of them, with random weights, and the false ones found by bisection.
Circuit proofs of `bpkit circuit` form a batch of their own (one multiplication), and so do
grin-bp proofs (secp256k1), verified the same way, and Monero proofs (monero-bp+, monero-bp;
Ed25519: one multiplication per kind, weights hashed from every proof's whole bytes and
commitments).

Prints `valid: N proof(s)` and exits 0 if every proof holds. Otherwise prints
`invalid: line A` or `invalid: lines A, B, ...` (the 1-based line numbers of the false proofs),
then one line per false proof with the reason, and exits 1.

Every line is decoded before anything is verified: a malformed line (not an envelope, or a
proof that does not decode canonically) is named on standard error with exit code 3, as is a
commitment that is not a valid point, and a file without any envelope. So is a circuit
envelope whose statement's circuit has more multipliers than --max-multipliers allows
(circuit-too-large), found from its public parameters before any circuit is recorded or any
generator built.

Options:
    --threads N    threads for the batch's multiscalar multiplications: 1 (the default) to
                   256, or 0 for one per core
    --max-multipliers N
                   refuse circuit envelopes whose circuit has more than N multipliers (both
                   phases; default 65536 = 2^16, at most 4194304 = 2^22)
    -h, --help     print this help

Exit codes: 0 every proof valid; 1 some proof invalid; 2 bad command line; 3 malformed line or
empty file; 4 I/O error.
";

/// Flags accepted.
pub const FLAGS: &[Flag] = &[Flag::value("--threads"), Flag::value("--max-multipliers")];

/// Malformed lines listed in one error message; the rest are counted.
const MAX_LISTED: usize = 20;

/// `line 3` or `lines 3, 17`.
fn line_list(lines: &[usize]) -> String {
    let numbers: Vec<String> = lines.iter().map(usize::to_string).collect();
    match numbers.as_slice() {
        [one] => format!("line {one}"),
        _ => format!("lines {}", numbers.join(", ")),
    }
}

/// The error for malformed lines: each named with its reason, up to [`MAX_LISTED`].
fn malformed_lines(path: &str, problems: &[(usize, String)]) -> CliError {
    let lines: Vec<usize> = problems.iter().map(|(line, _)| *line).collect();
    let mut text = format!("{path}: malformed {}", line_list(&lines));
    for (line, why) in problems.iter().take(MAX_LISTED) {
        text.push_str(&format!("\n  line {line}: {why}"));
    }
    if let Some(more) = problems.len().checked_sub(MAX_LISTED).filter(|&n| n > 0) {
        text.push_str(&format!("\n  ... and {more} more"));
    }
    CliError::Malformed(text)
}

/// A decoded line.
enum Line {
    /// A Ristretto proof (range, interval, Bulletproofs+): joins the main batch.
    Claim(Box<Claim>),
    /// A Grin / MWEB proof (secp256k1): batched separately, in one multiplication of its own.
    Grin(Box<(GrinStatement, GrinProof)>),
    /// A circuit proof of a ready-made statement: proof, circuit, commitments, transcript.
    Circuit(Box<envelope::circuit::BatchParts>),
    /// A Monero proof (Ed25519): batched separately, one multiplication per proof kind.
    Monero(Box<MoneroLine>),
}

/// A decoded Monero envelope: the proof and the output commitments.
enum MoneroLine {
    /// Bulletproofs+ (`monero-bp+`).
    Plus(PlusProof, Vec<[u8; 32]>),
    /// Bulletproofs (`monero-bp`).
    Original(OriginalProof, Vec<[u8; 32]>),
}

/// Decodes one line; `Ok(None)` for a blank line, `Err` with the reason for a malformed one.
fn decode(
    bytes: &[u8],
    circuits: &mut envelope::circuit::CircuitCache,
) -> Result<Option<Line>, String> {
    let text = std::str::from_utf8(bytes).map_err(|_| "not UTF-8 text".to_owned())?;
    if text.trim().is_empty() {
        return Ok(None);
    }
    if envelope::grin::is_grin(text) {
        let env = envelope::grin::parse_grin(text).map_err(|e| e.to_string())?;
        let decoded = envelope::grin::grin_statement(&env)
            .map_err(|e| format!("malformed proof: {}", describe(&e)))?;
        return Ok(Some(Line::Grin(Box::new(decoded))));
    }
    if envelope::monero::is_monero(text) {
        let env = envelope::monero::parse_monero(text).map_err(|e| e.to_string())?;
        let bad = |e: monero::MoneroError| format!("malformed proof: {}", describe(&e.into()));
        let line = if env.plus {
            MoneroLine::Plus(
                PlusProof::from_bytes(&env.proof).map_err(bad)?,
                env.commitments,
            )
        } else {
            MoneroLine::Original(
                OriginalProof::from_bytes(&env.proof).map_err(bad)?,
                env.commitments,
            )
        };
        return Ok(Some(Line::Monero(Box::new(line))));
    }
    if envelope::circuit::is_circuit(text) {
        let circuit = envelope::circuit::parse(text).map_err(|e| e.to_string())?;
        let parts = envelope::circuit::batch_parts_cached(&circuit, circuits).map_err(|e| {
            match e {
                // Not the proof: the statement's circuit is above the limit.
                Failure::Envelope(_) => describe_failure(&e),
                _ => format!("malformed proof: {}", describe_failure(&e)),
            }
        })?;
        return Ok(Some(Line::Circuit(Box::new(parts))));
    }
    let envelope = envelope::parse(text).map_err(|e| e.to_string())?;
    Claim::from_envelope(&envelope)
        .map(|claim| Some(Line::Claim(Box::new(claim))))
        .map_err(|e| format!("malformed proof: {}", describe(&e)))
}

/// Runs the command.
pub fn run(args: &Parsed) -> Result<Status, CliError> {
    let path = super::one_positional(&args.positionals, "the file of proof envelopes")?;
    let threads = args
        .value("--threads")
        .map(crate::args::parse_threads)
        .transpose()?
        .unwrap_or(1);
    let limit = super::described::options(args)?;
    // An RNG for the batch weights, seeded before any work (a failing source is exit 4).
    let mut rng = super::os_rng()?;

    // 1. Decode every line; verify nothing unless every line is well-formed.
    let mut lines = Vec::new();
    let mut claims = Vec::new();
    let mut grin_lines = Vec::new();
    let mut grin_pairs = Vec::new();
    let mut circuit_lines = Vec::new();
    let mut circuit_parts = Vec::new();
    let mut monero_plus: Vec<(usize, PlusProof, Vec<[u8; 32]>)> = Vec::new();
    let mut monero_bp: Vec<(usize, OriginalProof, Vec<[u8; 32]>)> = Vec::new();
    let mut problems = Vec::new();
    // Each statement's circuit is recorded once for all envelopes with its public parameters,
    // if it is within the limit.
    let mut circuit_cache = envelope::circuit::CircuitCache::with_options(limit);
    for (line, bytes) in read_lines(path, MAX_INPUT)? {
        match decode(&bytes, &mut circuit_cache) {
            Ok(None) => {}
            Ok(Some(Line::Claim(claim))) => {
                lines.push(line);
                claims.push(*claim);
            }
            Ok(Some(Line::Grin(pair))) => {
                grin_lines.push(line);
                grin_pairs.push(*pair);
            }
            Ok(Some(Line::Circuit(parts))) => {
                circuit_lines.push(line);
                circuit_parts.push(*parts);
            }
            Ok(Some(Line::Monero(m))) => match *m {
                MoneroLine::Plus(p, c) => monero_plus.push((line, p, c)),
                MoneroLine::Original(p, c) => monero_bp.push((line, p, c)),
            },
            Err(why) => problems.push((line, why)),
        }
    }
    if !problems.is_empty() {
        return Err(malformed_lines(path, &problems));
    }
    let monero_count = monero_plus.len().saturating_add(monero_bp.len());
    if claims.is_empty() && grin_pairs.is_empty() && circuit_parts.is_empty() && monero_count == 0 {
        return Err(CliError::Malformed(format!(
            "{path}: no proof envelope (the file is empty or blank)"
        )));
    }

    // 2. Verify every proof in one batch: one multiscalar multiplication, random weights.
    let mut failures: Vec<(usize, Failure)> = Vec::new();
    if !claims.is_empty() {
        let report = batch::verify_claims(&claims, threads, &mut rng);
        failures.extend(
            report
                .failures
                .into_iter()
                .map(|(i, e)| (lines.get(i).copied().unwrap_or(0), e)),
        );
    }
    // Grin proofs (secp256k1): their own batch, one multiplication, failures by bisection.
    if !grin_pairs.is_empty() {
        let gens = GrinGens::shared().ok_or(CliError::Malformed(
            "cannot derive the grin-bp generators".into(),
        ))?;
        if let Err(failed) = grin::verify_batch(gens, &grin_pairs) {
            for index in failed {
                let line = grin_lines.get(index).copied().unwrap_or(0);
                let reason = grin_pairs
                    .get(index)
                    .and_then(|(st, pr)| grin::verify(gens, st, pr).err())
                    .unwrap_or(bpkit::Error::VerificationFailed);
                failures.push((line, Failure::from(reason)));
            }
        }
    }
    // Circuit proofs: their own batch, one multiplication, failures by bisection.
    if !circuit_parts.is_empty() {
        let mut circuits =
            BatchVerifier::new().with_options(BatchOptions::default().threads(threads));
        for (proof, circuit, commitments, transcript) in &circuit_parts {
            circuits.add_prepared_circuit_proof(proof, circuit, commitments, transcript.clone());
        }
        if let Err(e) = circuits.verify(&mut rng) {
            for (index, error) in e.failures() {
                let line = circuit_lines.get(*index).copied().unwrap_or(0);
                failures.push((line, Failure::from(*error)));
            }
        }
    }
    // Monero proofs (Ed25519): one multiplication per kind; on failure the false ones are
    // located by bisection and malformed ones reported with their error (variable-time: every
    // input is public).
    if !monero_plus.is_empty() {
        let items: Vec<(&PlusProof, &[[u8; 32]])> = monero_plus
            .iter()
            .map(|(_, p, c)| (p, c.as_slice()))
            .collect();
        if let Err(e) = monero::plus::verify_batch_located(&items) {
            for (index, error) in e.failures() {
                let line = monero_plus.get(*index).map_or(0, |(line, _, _)| *line);
                failures.push((line, Failure::from(bpkit::Error::from(*error))));
            }
        }
    }
    if !monero_bp.is_empty() {
        let items: Vec<(&OriginalProof, &[[u8; 32]])> = monero_bp
            .iter()
            .map(|(_, p, c)| (p, c.as_slice()))
            .collect();
        if let Err(e) = monero::original::verify_batch_located(&items) {
            for (index, error) in e.failures() {
                let line = monero_bp.get(*index).map_or(0, |(line, _, _)| *line);
                failures.push((line, Failure::from(bpkit::Error::from(*error))));
            }
        }
    }
    failures.sort_by_key(|(line, _)| *line);

    // 3. Report: undecodable commitments are malformed input; false proofs are invalid.
    let (invalid, malformed): (Vec<_>, Vec<_>) = failures
        .into_iter()
        .partition(|(_, e)| e.is_invalid_proof());
    if !malformed.is_empty() {
        let problems: Vec<(usize, String)> = malformed
            .iter()
            .map(|(line, e)| (*line, format!("malformed proof: {}", describe_failure(e))))
            .collect();
        return Err(malformed_lines(path, &problems));
    }
    if invalid.is_empty() {
        print(&format!(
            "valid: {} proof(s) (in one batch)\n",
            claims
                .len()
                .saturating_add(grin_pairs.len())
                .saturating_add(circuit_parts.len())
                .saturating_add(monero_count)
        ))?;
        return Ok(Status::Ok);
    }
    let numbers: Vec<usize> = invalid.iter().map(|(line, _)| *line).collect();
    let mut text = format!("invalid: {}\n", line_list(&numbers));
    for (line, e) in &invalid {
        text.push_str(&format!("  line {line}: {}\n", describe_failure(e)));
    }
    print(&text)?;
    Ok(Status::Invalid)
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    #[test]
    fn line_lists() {
        assert_eq!(line_list(&[3]), "line 3");
        assert_eq!(line_list(&[3, 17]), "lines 3, 17");
    }

    #[test]
    fn threads() {
        assert_eq!(crate::args::parse_threads("0").unwrap(), 0);
        assert_eq!(crate::args::parse_threads("256").unwrap(), 256);
        for bad in ["257", "-1", "01", "", "two", "18446744073709551616"] {
            assert!(
                matches!(crate::args::parse_threads(bad), Err(CliError::Usage(_))),
                "{bad}"
            );
        }
    }

    #[test]
    fn malformed_lines_are_capped() {
        let problems: Vec<(usize, String)> = (1..=25).map(|i| (i, "bad".to_owned())).collect();
        let text = malformed_lines("f", &problems).to_string();
        assert!(text.contains("line 20: bad"));
        assert!(!text.contains("line 21: bad"));
        assert!(text.contains("and 5 more"));
    }

    #[test]
    fn blank_lines_decode_to_nothing() {
        for blank in ["", "  ", "\r", "\t \r"] {
            assert!(decode(
                blank.as_bytes(),
                &mut envelope::circuit::CircuitCache::new()
            )
            .unwrap()
            .is_none());
        }
        assert!(decode(b"\xff", &mut envelope::circuit::CircuitCache::new()).is_err());
        assert!(decode(b"{}", &mut envelope::circuit::CircuitCache::new()).is_err());
    }
}
