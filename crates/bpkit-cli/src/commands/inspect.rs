//! `bpkit inspect`: describes a proof envelope or an opening file in plain words.

use super::Status;
use crate::args::{Flag, Parsed};
use crate::error::{describe, CliError};
use crate::files::{print, read_input, wipe};
use crate::opening_file;
use bpkit::group::CompressedRistretto;
use bpkit::plus::{PlusProof, PlusStatement, MAX_EXTENSION};
use bpkit::{RangeProof, RangeStatement};
use bpkit_envelope::hex;
use bpkit_envelope::{self as envelope, Envelope, Scheme};
use std::fmt::Write as _;

/// Usage text.
pub const USAGE: &str = "\
Usage: bpkit inspect FILE

Describes FILE, a proof envelope or an opening, in plain words: for a range proof, its scheme, bit
size n, number of values m, size, commitments, and whether every element decodes canonically
(for a Bulletproofs+ proof also its generators, extension degree k and minimums); for an
opening, its value and commitment and whether they match (the blinding is not shown); for a
circuit proof, its statement, public inputs, commitments and circuit size.
It does not verify proofs: use `bpkit verify`.

Exit codes: 0 described and well-formed; 3 malformed or non-canonical (described as far as
possible); 4 I/O error.

Options:
    -h, --help    print this help
";

/// Flags accepted.
pub const FLAGS: &[Flag] = &[];

/// Runs the command.
pub fn run(args: &Parsed) -> Result<Status, CliError> {
    let path = super::one_positional(&args.positionals, "the file to inspect")?;
    let text = read_input(path)?;
    let kind = {
        let value: serde_json::Value = serde_json::from_str(&text)
            .map_err(|e| CliError::Malformed(format!("{path}: not JSON: {e}")))?;
        match value.as_object() {
            Some(o) if o.contains_key("proof") => Kind::Envelope,
            Some(o) if o.contains_key("blinding") => Kind::Opening,
            _ => Kind::Unknown,
        }
    };
    let grin = bpkit_envelope::grin::is_grin(&text);
    let result = match kind {
        Kind::Envelope if grin => super::grin::inspect(path, &text),
        Kind::Opening if grin => super::grin::inspect_opening(path, &text),
        Kind::Envelope => inspect_envelope(path, &text),
        Kind::Opening => inspect_opening(path, &text),
        Kind::Unknown => Err(CliError::Malformed(format!(
            "{path}: neither a proof envelope (no \"proof\" field) nor an opening (no \"blinding\")"
        ))),
    };
    wipe(text);
    result
}

enum Kind {
    Envelope,
    Opening,
    Unknown,
}

fn point_status(c: &CompressedRistretto) -> &'static str {
    if c.decompress().is_some() {
        "valid point"
    } else {
        "NOT a valid point encoding"
    }
}

/// A circuit envelope: its statement, public inputs, commitments, circuit size and proof.
fn inspect_circuit(path: &str, text: &str) -> Result<Status, CliError> {
    use envelope::circuit::{self as circuit, Statement};
    let env = circuit::parse(text).map_err(|e| CliError::Malformed(format!("{path}: {e}")))?;
    let mut out = String::new();
    let commitments = env.statement.commitments();
    let padded = circuit::padded_multipliers(&env.statement).map_err(|e| {
        CliError::Malformed(format!(
            "{path}: cannot build the circuit: {}",
            describe(&e)
        ))
    })?;
    let described = (|| -> std::fmt::Result {
        writeln!(
            out,
            "{path}: circuit proof envelope, version {}",
            envelope::VERSION
        )?;
        writeln!(
            out,
            "  scheme:      circuit (Bulletproofs arithmetic-circuit proof)"
        )?;
        writeln!(out, "  statement:   {}", env.statement.name())?;
        match &env.statement {
            Statement::Sha256(s) => {
                writeln!(
                    out,
                    "  claim:       the prover knows a {}-byte message with this SHA-256",
                    s.message_len()
                )?;
                writeln!(out, "  digest:      {}", hex::encode(s.digest()))?;
            }
            Statement::Merkle(m) => {
                writeln!(
                    out,
                    "  claim:       the committed value is a leaf of the Poseidon Merkle tree"
                )?;
                writeln!(out, "  root:        {}", hex::encode(m.root().as_bytes()))?;
                writeln!(out, "  depth:       {}", m.depth())?;
            }
            Statement::Shuffle(s) => {
                writeln!(
                    out,
                    "  claim:       the {} outputs are a permutation of the {} inputs",
                    s.outputs().len(),
                    s.inputs().len()
                )?;
            }
        }
        writeln!(out, "  label:       {:?}", env.label)?;
        writeln!(out, "  multipliers: {padded} (padded)")?;
        writeln!(out, "  proof:       {} bytes", env.proof.len())?;
        for (i, c) in commitments.iter().enumerate() {
            writeln!(
                out,
                "  commitment {i}: {} ({})",
                hex::encode(c.as_bytes()),
                point_status(c)
            )?;
        }
        Ok(())
    })();
    described.map_err(|_| fmt_error())?;
    print(&out)?;
    if let Err(e) = bpkit::circuit::CircuitProof::from_bytes(&env.proof) {
        return Err(CliError::Malformed(format!(
            "{path}: the proof does not decode: {}",
            describe(&e)
        )));
    }
    if let Some(i) = commitments.iter().position(|c| c.decompress().is_none()) {
        return Err(CliError::Malformed(format!(
            "{path}: commitment {i} is not a valid point encoding"
        )));
    }
    Ok(Status::Ok)
}

fn inspect_envelope(path: &str, text: &str) -> Result<Status, CliError> {
    if envelope::circuit::is_circuit(text) {
        return inspect_circuit(path, text);
    }
    let env = envelope::parse(text).map_err(|e| CliError::Malformed(format!("{path}: {e}")))?;
    let mut out = String::new();
    describe_envelope(&mut out, path, &env).map_err(|_| fmt_error())?;
    print(&out)?;
    let proof = decode(&env).map(|_| ());
    let bad_commitment = env
        .commitments
        .iter()
        .position(|c| c.decompress().is_none());
    match (proof, bad_commitment) {
        (Ok(_), None) => Ok(Status::Ok),
        (Err(e), _) => Err(CliError::Malformed(format!(
            "{path}: the proof does not decode: {}",
            describe(&e)
        ))),
        (Ok(_), Some(i)) => Err(CliError::Malformed(format!(
            "{path}: commitment {i} is not a valid point encoding"
        ))),
    }
}

fn fmt_error() -> CliError {
    CliError::Malformed("cannot format the description".into())
}

/// Decodes the proof of the envelope's scheme; `Ok` holds the number of bits it covers.
fn decode(env: &Envelope) -> Result<usize, bpkit::Error> {
    match env.scheme {
        Scheme::Bp { .. } => RangeProof::from_bytes(&env.proof).map(|p| p.total_bits()),
        Scheme::Plus { .. } => PlusProof::from_bytes(&env.proof).map(|p| p.total_bits()),
    }
}

fn describe_envelope(out: &mut String, path: &str, env: &Envelope) -> std::fmt::Result {
    let m = env.commitments.len();
    let n = env.bits;
    writeln!(out, "{path}: proof envelope, version {}", envelope::VERSION)?;
    // The values the underlying range proof is over: two derived ones for an interval proof.
    let proven = match &env.scheme {
        Scheme::Bp { range } => {
            writeln!(
                out,
                "  scheme:      {} (Bulletproofs range proof)",
                env.scheme.name()
            )?;
            match range {
                Some(r) => {
                    writeln!(
                        out,
                        "  statement:   the committed value v satisfies {} <= v < {} \
                         (interval proof: a {n}-bit aggregated proof over 2 derived commitments)",
                        r.lower(),
                        r.upper()
                    )?;
                    2
                }
                None => {
                    writeln!(
                        out,
                        "  statement:   each of {m} committed value(s) lies in [0, 2^{n})"
                    )?;
                    m
                }
            }
        }
        Scheme::Plus {
            generators,
            minimums,
        } => {
            writeln!(
                out,
                "  scheme:      {} (Bulletproofs+ range proof)",
                env.scheme.name()
            )?;
            let which = match generators {
                envelope::GeneratorSet::Bpkit => {
                    "bpkit's default (PlusGens::bpkit: the same bases as `bpkit commit`)"
                }
                envelope::GeneratorSet::Tari => {
                    "tari (PlusGens::tari: tari_bulletproofs_plus's bases)"
                }
            };
            writeln!(out, "  generators:  {which}")?;
            if minimums.iter().all(|&min| min == 0) {
                writeln!(
                    out,
                    "  statement:   each of {m} committed value(s) lies in [0, 2^{n})"
                )?;
            } else {
                writeln!(
                    out,
                    "  statement:   each committed value v_j lies in [min_j, min_j + 2^{n})"
                )?;
            }
            // The extension degree is the proof's first byte.
            match env.proof.first() {
                Some(&k) if (1..=MAX_EXTENSION).contains(&usize::from(k)) => writeln!(
                    out,
                    "  extension:   k = {k} blinding base(s) per commitment (from the proof)"
                )?,
                Some(&k) => writeln!(
                    out,
                    "  extension:   the proof's first byte {k} is not a degree 1 to {MAX_EXTENSION}"
                )?,
                None => writeln!(out, "  extension:   unknown (empty proof)")?,
            }
            m
        }
    };
    writeln!(out, "  bits (n):    {n}")?;
    let padded = proven.checked_next_power_of_two().unwrap_or(proven);
    writeln!(
        out,
        "  values (m):  {proven}{}",
        if padded == proven {
            String::new()
        } else {
            format!(" (padded to {padded} with implied zero commitments)")
        }
    )?;
    writeln!(out, "  label:       {:?}", env.label)?;
    writeln!(out, "  commitments: {m}")?;
    for (i, c) in env.commitments.iter().enumerate() {
        writeln!(
            out,
            "    {i:>2}: {} ({})",
            hex::encode(c.as_bytes()),
            point_status(c)
        )?;
    }
    if let Scheme::Plus { minimums, .. } = &env.scheme {
        if minimums.iter().all(|&min| min == 0) {
            writeln!(out, "  minimums:    none (all 0)")?;
        } else {
            writeln!(out, "  minimums:    {m}")?;
            for (i, min) in minimums.iter().enumerate() {
                writeln!(out, "    {i:>2}: {min}")?;
            }
        }
    }
    let zeros = vec![CompressedRistretto::default(); proven];
    let (expected, shape) = match &env.scheme {
        Scheme::Bp { .. } => (
            RangeStatement::new(n, zeros)
                .map(|s| s.proof_size())
                .unwrap_or(0),
            format!("n = {n}, m = {proven}"),
        ),
        Scheme::Plus { .. } => {
            let k = env
                .proof
                .first()
                .map(|&k| usize::from(k))
                .filter(|k| (1..=MAX_EXTENSION).contains(k))
                .unwrap_or(1);
            (
                PlusStatement::new(n, zeros)
                    .map(|s| s.proof_size(k))
                    .unwrap_or(0),
                format!("n = {n}, m = {proven}, k = {k}"),
            )
        }
    };
    let size = env.proof.len();
    if size == expected {
        writeln!(out, "  proof:       {size} bytes (as expected for {shape})")?;
    } else {
        writeln!(
            out,
            "  proof:       {size} bytes, but {shape} needs {expected}: it cannot verify"
        )?;
    }
    match decode(env) {
        Ok(total_bits) => writeln!(
            out,
            "  decoding:    every point and scalar decodes canonically ({total_bits} bits in total)"
        )?,
        Err(e) => writeln!(out, "  decoding:    FAILS: {}", describe(&e))?,
    }
    writeln!(out, "  (not verified here: run `bpkit verify {path}`)")
}

fn inspect_opening(path: &str, text: &str) -> Result<Status, CliError> {
    let file =
        opening_file::parse(text).map_err(|e| CliError::Malformed(format!("{path}: {e}")))?;
    let mut out = String::new();
    let written = (|| -> std::fmt::Result {
        writeln!(out, "{path}: opening (secret: keep this file private)")?;
        writeln!(out, "  value:       {}", file.opening.value)?;
        writeln!(
            out,
            "  blinding:    present, a canonical scalar (not shown)"
        )?;
        writeln!(
            out,
            "  commitment:  {} ({})",
            hex::encode(file.commitment.as_bytes()),
            point_status(&file.commitment)
        )?;
        writeln!(
            out,
            "  check:       the commitment matches the value and blinding"
        )
    })();
    written.map_err(|_| fmt_error())?;
    print(&out)?;
    Ok(Status::Ok)
}
