//! Monero: `bpkit monero verify-tx FILE…` (parse raw Monero transactions and verify their
//! range proofs), `bpkit commit --scheme monero` and `bpkit prove --scheme monero-bp+ | monero-bp`.
//!
//! The opening file of `--scheme monero` (the mask is the blinding):
//!
//! ```json
//! {"scheme": "monero", "value": "<decimal>", "blinding": "<hex>", "commitment": "<32-byte hex>"}
//! ```

use super::opening_file::{self, OpeningWire};
use super::Status;
use crate::args::{Flag, Parsed};
use crate::error::{describe, CliError};
use crate::files::{print, read_input, wipe, write_public};
use bpkit::monero::Opening;
use bpkit::Scalar;
use bpkit_envelope::monero::TxVerdict;
use bpkit_envelope::{decimal, hex as hexcodec};
use std::io::Read;
use zeroize::Zeroizing;

/// The scheme name of Monero openings (`bpkit commit --scheme monero`).
pub const COMMIT_SCHEME: &str = "monero";
/// The scheme name of Monero Bulletproofs+ proofs (`bpkit prove --scheme monero-bp+`).
pub const PLUS_SCHEME: &str = "monero-bp+";
/// The scheme name of Monero's original Bulletproofs proofs (`bpkit prove --scheme monero-bp`).
pub const ORIGINAL_SCHEME: &str = "monero-bp";
/// Most outputs in one Monero range proof.
const MAX_OUTPUTS: usize = 16;

fn malformed(msg: impl std::fmt::Display) -> CliError {
    CliError::Malformed(format!("malformed monero opening: {msg}"))
}

/// `bpkit commit --scheme monero --value V [--out FILE]`: a random mask and the Ed25519
/// commitment `mask·G + amount·H`.
pub fn commit(value: u64, out: Option<&str>) -> Result<Status, CliError> {
    let mut rng = super::os_rng()?;
    let opening = Opening::random(value, &mut rng);
    let wire = OpeningWire {
        scheme: COMMIT_SCHEME.into(),
        value: value.to_string(),
        blinding: hexcodec::encode(opening.mask.as_bytes()),
        commitment: hexcodec::encode(&opening.commit()),
    };
    opening_file::write(wire, out, malformed)?;
    Ok(Status::Ok)
}

/// A monero opening file, its commitment checked against its value and mask.
fn parse_opening(text: &str) -> Result<Opening, CliError> {
    let wire: OpeningWire = serde_json::from_str(text).map_err(malformed)?;
    let OpeningWire {
        scheme,
        value,
        blinding,
        commitment,
    } = wire;
    let decoded = (|| {
        if scheme != COMMIT_SCHEME {
            return Err(malformed(format!(
                "scheme {scheme:?} is not {COMMIT_SCHEME:?}"
            )));
        }
        let value = decimal::parse_u64(&value)
            .ok_or_else(|| malformed("value must be a canonical decimal below 2^64"))?;
        let b = Zeroizing::new(
            hexcodec::decode_32(&blinding).map_err(|e| malformed(format!("blinding: {e}")))?,
        );
        let mask = Option::<Scalar>::from(Scalar::from_canonical_bytes(*b))
            .ok_or_else(|| malformed("blinding is not a canonical scalar"))?;
        let c =
            hexcodec::decode_32(&commitment).map_err(|e| malformed(format!("commitment: {e}")))?;
        let opening = Opening::new(value, mask);
        if opening.commit() != c {
            return Err(malformed(
                "the commitment does not match the value and blinding",
            ));
        }
        Ok(opening)
    })();
    wipe(value);
    wipe(blinding);
    decoded
}

/// `bpkit prove --scheme monero-bp+|monero-bp [--bits 64] --out PROOF.json OPENING.json...` (1 to
/// 16 openings from `bpkit commit --scheme monero`): Bulletproofs+ where `plus`, else the
/// original Bulletproofs.
pub fn prove(args: &Parsed, plus: bool) -> Result<Status, CliError> {
    let scheme = if plus { PLUS_SCHEME } else { ORIGINAL_SCHEME };
    for other in [
        "--label",
        "--range",
        "--generators",
        "--min",
        "--extra",
        "--message",
        "--nonce-file",
    ] {
        if args.value(other).is_some() {
            return Err(CliError::Usage(format!(
                "{other} is not an option of {scheme}"
            )));
        }
    }
    if let Some(bits) = args.value("--bits") {
        if bits != "64" {
            return Err(CliError::Usage(format!(
                "--bits {bits:?}: {scheme} proves 64-bit amounts only"
            )));
        }
    }
    let out = args.required("--out")?;
    let paths = &args.positionals;
    if paths.is_empty() {
        return Err(CliError::Usage("missing opening file(s)".into()));
    }
    if paths.len() > MAX_OUTPUTS {
        return Err(CliError::Usage(format!(
            "{} openings: a Monero range proof holds at most {MAX_OUTPUTS}",
            paths.len()
        )));
    }
    let mut openings = Vec::with_capacity(paths.len());
    for path in paths {
        let text = read_input(path)?;
        let opening = parse_opening(&text).map_err(|e| CliError::Malformed(format!("{path}: {e}")));
        wipe(text);
        openings.push(opening?);
    }
    let mut rng = super::os_rng()?;
    let env = bpkit_envelope::monero::prove_monero(&openings, plus, &mut rng)
        .map_err(|e| CliError::Malformed(describe(&e)))?;
    drop(openings);
    let mut json = bpkit_envelope::monero::monero_to_json(&env)
        .map_err(|e| CliError::Malformed(e.to_string()))?;
    json.push('\n');
    write_public(out, &json)?;
    Ok(Status::Ok)
}

/// Usage text.
pub const USAGE: &str = "\
Usage: bpkit monero verify-tx FILE...

Parses each FILE as a raw Monero transaction (binary, or hex text) and verifies its range proof
(Bulletproofs for RingCT types 3-5, Bulletproofs+ for type 6) against its output commitments.
Prints one line per transaction: the file, the transaction hash, the RingCT type, the number
of outputs, the proof kind and the verdict; a transaction without Bulletproofs (version 1,
coinbase, RingCT types 0-2) is reported as \"no Bulletproofs\" with its type.

Exit codes: 0 every proof valid (or none to check), 1 a proof is invalid, 3 a transaction is
malformed (3 wins over 1).

Options:
    -h, --help    print this help
";

/// Flags accepted.
pub const FLAGS: &[Flag] = &[];

/// Largest transaction file read (Monero's own limit is far below this).
const MAX_TX_FILE: u64 = 4 << 20;

/// The transaction bytes in `path`: binary as it is, or hex text (whitespace ignored).
fn read_tx(path: &str) -> Result<Vec<u8>, CliError> {
    let file =
        std::fs::File::open(path).map_err(|e| CliError::io(format!("cannot open {path}"), e))?;
    let mut bytes = Vec::new();
    file.take(MAX_TX_FILE.saturating_add(1))
        .read_to_end(&mut bytes)
        .map_err(|e| CliError::io(format!("cannot read {path}"), e))?;
    if u64::try_from(bytes.len()).map_or(true, |n| n > MAX_TX_FILE) {
        return Err(CliError::Malformed(format!("{path}: too large")));
    }
    let text: Vec<u8> = bytes
        .iter()
        .copied()
        .filter(|b| !b.is_ascii_whitespace())
        .collect();
    if !text.is_empty() && text.len().is_multiple_of(2) && text.iter().all(u8::is_ascii_hexdigit) {
        let mut out = Vec::with_capacity(text.len() / 2);
        for pair in text.chunks_exact(2) {
            let s = std::str::from_utf8(pair).unwrap_or("00");
            out.push(u8::from_str_radix(s, 16).unwrap_or(0));
        }
        return Ok(out);
    }
    Ok(bytes)
}

/// Runs the command.
pub fn run(args: &Parsed) -> Result<Status, CliError> {
    let Some((sub, files)) = args.positionals.split_first() else {
        return Err(CliError::Usage("missing subcommand (verify-tx)".into()));
    };
    if sub != "verify-tx" {
        return Err(CliError::Usage(format!("unknown subcommand {sub:?}")));
    }
    if files.is_empty() {
        return Err(CliError::Usage("missing FILE".into()));
    }
    let (mut invalid, mut malformed) = (false, false);
    for path in files {
        let bytes = read_tx(path)?;
        // The facade's report (the bindings' verify_tx): one line per transaction.
        match bpkit_envelope::monero::verify_tx(&bytes) {
            Ok(report) => {
                match report.verdict {
                    TxVerdict::Invalid(_) => invalid = true,
                    TxVerdict::Malformed(_) => malformed = true,
                    TxVerdict::Valid | TxVerdict::NoBulletproofs => {}
                }
                print(&format!("{path}: {}\n", report.summary()))?;
            }
            Err(e) => {
                malformed = true;
                print(&format!("{path}: malformed: {e}\n"))?;
            }
        }
    }
    if malformed {
        Err(CliError::Malformed("a transaction is malformed".into()))
    } else if invalid {
        Ok(Status::Invalid)
    } else {
        Ok(Status::Ok)
    }
}

/// `bpkit verify` of a `monero-bp+` / `monero-bp` envelope.
pub fn verify_envelope(path: &str, text: &str) -> Result<Status, CliError> {
    let env = bpkit_envelope::monero::parse_monero(text)
        .map_err(|e| CliError::Malformed(format!("{path}: {e}")))?;
    super::report_verdict(
        bpkit_envelope::monero::verify_monero(&env),
        bpkit::Error::is_invalid_proof,
        crate::error::describe,
        &format!("{path}: malformed proof"),
    )
}
