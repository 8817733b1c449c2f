//! Monero transactions: `verify_tx` parses a raw transaction and verifies its range proof, as
//! `bpkit monero verify-tx` does (the facade's `bpkit_envelope::monero::verify_tx`).

use crate::errors::malformed;
use bpkit_envelope::monero::{monero_error_kind, TxReport};
use pyo3::prelude::*;

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
