//! `bpkit monero verify-tx FILE…`: parse raw Monero transactions and verify their range proofs.

use super::Status;
use crate::args::{Flag, Parsed};
use crate::error::CliError;
use crate::files::print;
use bpkit_envelope::monero::TxVerdict;
use std::io::Read;

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
