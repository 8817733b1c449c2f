//! The range-proof test vectors: their format and their deterministic generator.
//!
//! Shared (through `#[path]`) by the `gen_vectors` example, which writes
//! `tests/vectors/range_proof.json`, and by the `vectors` test, which checks the frozen file and
//! that regenerating it gives the same bytes (so the file is also a known-answer test of the
//! prover). Each case draws from its own ChaCha20 generator seeded from its name, so adding a
//! case does not change the others.
#![allow(dead_code, clippy::indexing_slicing, clippy::arithmetic_side_effects)]

use bpkit::group::Scalar;
use bpkit::{Error, Interval, IntervalProof, Opening, RangeProof};
use merlin::Transcript;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha20Rng;
use serde::{Deserialize, Serialize};

/// Version of the vector file format.
pub const FORMAT_VERSION: u32 = 1;
/// The command that regenerates the file.
pub const GENERATOR: &str = "cargo run -p bpkit --example gen_vectors";
/// The vector file.
pub const FILE: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../tests/vectors/range_proof.json"
);
/// Bit sizes of the grid of valid proofs.
pub const GRID_BITS: [usize; 4] = [8, 16, 32, 64];
/// Numbers of values of the grid (plus n = 64, m = 64).
pub const GRID_VALUES: [usize; 5] = [1, 2, 3, 4, 8];
/// The transcript label of every case (except the wrong-label case).
pub const LABEL: &str = "bpkit test vectors v1";
const WRONG_LABEL: &str = "bpkit test vectors v1 (wrong label)";

const DESCRIPTION: &str = "\
Bulletproofs range proofs over Ristretto255 (wire format of the `bulletproofs` crate v5). \
Hex is lowercase; values and interval bounds are decimal strings. \
range_proofs: each opening's value lies in [0, 2^bits); commitments[j] = value_j*B + \
blinding_j*B_blinding with the `bulletproofs` Pedersen generators; the proof verifies with \
merlin Transcript::new(label) against the m real commitments (padding to a power of two is \
implied). interval_proofs: bpkit interval proofs that the committed value v satisfies \
range[0] <= v < range[1]. invalid: each case has one defect; decode the proof strictly, build \
the statement (bits, commitments, and range if present) and verify with Transcript::new(label): \
the first error must have the stable kind `error` (bpkit::Error::kind). Proofs depend on the \
prover's randomness: regenerating with the seeded generator gives this file byte for byte.";

/// The vector file.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Vectors {
    pub version: u32,
    pub description: String,
    pub generator: String,
    pub range_proofs: Vec<RangeCase>,
    pub interval_proofs: Vec<IntervalCase>,
    pub invalid: Vec<InvalidCase>,
}

/// A value and its blinding.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OpeningCase {
    pub value: String,
    pub blinding: String,
}

/// A valid (possibly aggregated) range proof.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RangeCase {
    pub name: String,
    pub label: String,
    pub bits: usize,
    pub openings: Vec<OpeningCase>,
    pub commitments: Vec<String>,
    pub proof: String,
}

/// A valid interval proof.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct IntervalCase {
    pub name: String,
    pub label: String,
    pub bits: usize,
    pub range: [String; 2],
    pub opening: OpeningCase,
    pub commitment: String,
    pub proof: String,
}

/// A proof that must fail with error kind `error`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct InvalidCase {
    pub name: String,
    pub description: String,
    pub label: String,
    pub bits: usize,
    pub commitments: Vec<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub range: Option<[String; 2]>,
    pub proof: String,
    pub error: String,
}

/// A generator seeded from the case's name (FNV-1a), independent of every other case.
pub fn rng_for(name: &str) -> ChaCha20Rng {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in name.bytes() {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    ChaCha20Rng::seed_from_u64(h)
}

fn opening_case(o: &Opening) -> OpeningCase {
    OpeningCase {
        value: o.value.to_string(),
        blinding: hex::encode(o.blinding.as_bytes()),
    }
}

fn max_value(bits: usize) -> u64 {
    if bits >= 64 {
        u64::MAX
    } else {
        (1u64 << bits) - 1
    }
}

/// Values for `m` openings below `2^bits`: the first two are the bounds `2^bits − 1` and `0`
/// (when there are two or more), the rest random.
fn openings(rng: &mut ChaCha20Rng, bits: usize, m: usize) -> Vec<Opening> {
    (0..m)
        .map(|j| {
            let random: u64 = rng.random();
            let value = match (m, j) {
                (1, _) => random & max_value(bits),
                (_, 0) => max_value(bits),
                (_, 1) => 0,
                _ => random & max_value(bits),
            };
            Opening::random(value, rng)
        })
        .collect()
}

fn range_case(bits: usize, m: usize) -> Result<(RangeCase, Vec<u8>), Error> {
    let name = format!("n{bits}-m{m}");
    let mut rng = rng_for(&name);
    let openings = openings(&mut rng, bits, m);
    let (proof, statement) = RangeProof::prove(
        &mut Transcript::new(LABEL.as_bytes()),
        &openings,
        bits,
        &mut rng,
    )?;
    let bytes = proof.to_bytes();
    let case = RangeCase {
        name,
        label: LABEL.into(),
        bits,
        openings: openings.iter().map(opening_case).collect(),
        commitments: statement
            .commitments()
            .iter()
            .map(|c| hex::encode(c.as_bytes()))
            .collect(),
        proof: hex::encode(&bytes),
    };
    Ok((case, bytes))
}

fn interval_case(
    name: &str,
    a: u64,
    b: u128,
    value: u64,
    bits: usize,
) -> Result<IntervalCase, Error> {
    let mut rng = rng_for(name);
    let opening = Opening::random(value, &mut rng);
    let interval = Interval::new(a, b)?;
    let (proof, commitment) = IntervalProof::prove(
        &mut Transcript::new(LABEL.as_bytes()),
        &opening,
        &interval,
        bits,
        &mut rng,
    )?;
    Ok(IntervalCase {
        name: name.into(),
        label: LABEL.into(),
        bits,
        range: [a.to_string(), b.to_string()],
        opening: opening_case(&opening),
        commitment: hex::encode(commitment.as_bytes()),
        proof: hex::encode(proof.to_bytes()),
    })
}

/// Element offsets in a proof (32 bytes each): A, S, T₁, T₂, t_x, t̃_x, μ, then L₀, R₀, ….
const A: usize = 0;
const T_1: usize = 2;
const T_X: usize = 4;
const E_BLINDING: usize = 6;
const L_0: usize = 7;

/// The proof with the 32-byte element number `index` replaced.
fn with_element(proof: &[u8], index: usize, element: [u8; 32]) -> Vec<u8> {
    let mut out = proof.to_vec();
    out[index * 32..(index + 1) * 32].copy_from_slice(&element);
    out
}

fn element(proof: &[u8], index: usize) -> [u8; 32] {
    let mut out = [0u8; 32];
    out.copy_from_slice(&proof[index * 32..(index + 1) * 32]);
    out
}

/// ℓ, the group order, little-endian.
const ELL: [u8; 32] = [
    0xed, 0xd3, 0xf5, 0x5c, 0x1a, 0x63, 0x12, 0x58, 0xd6, 0x9c, 0xf7, 0xa2, 0xde, 0xf9, 0xde, 0x14,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x10,
];

fn ell_plus(k: u8) -> [u8; 32] {
    let mut out = ELL;
    out[0] += k;
    out
}

/// Bytes that do not decode to a Ristretto point: `s = 1` is negative (odd).
const NOT_A_POINT: [u8; 32] = {
    let mut b = [0u8; 32];
    b[0] = 1;
    b
};

/// `2^255 − 1`: a non-canonical field element, so not a point encoding either.
const NON_CANONICAL_FIELD: [u8; 32] = {
    let mut b = [0xff; 32];
    b[31] = 0x7f;
    b
};

fn scalar_plus_one(bytes: [u8; 32]) -> [u8; 32] {
    let s = Option::<Scalar>::from(Scalar::from_canonical_bytes(bytes)).unwrap_or(Scalar::ZERO);
    (s + Scalar::ONE).to_bytes()
}

struct Base<'a> {
    case: &'a RangeCase,
    proof: &'a [u8],
}

impl Base<'_> {
    fn invalid(&self, name: &str, description: &str, proof: &[u8], error: &str) -> InvalidCase {
        InvalidCase {
            name: name.into(),
            description: description.into(),
            label: self.case.label.clone(),
            bits: self.case.bits,
            commitments: self.case.commitments.clone(),
            range: None,
            proof: hex::encode(proof),
            error: error.into(),
        }
    }
}

fn invalid_cases(
    base: &Base<'_>,
    other: &RangeCase,
    small: &Base<'_>,
    pair: &Base<'_>,
    interval: &IntervalCase,
) -> Vec<InvalidCase> {
    let p = base.proof;
    let mut cases = vec![
        base.invalid(
            "tampered-t_x",
            "t_x (a scalar) increased by one",
            &with_element(p, T_X, scalar_plus_one(element(p, T_X))),
            "verification-failed",
        ),
        base.invalid(
            "tampered-ipp-a",
            "the inner-product scalar a (second-to-last element) increased by one",
            &{
                let last = p.len() / 32 - 2;
                with_element(p, last, scalar_plus_one(element(p, last)))
            },
            "verification-failed",
        ),
        base.invalid(
            "tampered-A",
            "A replaced by the commitment (a valid point)",
            &with_element(
                p,
                A,
                element(
                    &hex::decode(&base.case.commitments[0]).unwrap_or_default(),
                    0,
                ),
            ),
            "verification-failed",
        ),
        base.invalid(
            "swapped-L0-R0",
            "L_0 and R_0 exchanged",
            &with_element(
                &with_element(p, L_0, element(p, L_0 + 1)),
                L_0 + 1,
                element(p, L_0),
            ),
            "verification-failed",
        ),
    ];

    let mut wrong_commitment = base.invalid(
        "wrong-commitment",
        "the commitment of another value",
        p,
        "verification-failed",
    );
    wrong_commitment.commitments = vec![other.commitments[0].clone()];
    cases.push(wrong_commitment);

    let mut wrong_label = base.invalid(
        "wrong-label",
        "verified with another transcript label",
        p,
        "verification-failed",
    );
    wrong_label.label = WRONG_LABEL.into();
    cases.push(wrong_label);

    let mut wrong_n = small.invalid(
        "wrong-n",
        "a 32-bit proof verified as a 64-bit proof (proof size does not match n*m')",
        small.proof,
        "size-mismatch",
    );
    wrong_n.bits = 64;
    cases.push(wrong_n);

    let mut wrong_m = pair.invalid(
        "wrong-m",
        "a proof of two values verified against only the first commitment",
        pair.proof,
        "size-mismatch",
    );
    wrong_m.commitments.truncate(1);
    cases.push(wrong_m);

    let mut bad_bits = base.invalid(
        "unsupported-n",
        "bits = 12 is not a supported bit size",
        p,
        "invalid-bit-size",
    );
    bad_bits.bits = 12;
    cases.push(bad_bits);

    let mut bad_commitment = base.invalid(
        "commitment-not-a-point",
        "the commitment bytes do not decode to a point",
        p,
        "invalid-commitment",
    );
    bad_commitment.commitments = vec![hex::encode(NOT_A_POINT)];
    cases.push(bad_commitment);

    cases.extend([
        base.invalid(
            "truncated",
            "the last byte removed",
            &p[..p.len() - 1],
            "wrong-length",
        ),
        base.invalid(
            "truncated-element",
            "the last 32-byte element removed",
            &p[..p.len() - 32],
            "wrong-length",
        ),
        base.invalid("empty", "no bytes at all", &[], "wrong-length"),
        base.invalid(
            "trailing-byte",
            "one zero byte appended",
            &[p, &[0]].concat(),
            "wrong-length",
        ),
        base.invalid(
            "too-large",
            "1120 bytes, above the largest proof (1056 bytes)",
            &[p, &vec![0u8; 1120 - p.len()]].concat(),
            "too-large",
        ),
        base.invalid(
            "non-canonical-t_x",
            "t_x set to the group order l",
            &with_element(p, T_X, ELL),
            "non-canonical-scalar",
        ),
        base.invalid(
            "non-canonical-e_blinding",
            "e_blinding set to l + 1",
            &with_element(p, E_BLINDING, ell_plus(1)),
            "non-canonical-scalar",
        ),
        base.invalid(
            "non-canonical-ipp-b",
            "the inner-product scalar b (last element) set to 2^256 - 1",
            &with_element(p, p.len() / 32 - 1, [0xff; 32]),
            "non-canonical-scalar",
        ),
        base.invalid(
            "invalid-point-A",
            "A set to bytes that do not decompress (s = 1 is negative)",
            &with_element(p, A, NOT_A_POINT),
            "invalid-point",
        ),
        base.invalid(
            "invalid-point-T_1",
            "T_1 set to 2^255 - 1 (not a canonical field element)",
            &with_element(p, T_1, NON_CANONICAL_FIELD),
            "invalid-point",
        ),
        base.invalid(
            "identity-A",
            "A replaced by 32 zero bytes (the identity)",
            &with_element(p, A, [0; 32]),
            "identity-point",
        ),
        base.invalid(
            "identity-L0",
            "L_0 replaced by 32 zero bytes (the identity)",
            &with_element(p, L_0, [0; 32]),
            "identity-point",
        ),
    ]);

    let interval_invalid = |name: &str, description: &str, range: [String; 2]| InvalidCase {
        name: name.into(),
        description: description.into(),
        label: interval.label.clone(),
        bits: interval.bits,
        commitments: vec![interval.commitment.clone()],
        range: Some(range),
        proof: interval.proof.clone(),
        error: "verification-failed".into(),
    };
    let [a, b] = &interval.range;
    cases.push(interval_invalid(
        "interval-other-upper-bound",
        "an interval proof checked against [a, b + 1)",
        [a.clone(), (b.parse::<u128>().unwrap_or(0) + 1).to_string()],
    ));
    cases.push(interval_invalid(
        "interval-other-lower-bound",
        "an interval proof checked against [a - 1, b)",
        [(a.parse::<u64>().unwrap_or(1) - 1).to_string(), b.clone()],
    ));
    let mut interval_commitment = interval_invalid(
        "interval-other-commitment",
        "an interval proof checked against the commitment of another value",
        interval.range.clone(),
    );
    interval_commitment.commitments = vec![other.commitments[0].clone()];
    cases.push(interval_commitment);
    cases
}

/// Every vector, deterministically.
pub fn generate() -> Result<Vectors, Error> {
    let mut range_proofs = Vec::new();
    let mut proofs = Vec::new();
    let grid = GRID_BITS
        .iter()
        .flat_map(|&n| GRID_VALUES.iter().map(move |&m| (n, m)))
        .chain([(64, 64)]);
    for (n, m) in grid {
        let (case, bytes) = range_case(n, m)?;
        range_proofs.push(case);
        proofs.push(bytes);
    }
    let find = |n: usize, m: usize| {
        range_proofs
            .iter()
            .zip(&proofs)
            .find(|(c, _)| c.bits == n && c.commitments.len() == m)
            .map(|(case, proof)| Base { case, proof })
            .ok_or(Error::InvalidAggregation(m))
    };

    const TWO_64: u128 = 1 << 64;
    let interval_proofs = vec![
        interval_case("interval-lower-bound", 10, 20, 10, 8)?,
        interval_case("interval-upper-bound", 10, 20, 19, 8)?,
        interval_case("interval-single-value", 5, 6, 5, 8)?,
        interval_case("interval-32-bit", 1_000, 1_000_000, 123_456, 32)?,
        interval_case("interval-top-of-u64", u64::MAX, TWO_64, u64::MAX, 8)?,
        interval_case("interval-full-u64", 0, TWO_64, u64::MAX, 64)?,
    ];

    let base = find(64, 1)?;
    let other = &find(8, 1)?.case.clone();
    let invalid = invalid_cases(
        &base,
        other,
        &find(32, 1)?,
        &find(64, 2)?,
        &interval_proofs[0],
    );

    Ok(Vectors {
        version: FORMAT_VERSION,
        description: DESCRIPTION.into(),
        generator: GENERATOR.into(),
        range_proofs,
        interval_proofs,
        invalid,
    })
}

/// The file's text: pretty JSON with a final newline.
pub fn to_json(vectors: &Vectors) -> Result<String, serde_json::Error> {
    let mut text = serde_json::to_string_pretty(vectors)?;
    text.push('\n');
    Ok(text)
}
