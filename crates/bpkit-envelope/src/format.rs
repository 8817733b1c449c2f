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
//! A Bulletproofs+ proof has `"scheme": "bp+"`, and may add `"generators": "tari"` (proven with
//! `tari_bulletproofs_plus`'s generators, [`PlusGens::tari`]; absent means bpkit's default
//! generators, [`PlusGens::bpkit`]) and `"minimums": ["<decimal>", ...]` (one minimum value per
//! commitment: `minⱼ ≤ vⱼ < minⱼ + 2ⁿ`; absent means all 0). The extension degree `k` is not a
//! field: it is the first byte of the proof, and the proof is verified with the `k` blinding
//! bases of its generator set.
//!
//! Decoding is strict: unknown or duplicate fields, another version or scheme, bad hex, a
//! commitment that is not 32 bytes, 0 or more than 64 commitments, a bit size other than
//! 8, 16, 32 or 64, or an interval too wide for the bit size are refused; so are `range` in a
//! `bp+` envelope, `generators` or `minimums` in a `bp` one, a generator set other than
//! `"tari"`, and minimums that are not canonical decimals below `2ⁿ`, one per commitment.
//! Defaults have one spelling, absence: `"generators": "bpkit"` and all-zero `minimums` are
//! refused as non-canonical. The proof bytes themselves are decoded (canonically) by
//! [`verify`](crate::verify()), which reports the library's typed errors. [`to_json`] writes an envelope on one
//! line, so that envelopes can be concatenated one per line.

use crate::decimal;
use crate::error::EnvelopeError;
use crate::hex;
use bpkit::group::CompressedRistretto;
use bpkit::plus::PlusGens;
use bpkit::{Interval, BIT_SIZES, MAX_PARTIES};
use serde::{Deserialize, Deserializer, Serialize};

/// The envelope format version this crate reads and writes.
pub const VERSION: u64 = 1;

/// The Pedersen generators of a Bulletproofs+ proof.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum GeneratorSet {
    /// bpkit's default generators ([`PlusGens::bpkit`]): the same `B`, `B̃` as the core's, so a
    /// commitment made by `bpkit commit` can be proven with either scheme.
    #[default]
    Bpkit,
    /// `tari_bulletproofs_plus`'s generators ([`PlusGens::tari`]).
    Tari,
}

impl GeneratorSet {
    /// The name used in the envelope and on the command line.
    pub fn name(self) -> &'static str {
        match self {
            GeneratorSet::Bpkit => "bpkit",
            GeneratorSet::Tari => "tari",
        }
    }

    /// The set with this name.
    pub fn from_name(name: &str) -> Option<Self> {
        match name {
            "bpkit" => Some(GeneratorSet::Bpkit),
            "tari" => Some(GeneratorSet::Tari),
            _ => None,
        }
    }

    /// The generators with `k` blinding bases.
    pub fn gens(self, k: usize) -> Result<PlusGens, bpkit::Error> {
        match self {
            GeneratorSet::Bpkit => PlusGens::bpkit(k),
            GeneratorSet::Tari => PlusGens::tari(k),
        }
    }
}

/// The proof system of an envelope, with what only that system's statements hold.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Scheme {
    /// Bulletproofs range proofs (wire format of the `bulletproofs` crate).
    Bp {
        /// For an interval proof, the interval `[a, b)`.
        range: Option<Interval>,
    },
    /// Bulletproofs+ range proofs (wire format of `tari_bulletproofs_plus`).
    Plus {
        /// The Pedersen generators.
        generators: GeneratorSet,
        /// One minimum value per commitment (all 0 when the envelope lists none).
        minimums: Vec<u64>,
    },
}

impl Scheme {
    /// The name used in the envelope.
    pub fn name(&self) -> &'static str {
        match self {
            Scheme::Bp { .. } => "bp",
            Scheme::Plus { .. } => "bp+",
        }
    }
}

/// A decoded envelope. The proof is kept as bytes; [`verify`](crate::verify()) decodes it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Envelope {
    /// The proof system and its scheme-specific statement fields.
    pub scheme: Scheme,
    /// Bits per value `n`.
    pub bits: usize,
    /// The transcript label (`merlin::Transcript::new(label)`).
    pub label: String,
    /// The real commitments (`m` of them; one for an interval proof).
    pub commitments: Vec<CompressedRistretto>,
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
    #[serde(
        default,
        deserialize_with = "present",
        skip_serializing_if = "Option::is_none"
    )]
    generators: Option<String>,
    commitments: Vec<String>,
    #[serde(
        default,
        deserialize_with = "present",
        skip_serializing_if = "Option::is_none"
    )]
    minimums: Option<Vec<String>>,
    #[serde(
        default,
        deserialize_with = "present",
        skip_serializing_if = "Option::is_none"
    )]
    range: Option<[String; 2]>,
    proof: String,
}

/// An optional field may be absent, but not `null`.
fn present<'de, D: Deserializer<'de>, T: Deserialize<'de>>(d: D) -> Result<Option<T>, D::Error> {
    T::deserialize(d).map(Some)
}

/// Parses an interval `[a, b)` given as canonical decimal strings.
pub fn parse_interval(a: &str, b: &str) -> Option<Interval> {
    let a = decimal::parse_u64(a)?;
    let b = decimal::parse_u128(b)?;
    Interval::new(a, b).ok()
}

/// Whether `min` fits `bits` bits (the library's rule for minimum value promises).
pub fn minimum_fits(min: u64, bits: usize) -> bool {
    u32::try_from(bits)
        .ok()
        .and_then(|b| min.checked_shr(b))
        .is_none_or(|high| high == 0)
}

/// Strictly decodes one envelope (see the module documentation).
pub fn parse(text: &str) -> Result<Envelope, EnvelopeError> {
    let wire: Wire = serde_json::from_str(text).map_err(|e| EnvelopeError::Json(e.to_string()))?;
    if wire.version != VERSION {
        return Err(EnvelopeError::Version(wire.version));
    }
    let bits = usize::try_from(wire.bits)
        .ok()
        .filter(|b| BIT_SIZES.contains(b))
        .ok_or(EnvelopeError::BitSize(wire.bits))?;
    let m = wire.commitments.len();
    if m == 0 || m > MAX_PARTIES {
        return Err(EnvelopeError::CommitmentCount(m));
    }
    let mut commitments = Vec::with_capacity(m);
    for (index, c) in wire.commitments.iter().enumerate() {
        let bytes =
            hex::decode_32(c).map_err(|error| EnvelopeError::Commitment { index, error })?;
        commitments.push(CompressedRistretto(bytes));
    }
    let scheme = match wire.scheme.as_str() {
        "bp" => {
            if wire.generators.is_some() || wire.minimums.is_some() {
                return Err(EnvelopeError::PlusFieldInBp);
            }
            Scheme::Bp {
                range: parse_range(wire.range.as_ref(), bits, m)?,
            }
        }
        "bp+" => {
            if wire.range.is_some() {
                return Err(EnvelopeError::RangeInPlus);
            }
            Scheme::Plus {
                generators: parse_generators(wire.generators.as_deref())?,
                minimums: parse_minimums(wire.minimums.as_deref(), bits, m)?,
            }
        }
        other => return Err(EnvelopeError::UnknownScheme(other.to_owned())),
    };
    let proof = hex::decode(&wire.proof).map_err(EnvelopeError::Proof)?;
    Ok(Envelope {
        scheme,
        bits,
        label: wire.label,
        commitments,
        proof,
    })
}

fn parse_range(
    range: Option<&[String; 2]>,
    bits: usize,
    m: usize,
) -> Result<Option<Interval>, EnvelopeError> {
    let Some([a, b]) = range else {
        return Ok(None);
    };
    let interval = parse_interval(a, b).ok_or_else(|| EnvelopeError::Range {
        a: a.clone(),
        b: b.clone(),
    })?;
    if m != 1 {
        return Err(EnvelopeError::IntervalCommitments(m));
    }
    if interval.min_bits() > bits {
        return Err(EnvelopeError::IntervalBits {
            a: interval.lower(),
            b: interval.upper(),
            needed: interval.min_bits(),
            bits,
        });
    }
    Ok(Some(interval))
}

fn parse_generators(name: Option<&str>) -> Result<GeneratorSet, EnvelopeError> {
    match name.map(|n| (n, GeneratorSet::from_name(n))) {
        None => Ok(GeneratorSet::Bpkit),
        Some((_, Some(GeneratorSet::Tari))) => Ok(GeneratorSet::Tari),
        Some((_, Some(GeneratorSet::Bpkit))) => Err(EnvelopeError::DefaultGenerators),
        Some((n, None)) => Err(EnvelopeError::UnknownGenerators(n.to_owned())),
    }
}

fn parse_minimums(
    list: Option<&[String]>,
    bits: usize,
    m: usize,
) -> Result<Vec<u64>, EnvelopeError> {
    let Some(list) = list else {
        return Ok(vec![0; m]);
    };
    if list.len() != m {
        return Err(EnvelopeError::MinimumCount {
            found: list.len(),
            commitments: m,
        });
    }
    let mut minimums = Vec::with_capacity(m);
    for (index, text) in list.iter().enumerate() {
        let min = decimal::parse_u64(text).ok_or_else(|| EnvelopeError::Minimum {
            index,
            text: text.clone(),
        })?;
        if !minimum_fits(min, bits) {
            return Err(EnvelopeError::MinimumTooLarge { index, min, bits });
        }
        minimums.push(min);
    }
    if minimums.iter().all(|&min| min == 0) {
        return Err(EnvelopeError::DefaultMinimums);
    }
    Ok(minimums)
}

/// The envelope as one line of JSON, newline included.
pub fn to_json(envelope: &Envelope) -> Result<String, EnvelopeError> {
    let (range, generators, minimums) = match &envelope.scheme {
        Scheme::Bp { range } => (
            range.map(|r| [r.lower().to_string(), r.upper().to_string()]),
            None,
            None,
        ),
        Scheme::Plus {
            generators,
            minimums,
        } => (
            None,
            (*generators != GeneratorSet::Bpkit).then(|| generators.name().to_owned()),
            minimums
                .iter()
                .any(|&min| min != 0)
                .then(|| minimums.iter().map(u64::to_string).collect()),
        ),
    };
    let wire = Wire {
        version: VERSION,
        scheme: envelope.scheme.name().to_owned(),
        bits: u64::try_from(envelope.bits).unwrap_or(u64::MAX),
        label: envelope.label.clone(),
        generators,
        commitments: envelope
            .commitments
            .iter()
            .map(|c| hex::encode(c.as_bytes()))
            .collect(),
        minimums,
        range,
        proof: hex::encode(&envelope.proof),
    };
    let mut text =
        serde_json::to_string(&wire).map_err(|e| EnvelopeError::Encode(e.to_string()))?;
    text.push('\n');
    Ok(text)
}
