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
//!
//! [`verify_tx`] verifies a raw transaction's range proof and reports what
//! `bpkit monero verify-tx` prints ([`TxReport`]); the bindings' `verify_tx` / `verifyTx` /
//! `bpkit_monero_verify_tx` are it.

use crate::error::EnvelopeError;
use crate::hex;
use bpkit::group::Scalar;
use bpkit::monero::{MoneroError, Opening, OriginalProof, PlusProof, RangeProofs, Transaction};
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

/// An output's opening from its amount and mask as the bindings receive them: the mask must be
/// 32 bytes ([`bpkit::Error::WrongLength`] otherwise) holding a canonical scalar
/// ([`bpkit::Error::NonCanonicalScalar`] otherwise). The temporary copy of the mask is wiped.
pub fn monero_opening(amount: u64, mask: &[u8]) -> Result<Opening, bpkit::Error> {
    let raw: zeroize::Zeroizing<[u8; 32]> =
        zeroize::Zeroizing::new(mask.try_into().map_err(|_| bpkit::Error::WrongLength {
            expected: 32,
            found: mask.len(),
        })?);
    let mask = Option::<Scalar>::from(Scalar::from_canonical_bytes(*raw))
        .ok_or(bpkit::Error::NonCanonicalScalar { offset: 0 })?;
    Ok(Opening::new(amount, mask))
}

/// An output's opening with a fresh uniformly random mask.
pub fn random_monero_opening<R: CryptoRng + ?Sized>(amount: u64, rng: &mut R) -> Opening {
    Opening::random(amount, rng)
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

/// Proves with Monero's original Bulletproofs (RingCT types 3–5) that each opening's amount lies
/// in `[0, 2⁶⁴)` (1 to 16 outputs) and returns the envelope (`"scheme": "monero-bp"`), as
/// [`prove_monero_plus`] does for Bulletproofs+. Constant-time in the amounts and masks.
pub fn prove_monero_original<R: CryptoRng + ?Sized>(
    openings: &[Opening],
    rng: &mut R,
) -> Result<MoneroEnvelope, bpkit::Error> {
    let (proof, commitments) = OriginalProof::prove(openings, rng)?;
    Ok(MoneroEnvelope {
        plus: false,
        commitments,
        proof: proof.to_bytes(),
    })
}

/// [`prove_monero_plus`] (`plus`) or [`prove_monero_original`] (not `plus`).
pub fn prove_monero<R: CryptoRng + ?Sized>(
    openings: &[Opening],
    plus: bool,
    rng: &mut R,
) -> Result<MoneroEnvelope, bpkit::Error> {
    if plus {
        prove_monero_plus(openings, rng)
    } else {
        prove_monero_original(openings, rng)
    }
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

/// The range proofs a transaction carries.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TxProofKind {
    /// None: version 1, coinbase, or Borromean range signatures (RingCT types 0–2).
    None,
    /// Bulletproofs (RingCT types 3–5).
    Bulletproofs,
    /// Bulletproofs+ (RingCT type 6).
    BulletproofsPlus,
}

impl TxProofKind {
    /// `"none"`, `"bulletproofs"` or `"bulletproofs+"` (the words of `bpkit monero verify-tx`).
    pub fn as_str(self) -> &'static str {
        match self {
            TxProofKind::None => "none",
            TxProofKind::Bulletproofs => "bulletproofs",
            TxProofKind::BulletproofsPlus => "bulletproofs+",
        }
    }
}

/// The verdict on a transaction that parses.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TxVerdict {
    /// Its range proof verifies against its output commitments.
    Valid,
    /// It carries no Bulletproofs (nothing to verify).
    NoBulletproofs,
    /// Its range proof is well-formed but false.
    Invalid(MoneroError),
    /// Its range proof cannot be checked (a point or scalar that does not decode, a shape
    /// Monero refuses, not exactly one proof).
    Malformed(MoneroError),
}

impl TxVerdict {
    /// `"valid"`, `"no-bulletproofs"`, `"invalid"` or `"malformed"`.
    pub fn as_str(&self) -> &'static str {
        match self {
            TxVerdict::Valid => "valid",
            TxVerdict::NoBulletproofs => "no-bulletproofs",
            TxVerdict::Invalid(_) => "invalid",
            TxVerdict::Malformed(_) => "malformed",
        }
    }

    /// The error of an invalid or malformed proof.
    pub fn error(&self) -> Option<MoneroError> {
        match self {
            TxVerdict::Invalid(e) | TxVerdict::Malformed(e) => Some(*e),
            TxVerdict::Valid | TxVerdict::NoBulletproofs => None,
        }
    }
}

/// What [`verify_tx`] reports on one transaction: the facts `bpkit monero verify-tx` prints.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TxReport {
    /// The transaction hash, as Monero computes it.
    pub hash: [u8; 32],
    /// The transaction version (1 or 2).
    pub version: u64,
    /// The RingCT type (0–6); `None` for a version 1 transaction.
    pub rct_type: Option<u8>,
    /// Number of inputs.
    pub inputs: usize,
    /// Number of outputs.
    pub outputs: usize,
    /// True for a coinbase (miner) transaction.
    pub coinbase: bool,
    /// The range proofs it carries.
    pub proof_kind: TxProofKind,
    /// The verdict.
    pub verdict: TxVerdict,
}

impl TxReport {
    /// The hash in lower-case hex.
    pub fn hash_hex(&self) -> String {
        hex::encode(&self.hash)
    }

    /// The RingCT type as the CLI prints it: its number, or `v1`.
    pub fn type_name(&self) -> String {
        self.rct_type
            .map_or_else(|| "v1".to_owned(), |t| t.to_string())
    }

    /// The CLI's line for this transaction (without the file name and newline):
    /// `hash H type T outputs N KIND VERDICT`, or `hash H type T outputs N no Bulletproofs
    /// (type T)`.
    pub fn summary(&self) -> String {
        let ty = self.type_name();
        let head = format!(
            "hash {} type {ty} outputs {}",
            self.hash_hex(),
            self.outputs
        );
        let verdict = match &self.verdict {
            TxVerdict::NoBulletproofs => return format!("{head} no Bulletproofs (type {ty})"),
            TxVerdict::Valid => "valid".to_owned(),
            TxVerdict::Invalid(e) => format!("invalid: {e}"),
            TxVerdict::Malformed(e) => format!("malformed: {e}"),
        };
        format!("{head} {} {verdict}", self.proof_kind.as_str())
    }
}

/// Parses a raw Monero transaction (the whole blob, binary) and verifies its range proof
/// against its output commitments ([`bpkit::monero::verify_tx`]), as `bpkit monero verify-tx`
/// does. `Err` when the bytes are not a transaction (truncated, extended, an unknown field):
/// there is no hash to report then. A transaction that parses gets a [`TxReport`] whatever its
/// proof's verdict. Variable-time: a transaction is public.
pub fn verify_tx(bytes: &[u8]) -> Result<TxReport, MoneroError> {
    let tx = Transaction::from_bytes(bytes)?;
    let proof_kind = match &tx.proofs {
        RangeProofs::None => TxProofKind::None,
        RangeProofs::Bulletproofs(_) => TxProofKind::Bulletproofs,
        RangeProofs::BulletproofsPlus(_) => TxProofKind::BulletproofsPlus,
    };
    let verdict = if proof_kind == TxProofKind::None {
        TxVerdict::NoBulletproofs
    } else {
        match tx.verify_range_proofs() {
            Ok(()) => TxVerdict::Valid,
            Err(e) if e.is_malformed() => TxVerdict::Malformed(e),
            Err(e) => TxVerdict::Invalid(e),
        }
    };
    Ok(TxReport {
        hash: tx.hash,
        version: tx.version,
        rct_type: tx.rct_type.map(|t| t.number()),
        inputs: tx.inputs,
        outputs: tx.outputs,
        coinbase: tx.coinbase,
        proof_kind,
        verdict,
    })
}

/// A stable kind for a Monero error, in the style of [`bpkit::Error::kind`], for the bindings'
/// error contract: `wrong-length` (truncated or extended input), `invalid-varint`,
/// `malformed-transaction`, `invalid-point`, `invalid-commitment`, `non-canonical-scalar`,
/// `invalid-aggregation` (not 1 to 16 outputs), `wrong-rounds` (|L|, |R| not as the output
/// count requires), `verification-failed` (a false proof or a zero challenge).
pub fn monero_error_kind(e: &MoneroError) -> &'static str {
    match e {
        MoneroError::Truncated { .. } | MoneroError::TrailingBytes { .. } => "wrong-length",
        MoneroError::InvalidVarint { .. } => "invalid-varint",
        MoneroError::MalformedTransaction { .. } => "malformed-transaction",
        MoneroError::InvalidPoint { .. } => "invalid-point",
        MoneroError::InvalidCommitment { .. } => "invalid-commitment",
        MoneroError::NonCanonicalScalar { .. } => "non-canonical-scalar",
        MoneroError::InvalidOutputCount(_) => "invalid-aggregation",
        MoneroError::WrongRounds { .. } => "wrong-rounds",
        MoneroError::ZeroChallenge | MoneroError::VerificationFailed => "verification-failed",
        other => bpkit::Error::from(*other).kind(),
    }
}
