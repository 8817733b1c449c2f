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

use crate::error::{EnvelopeError, Failure};
use crate::format::VERSION;
use crate::hex;
use crate::transcript::transcript;
use bpkit::circuit::statements::{
    MerkleProof, MerkleStatement, Sha256Proof, Sha256Statement, ShuffleProof, ShuffleStatement,
};
use bpkit::group::{CompressedRistretto, Scalar};
use serde::{Deserialize, Serialize};

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

/// The padded multiplier count of the statement's circuit (the generators it needs).
pub fn padded_multipliers(statement: &Statement) -> Result<usize, bpkit::Error> {
    let circuit = match statement {
        Statement::Sha256(s) => s.circuit()?,
        Statement::Merkle(m) => m.circuit()?,
        Statement::Shuffle(s) => s.circuit()?,
    };
    Ok(circuit.padded_multipliers())
}

/// Decodes the proof and verifies it against the envelope's statement.
pub fn verify(envelope: &CircuitEnvelope) -> Result<(), Failure> {
    let mut t = transcript(&envelope.label)?;
    let gens = crate::gens::circuit_gens(padded_multipliers(&envelope.statement)?);
    match &envelope.statement {
        Statement::Sha256(s) => {
            s.verify(&mut t, &Sha256Proof::from_bytes(&envelope.proof)?, &gens)?
        }
        Statement::Merkle(m) => {
            m.verify(&mut t, &MerkleProof::from_bytes(&envelope.proof)?, &gens)?
        }
        Statement::Shuffle(s) => {
            s.verify(&mut t, &ShuffleProof::from_bytes(&envelope.proof)?, &gens)?
        }
    }
    Ok(())
}

/// What a batch needs for one circuit envelope: the decoded proof, the circuit, the commitments
/// and the transcript (label, then the statement's domain separator and public inputs).
pub type BatchParts = (
    bpkit::circuit::CircuitProof,
    bpkit::circuit::Circuit,
    Vec<CompressedRistretto>,
    merlin::Transcript,
);

/// Decodes the proof and prepares the envelope for
/// [`bpkit::batch::BatchVerifier::add_circuit_proof`].
pub fn batch_parts(envelope: &CircuitEnvelope) -> Result<BatchParts, Failure> {
    let proof = bpkit::circuit::CircuitProof::from_bytes(&envelope.proof)?;
    let t = transcript(&envelope.label)?;
    let (circuit, commitments, t) = match &envelope.statement {
        Statement::Sha256(s) => s.batch_parts(t)?,
        Statement::Merkle(m) => m.batch_parts(t)?,
        Statement::Shuffle(s) => s.batch_parts(t)?,
    };
    Ok((proof, circuit, commitments, t))
}
