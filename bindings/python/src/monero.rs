//! Monero transactions: `verify_tx` parses a raw transaction and verifies its range proof, as
//! `bpkit monero verify-tx` does (the facade's `bpkit_envelope::monero::verify_tx`).
//!
//! Monero: output openings (`commit_monero`), Bulletproofs+ proofs of their amounts
//! (`prove_monero`) and their envelope (`MoneroEnvelope`, the CLI's `monero-bp+` JSON).

use crate::convert::{os_rng, u64_arg};
use crate::errors::malformed;
use crate::errors::{decode_error, prove_error, verify_error};
use bpkit_envelope::monero::{self as facade, MoneroEnvelope as Inner};
use bpkit_envelope::monero::{monero_error_kind, TxReport};
use bpkit_envelope::{EnvelopeError, Failure};
use pyo3::prelude::*;
use pyo3::types::PyBytes;

/// What `verify_tx` reports on a transaction that parses: `hash` (hex), `version`, `rct_type`
/// (0 to 6, `None` for version 1), `inputs`, `outputs`, `coinbase`, `proof_kind`
/// (`"bulletproofs"`, `"bulletproofs+"` or `"none"`), `verdict` (`"valid"`, `"invalid"`,
/// `"malformed"` or `"no-bulletproofs"`), and for an invalid or malformed proof `error` (its
/// kind) and `message`. `summary` is the CLI's line.
#[pyclass(frozen, module = "bpkit")]
pub struct MoneroTxReport {
    inner: TxReport,
}

#[pymethods]
impl MoneroTxReport {
    /// The transaction hash, lower-case hex.
    #[getter]
    fn hash(&self) -> String {
        self.inner.hash_hex()
    }

    /// The transaction version (1 or 2).
    #[getter]
    fn version(&self) -> u64 {
        self.inner.version
    }

    /// The RingCT type (0 to 6), `None` for a version 1 transaction.
    #[getter]
    fn rct_type(&self) -> Option<u8> {
        self.inner.rct_type
    }

    /// Number of inputs.
    #[getter]
    fn inputs(&self) -> usize {
        self.inner.inputs
    }

    /// Number of outputs.
    #[getter]
    fn outputs(&self) -> usize {
        self.inner.outputs
    }

    /// True for a coinbase (miner) transaction.
    #[getter]
    fn coinbase(&self) -> bool {
        self.inner.coinbase
    }

    /// `"bulletproofs"` (RingCT types 3-5), `"bulletproofs+"` (type 6) or `"none"`.
    #[getter]
    fn proof_kind(&self) -> &'static str {
        self.inner.proof_kind.as_str()
    }

    /// `"valid"`, `"invalid"`, `"malformed"` or `"no-bulletproofs"`.
    #[getter]
    fn verdict(&self) -> &'static str {
        self.inner.verdict.as_str()
    }

    /// The error kind of an invalid or malformed proof (e.g. `"verification-failed"`), else
    /// `None`.
    #[getter]
    fn error(&self) -> Option<&'static str> {
        self.inner.verdict.error().map(|e| monero_error_kind(&e))
    }

    /// The error message of an invalid or malformed proof, else `None`.
    #[getter]
    fn message(&self) -> Option<String> {
        self.inner.verdict.error().map(|e| e.to_string())
    }

    /// The line `bpkit monero verify-tx` prints for this transaction (without the file name).
    #[getter]
    fn summary(&self) -> String {
        self.inner.summary()
    }

    fn __repr__(&self) -> String {
        format!("MoneroTxReport({})", self.inner.summary())
    }
}

/// Parses a raw Monero transaction (`bytes`, binary) and verifies its range proof
/// (Bulletproofs for RingCT types 3-5, Bulletproofs+ for type 6) against its output
/// commitments. Returns a `MoneroTxReport` for every transaction that parses (its `verdict`
/// says whether the proof is valid, invalid or malformed, or that there is none); raises
/// `MalformedError` (kind `wrong-length`, `malformed-transaction`, …) when the bytes are not
/// a transaction. Runs without the GIL.
#[pyfunction]
pub fn verify_tx(py: Python<'_>, tx: &[u8]) -> PyResult<MoneroTxReport> {
    let owned = tx.to_vec();
    py.detach(|| bpkit_envelope::monero::verify_tx(&owned))
        .map(|inner| MoneroTxReport { inner })
        .map_err(|e| malformed(monero_error_kind(&e), e.to_string()))
}

/// The opening of a Monero output commitment `C = mask·G + amount·H` (Ed25519).
///
/// The Rust copy is zeroized when the object is freed. `mask` returns a new `bytes` object each
/// time: Python cannot wipe it; drop it as soon as possible.
#[pyclass(frozen, module = "bpkit")]
pub struct MoneroOpening {
    pub(crate) inner: bpkit::monero::Opening,
}

#[pymethods]
impl MoneroOpening {
    /// An opening with a chosen mask (32 bytes, a canonical scalar).
    #[new]
    fn new(amount: &Bound<'_, PyAny>, mask: &[u8]) -> PyResult<Self> {
        let amount = u64_arg(amount, "amount")?;
        let inner = facade::monero_opening(amount, mask).map_err(decode_error)?;
        Ok(MoneroOpening { inner })
    }

    /// The amount.
    #[getter]
    fn amount(&self) -> u64 {
        self.inner.amount
    }

    /// The mask (32 bytes; secret).
    #[getter]
    fn mask<'py>(&self, py: Python<'py>) -> Bound<'py, PyBytes> {
        PyBytes::new(py, self.inner.mask.as_bytes())
    }

    /// The on-chain commitment (32 bytes, as in a transaction's `outPk`), computed in constant
    /// time.
    #[getter]
    fn commitment<'py>(&self, py: Python<'py>) -> Bound<'py, PyBytes> {
        PyBytes::new(py, &self.inner.commit())
    }

    fn __repr__(&self) -> String {
        "MoneroOpening(amount=<secret>, mask=<secret>)".to_owned()
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .cast::<MoneroOpening>()
            .is_ok_and(|o| o.get().inner == self.inner)
    }
}

/// A Monero output opening of `amount`: with `mask` (32 bytes, a canonical scalar) when given,
/// else a fresh random mask.
#[pyfunction]
#[pyo3(signature = (amount, mask = None))]
pub fn commit_monero(amount: &Bound<'_, PyAny>, mask: Option<&[u8]>) -> PyResult<MoneroOpening> {
    let amount = u64_arg(amount, "amount")?;
    let inner = match mask {
        Some(mask) => facade::monero_opening(amount, mask).map_err(decode_error)?,
        None => facade::random_monero_opening(amount, &mut os_rng()?),
    };
    Ok(MoneroOpening { inner })
}

/// Proves that each opening's amount lies in `[0, 2⁶⁴)`: one aggregated proof of 1 to 16
/// outputs (`ProvingError` with kind `invalid-aggregation` otherwise), with Monero's
/// Bulletproofs+ (`scheme="monero-bp+"`, the default) or its original Bulletproofs
/// (`scheme="monero-bp"`; `ValueError` for any other scheme). Returns the envelope.
#[pyfunction]
#[pyo3(signature = (openings, scheme = "monero-bp+"))]
pub fn prove_monero(
    py: Python<'_>,
    openings: Vec<Bound<'_, MoneroOpening>>,
    scheme: &str,
) -> PyResult<MoneroEnvelope> {
    let plus = match scheme {
        "monero-bp+" => true,
        "monero-bp" => false,
        other => {
            return Err(pyo3::exceptions::PyValueError::new_err(format!(
                "scheme {other:?}: prove_monero proves \"monero-bp+\" or \"monero-bp\""
            )))
        }
    };
    let openings: Vec<bpkit::monero::Opening> =
        openings.iter().map(|o| o.get().inner.clone()).collect();
    let mut rng = os_rng()?;
    let inner = py
        .detach(|| facade::prove_monero(&openings, plus, &mut rng))
        .map_err(|e| prove_error(&Failure::Proof(e)))?;
    Ok(MoneroEnvelope { inner })
}

fn envelope_error(e: EnvelopeError) -> PyErr {
    verify_error(&Failure::Envelope(e))
}

/// A Monero range proof with its output commitments: scheme `"monero-bp+"` (Bulletproofs+) or
/// `"monero-bp"` (original Bulletproofs). `to_json()` gives the `bpkit` CLI's bytes,
/// which `verify_json` and `bpkit verify` accept; `from_json()` reads them strictly.
#[pyclass(frozen, eq, module = "bpkit")]
#[derive(Clone, PartialEq)]
pub struct MoneroEnvelope {
    pub(crate) inner: Inner,
}

#[pymethods]
impl MoneroEnvelope {
    /// Reads a Monero envelope (`str`), strictly: `MalformedError` otherwise. The proof bytes
    /// are decoded by `verify()`.
    #[staticmethod]
    fn from_json(text: &str) -> PyResult<Self> {
        let inner = facade::parse_monero(text).map_err(envelope_error)?;
        Ok(MoneroEnvelope { inner })
    }

    /// The envelope as the CLI writes it: one line of JSON ending in a newline.
    fn to_json(&self) -> PyResult<String> {
        let mut text = facade::monero_to_json(&self.inner).map_err(envelope_error)?;
        text.push('\n');
        Ok(text)
    }

    /// `"monero-bp+"` or `"monero-bp"`.
    #[getter]
    fn scheme(&self) -> &'static str {
        if self.inner.plus {
            facade::MONERO_PLUS_SCHEME
        } else {
            facade::MONERO_BP_SCHEME
        }
    }

    /// The output commitments (32 bytes each, on-chain form).
    #[getter]
    fn commitments<'py>(&self, py: Python<'py>) -> Vec<Bound<'py, PyBytes>> {
        self.inner
            .commitments
            .iter()
            .map(|c| PyBytes::new(py, c))
            .collect()
    }

    /// The proof in Monero's serialization.
    #[getter]
    fn proof<'py>(&self, py: Python<'py>) -> Bound<'py, PyBytes> {
        PyBytes::new(py, &self.inner.proof)
    }

    /// Verifies the proof against the commitments (GIL released): `InvalidProofError` if it is
    /// false, `MalformedError` if it does not decode.
    fn verify(&self, py: Python<'_>) -> PyResult<()> {
        let inner = self.inner.clone();
        py.detach(|| facade::verify_monero(&inner))
            .map_err(|e| verify_error(&Failure::Proof(e)))
    }

    fn __repr__(&self) -> String {
        format!(
            "MoneroEnvelope(scheme={:?}, outputs={})",
            self.scheme(),
            self.inner.commitments.len()
        )
    }
}
