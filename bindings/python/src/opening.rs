//! Openings: the secret behind a commitment (value and blinding), zeroized on the Rust side.

use crate::convert::{os_rng, scalar, u64_arg};
use crate::errors::{malformed, verify_error};
use bpkit::group::Scalar;
use bpkit_envelope::{shared_plus_gens, Failure};
use pyo3::prelude::*;
use pyo3::types::PyBytes;

/// The opening of a Pedersen commitment `C = v·B + r·B̃`: a value `v` and a blinding `r`.
///
/// The Rust copy is zeroized when the object is freed. `blinding` returns a new `bytes` object
/// each time: Python cannot wipe it (bytes are immutable); drop it as soon as possible.
#[pyclass(frozen, module = "bpkit")]
pub struct Opening {
    pub(crate) inner: bpkit::Opening,
}

#[pymethods]
impl Opening {
    /// An opening with a chosen blinding (32 bytes, a canonical scalar).
    #[new]
    fn new(value: &Bound<'_, PyAny>, blinding: &[u8]) -> PyResult<Self> {
        let value = u64_arg(value, "value")?;
        let blinding = scalar(blinding, "blinding")?;
        Ok(Opening {
            inner: bpkit::Opening::new(value, blinding),
        })
    }

    /// The committed value.
    #[getter]
    fn value(&self) -> u64 {
        self.inner.value
    }

    /// The blinding (32 bytes; secret).
    #[getter]
    fn blinding<'py>(&self, py: Python<'py>) -> Bound<'py, PyBytes> {
        PyBytes::new(py, self.inner.blinding.as_bytes())
    }

    /// The commitment (32 bytes), computed in constant time.
    #[getter]
    fn commitment<'py>(&self, py: Python<'py>) -> Bound<'py, PyBytes> {
        PyBytes::new(py, self.inner.commit().as_bytes())
    }

    fn __repr__(&self) -> String {
        "Opening(value=<secret>, blinding=<secret>)".to_owned()
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .cast::<Opening>()
            .is_ok_and(|o| o.get().inner == self.inner)
    }
}

/// A commitment to `value` with a fresh random blinding.
#[pyfunction]
pub fn commit(value: &Bound<'_, PyAny>) -> PyResult<Opening> {
    let value = u64_arg(value, "value")?;
    let mut rng = os_rng()?;
    Ok(Opening {
        inner: bpkit::Opening::random(value, &mut rng),
    })
}

/// The opening of an extended commitment `C = v·B + r₁·B̃₁ + … + r_k·B̃_k` (Bulletproofs+),
/// `k` from 1 to 6. Zeroized on the Rust side like [`Opening`].
#[pyclass(frozen, module = "bpkit")]
pub struct ExtendedOpening {
    pub(crate) inner: bpkit::plus::ExtendedOpening,
}

#[pymethods]
impl ExtendedOpening {
    /// An opening with chosen blindings (1 to 6, each 32 bytes, a canonical scalar).
    #[new]
    fn new(value: &Bound<'_, PyAny>, blindings: Vec<Vec<u8>>) -> PyResult<Self> {
        let value = u64_arg(value, "value")?;
        if blindings.is_empty() || blindings.len() > 6 {
            return Err(malformed(
                "invalid-extension-degree",
                format!("1 to 6 blindings, not {}", blindings.len()),
            ));
        }
        let blindings = blindings
            .iter()
            .enumerate()
            .map(|(i, b)| scalar(b, &format!("blinding {i}")))
            .collect::<PyResult<Vec<Scalar>>>()?;
        Ok(ExtendedOpening {
            inner: bpkit::plus::ExtendedOpening::new(value, blindings),
        })
    }

    /// An opening of `value` with `k` fresh random blindings.
    #[staticmethod]
    #[pyo3(signature = (value, k = 1))]
    fn random(value: &Bound<'_, PyAny>, k: usize) -> PyResult<Self> {
        let value = u64_arg(value, "value")?;
        if !(1..=6).contains(&k) {
            return Err(malformed(
                "invalid-extension-degree",
                format!("k must be 1 to 6, not {k}"),
            ));
        }
        let mut rng = os_rng()?;
        Ok(ExtendedOpening {
            inner: bpkit::plus::ExtendedOpening::random(value, k, &mut rng),
        })
    }

    /// The committed value.
    #[getter]
    fn value(&self) -> u64 {
        self.inner.value
    }

    /// The blindings (32 bytes each; secret).
    #[getter]
    fn blindings<'py>(&self, py: Python<'py>) -> Vec<Bound<'py, PyBytes>> {
        self.inner
            .blindings
            .iter()
            .map(|b| PyBytes::new(py, b.as_bytes()))
            .collect()
    }

    /// The extension degree `k` (number of blindings).
    #[getter]
    fn k(&self) -> usize {
        self.inner.blindings.len()
    }

    /// The commitment (32 bytes) under the generator set `"bpkit"` (the same bases as
    /// `commit` for `k = 1`) or `"tari"`, computed in constant time.
    #[pyo3(signature = (generators = "bpkit"))]
    fn commitment<'py>(&self, py: Python<'py>, generators: &str) -> PyResult<Bound<'py, PyBytes>> {
        let set = crate::convert::generators(generators)?;
        let gens = shared_plus_gens(set, self.k()).map_err(|e| verify_error(&Failure::Proof(e)))?;
        let c = self
            .inner
            .commit_with(gens.pedersen())
            .map_err(|e| verify_error(&Failure::Proof(e)))?;
        Ok(PyBytes::new(py, c.as_bytes()))
    }

    fn __repr__(&self) -> String {
        format!(
            "ExtendedOpening(value=<secret>, blindings=<{} secret>)",
            self.k()
        )
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .cast::<ExtendedOpening>()
            .is_ok_and(|o| o.get().inner == self.inner)
    }
}
