//! Circuit envelopes: proofs of bpkit's ready-made statements
//! ([`bpkit::circuit::statements`]).
//!
//! ```json
//! {"version": 1, "scheme": "circuit", "statement": "sha256-preimage",
//!  "public": {"digest": "<hex>", "message_len": 3}, "label": "<transcript label>",
//!  "commitments": [], "proof": "<hex>"}
//! ```
//!
//! | statement | `public` | `commitments` |
//! |---|---|---|
//! | `sha256-preimage` | `digest` (32 bytes, hex), `message_len` (bytes, ≤ 1024) | none |
//! | `merkle-membership` | `root` (32-byte scalar, hex), `depth` (0 … 32) | the leaf |
//! | `shuffle` | `k` (1 … 4096) | the k inputs, then the k outputs |
//!
//! Decoding is strict as for range-proof envelopes: unknown or duplicate fields, another version,
//! bad hex, non-canonical scalars, counts that do not match the statement are refused. The
//! transcript is `Transcript::new(label)`, to which the statement appends its domain separator
//! and public inputs (`docs/spec.md`, "Ready-made statements").

use crate::described::VerifyCircuitOptions;
use crate::error::{EnvelopeError, Failure};
use crate::format::VERSION;
use crate::hex;
use crate::transcript::transcript;
use bpkit::circuit::statements::{
    MerkleProof, MerkleStatement, Sha256Proof, Sha256Statement, ShuffleProof, ShuffleStatement,
};
use bpkit::circuit::{Circuit, PreparedCircuit};
use bpkit::group::{CompressedRistretto, Scalar};
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::sync::Arc;

/// The `scheme` of circuit envelopes.
pub const SCHEME: &str = "circuit";

/// A ready-made statement with its public inputs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Statement {
    /// `sha256-preimage`.
    Sha256(Sha256Statement),
    /// `merkle-membership`.
    Merkle(MerkleStatement),
    /// `shuffle`.
    Shuffle(ShuffleStatement),
}

impl Statement {
    /// The statement's name in the envelope.
    pub fn name(&self) -> &'static str {
        match self {
            Statement::Sha256(_) => "sha256-preimage",
            Statement::Merkle(_) => "merkle-membership",
            Statement::Shuffle(_) => "shuffle",
        }
    }

    /// The commitments the envelope lists.
    pub fn commitments(&self) -> Vec<CompressedRistretto> {
        match self {
            Statement::Sha256(_) => Vec::new(),
            Statement::Merkle(m) => vec![*m.leaf_commitment()],
            Statement::Shuffle(s) => s.inputs().iter().chain(s.outputs()).copied().collect(),
        }
    }

    /// The `public` object.
    fn public(&self) -> serde_json::Value {
        match self {
            Statement::Sha256(s) => serde_json::json!({
                "digest": hex::encode(s.digest()),
                "message_len": s.message_len(),
            }),
            Statement::Merkle(m) => serde_json::json!({
                "root": hex::encode(m.root().as_bytes()),
                "depth": m.depth(),
            }),
            Statement::Shuffle(s) => serde_json::json!({ "k": s.inputs().len() }),
        }
    }
}

/// A decoded circuit envelope. The proof is kept as bytes; [`verify`] decodes it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CircuitEnvelope {
    /// The statement and its public inputs (commitments included).
    pub statement: Statement,
    /// The transcript label.
    pub label: String,
    /// The proof's encoding.
    pub proof: Vec<u8>,
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Wire {
    version: u64,
    scheme: String,
    statement: String,
    public: serde_json::Value,
    label: String,
    commitments: Vec<String>,
    proof: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Sha256Public {
    digest: String,
    message_len: u64,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct MerklePublic {
    root: String,
    depth: u32,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ShufflePublic {
    k: u64,
}

fn bad(msg: impl Into<String>) -> EnvelopeError {
    EnvelopeError::Circuit(msg.into())
}

/// Whether `text` is a circuit envelope (its `scheme` is `"circuit"`); anything else is left to
/// [`crate::parse`].
pub fn is_circuit(text: &str) -> bool {
    #[derive(Deserialize)]
    struct Scheme {
        scheme: String,
    }
    serde_json::from_str::<serde_json::Value>(text)
        .ok()
        .and_then(|v| serde_json::from_value::<Scheme>(v).ok())
        .is_some_and(|s| s.scheme == SCHEME)
}

fn public<T: for<'de> Deserialize<'de>>(v: serde_json::Value) -> Result<T, EnvelopeError> {
    serde_json::from_value(v).map_err(|e| bad(format!("public inputs: {e}")))
}

/// Strictly decodes a circuit envelope.
pub fn parse(text: &str) -> Result<CircuitEnvelope, EnvelopeError> {
    let wire: Wire = serde_json::from_str(text).map_err(|e| EnvelopeError::Json(e.to_string()))?;
    if wire.version != VERSION {
        return Err(EnvelopeError::Version(wire.version));
    }
    if wire.scheme != SCHEME {
        return Err(EnvelopeError::UnknownScheme(wire.scheme));
    }
    let mut commitments = Vec::with_capacity(wire.commitments.len().min(8192));
    for (index, c) in wire.commitments.iter().enumerate() {
        let bytes =
            hex::decode_32(c).map_err(|error| EnvelopeError::Commitment { index, error })?;
        commitments.push(CompressedRistretto(bytes));
    }
    let statement = match wire.statement.as_str() {
        "sha256-preimage" => {
            let p: Sha256Public = public(wire.public)?;
            let digest = hex::decode_32(&p.digest).map_err(|e| bad(format!("digest: {e}")))?;
            if !commitments.is_empty() {
                return Err(EnvelopeError::CommitmentCount(commitments.len()));
            }
            let len = usize::try_from(p.message_len).map_err(|_| bad("message_len too large"))?;
            Statement::Sha256(Sha256Statement::new(digest, len).map_err(|e| bad(e.to_string()))?)
        }
        "merkle-membership" => {
            let p: MerklePublic = public(wire.public)?;
            let root = hex::decode_32(&p.root).map_err(|e| bad(format!("root: {e}")))?;
            let root = Option::<Scalar>::from(Scalar::from_canonical_bytes(root))
                .ok_or_else(|| bad("root: not a canonical scalar"))?;
            let [leaf] = commitments.as_slice() else {
                return Err(EnvelopeError::CommitmentCount(commitments.len()));
            };
            Statement::Merkle(
                MerkleStatement::new(root, p.depth, *leaf).map_err(|e| bad(e.to_string()))?,
            )
        }
        "shuffle" => {
            let p: ShufflePublic = public(wire.public)?;
            let k = usize::try_from(p.k).map_err(|_| bad("k too large"))?;
            if k.checked_mul(2) != Some(commitments.len()) {
                return Err(EnvelopeError::CommitmentCount(commitments.len()));
            }
            let outputs = commitments.split_off(k);
            Statement::Shuffle(
                ShuffleStatement::new(commitments, outputs).map_err(|e| bad(e.to_string()))?,
            )
        }
        other => return Err(bad(format!("unknown statement {other:?}"))),
    };
    let proof = hex::decode(&wire.proof).map_err(EnvelopeError::Proof)?;
    if proof.len() > bpkit::circuit::MAX_PROOF_SIZE {
        return Err(bad("proof too large"));
    }
    Ok(CircuitEnvelope {
        statement,
        label: wire.label,
        proof,
    })
}

/// The envelope as one line of JSON.
pub fn to_json(envelope: &CircuitEnvelope) -> Result<String, EnvelopeError> {
    let wire = Wire {
        version: VERSION,
        scheme: SCHEME.into(),
        statement: envelope.statement.name().into(),
        public: envelope.statement.public(),
        label: envelope.label.clone(),
        commitments: envelope
            .statement
            .commitments()
            .iter()
            .map(|c| hex::encode(c.as_bytes()))
            .collect(),
        proof: hex::encode(&envelope.proof),
    };
    let mut text =
        serde_json::to_string(&wire).map_err(|e| EnvelopeError::Encode(e.to_string()))?;
    text.push('\n');
    Ok(text)
}

/// Multipliers of the statement's circuit (both phases, before padding), computed from its
/// public parameters (message length, depth, k) without recording the circuit.
pub fn multipliers(statement: &Statement) -> usize {
    match statement {
        Statement::Sha256(s) => s.multipliers(),
        Statement::Merkle(m) => m.multipliers(),
        Statement::Shuffle(s) => s.multipliers(),
    }
}

/// The padded multiplier count of the statement's circuit (the generators it needs), computed
/// from its public parameters without recording the circuit. (Never an error; the `Result`
/// is kept for callers written when this recorded the circuit.)
pub fn padded_multipliers(statement: &Statement) -> Result<usize, bpkit::Error> {
    Ok(match statement {
        Statement::Sha256(s) => s.padded_multipliers(),
        Statement::Merkle(m) => m.padded_multipliers(),
        Statement::Shuffle(s) => s.padded_multipliers(),
    })
}

/// Refuses a statement whose circuit has more multipliers than `options` allow
/// ([`EnvelopeError::CircuitTooLarge`]), from its public parameters alone: nothing recorded,
/// allocated or built. The parameters are the sender's choice (a 1024-byte SHA-256 preimage is
/// 446,373 multipliers: rows for each recorded, then 2²⁰ generators built and kept).
pub fn check_size(
    statement: &Statement,
    options: &VerifyCircuitOptions,
) -> Result<(), EnvelopeError> {
    let n = multipliers(statement);
    if n > options.get_max_multipliers() {
        return Err(EnvelopeError::CircuitTooLarge {
            multipliers: n,
            max: options.get_max_multipliers(),
        });
    }
    Ok(())
}

/// Records the statement's circuit.
fn record(statement: &Statement) -> Result<Circuit, bpkit::Error> {
    match statement {
        Statement::Sha256(s) => s.circuit(),
        Statement::Merkle(m) => m.circuit(),
        Statement::Shuffle(s) => s.circuit(),
    }
}

/// Decodes the proof and verifies it against the envelope's statement, with the default
/// options (circuits of at most [`crate::DEFAULT_MAX_MULTIPLIERS`] multipliers; see
/// [`verify_with`]).
pub fn verify(envelope: &CircuitEnvelope) -> Result<(), Failure> {
    verify_with(envelope, &VerifyCircuitOptions::default())
}

/// [`verify`] with a limit of one's own on the statement's circuit.
///
/// Order of the checks (and so of the errors): the circuit's size from the statement's public
/// parameters (`circuit-too-large`, malformed, [`EnvelopeError::CircuitTooLarge`], above
/// `options`' limit: nothing has been recorded, allocated or built yet), the proof's encoding
/// (malformed kinds), the proof's size against the circuit (`size-mismatch`, invalid; still
/// before anything is recorded or built), then verification: the circuit is recorded once, as a
/// verifying key, and checked against the proof (`verification-failed`, invalid).
///
/// ```
/// use bpkit_envelope::circuit::{parse, verify_with, Statement};
/// use bpkit_envelope::VerifyCircuitOptions;
/// // A SHA-256 preimage of 1024 bytes: 446,373 multipliers, above the default limit (2^16).
/// let text = format!(
///     r#"{{"version":1,"scheme":"circuit","statement":"sha256-preimage","public":{{"digest":"{}","message_len":1024}},"label":"x","commitments":[],"proof":""}}"#,
///     "00".repeat(32)
/// );
/// let envelope = parse(&text)?;
/// let e = verify_with(&envelope, &VerifyCircuitOptions::default()).unwrap_err();
/// assert_eq!(e.kind(), "circuit-too-large");
/// // Raised, the limit lets it through to the proof (here an empty one, refused).
/// let raised = VerifyCircuitOptions::default().max_multipliers(1 << 19);
/// assert_ne!(verify_with(&envelope, &raised).unwrap_err().kind(), "circuit-too-large");
/// # Ok::<(), bpkit_envelope::EnvelopeError>(())
/// ```
pub fn verify_with(
    envelope: &CircuitEnvelope,
    options: &VerifyCircuitOptions,
) -> Result<(), Failure> {
    check_size(&envelope.statement, options)?;
    let proof = bpkit::circuit::CircuitProof::from_bytes(&envelope.proof)?;
    let padded = padded_multipliers(&envelope.statement)?;
    let proof_size = u32::try_from(proof.rounds())
        .ok()
        .and_then(|r| 1usize.checked_shl(r));
    if proof_size != Some(padded) {
        return Err(Failure::Proof(bpkit::Error::SizeMismatch {
            proof: proof_size.unwrap_or(0),
            statement: padded,
        }));
    }
    let mut t = transcript(&envelope.label)?;
    let key = match &envelope.statement {
        Statement::Sha256(s) => s.verifying_key()?,
        Statement::Merkle(m) => m.verifying_key()?,
        Statement::Shuffle(s) => s.verifying_key()?,
    };
    let gens = bpkit::generators::shared(key.padded_multipliers(), 1);
    match &envelope.statement {
        Statement::Sha256(s) => s.verify_with_key(
            &key,
            &mut t,
            &Sha256Proof::from_bytes(&envelope.proof)?,
            &gens,
        )?,
        Statement::Merkle(m) => m.verify_with_key(
            &key,
            &mut t,
            &MerkleProof::from_bytes(&envelope.proof)?,
            &gens,
        )?,
        Statement::Shuffle(s) => s.verify_with_key(
            &key,
            &mut t,
            &ShuffleProof::from_bytes(&envelope.proof)?,
            &gens,
        )?,
    }
    Ok(())
}

/// What a batch needs for one circuit envelope
/// ([`bpkit::batch::BatchVerifier::add_prepared_circuit_proof`]): the decoded proof, the
/// circuit prepared for verification (shared by every envelope of the same statement and public
/// parameters, see [`CircuitCache`]), the commitments and the transcript (label, then the
/// statement's domain separator and public inputs).
pub type BatchParts = (
    bpkit::circuit::CircuitProof,
    Arc<PreparedCircuit>,
    Vec<CompressedRistretto>,
    merlin::Transcript,
);

/// Circuits recorded once per statement and public parameters (the SHA-256 digest and length,
/// the Merkle root and depth, the shuffle size) and kept prepared ([`PreparedCircuit`]: rows
/// packed at about 12 bytes a term, a sixth of a recorded [`Circuit`]): a batch of many
/// envelopes of one statement records its circuit once. The commitments are not part of a
/// circuit, so envelopes that differ only in them share an entry.
///
/// The cache refuses statements whose circuit is above its limit ([`Self::with_options`]; by
/// default [`crate::DEFAULT_MAX_MULTIPLIERS`] multipliers) before recording anything, as
/// [`verify_with`] does.
#[derive(Debug, Default)]
pub struct CircuitCache {
    circuits: HashMap<(&'static str, String), Arc<PreparedCircuit>>,
    options: VerifyCircuitOptions,
}

impl CircuitCache {
    /// An empty cache with the default limit.
    pub fn new() -> Self {
        CircuitCache::default()
    }

    /// An empty cache refusing circuits above `options`' limit.
    pub fn with_options(options: VerifyCircuitOptions) -> Self {
        CircuitCache {
            circuits: HashMap::new(),
            options,
        }
    }

    /// The statement's circuit, recorded and prepared on first use; a circuit above the
    /// cache's limit is refused ([`EnvelopeError::CircuitTooLarge`]) before it is recorded.
    pub fn circuit(&mut self, statement: &Statement) -> Result<Arc<PreparedCircuit>, Failure> {
        check_size(statement, &self.options)?;
        // The circuit depends on exactly the `public` object (canonical: serde_json's maps are
        // sorted); the commitments stay out of the key.
        let key = (statement.name(), statement.public().to_string());
        if let Some(c) = self.circuits.get(&key) {
            return Ok(Arc::clone(c));
        }
        let c = Arc::new(PreparedCircuit::new(record(statement)?).map_err(bpkit::Error::from)?);
        self.circuits.insert(key, Arc::clone(&c));
        Ok(c)
    }

    /// Number of distinct circuits recorded.
    pub fn len(&self) -> usize {
        self.circuits.len()
    }

    /// Whether nothing was recorded yet.
    pub fn is_empty(&self) -> bool {
        self.circuits.is_empty()
    }
}

/// Decodes the proof and prepares the envelope for
/// [`bpkit::batch::BatchVerifier::add_prepared_circuit_proof`] (records the circuit, if it is
/// within the default limit; see [`batch_parts_cached`] for many envelopes or another limit).
pub fn batch_parts(envelope: &CircuitEnvelope) -> Result<BatchParts, Failure> {
    batch_parts_cached(envelope, &mut CircuitCache::new())
}

/// [`batch_parts`] with the circuit taken from (or recorded into) `cache`, within the cache's
/// limit ([`CircuitCache::with_options`]).
pub fn batch_parts_cached(
    envelope: &CircuitEnvelope,
    cache: &mut CircuitCache,
) -> Result<BatchParts, Failure> {
    let proof = bpkit::circuit::CircuitProof::from_bytes(&envelope.proof)?;
    let t = transcript(&envelope.label)?;
    let t = match &envelope.statement {
        Statement::Sha256(s) => s.bind_transcript(t),
        Statement::Merkle(m) => m.bind_transcript(t),
        Statement::Shuffle(s) => s.bind_transcript(t),
    };
    let circuit = cache.circuit(&envelope.statement)?;
    Ok((proof, circuit, envelope.statement.commitments(), t))
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    fn point(i: u64) -> CompressedRistretto {
        bpkit::Opening::new(i, Scalar::ONE).commit()
    }

    #[test]
    fn cache_records_once_per_statement_and_parameters() {
        let mut cache = CircuitCache::new();
        assert!(cache.is_empty());
        let merkle = |root: u64, leaf: u64| {
            Statement::Merkle(MerkleStatement::new(Scalar::from(root), 2, point(leaf)).unwrap())
        };
        let a = cache.circuit(&merkle(5, 1)).unwrap();
        // Another leaf commitment, same root and depth: the same circuit, not recorded again.
        let b = cache.circuit(&merkle(5, 2)).unwrap();
        assert!(Arc::ptr_eq(&a, &b));
        assert_eq!(cache.len(), 1);
        // Another root: another circuit, with another digest.
        let c = cache.circuit(&merkle(6, 1)).unwrap();
        assert_ne!(a.digest(), c.digest());
        let shuffle = |k: u64| {
            Statement::Shuffle(
                ShuffleStatement::new((0..k).map(point).collect(), (0..k).map(point).collect())
                    .unwrap(),
            )
        };
        let d = cache.circuit(&shuffle(3)).unwrap();
        let e = cache.circuit(&shuffle(4)).unwrap();
        assert_ne!(d.digest(), e.digest());
        assert_eq!(cache.len(), 4);
        // Every cached circuit is the one the statement records, prepared.
        let prepared = |s: &Statement| PreparedCircuit::new(record(s).unwrap()).unwrap();
        assert_eq!(*a, prepared(&merkle(5, 2)));
        assert_eq!(*e, prepared(&shuffle(4)));
    }
}
