//! Monero: output openings (`commit_monero`), Bulletproofs+ proofs of their amounts
//! (`prove_monero`) and their envelope (`MoneroEnvelope`, the CLI's `monero-bp+` JSON).

use crate::convert::{os_rng, u64_arg};
use crate::errors::{decode_error, prove_error, verify_error};
use bpkit_envelope::monero::{self as facade, MoneroEnvelope as Inner};
use bpkit_envelope::{EnvelopeError, Failure};
use pyo3::prelude::*;
use pyo3::types::PyBytes;

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

/// Proves with Monero's Bulletproofs+ that each opening's amount lies in `[0, 2⁶⁴)`: one
/// aggregated proof of 1 to 16 outputs (`ProvingError` with kind `invalid-aggregation`
/// otherwise). Returns its `monero-bp+` envelope.
#[pyfunction]
pub fn prove_monero(
    py: Python<'_>,
    openings: Vec<Bound<'_, MoneroOpening>>,
) -> PyResult<MoneroEnvelope> {
    let openings: Vec<bpkit::monero::Opening> =
        openings.iter().map(|o| o.get().inner.clone()).collect();
    let mut rng = os_rng()?;
    let inner = py
        .detach(|| facade::prove_monero_plus(&openings, &mut rng))
        .map_err(|e| prove_error(&Failure::Proof(e)))?;
    Ok(MoneroEnvelope { inner })
}

fn envelope_error(e: EnvelopeError) -> PyErr {
    verify_error(&Failure::Envelope(e))
}

/// A Monero range proof with its output commitments: scheme `"monero-bp+"` (Bulletproofs+) or
/// `"monero-bp"` (original Bulletproofs, read only). `to_json()` gives the `bpkit` CLI's bytes,
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
