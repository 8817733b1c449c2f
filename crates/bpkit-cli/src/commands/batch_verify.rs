//! `bpkit batch-verify`: proof envelopes, one per line, verified together.

use super::Status;
use crate::args::{Flag, Parsed};
use crate::error::{describe, CliError};
use crate::files::{print, read_lines, MAX_INPUT};
use bpkit::batch::{BatchOptions, BatchVerifier};
use bpkit::group::CompressedRistretto;
use bpkit::plus::{PlusProof, PlusStatement};
use bpkit::{Interval, IntervalProof, RangeProof, RangeStatement};
use bpkit_envelope::decimal;
use bpkit_envelope::{self as envelope, GeneratorSet, PlusGensCache, Scheme};

/// Usage text.
pub const USAGE: &str = "\
Usage: bpkit batch-verify [--threads N] FILE.jsonl

Verifies the proof envelopes of FILE.jsonl, one per line, each as `bpkit verify` reads it
(blank lines are skipped; each line at most 1 MiB). Every proof (bp range and interval proofs,
bp+ proofs of either generator set, circuit proofs of `bpkit circuit`, any sizes) is checked in
one batch: one multiscalar
multiplication for all of them, with random weights, and the false ones found by bisection.

Prints `valid: N proof(s)` and exits 0 if every proof holds. Otherwise prints
`invalid: line A` or `invalid: lines A, B, ...` (the 1-based line numbers of the false proofs),
then one line per false proof with the reason, and exits 1.

Every line is decoded before anything is verified: a malformed line (not an envelope, or a
proof that does not decode canonically) is named on standard error with exit code 3, as is a
commitment that is not a valid point, and a file without any envelope.

Options:
    --threads N    threads for the batch's multiscalar multiplications: 1 (the default) to
                   256, or 0 for one per core
    -h, --help     print this help

Exit codes: 0 every proof valid; 1 some proof invalid; 2 bad command line; 3 malformed line or
empty file; 4 I/O error.
";

/// Flags accepted.
pub const FLAGS: &[Flag] = &[Flag::value("--threads")];

/// Most threads `--threads` accepts (a local pool of that many is built).
const MAX_THREADS: usize = 256;

/// Malformed lines listed in one error message; the rest are counted.
const MAX_LISTED: usize = 20;

fn parse_threads(text: &str) -> Result<usize, CliError> {
    decimal::parse_u64(text)
        .and_then(|t| usize::try_from(t).ok())
        .filter(|t| *t <= MAX_THREADS)
        .ok_or_else(|| {
            CliError::Usage(format!(
                "--threads {text:?}: expected 0 (one per core) or 1 to {MAX_THREADS}"
            ))
        })
}

/// A decoded line. Proofs are boxed (about 1 KiB each).
enum Item {
    /// A range proof with its statement and label.
    Range(Box<RangeProof>, RangeStatement, String),
    /// An interval proof: the proof, its commitment, interval, bits and label.
    Interval(
        Box<IntervalProof>,
        CompressedRistretto,
        Interval,
        usize,
        String,
    ),
    /// A Bulletproofs+ proof with its statement, generator set and label.
    Plus(Box<PlusProof>, PlusStatement, GeneratorSet, String),
    /// A circuit proof of a ready-made statement: proof, circuit, commitments, transcript.
    Circuit(Box<envelope::circuit::BatchParts>),
    /// A well-formed proof whose statement cannot hold (reported as `verify` would).
    Rejected(bpkit::Error),
}

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

/// Decodes one line; `Ok(None)` for a blank line, `Err` with the reason for a malformed one.
fn decode(bytes: &[u8]) -> Result<Option<Item>, String> {
    let text = std::str::from_utf8(bytes).map_err(|_| "not UTF-8 text".to_owned())?;
    if text.trim().is_empty() {
        return Ok(None);
    }
    let proof_error = |e: bpkit::Error| format!("malformed proof: {}", describe(&e));
    if envelope::circuit::is_circuit(text) {
        let circuit = envelope::circuit::parse(text).map_err(|e| e.to_string())?;
        let parts = envelope::circuit::batch_parts(&circuit).map_err(proof_error)?;
        return Ok(Some(Item::Circuit(Box::new(parts))));
    }
    let envelope = envelope::parse(text).map_err(|e| e.to_string())?;
    let label = envelope.label;
    match envelope.scheme {
        Scheme::Bp { range: None } => {
            let statement =
                RangeStatement::new(envelope.bits, envelope.commitments).map_err(proof_error)?;
            let proof = RangeProof::from_bytes(&envelope.proof).map_err(proof_error)?;
            Ok(Some(Item::Range(Box::new(proof), statement, label)))
        }
        Scheme::Bp {
            range: Some(interval),
        } => {
            let proof = IntervalProof::from_bytes(&envelope.proof).map_err(proof_error)?;
            Ok(Some(match envelope.commitments.as_slice() {
                [commitment] => {
                    Item::Interval(Box::new(proof), *commitment, interval, envelope.bits, label)
                }
                other => Item::Rejected(bpkit::Error::InvalidAggregation(other.len())),
            }))
        }
        Scheme::Plus {
            generators,
            minimums,
        } => {
            let proof = PlusProof::from_bytes(&envelope.proof).map_err(proof_error)?;
            Ok(Some(
                match PlusStatement::with_minimums(envelope.bits, envelope.commitments, minimums) {
                    Ok(statement) => Item::Plus(Box::new(proof), statement, generators, label),
                    Err(e) => Item::Rejected(e),
                },
            ))
        }
    }
}

/// Runs the command.
pub fn run(args: &Parsed) -> Result<Status, CliError> {
    let path = super::one_positional(&args.positionals, "the file of proof envelopes")?;
    let threads = args
        .value("--threads")
        .map(parse_threads)
        .transpose()?
        .unwrap_or(1);
    // An RNG for the batch weights, seeded before any work (a failing source is exit 4).
    let mut rng = super::os_rng()?;

    // 1. Decode every line; verify nothing unless every line is well-formed.
    let mut items = Vec::new();
    let mut problems = Vec::new();
    for (line, bytes) in read_lines(path, MAX_INPUT)? {
        match decode(&bytes) {
            Ok(None) => {}
            Ok(Some(item)) => items.push((line, item)),
            Err(why) => problems.push((line, why)),
        }
    }
    if !problems.is_empty() {
        return Err(malformed_lines(path, &problems));
    }
    if items.is_empty() {
        return Err(CliError::Malformed(format!(
            "{path}: no proof envelope (the file is empty or blank)"
        )));
    }

    // 2. The Bulletproofs+ generators, each set and extension degree built once (with its
    //    tables) before the batch borrows them.
    let mut cache = PlusGensCache::default();
    for (_, item) in &items {
        if let Item::Plus(proof, _, set, _) = item {
            // The degree was checked by decoding; an error here shows up again below.
            let _ = cache.get(*set, proof.extension_degree());
        }
    }

    // 3. Verify every proof in one batch: one multiscalar multiplication, random weights.
    let mut failures: Vec<(usize, bpkit::Error)> = Vec::new();
    let mut batch = BatchVerifier::new().with_options(BatchOptions::default().threads(threads));
    let mut batch_lines = Vec::with_capacity(items.len());
    for (line, item) in &items {
        let added = match item {
            Item::Range(proof, statement, label) => {
                Ok(batch.add_range_proof(proof, statement, envelope::transcript(label)))
            }
            Item::Interval(proof, commitment, interval, bits, label) => batch.add_interval_proof(
                proof,
                commitment,
                interval,
                *bits,
                envelope::transcript(label),
            ),
            Item::Plus(proof, statement, set, label) => {
                let degree = proof.extension_degree();
                cache
                    .find(*set, degree)
                    .ok_or(bpkit::Error::InvalidExtensionDegree(degree))
                    .map(|gens| {
                        batch.add_plus_proof(proof, statement, gens, envelope::transcript(label))
                    })
            }
            Item::Circuit(parts) => {
                let (proof, circuit, commitments, transcript) = parts.as_ref();
                Ok(batch.add_circuit_proof(proof, circuit, commitments, transcript.clone()))
            }
            Item::Rejected(e) => Err(*e),
        };
        match added {
            Ok(_) => batch_lines.push(*line),
            Err(e) => failures.push((*line, e)),
        }
    }
    let batched = batch.len();
    if let Err(e) = batch.verify(&mut rng) {
        for (index, error) in e.failures() {
            let line = batch_lines.get(*index).copied().unwrap_or(0);
            failures.push((line, *error));
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
            .map(|(line, e)| (*line, format!("malformed proof: {}", describe(e))))
            .collect();
        return Err(malformed_lines(path, &problems));
    }
    if invalid.is_empty() {
        debug_assert_eq!(batched, items.len());
        print(&format!("valid: {batched} proof(s) (in one batch)\n"))?;
        return Ok(Status::Ok);
    }
    let lines: Vec<usize> = invalid.iter().map(|(line, _)| *line).collect();
    let mut text = format!("invalid: {}\n", line_list(&lines));
    for (line, e) in &invalid {
        text.push_str(&format!("  line {line}: {}\n", describe(e)));
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
        assert_eq!(parse_threads("0").unwrap(), 0);
        assert_eq!(parse_threads("256").unwrap(), 256);
        for bad in ["257", "-1", "01", "", "two", "18446744073709551616"] {
            assert!(
                matches!(parse_threads(bad), Err(CliError::Usage(_))),
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
            assert!(decode(blank.as_bytes()).unwrap().is_none());
        }
        assert!(decode(b"\xff").is_err());
        assert!(decode(b"{}").is_err());
    }
}
