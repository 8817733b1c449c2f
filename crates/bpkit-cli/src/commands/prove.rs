//! `bpkit prove`: a range proof (one or several values) or an interval proof.

use super::Status;
use crate::args::{Flag, Parsed};
use crate::decimal;
use crate::envelope::{self, Envelope, Scheme};
use crate::error::{describe, CliError};
use crate::files::{print, read_input, wipe, write_public};
use crate::opening_file;
use bpkit::{Error, Interval, IntervalProof, Opening, RangeProof, BIT_SIZES, MAX_PARTIES};

/// Usage text.
pub const USAGE: &str = "\
Usage: bpkit prove --bits N --label TEXT [--range A..B] --out PROOF.json OPENING.json...

Proves that the values of the openings (files written by `bpkit commit`) lie in [0, 2^N) and
writes the proof envelope to PROOF.json. One opening gives a single proof, 2 to 64 openings an
aggregated proof. With --range, proves A <= v < B for exactly one opening instead.

The label is the transcript label (merlin `Transcript::new(label)`); the verifier must use the
same one, and it is recorded in the envelope.

Options:
    --bits N         bits per value: 8, 16, 32 or 64
    --label TEXT     transcript label
    --range A..B     prove A <= v < B (0 <= A < B <= 18446744073709551616, B - 1 - A < 2^N)
    --out FILE       where to write the proof envelope
    -h, --help       print this help

Exit codes: 0 proof written; 2 bad command line (including a range the bit size cannot
cover); 3 malformed opening, or a value outside the range to prove; 4 I/O error.
";

/// Flags accepted.
pub const FLAGS: &[Flag] = &[
    Flag::value("--bits"),
    Flag::value("--label"),
    Flag::value("--range"),
    Flag::value("--out"),
];

/// Parses `--bits`.
pub fn parse_bits(text: &str) -> Result<usize, CliError> {
    decimal::parse_u64(text)
        .and_then(|b| usize::try_from(b).ok())
        .filter(|b| BIT_SIZES.contains(b))
        .ok_or_else(|| CliError::Usage(format!("--bits {text:?}: expected 8, 16, 32 or 64")))
}

/// Parses `--range A..B`.
fn parse_range(text: &str, bits: usize) -> Result<Interval, CliError> {
    let bad = || {
        CliError::Usage(format!(
            "--range {text:?}: expected A..B with decimal 0 <= A < B <= 18446744073709551616"
        ))
    };
    let (a, b) = text.split_once("..").ok_or_else(bad)?;
    let interval = envelope::parse_interval(a, b).ok_or_else(bad)?;
    if interval.min_bits() > bits {
        return Err(CliError::Usage(format!(
            "--range {text}: the interval is too wide for {bits}-bit proofs (needs --bits {} or more)",
            interval.min_bits()
        )));
    }
    Ok(interval)
}

fn read_opening(path: &str) -> Result<Opening, CliError> {
    let text = read_input(path)?;
    let parsed = opening_file::parse(&text);
    wipe(text);
    parsed
        .map(|file| file.opening)
        .map_err(|e| CliError::Malformed(format!("{path}: {e}")))
}

/// Runs the command.
pub fn run(args: &Parsed) -> Result<Status, CliError> {
    let bits = parse_bits(args.required("--bits")?)?;
    let label = args.required("--label")?;
    let out = args.required("--out")?;
    let range = args
        .value("--range")
        .map(|r| parse_range(r, bits))
        .transpose()?;
    let paths = &args.positionals;
    match (paths.len(), range.is_some()) {
        (0, _) => return Err(CliError::Usage("missing opening file(s)".into())),
        (1, true) => {}
        (_, true) => {
            return Err(CliError::Usage(
                "--range proves one value: give exactly one opening".into(),
            ))
        }
        (m, false) if m > MAX_PARTIES => {
            return Err(CliError::Usage(format!(
                "{m} openings: an aggregated proof holds at most {MAX_PARTIES}"
            )))
        }
        _ => {}
    }
    let openings = paths
        .iter()
        .map(|p| read_opening(p))
        .collect::<Result<Vec<_>, _>>()?;

    let mut rng = super::os_rng()?;
    let mut transcript = envelope::transcript(label);
    let refused = |e: Error| match e {
        Error::ValueOutOfRange { index } => {
            let path = paths.get(index).map_or("?", String::as_str);
            let value = openings.get(index).map_or(0, |o| o.value);
            let range = match &range {
                Some(r) => format!("[{}, {})", r.lower(), r.upper()),
                None => format!("[0, 2^{bits})"),
            };
            CliError::Malformed(format!(
                "{path}: the value {value} is outside {range}: refusing to prove it"
            ))
        }
        other => CliError::Malformed(format!("cannot prove: {}", describe(&other))),
    };
    let (proof, commitments) = match &range {
        None => {
            let (proof, statement) =
                RangeProof::prove(&mut transcript, &openings, bits, &mut rng).map_err(refused)?;
            (proof.to_bytes(), statement.commitments().to_vec())
        }
        Some(interval) => {
            let opening = openings
                .first()
                .ok_or_else(|| CliError::Usage("missing opening file".into()))?;
            let (proof, commitment) =
                IntervalProof::prove(&mut transcript, opening, interval, bits, &mut rng)
                    .map_err(refused)?;
            (proof.to_bytes(), vec![commitment])
        }
    };
    let envelope = Envelope {
        scheme: Scheme::Bp,
        bits,
        label: label.to_owned(),
        commitments,
        range,
        proof,
    };
    // Never write a proof that does not verify.
    envelope::verify(&envelope).map_err(|e| {
        CliError::Invalid(format!(
            "internal error: the new proof does not verify: {}",
            describe(&e)
        ))
    })?;
    write_public(out, &envelope::to_json(&envelope)?)?;
    let what = match &envelope.range {
        Some(r) => format!("{} <= v < {}", r.lower(), r.upper()),
        None => format!("{} value(s) in [0, 2^{bits})", envelope.commitments.len()),
    };
    print(&format!(
        "wrote {out}: {bits}-bit proof of {what}, {} bytes\n",
        envelope.proof.len()
    ))?;
    Ok(Status::Ok)
}
