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
//! [`verify`], which reports the library's typed errors. [`to_json`] writes an envelope on one
//! line, so that envelopes can be concatenated one per line.

use crate::decimal;
use crate::error::CliError;
use crate::hex;
use bpkit::group::CompressedRistretto;
use bpkit::plus::{PlusGens, PlusProof, PlusStatement};
use bpkit::{Interval, IntervalProof, RangeProof, RangeStatement, BIT_SIZES, MAX_PARTIES};
use merlin::Transcript;
use serde::{Deserialize, Deserializer, Serialize};
use std::sync::{Mutex, PoisonError};

/// The envelope format version this tool reads and writes.
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

/// A decoded envelope. The proof is kept as bytes; [`verify`] decodes it.
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

fn malformed(msg: impl std::fmt::Display) -> CliError {
    CliError::Malformed(format!("malformed proof envelope: {msg}"))
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

/// Strictly decodes one envelope (see the module documentation). Exit code 3 on failure.
pub fn parse(text: &str) -> Result<Envelope, CliError> {
    let wire: Wire = serde_json::from_str(text).map_err(malformed)?;
    if wire.version != VERSION {
        return Err(malformed(format!(
            "version {} is not supported (this tool reads version {VERSION})",
            wire.version
        )));
    }
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
    let scheme = match wire.scheme.as_str() {
        "bp" => {
            if wire.generators.is_some() || wire.minimums.is_some() {
                return Err(malformed(
                    "\"generators\" and \"minimums\" belong to \"bp+\" envelopes, not \"bp\"",
                ));
            }
            Scheme::Bp {
                range: parse_range(wire.range.as_ref(), bits, m)?,
            }
        }
        "bp+" => {
            if wire.range.is_some() {
                return Err(malformed(
                    "\"range\" (interval proofs) belongs to \"bp\" envelopes, not \"bp+\"",
                ));
            }
            Scheme::Plus {
                generators: parse_generators(wire.generators.as_deref())?,
                minimums: parse_minimums(wire.minimums.as_deref(), bits, m)?,
            }
        }
        other => return Err(malformed(format!("unknown scheme {other:?}"))),
    };
    let proof = hex::decode(&wire.proof).map_err(|e| malformed(format!("proof: {e}")))?;
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
) -> Result<Option<Interval>, CliError> {
    let Some([a, b]) = range else {
        return Ok(None);
    };
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
    Ok(Some(interval))
}

fn parse_generators(name: Option<&str>) -> Result<GeneratorSet, CliError> {
    match name.map(|n| (n, GeneratorSet::from_name(n))) {
        None => Ok(GeneratorSet::Bpkit),
        Some((_, Some(GeneratorSet::Tari))) => Ok(GeneratorSet::Tari),
        Some((_, Some(GeneratorSet::Bpkit))) => Err(malformed(
            "generators \"bpkit\" is the default: it is written by leaving \"generators\" out",
        )),
        Some((n, None)) => Err(malformed(format!(
            "unknown generators {n:?} (the only value is \"tari\"; absent means bpkit's)"
        ))),
    }
}

fn parse_minimums(list: Option<&[String]>, bits: usize, m: usize) -> Result<Vec<u64>, CliError> {
    let Some(list) = list else {
        return Ok(vec![0; m]);
    };
    if list.len() != m {
        return Err(malformed(format!(
            "{} minimums for {m} commitments: list one per commitment",
            list.len()
        )));
    }
    let mut minimums = Vec::with_capacity(m);
    for (i, text) in list.iter().enumerate() {
        let min = decimal::parse_u64(text).ok_or_else(|| {
            malformed(format!(
                "minimum {i} ({text:?}) is not a canonical decimal below 2^64"
            ))
        })?;
        if !minimum_fits(min, bits) {
            return Err(malformed(format!(
                "minimum {i} ({min}) does not fit {bits} bits (invalid-minimum)"
            )));
        }
        minimums.push(min);
    }
    if minimums.iter().all(|&min| min == 0) {
        return Err(malformed(
            "all minimums are 0, which is the default: it is written by leaving \"minimums\" out",
        ));
    }
    Ok(minimums)
}

/// The envelope as one line of JSON, newline included.
pub fn to_json(envelope: &Envelope) -> Result<String, CliError> {
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

/// Bulletproofs+ generators built so far, one per generator set and extension degree: their
/// tables are built on first use, so a process verifying many proofs builds each once.
#[derive(Default)]
pub struct PlusGensCache {
    built: Vec<(GeneratorSet, usize, PlusGens)>,
}

impl PlusGensCache {
    /// The generators of `set` with `k` blinding bases.
    pub fn get(&mut self, set: GeneratorSet, k: usize) -> Result<&PlusGens, bpkit::Error> {
        let position = self.built.iter().position(|(s, d, _)| *s == set && *d == k);
        let index = match position {
            Some(i) => i,
            None => {
                self.built.push((set, k, set.gens(k)?));
                self.built.len().saturating_sub(1)
            }
        };
        self.built
            .get(index)
            .map(|(_, _, gens)| gens)
            .ok_or(bpkit::Error::InvalidExtensionDegree(k))
    }

    /// The generators of `set` with `k` blinding bases, if [`PlusGensCache::get`] built them.
    pub fn find(&self, set: GeneratorSet, k: usize) -> Option<&PlusGens> {
        self.built
            .iter()
            .find(|(s, d, _)| *s == set && *d == k)
            .map(|(_, _, gens)| gens)
    }
}

/// Decodes the proof and verifies it against the envelope's statement.
///
/// `Ok(())` only for a valid proof. [`bpkit::Error::is_invalid_proof`] tells a false proof
/// (exit 1) from a malformed or non-canonical one (exit 3).
pub fn verify(envelope: &Envelope) -> Result<(), bpkit::Error> {
    verify_with(envelope, &mut PlusGensCache::default())
}

/// [`verify`], taking Bulletproofs+ generators from (and adding them to) `cache`.
pub fn verify_with(envelope: &Envelope, cache: &mut PlusGensCache) -> Result<(), bpkit::Error> {
    let mut transcript = transcript(&envelope.label);
    match &envelope.scheme {
        Scheme::Bp { range: None } => {
            let statement = RangeStatement::new(envelope.bits, envelope.commitments.clone())?;
            let proof = RangeProof::from_bytes(&envelope.proof)?;
            proof.verify(&mut transcript, &statement)
        }
        Scheme::Bp {
            range: Some(interval),
        } => {
            let commitment = single_commitment(envelope)?;
            let proof = IntervalProof::from_bytes(&envelope.proof)?;
            proof.verify(&mut transcript, commitment, interval, envelope.bits)
        }
        Scheme::Plus {
            generators,
            minimums,
        } => {
            let statement = PlusStatement::with_minimums(
                envelope.bits,
                envelope.commitments.clone(),
                minimums.clone(),
            )?;
            let proof = PlusProof::from_bytes(&envelope.proof)?;
            let gens = cache.get(*generators, proof.extension_degree())?;
            proof.verify(&mut transcript, gens, &statement)
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
    use bpkit::plus::ExtendedOpening;
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
            scheme: Scheme::Bp { range: None },
            bits: 16,
            label: "unit".into(),
            commitments: statement.commitments().to_vec(),
            proof: proof.to_bytes(),
        }
    }

    fn sample_plus(m: usize, generators: GeneratorSet, min: u64) -> Envelope {
        let mut rng = StdRng::seed_from_u64(6);
        let openings: Vec<_> = (0..m as u64)
            .map(|v| ExtendedOpening::random(min + v * 1000, 1, &mut rng))
            .collect();
        let gens = generators.gens(1).unwrap();
        let statement =
            PlusStatement::commit(gens.pedersen(), 16, &openings, Some(vec![min; m])).unwrap();
        let proof = PlusProof::prove(
            &mut transcript("unit"),
            &gens,
            &statement,
            &openings,
            &mut rng,
        )
        .unwrap();
        Envelope {
            scheme: Scheme::Plus {
                generators,
                minimums: vec![min; m],
            },
            bits: 16,
            label: "unit".into(),
            commitments: statement.commitments().to_vec(),
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
    fn plus_round_trip_and_verify() {
        for (generators, min) in [
            (GeneratorSet::Bpkit, 0),
            (GeneratorSet::Tari, 0),
            (GeneratorSet::Bpkit, 40_000),
            (GeneratorSet::Tari, 7),
        ] {
            let env = sample_plus(3, generators, min);
            let text = to_json(&env).unwrap();
            assert!(text.ends_with("}\n") && text.lines().count() == 1);
            let v: serde_json::Value = serde_json::from_str(&text).unwrap();
            assert_eq!(v["scheme"], "bp+");
            assert_eq!(
                v.get("generators").is_some(),
                generators == GeneratorSet::Tari
            );
            assert_eq!(v.get("minimums").is_some(), min != 0);
            assert!(v.get("range").is_none());
            let back = parse(&text).unwrap();
            assert_eq!(back, env);
            verify(&back).unwrap();
            // Under the other generator set, or with another minimum, the proof is false.
            let flip = |g: &mut GeneratorSet| {
                *g = match g {
                    GeneratorSet::Bpkit => GeneratorSet::Tari,
                    GeneratorSet::Tari => GeneratorSet::Bpkit,
                }
            };
            let mut other_gens = back.clone();
            let mut other_min = back.clone();
            match (&mut other_gens.scheme, &mut other_min.scheme) {
                (Scheme::Plus { generators, .. }, Scheme::Plus { minimums, .. }) => {
                    flip(generators);
                    minimums[1] += 1;
                }
                _ => unreachable!(),
            }
            assert_eq!(verify(&other_gens), Err(bpkit::Error::VerificationFailed));
            assert_eq!(verify(&other_min), Err(bpkit::Error::VerificationFailed));
        }
    }

    #[test]
    fn minimum_fits_the_bit_size() {
        assert!(minimum_fits(255, 8));
        assert!(!minimum_fits(256, 8));
        assert!(minimum_fits(0, 8));
        assert!(minimum_fits(u64::MAX, 64));
        assert!(!minimum_fits(1 << 32, 32));
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
            Box::new(|v| v["scheme"] = json!("bp2")),
            Box::new(|v| v["scheme"] = json!("BP")),
            Box::new(|v| v["generators"] = json!("tari")),
            Box::new(|v| v["minimums"] = json!(["1"])),
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

    fn edit_plus(f: impl FnOnce(&mut serde_json::Value)) -> Result<Envelope, CliError> {
        let env = sample_plus(2, GeneratorSet::Tari, 5);
        let mut v: serde_json::Value = serde_json::from_str(&to_json(&env).unwrap()).unwrap();
        f(&mut v);
        parse(&v.to_string())
    }

    #[test]
    fn strict_plus_fields() {
        use serde_json::json;
        assert!(edit_plus(|_| {}).is_ok());
        assert!(edit_plus(|v| {
            v.as_object_mut().unwrap().remove("generators");
        })
        .is_ok());
        assert!(edit_plus(|v| {
            v.as_object_mut().unwrap().remove("minimums");
        })
        .is_ok());
        assert!(edit_plus(|v| v["minimums"] = json!(["0", "65535"])).is_ok());
        type Edit = Box<dyn FnOnce(&mut serde_json::Value)>;
        let cases: Vec<Edit> = vec![
            Box::new(|v| v["range"] = json!(["0", "5"])),
            Box::new(|v| v["generators"] = json!("bpkit")),
            Box::new(|v| v["generators"] = json!("Tari")),
            Box::new(|v| v["generators"] = json!("")),
            Box::new(|v| v["generators"] = json!(1)),
            Box::new(|v| v["generators"] = serde_json::Value::Null),
            Box::new(|v| v["minimums"] = serde_json::Value::Null),
            Box::new(|v| v["minimums"] = json!([])),
            Box::new(|v| v["minimums"] = json!(["5"])),
            Box::new(|v| v["minimums"] = json!(["5", "5", "5"])),
            Box::new(|v| v["minimums"] = json!(["0", "0"])),
            Box::new(|v| v["minimums"] = json!([5, 5])),
            Box::new(|v| v["minimums"] = json!(["05", "5"])),
            Box::new(|v| v["minimums"] = json!(["-5", "5"])),
            Box::new(|v| v["minimums"] = json!(["5", "65536"])),
            Box::new(|v| v["minimums"] = json!(["5", "18446744073709551616"])),
            Box::new(|v| v["minimums"] = json!("5")),
            Box::new(|v| v["extension_degree"] = json!(1)),
        ];
        for (i, f) in cases.into_iter().enumerate() {
            let e = edit_plus(f).unwrap_err();
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
