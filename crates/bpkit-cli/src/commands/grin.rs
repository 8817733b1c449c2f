//! `--scheme grin-bp`: Grin / Litecoin MWEB range proofs (secp256k1-zkp's format) for
//! `commit`, `prove`, `verify`, `batch-verify` and `inspect`, and the `rewind` command.
//!
//! The opening file of this scheme:
//!
//! ```json
//! {"scheme": "grin-bp", "value": "<decimal>", "blinding": "<hex>", "commitment": "<33-byte hex>"}
//! ```
//!
//! A nonce file (`--nonce-file`) holds one 32-byte hex string: the rewind nonce. Whoever has it
//! can rewind the proof to its value and message.

use super::opening_file::{self, OpeningWire};
use super::Status;
use crate::args::{Flag, Parsed};
use crate::error::{describe, CliError};
use crate::files::{print, read_input, wipe, write_public};
use bpkit::grin::{
    commit as grin_commit, prove as grin_prove, rewind as grin_rewind, Commitment33, GrinGens,
    GrinWitness, GRIN_BIT_SIZES, MESSAGE_SIZE,
};
use bpkit::group::secp256k1::encoding::read_scalar;
use bpkit::group::secp256k1::Scalar;
use bpkit_envelope::grin::{grin_statement, grin_to_json, parse_grin, verify_grin, GrinEnvelope};
use bpkit_envelope::{decimal, hex};
use rand::RngExt;
use zeroize::Zeroizing;

/// The scheme name on the command line.
pub const SCHEME: &str = "grin-bp";

fn gens() -> Result<&'static GrinGens, CliError> {
    GrinGens::shared().ok_or_else(|| CliError::Malformed("cannot derive the generators".into()))
}

fn malformed(msg: impl std::fmt::Display) -> CliError {
    CliError::Malformed(format!("malformed grin-bp opening: {msg}"))
}

/// A decoded grin-bp opening (value, blinding; the commitment checked).
struct Opening {
    value: u64,
    blinding: Zeroizing<[u8; 32]>,
    commitment: Commitment33,
}

fn random_scalar_bytes() -> Result<[u8; 32], CliError> {
    let mut rng = super::os_rng()?;
    loop {
        let b: [u8; 32] = rng.random();
        if scalar_of(&b).is_some() {
            return Ok(b);
        }
    }
}

fn scalar_of(bytes: &[u8; 32]) -> Option<Scalar> {
    read_scalar(bytes, 0)
        .ok()
        .filter(|s| !bool::from(s.is_zero()))
}

/// `bpkit commit --scheme grin-bp --value V [--out FILE]`.
pub fn commit(value: u64, out: Option<&str>) -> Result<Status, CliError> {
    let blinding = Zeroizing::new(random_scalar_bytes()?);
    let s = scalar_of(&blinding).ok_or_else(|| malformed("blinding"))?;
    let c = grin_commit(gens()?, value, &s).map_err(|e| CliError::Malformed(describe(&e)))?;
    let wire = OpeningWire {
        scheme: SCHEME.into(),
        value: value.to_string(),
        blinding: hex::encode(&blinding[..]),
        commitment: hex::encode(&c.to_bytes()),
    };
    opening_file::write(wire, out, malformed)?;
    Ok(Status::Ok)
}

fn parse_opening(text: &str) -> Result<Opening, CliError> {
    let wire: OpeningWire = serde_json::from_str(text).map_err(malformed)?;
    let OpeningWire {
        scheme,
        value,
        blinding,
        commitment,
    } = wire;
    let decoded = (|| {
        if scheme != SCHEME {
            return Err(malformed(format!("scheme {scheme:?} is not {SCHEME:?}")));
        }
        let value = decimal::parse_u64(&value)
            .ok_or_else(|| malformed("value must be a canonical decimal below 2^64"))?;
        let b = Zeroizing::new(
            hex::decode_32(&blinding).map_err(|e| malformed(format!("blinding: {e}")))?,
        );
        let s = scalar_of(&b)
            .ok_or_else(|| malformed("blinding is not a canonical non-zero scalar"))?;
        let cbytes = hex::decode(&commitment).map_err(|e| malformed(format!("commitment: {e}")))?;
        let c = Commitment33::from_bytes(&cbytes)
            .map_err(|e| malformed(format!("commitment: {}", describe(&e))))?;
        let expected = grin_commit(gens()?, value, &s).map_err(|e| malformed(describe(&e)))?;
        if expected != c {
            return Err(malformed(
                "the commitment does not match the value and blinding",
            ));
        }
        Ok(Opening {
            value,
            blinding: b,
            commitment: c,
        })
    })();
    wipe(value);
    wipe(blinding);
    decoded
}

/// Reads a nonce file: one 32-byte hex string (surrounding whitespace allowed).
fn read_nonce(path: &str) -> Result<Zeroizing<[u8; 32]>, CliError> {
    let text = read_input(path)?;
    let nonce =
        hex::decode_32(text.trim()).map_err(|e| CliError::Malformed(format!("{path}: nonce: {e}")));
    wipe(text);
    Ok(Zeroizing::new(nonce?))
}

fn parse_hex_flag(args: &Parsed, name: &str) -> Result<Option<Vec<u8>>, CliError> {
    args.value(name)
        .map(|t| hex::decode(t).map_err(|e| CliError::Usage(format!("{name}: {e}"))))
        .transpose()
}

/// `bpkit prove --scheme grin-bp [--bits N] [--extra HEX] [--message HEX] [--nonce-file F]
/// --out PROOF.json OPENING.json`.
pub fn prove(args: &Parsed) -> Result<Status, CliError> {
    for other in ["--label", "--range", "--generators", "--min"] {
        if args.value(other).is_some() {
            return Err(CliError::Usage(format!(
                "{other} is not an option of grin-bp"
            )));
        }
    }
    let bits = match args.value("--bits") {
        None => 64,
        Some(t) => decimal::parse_u64(t)
            .and_then(|b| usize::try_from(b).ok())
            .filter(|b| GRIN_BIT_SIZES.contains(b))
            .ok_or_else(|| {
                CliError::Usage(format!(
                    "--bits {t:?}: grin-bp takes 1, 2, 4, 8, 16, 32 or 64"
                ))
            })?,
    };
    let extra = parse_hex_flag(args, "--extra")?;
    let message = match parse_hex_flag(args, "--message")? {
        None => None,
        Some(m) if m.len() <= MESSAGE_SIZE => {
            let mut out = [0u8; MESSAGE_SIZE];
            if let Some(slot) = out.get_mut(..m.len()) {
                slot.copy_from_slice(&m);
            }
            Some(out)
        }
        Some(m) => {
            return Err(CliError::Usage(format!(
                "--message: {} bytes, at most {MESSAGE_SIZE}",
                m.len()
            )))
        }
    };
    let out = args.required("--out")?;
    let path = super::one_positional(&args.positionals, "the opening file")?;
    let text = read_input(path)?;
    let opening = parse_opening(&text).map_err(|e| CliError::Malformed(format!("{path}: {e}")));
    wipe(text);
    let opening = opening?;
    let rewind_nonce = match args.value("--nonce-file") {
        Some(f) => read_nonce(f)?,
        None => Zeroizing::new(random_scalar_bytes()?),
    };
    let witness = GrinWitness {
        value: opening.value,
        blinding: scalar_of(&opening.blinding).ok_or_else(|| malformed("blinding"))?,
        rewind_nonce: *rewind_nonce,
        private_nonce: Some(random_scalar_bytes()?),
        message,
    };
    let (commitment, proof) = grin_prove(gens()?, &witness, bits, extra.as_deref())
        .map_err(|e| CliError::Malformed(format!("{path}: {}", describe(&e))))?;
    debug_assert_eq!(commitment, opening.commitment);
    let env = GrinEnvelope {
        bits,
        commitment,
        extra,
        proof: proof.to_bytes(),
    };
    let mut json = grin_to_json(&env).map_err(|e| CliError::Malformed(e.to_string()))?;
    json.push('\n');
    write_public(out, &json)?;
    Ok(Status::Ok)
}

/// `bpkit verify` of a grin-bp envelope.
pub fn verify(path: &str, text: &str) -> Result<Status, CliError> {
    let env = parse_grin(text).map_err(|e| CliError::Malformed(format!("{path}: {e}")))?;
    super::report_verdict(
        verify_grin(&env),
        bpkit::Error::is_invalid_proof,
        describe,
        &format!("{path}: malformed proof"),
    )
}

/// `bpkit inspect` of a grin-bp opening.
pub fn inspect_opening(path: &str, text: &str) -> Result<Status, CliError> {
    let opening = parse_opening(text).map_err(|e| CliError::Malformed(format!("{path}: {e}")))?;
    print(&format!(
        "{path}: grin-bp opening (secret)\n  value: {}\n  commitment: {} (matches the value and blinding)\n",
        opening.value,
        hex::encode(&opening.commitment.to_bytes())
    ))?;
    Ok(Status::Ok)
}

/// `bpkit inspect` of a grin-bp envelope.
pub fn inspect(path: &str, text: &str) -> Result<Status, CliError> {
    let env = parse_grin(text).map_err(|e| CliError::Malformed(format!("{path}: {e}")))?;
    let decoded = grin_statement(&env);
    let mut out = format!(
        "{path}: grin-bp proof envelope (secp256k1-zkp / Grin / MWEB format)\n  bits: {}\n  commitment: {}\n  extra: {}\n  proof: {} bytes\n",
        env.bits,
        hex::encode(&env.commitment.to_bytes()),
        env.extra.as_ref().map_or("absent".to_owned(), |e| format!("{} bytes", e.len())),
        env.proof.len(),
    );
    match decoded {
        Ok(_) => out.push_str("  proof decodes canonically\n"),
        Err(e) => out.push_str(&format!("  proof does NOT decode: {}\n", describe(&e))),
    }
    print(&out)?;
    Ok(Status::Ok)
}

/// `bpkit rewind` usage.
pub const REWIND_USAGE: &str = "\
Usage: bpkit rewind --nonce-file F PROOF.json

Rewinds the grin-bp proof envelope PROOF.json with the rewind nonce in F (one 32-byte hex
string, as given to `bpkit prove --scheme grin-bp --nonce-file F`): prints the value, the
20-byte message (hex) and, when the proof's private nonce was the rewind nonce, the blinding,
checked to open the commitment with the value. The blinding is secret. Rewinding does not
verify the proof: run `bpkit verify` as well.

Options:
    --nonce-file F   the rewind nonce
    -h, --help       print this help

Exit codes: 0 rewound; 1 the nonce (or the extra data) is not the prover's; 2 bad command
line; 3 malformed envelope or nonce file; 4 I/O error.
";

/// Flags of `rewind`.
pub const REWIND_FLAGS: &[Flag] = &[Flag::value("--nonce-file")];

/// `bpkit rewind --nonce-file F PROOF.json`.
pub fn rewind(args: &Parsed) -> Result<Status, CliError> {
    let path = super::one_positional(&args.positionals, "the proof file")?;
    let nonce = read_nonce(args.required("--nonce-file")?)?;
    let text = read_input(path)?;
    let env = parse_grin(&text).map_err(|e| CliError::Malformed(format!("{path}: {e}")))?;
    let (st, proof) = grin_statement(&env)
        .map_err(|e| CliError::Malformed(format!("{path}: {}", describe(&e))))?;
    match grin_rewind(gens()?, &st.commitment, st.extra.as_deref(), &proof, &nonce) {
        Ok(r) => {
            let mut out = format!("value: {}\nmessage: {}\n", r.value, hex::encode(&r.message));
            match &r.blinding {
                Some(b) => out.push_str(&format!(
                    "blinding: {} (opens the commitment)\n",
                    hex::encode(&b.to_bytes())
                )),
                None => out.push_str("blinding: not recoverable (another private nonce)\n"),
            }
            let printed = print(&out);
            wipe(out);
            printed?;
            Ok(Status::Ok)
        }
        Err(e) => {
            print(&format!("cannot rewind: {}\n", describe(&e)))?;
            Ok(Status::Invalid)
        }
    }
}
