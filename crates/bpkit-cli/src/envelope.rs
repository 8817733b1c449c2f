//! The proof envelope: one JSON object per proof, with what a verifier needs besides the proof.
//!
//! ```json
//! {"version": 1, "scheme": "bp", "bits": 64, "label": "<transcript label>",
//!  "commitments": ["<hex>", ...], "proof": "<hex>"}
//! ```
//!
//! An interval proof (`a ≤ v < b`) adds `"range": ["<a>", "<b>"]` (canonical decimal strings)
//! and lists the one commitment to `v` in `commitments`. `commitments` holds the `m` real
//! commitments, never the implied padding.
//!
//! Decoding is strict: unknown or duplicate fields, another version or scheme, bad hex, a
//! commitment that is not 32 bytes, 0 or more than 64 commitments, a bit size other than
//! 8, 16, 32 or 64, or an interval too wide for the bit size are refused. The proof bytes
//! themselves are decoded (canonically) by [`verify`], which reports the library's typed
//! errors. [`to_json`] writes an envelope on one line, so that envelopes can be concatenated
//! one per line.

use crate::decimal;
use crate::error::CliError;
use crate::hex;
use bpkit::group::CompressedRistretto;
use bpkit::{Interval, IntervalProof, RangeProof, RangeStatement, BIT_SIZES, MAX_PARTIES};
use merlin::Transcript;
use serde::{Deserialize, Deserializer, Serialize};
use std::sync::{Mutex, PoisonError};

/// The envelope format version this tool reads and writes.
pub const VERSION: u64 = 1;

/// The proof system of an envelope.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Scheme {
    /// Bulletproofs range proofs (wire format of the `bulletproofs` crate).
    Bp,
}

impl Scheme {
    /// The name used in the envelope.
    pub fn name(self) -> &'static str {
        match self {
            Scheme::Bp => "bp",
        }
    }

    fn from_name(name: &str) -> Option<Self> {
        match name {
            "bp" => Some(Scheme::Bp),
            _ => None,
        }
    }
}

/// A decoded envelope. The proof is kept as bytes; [`verify`] decodes it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Envelope {
    /// The proof system.
    pub scheme: Scheme,
    /// Bits per value `n`.
    pub bits: usize,
    /// The transcript label (`merlin::Transcript::new(label)`).
    pub label: String,
    /// The real commitments (`m` of them; one for an interval proof).
    pub commitments: Vec<CompressedRistretto>,
    /// For an interval proof, the interval `[a, b)`.
    pub range: Option<Interval>,
    /// The proof's encoding.
    pub proof: Vec<u8>,
}

/// The JSON form, field for field.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Wire {
    version: u64,
    scheme: String,
    bits: u64,
    label: String,
    commitments: Vec<String>,
    #[serde(
        default,
        deserialize_with = "present_range",
        skip_serializing_if = "Option::is_none"
    )]
    range: Option<[String; 2]>,
    proof: String,
}

/// `range` may be absent, but not `null`.
fn present_range<'de, D: Deserializer<'de>>(d: D) -> Result<Option<[String; 2]>, D::Error> {
    <[String; 2]>::deserialize(d).map(Some)
}

fn malformed(msg: impl std::fmt::Display) -> CliError {
    CliError::Malformed(format!("malformed proof envelope: {msg}"))
}

/// Parses an interval `[a, b)` given as canonical decimal strings.
pub fn parse_interval(a: &str, b: &str) -> Option<Interval> {
    let a = decimal::parse_u64(a)?;
    let b = decimal::parse_u128(b)?;
    Interval::new(a, b).ok()
}

/// Strictly decodes one envelope (see the module documentation). Exit code 3 on failure.
pub fn parse(text: &str) -> Result<Envelope, CliError> {
    let wire: Wire = serde_json::from_str(text).map_err(malformed)?;
    if wire.version != VERSION {
        return Err(malformed(format!(
            "version {} is not supported (this tool reads version {VERSION})",
            wire.version
        )));
    }
    let scheme = Scheme::from_name(&wire.scheme)
        .ok_or_else(|| malformed(format!("unknown scheme {:?}", wire.scheme)))?;
    let bits = usize::try_from(wire.bits)
        .ok()
        .filter(|b| BIT_SIZES.contains(b))
        .ok_or_else(|| malformed(format!("bits must be 8, 16, 32 or 64, not {}", wire.bits)))?;
    let m = wire.commitments.len();
    if m == 0 || m > MAX_PARTIES {
        return Err(malformed(format!(
            "{m} commitments: an envelope holds 1 to {MAX_PARTIES}"
        )));
    }
    let mut commitments = Vec::with_capacity(m);
    for (i, c) in wire.commitments.iter().enumerate() {
        let bytes = hex::decode_32(c).map_err(|e| malformed(format!("commitment {i}: {e}")))?;
        commitments.push(CompressedRistretto(bytes));
    }
    let range = match &wire.range {
        None => None,
        Some([a, b]) => {
            let interval = parse_interval(a, b).ok_or_else(|| {
                malformed(format!(
                    "range [{a:?}, {b:?}): need canonical decimals with a < b <= 2^64"
                ))
            })?;
            if m != 1 {
                return Err(malformed(format!(
                    "an interval proof has exactly one commitment, not {m}"
                )));
            }
            if interval.min_bits() > bits {
                return Err(malformed(format!(
                    "range [{a}, {b}) needs {}-bit proofs, the envelope says {bits}",
                    interval.min_bits()
                )));
            }
            Some(interval)
        }
    };
    let proof = hex::decode(&wire.proof).map_err(|e| malformed(format!("proof: {e}")))?;
    Ok(Envelope {
        scheme,
        bits,
        label: wire.label,
        commitments,
        range,
        proof,
    })
}

/// The envelope as one line of JSON, newline included.
pub fn to_json(envelope: &Envelope) -> Result<String, CliError> {
    let wire = Wire {
        version: VERSION,
        scheme: envelope.scheme.name().to_owned(),
        bits: u64::try_from(envelope.bits).unwrap_or(u64::MAX),
        label: envelope.label.clone(),
        commitments: envelope
            .commitments
            .iter()
            .map(|c| hex::encode(c.as_bytes()))
            .collect(),
        range: envelope
            .range
            .map(|r| [r.lower().to_string(), r.upper().to_string()]),
        proof: hex::encode(&envelope.proof),
    };
    let mut text = serde_json::to_string(&wire)
        .map_err(|e| CliError::Malformed(format!("cannot encode the envelope: {e}")))?;
    text.push('\n');
    Ok(text)
}

/// Labels already handed to merlin, so that each distinct label is leaked once.
static LABELS: Mutex<Vec<&'static [u8]>> = Mutex::new(Vec::new());

/// `Transcript::new(label)` for a label known only at run time.
///
/// Wire compatibility with the `bulletproofs` crate requires the user's label to be the
/// transcript's own label, and merlin takes it as `&'static [u8]`. The label is therefore
/// leaked: the CLI is a short-lived process, and each distinct label is leaked only once (a
/// batch of envelopes with one label leaks one string).
pub fn transcript(label: &str) -> Transcript {
    let mut labels = LABELS.lock().unwrap_or_else(PoisonError::into_inner);
    let known = labels.iter().copied().find(|l| *l == label.as_bytes());
    let label: &'static [u8] = match known {
        Some(l) => l,
        None => {
            let leaked: &'static [u8] = Box::leak(label.as_bytes().to_vec().into_boxed_slice());
            labels.push(leaked);
            leaked
        }
    };
    Transcript::new(label)
}

fn single_commitment(envelope: &Envelope) -> Result<&CompressedRistretto, bpkit::Error> {
    match envelope.commitments.as_slice() {
        [c] => Ok(c),
        other => Err(bpkit::Error::InvalidAggregation(other.len())),
    }
}

/// Decodes the proof and verifies it against the envelope's statement.
///
/// `Ok(())` only for a valid proof. [`bpkit::Error::is_invalid_proof`] tells a false proof
/// (exit 1) from a malformed or non-canonical one (exit 3).
pub fn verify(envelope: &Envelope) -> Result<(), bpkit::Error> {
    let mut transcript = transcript(&envelope.label);
    match (envelope.scheme, &envelope.range) {
        (Scheme::Bp, None) => {
            let statement = RangeStatement::new(envelope.bits, envelope.commitments.clone())?;
            let proof = RangeProof::from_bytes(&envelope.proof)?;
            proof.verify(&mut transcript, &statement)
        }
        (Scheme::Bp, Some(interval)) => {
            let commitment = single_commitment(envelope)?;
            let proof = IntervalProof::from_bytes(&envelope.proof)?;
            proof.verify(&mut transcript, commitment, interval, envelope.bits)
        }
    }
}

#[cfg(test)]
mod tests {
    #![allow(
        clippy::unwrap_used,
        clippy::indexing_slicing,
        clippy::arithmetic_side_effects
    )]
    use super::*;
    use bpkit::Opening;
    use rand::rngs::StdRng;
    use rand::SeedableRng;

    fn sample(m: usize) -> Envelope {
        let mut rng = StdRng::seed_from_u64(5);
        let openings: Vec<_> = (0..m as u64)
            .map(|v| Opening::random(v * 1000, &mut rng))
            .collect();
        let (proof, statement) =
            RangeProof::prove(&mut transcript("unit"), &openings, 16, &mut rng).unwrap();
        Envelope {
            scheme: Scheme::Bp,
            bits: 16,
            label: "unit".into(),
            commitments: statement.commitments().to_vec(),
            range: None,
            proof: proof.to_bytes(),
        }
    }

    #[test]
    fn round_trip_and_verify() {
        let env = sample(3);
        let text = to_json(&env).unwrap();
        assert!(text.ends_with("}\n") && text.lines().count() == 1);
        let back = parse(&text).unwrap();
        assert_eq!(back, env);
        verify(&back).unwrap();
    }

    #[test]
    fn label_is_the_transcript_label() {
        let mut env = sample(1);
        env.label = "other".into();
        assert_eq!(verify(&env), Err(bpkit::Error::VerificationFailed));
    }

    fn edit(f: impl FnOnce(&mut serde_json::Value)) -> Result<Envelope, CliError> {
        let mut v: serde_json::Value = serde_json::from_str(&to_json(&sample(1)).unwrap()).unwrap();
        f(&mut v);
        parse(&v.to_string())
    }

    #[test]
    fn strict_fields() {
        use serde_json::json;
        assert!(edit(|_| {}).is_ok());
        type Edit = Box<dyn FnOnce(&mut serde_json::Value)>;
        let cases: Vec<Edit> = vec![
            Box::new(|v| v["extra"] = json!(1)),
            Box::new(|v| v["version"] = json!(2)),
            Box::new(|v| v["version"] = json!("1")),
            Box::new(|v| v["scheme"] = json!("bp+")),
            Box::new(|v| v["bits"] = json!(12)),
            Box::new(|v| v["bits"] = json!(-64)),
            Box::new(|v| v["commitments"] = json!([])),
            Box::new(|v| v["commitments"] = json!(vec!["00".repeat(32); 65])),
            Box::new(|v| v["commitments"] = json!(["00".repeat(31)])),
            Box::new(|v| v["commitments"] = json!([format!("{}zz", "00".repeat(31))])),
            Box::new(|v| v["proof"] = json!("0")),
            Box::new(|v| v["range"] = serde_json::Value::Null),
            Box::new(|v| v["range"] = json!(["5", "5"])),
            Box::new(|v| v["range"] = json!(["05", "9"])),
            Box::new(|v| v["range"] = json!([5, 9])),
            Box::new(|v| v["range"] = json!(["0", "18446744073709551617"])),
            Box::new(|v| v["range"] = json!(["0", "65537"])),
            Box::new(|v| {
                v.as_object_mut().unwrap().remove("label");
            }),
        ];
        for (i, f) in cases.into_iter().enumerate() {
            let e = edit(f).unwrap_err();
            assert!(matches!(e, CliError::Malformed(_)), "case {i}: {e}");
        }
    }

    #[test]
    fn duplicate_fields_and_trailing_garbage() {
        let text = to_json(&sample(1)).unwrap();
        assert!(parse(&format!("{text} ")).is_ok());
        assert!(parse(&format!("{text}x")).is_err());
        assert!(parse(&format!("{text}{text}")).is_err());
        let dup = text.replacen("{", "{\"bits\":16,", 1);
        assert!(parse(&dup).is_err());
    }

    #[test]
    fn transcript_labels_are_interned() {
        let before = LABELS.lock().unwrap().len();
        let _ = transcript("interned once");
        let _ = transcript("interned once");
        let after = LABELS.lock().unwrap().len();
        assert!(after > before);
        let count = LABELS
            .lock()
            .unwrap()
            .iter()
            .filter(|l| **l == b"interned once")
            .count();
        assert_eq!(count, 1);
    }
}
