//! The envelope of a Grin / MWEB range proof (`"scheme": "grin-bp"`, secp256k1-zkp's format).
//!
//! ```json
//! {"version": 1, "scheme": "grin-bp", "bits": 64, "commitments": ["<33-byte hex>"],
//!  "extra": "<hex>", "proof": "<hex>"}
//! ```
//!
//! One 33-byte commitment (`08`/`09` ‖ x); `extra` is optional and absent differs from empty
//! (`""`), as in the C module; there is no label (the transcript is fixed by the format).
//! Decoding is strict: unknown or duplicate fields, another version, a bit size other than
//! 1, 2, 4, 8, 16, 32 or 64, a commitment count other than one, bad hex or a commitment that is
//! not a curve point in canonical form are refused. The proof bytes are decoded (canonically)
//! by [`verify_grin`].

use crate::error::EnvelopeError;
use crate::hex;
use bpkit::grin::{Commitment33, GrinGens, GrinProof, GrinStatement, GRIN_BIT_SIZES};
use serde::{Deserialize, Serialize};

/// The scheme name of Grin / MWEB envelopes.
pub const GRIN_SCHEME: &str = "grin-bp";

/// A decoded Grin envelope.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GrinEnvelope {
    /// The bit size `n`.
    pub bits: usize,
    /// The commitment.
    pub commitment: Commitment33,
    /// Optional extra data bound into the proof.
    pub extra: Option<Vec<u8>>,
    /// The proof's encoding.
    pub proof: Vec<u8>,
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Wire {
    version: u64,
    scheme: String,
    bits: u64,
    commitments: Vec<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    extra: Option<String>,
    proof: String,
}

/// Whether a JSON text is a Grin envelope (its `scheme` is `"grin-bp"`); the caller then reads
/// it with [`parse_grin`].
pub fn is_grin(text: &str) -> bool {
    serde_json::from_str::<serde_json::Value>(text)
        .ok()
        .and_then(|v| {
            v.get("scheme")
                .and_then(|s| s.as_str())
                .map(|s| s == GRIN_SCHEME)
        })
        .unwrap_or(false)
}

/// Strictly decodes a Grin envelope.
pub fn parse_grin(text: &str) -> Result<GrinEnvelope, EnvelopeError> {
    let wire: Wire = serde_json::from_str(text).map_err(|e| EnvelopeError::Json(e.to_string()))?;
    if wire.version != crate::VERSION {
        return Err(EnvelopeError::Version(wire.version));
    }
    if wire.scheme != GRIN_SCHEME {
        return Err(EnvelopeError::Json(format!(
            "scheme {:?} is not {GRIN_SCHEME:?}",
            wire.scheme
        )));
    }
    let bits = usize::try_from(wire.bits)
        .ok()
        .filter(|b| GRIN_BIT_SIZES.contains(b))
        .ok_or(EnvelopeError::BitSize(wire.bits))?;
    let [c] = wire.commitments.as_slice() else {
        return Err(EnvelopeError::CommitmentCount(wire.commitments.len()));
    };
    let bytes = hex::decode(c).map_err(|error| EnvelopeError::Commitment { index: 0, error })?;
    let commitment = Commitment33::from_bytes(&bytes)
        .map_err(|e| EnvelopeError::Json(format!("commitment 0: {e}")))?;
    let extra = match &wire.extra {
        None => None,
        Some(e) => Some(hex::decode(e).map_err(|e| EnvelopeError::Json(format!("extra: {e}")))?),
    };
    let proof = hex::decode(&wire.proof).map_err(EnvelopeError::Proof)?;
    Ok(GrinEnvelope {
        bits,
        commitment,
        extra,
        proof,
    })
}

/// The envelope as one line of JSON.
pub fn grin_to_json(env: &GrinEnvelope) -> Result<String, EnvelopeError> {
    let wire = Wire {
        version: crate::VERSION,
        scheme: GRIN_SCHEME.into(),
        bits: env.bits as u64,
        commitments: vec![hex::encode(&env.commitment.to_bytes())],
        extra: env.extra.as_deref().map(hex::encode),
        proof: hex::encode(&env.proof),
    };
    serde_json::to_string(&wire).map_err(|e| EnvelopeError::Encode(e.to_string()))
}

/// The statement and decoded proof of an envelope.
pub fn grin_statement(env: &GrinEnvelope) -> Result<(GrinStatement, GrinProof), bpkit::Error> {
    let proof = GrinProof::from_bytes(&env.proof, env.bits)?;
    Ok((
        GrinStatement {
            commitment: env.commitment,
            bits: env.bits,
            extra: env.extra.clone(),
        },
        proof,
    ))
}

/// Decodes the proof and verifies it.
pub fn verify_grin(env: &GrinEnvelope) -> Result<(), bpkit::Error> {
    let gens = GrinGens::shared().ok_or(bpkit::Error::InvalidGenerators)?;
    let (st, proof) = grin_statement(env)?;
    bpkit::grin::verify(gens, &st, &proof)
}
