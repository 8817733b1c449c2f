//! `bpkit circuit`: the ready-made circuit statements (SHA-256 preimage, Merkle membership,
//! shuffle): list them, prove them. `verify`, `batch-verify` and `inspect` read their envelopes.

use super::Status;
use crate::args::{Flag, Parsed};
use crate::error::{describe, describe_failure, CliError};
use crate::files::{print, read_input, report_written, wipe, write_public, write_secret};
use crate::opening_file;
use bpkit::circuit::gadgets::sha256::MAX_MESSAGE_BYTES;
use bpkit::circuit::statements::MAX_SHUFFLE;
use bpkit::poseidon::MAX_DEPTH;
use bpkit::Error;
use bpkit_envelope::circuit::{self as circuit_envelope, CircuitEnvelope};
use bpkit_envelope::{decimal, statements, Failure};
use std::io::Read;
use zeroize::Zeroize;

/// Usage text.
pub const USAGE: &str = "\
Usage: bpkit circuit list
       bpkit circuit prove sha256 --message-file FILE --label TEXT --out PROOF.json
       bpkit circuit prove merkle --leaves-file FILE --index I --label TEXT --out PROOF.json
       bpkit circuit prove shuffle --inputs-file A --outputs-file B --label TEXT --out PROOF.json

Arithmetic-circuit proofs of bpkit's ready-made statements.

  list     the statements, their public inputs, commitments and sizes
  sha256   \"I know a message whose SHA-256 is d\": the envelope carries d (hex) and the
           message length (at most 1024 bytes), never the message
  merkle   \"the committed value is a leaf of the Poseidon Merkle tree with root r\": FILE holds
           one decimal value (below 2^64) per line; the tree has the smallest depth that holds
           them (at least 1, at most 32); leaf I (0-based) is committed with a fresh blinding. The
           envelope carries the root, the depth and the leaf's commitment; the opening of that
           commitment is written to PROOF.opening.json (mode 0600, never overwritten)
  shuffle  \"the committed outputs are a permutation of the committed inputs\": A and B hold one
           decimal value per line (as many in each, at most 4096); each value is committed with
           a fresh blinding; the openings are written to PROOF.openings.json (mode 0600)

The label is the transcript label, as for range proofs. The proof is verified before it is
written. `bpkit verify`, `batch-verify` and `inspect` accept these envelopes.

Options:
    --message-file FILE   the secret message (sha256)
    --leaves-file FILE    the tree's leaves (merkle)
    --index I             the leaf to prove (merkle)
    --inputs-file A       input values (shuffle)
    --outputs-file B      output values (shuffle)
    --label TEXT          transcript label
    --out PROOF.json      where to write the envelope (`-`: standard output; an existing file
                          is refused unless --force)
    --force               replace existing output files
    -h, --help            print this help

Exit codes: 0 proof written; 2 bad command line; 3 malformed input or a false statement (the
prover refuses: a value not at that index, outputs that are not a permutation); 4 I/O error.
";

/// Flags accepted.
pub const FLAGS: &[Flag] = &[
    Flag::value("--message-file"),
    Flag::value("--leaves-file"),
    Flag::value("--index"),
    Flag::value("--inputs-file"),
    Flag::value("--outputs-file"),
    Flag::value("--label"),
    Flag::value("--out"),
    Flag::switch("--force"),
];

const LIST: &str = "\
statement          public                      commitments          multipliers (padded)
sha256-preimage    digest, message_len (<=1024) none                 25,275 for 32 bytes (32,768), 26k per 64-byte block
merkle-membership  root, depth d <= 32         the leaf             234 + 239*d (4,058 at d = 16, 7,882 at d = 32)
shuffle            k <= 4096                   k inputs, k outputs  2(k - 1), second phase
";

/// Runs the command.
pub fn run(args: &Parsed) -> Result<Status, CliError> {
    match args.positionals.as_slice() {
        [list] if list == "list" => {
            print(LIST)?;
            Ok(Status::Ok)
        }
        [prove, which] if prove == "prove" => {
            let label = args.required("--label")?;
            let out = args.required("--out")?;
            let mut rng = super::os_rng()?;
            let envelope = match which.as_str() {
                "sha256" => prove_sha256(args, label, &mut rng)?,
                "merkle" => prove_merkle(args, label, out, &mut rng)?,
                "shuffle" => prove_shuffle(args, label, out, &mut rng)?,
                other => {
                    return Err(CliError::Usage(format!(
                        "unknown statement {other:?}: expected sha256, merkle or shuffle"
                    )))
                }
            };
            circuit_envelope::verify(&envelope).map_err(|e| {
                CliError::Invalid(format!(
                    "internal error: the new proof does not verify: {}",
                    describe_failure(&e)
                ))
            })?;
            write_public(out, &circuit_envelope::to_json(&envelope)?)?;
            report_written(
                out,
                &format!("wrote {out}: {} proof, {} bytes\n",
                envelope.statement.name(),
                envelope.proof.len()
            ))?;
            Ok(Status::Ok)
        }
        [] => Err(CliError::Usage("missing subcommand: list or prove".into())),
        [first, ..] => Err(CliError::Usage(format!(
            "unexpected arguments starting at {first:?}: expected `list` or `prove sha256|merkle|shuffle`"
        ))),
    }
}

fn refused(e: Error) -> CliError {
    match e {
        Error::Circuit(bpkit::circuit::CircuitError::Unsatisfied { .. }) => {
            CliError::Malformed("the statement is false: refusing to prove it".into())
        }
        other => CliError::Malformed(format!("cannot prove: {}", describe(&other))),
    }
}

/// A facade failure: the label's errors as the CLI reports envelope errors, the prover's
/// through `on_proof`.
fn failed(e: Failure, on_proof: impl FnOnce(Error) -> CliError) -> CliError {
    match e {
        Failure::Envelope(e) => e.into(),
        Failure::Proof(e) => on_proof(e),
    }
}

fn prove_sha256(
    args: &Parsed,
    label: &str,
    rng: &mut rand::rngs::StdRng,
) -> Result<CircuitEnvelope, CliError> {
    let path = args.required("--message-file")?;
    let file =
        std::fs::File::open(path).map_err(|e| CliError::io(format!("cannot open {path}"), e))?;
    let mut message = Vec::new();
    let limit = u64::try_from(MAX_MESSAGE_BYTES)
        .unwrap_or(u64::MAX)
        .saturating_add(1);
    file.take(limit)
        .read_to_end(&mut message)
        .map_err(|e| CliError::io(format!("cannot read {path}"), e))?;
    if message.len() > MAX_MESSAGE_BYTES {
        return Err(CliError::Malformed(format!(
            "{path}: longer than {MAX_MESSAGE_BYTES} bytes"
        )));
    }
    let proved = statements::sha256(&message, label, rng).map_err(|e| failed(e, refused));
    message.zeroize();
    proved
}

/// Decimal values, one per line (blank lines skipped).
fn read_values(path: &str) -> Result<Vec<u64>, CliError> {
    let text = read_input(path)?;
    let mut values = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() {
            continue;
        }
        let v = decimal::parse_u64(line).ok_or_else(|| {
            CliError::Malformed(format!(
                "{path}: line {}: {line:?} is not a decimal integer below 2^64",
                i.saturating_add(1)
            ))
        })?;
        values.push(v);
    }
    wipe(text);
    Ok(values)
}

/// `PROOF.json` → `PROOF.<suffix>`.
fn sibling(out: &str, suffix: &str) -> String {
    let stem = out.strip_suffix(".json").unwrap_or(out);
    format!("{stem}.{suffix}")
}

fn prove_merkle(
    args: &Parsed,
    label: &str,
    out: &str,
    rng: &mut rand::rngs::StdRng,
) -> Result<CircuitEnvelope, CliError> {
    let path = args.required("--leaves-file")?;
    let index_text = args.required("--index")?;
    let index = decimal::parse_u64(index_text).ok_or_else(|| {
        CliError::Usage(format!(
            "--index {index_text:?}: expected a decimal integer"
        ))
    })?;
    let values = read_values(path)?;
    if values.is_empty() {
        return Err(CliError::Malformed(format!("{path}: no leaves")));
    }
    let depth = statements::merkle_depth(values.len());
    if depth > MAX_DEPTH {
        return Err(CliError::Malformed(format!(
            "{path}: more than 2^32 leaves"
        )));
    }
    if usize::try_from(index).map_or(true, |i| i >= values.len()) {
        return Err(CliError::Usage(format!(
            "--index {index}: the file has {} leaves (0-based index)",
            values.len()
        )));
    }
    let (envelope, opening) =
        statements::merkle(&values, index, label, rng).map_err(|e| failed(e, refused))?;
    let opening_path = sibling(out, "opening.json");
    let json = opening_file::to_json(&opening)?;
    let written = write_secret(&opening_path, &json);
    wipe(json);
    written?;
    Ok(envelope)
}

fn prove_shuffle(
    args: &Parsed,
    label: &str,
    out: &str,
    rng: &mut rand::rngs::StdRng,
) -> Result<CircuitEnvelope, CliError> {
    let a = args.required("--inputs-file")?;
    let b = args.required("--outputs-file")?;
    let inputs = read_values(a)?;
    let outputs = read_values(b)?;
    if inputs.len() != outputs.len() || inputs.is_empty() || inputs.len() > MAX_SHUFFLE {
        return Err(CliError::Malformed(format!(
            "{a} has {} values and {b} {}: give the same number, 1 to {MAX_SHUFFLE}",
            inputs.len(),
            outputs.len()
        )));
    }
    let proved = statements::shuffle(&inputs, &outputs, label, rng).map_err(|e| {
        failed(e, |e| match e {
            Error::Circuit(bpkit::circuit::CircuitError::Unsatisfied { .. }) => {
                CliError::Malformed(format!(
                    "the values of {b} are not a permutation of those of {a}: refusing to prove it"
                ))
            }
            other => refused(other),
        })
    })?;
    let (input_openings, output_openings) = (&proved.inputs, &proved.outputs);
    let mut json = String::from("{\"inputs\": [");
    for (list, name) in [(input_openings, "inputs"), (output_openings, "outputs")] {
        if name == "outputs" {
            json.push_str("], \"outputs\": [");
        }
        for (i, o) in list.iter().enumerate() {
            if i > 0 {
                json.push_str(", ");
            }
            json.push_str(opening_file::to_json(o)?.trim_end());
        }
    }
    json.push_str("]}\n");
    let written = write_secret(&sibling(out, "openings.json"), &json);
    wipe(json);
    written?;
    Ok(proved.envelope)
}
