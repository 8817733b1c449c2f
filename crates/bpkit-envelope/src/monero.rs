//! The envelope of a Monero range proof (`"scheme": "monero-bp+"` or `"monero-bp"`).
//!
//! ```json
//! {"version": 1, "scheme": "monero-bp+", "commitments": ["<32-byte hex>", ...], "proof": "<hex>"}
//! ```
//!
//! `commitments` are the on-chain output commitments as in a transaction's `outPk` (not
//! multiplied by 1/8); `proof` is Monero's serialization of that one proof (varint `L`/`R`
//! counts, no `V`). Decoding is strict: unknown or duplicate fields, another version, bad hex,
//! a commitment that is not 32 bytes are refused; the proof bytes are decoded (canonically) and
//! checked by [`verify_monero`].

use crate::error::EnvelopeError;
use crate::hex;
use bpkit::monero::{Opening, OriginalProof, PlusProof};
use bpkit::reexports::rand_core::CryptoRng;
use serde::{Deserialize, Serialize};

/// The scheme name of Monero Bulletproofs+ envelopes.
pub const MONERO_PLUS_SCHEME: &str = "monero-bp+";
/// The scheme name of Monero (original) Bulletproofs envelopes.
pub const MONERO_BP_SCHEME: &str = "monero-bp";

/// A decoded Monero envelope.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MoneroEnvelope {
    /// Bulletproofs+ (`monero-bp+`) or original Bulletproofs (`monero-bp`).
    pub plus: bool,
    /// The output commitments.
    pub commitments: Vec<[u8; 32]>,
    /// The proof's encoding.
    pub proof: Vec<u8>,
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Wire {
    version: u64,
    scheme: String,
    commitments: Vec<String>,
    proof: String,
}

/// Whether a JSON text is a Monero envelope (its `scheme` is `"monero-bp+"` or `"monero-bp"`).
pub fn is_monero(text: &str) -> bool {
    serde_json::from_str::<serde_json::Value>(text)
        .ok()
        .and_then(|v| {
            v.get("scheme")
                .and_then(|s| s.as_str())
                .map(|s| s == MONERO_PLUS_SCHEME || s == MONERO_BP_SCHEME)
        })
        .unwrap_or(false)
}

/// Strictly decodes a Monero envelope.
pub fn parse_monero(text: &str) -> Result<MoneroEnvelope, EnvelopeError> {
    let wire: Wire = serde_json::from_str(text).map_err(|e| EnvelopeError::Json(e.to_string()))?;
    if wire.version != crate::VERSION {
        return Err(EnvelopeError::Version(wire.version));
    }
    let plus = match wire.scheme.as_str() {
        MONERO_PLUS_SCHEME => true,
        MONERO_BP_SCHEME => false,
        other => {
            return Err(EnvelopeError::Json(format!(
                "scheme {other:?} is not a Monero scheme"
            )))
        }
    };
    let mut commitments = Vec::with_capacity(wire.commitments.len());
    for (index, c) in wire.commitments.iter().enumerate() {
        let bytes = hex::decode(c).map_err(|error| EnvelopeError::Commitment { index, error })?;
        let key: [u8; 32] = bytes
            .try_into()
            .map_err(|_| EnvelopeError::Json(format!("commitment {index}: not 32 bytes")))?;
        commitments.push(key);
    }
    let proof = hex::decode(&wire.proof).map_err(EnvelopeError::Proof)?;
    Ok(MoneroEnvelope {
        plus,
        commitments,
        proof,
    })
}

/// The envelope as one line of JSON.
pub fn monero_to_json(env: &MoneroEnvelope) -> Result<String, EnvelopeError> {
    let wire = Wire {
        version: crate::VERSION,
        scheme: if env.plus {
            MONERO_PLUS_SCHEME
        } else {
            MONERO_BP_SCHEME
        }
        .into(),
        commitments: env.commitments.iter().map(|c| hex::encode(c)).collect(),
        proof: hex::encode(&env.proof),
    };
    serde_json::to_string(&wire).map_err(|e| EnvelopeError::Encode(e.to_string()))
}

/// Proves with Monero's Bulletproofs+ that each opening's amount lies in `[0, 2⁶⁴)` (1 to 16
/// outputs) and returns the envelope: the outputs' on-chain commitments `mask·G + amount·H` (not
/// ×1/8) and Monero's serialization of the proof. Constant-time in the amounts and masks.
pub fn prove_monero_plus<R: CryptoRng + ?Sized>(
    openings: &[Opening],
    rng: &mut R,
) -> Result<MoneroEnvelope, bpkit::Error> {
    let (proof, commitments) = PlusProof::prove(openings, rng)?;
    Ok(MoneroEnvelope {
        plus: true,
        commitments,
        proof: proof.to_bytes(),
    })
}

/// Decodes the proof and verifies it against the commitments. A false proof is
/// [`bpkit::Error::VerificationFailed`]; everything else is a malformed-input kind.
pub fn verify_monero(env: &MoneroEnvelope) -> Result<(), bpkit::Error> {
    if env.plus {
        PlusProof::from_bytes(&env.proof)?.verify(&env.commitments)?;
    } else {
        OriginalProof::from_bytes(&env.proof)?.verify(&env.commitments)?;
    }
    Ok(())
}
