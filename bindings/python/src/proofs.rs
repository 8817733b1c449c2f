//! Proof objects: strict `from_bytes` / `to_bytes`, and `verify` against an explicit statement
//! (with the GIL released).

use crate::convert::{bits_arg, bytes32, u128_arg, u64_arg};
use crate::errors::{decode_error, verify_error};
use crate::opening::ExtendedOpening;
use bpkit::group::CompressedRistretto;
use bpkit::plus::PlusStatement;
use bpkit::{Interval, RangeStatement};
use bpkit_envelope::{Claim, Failure};
use pyo3::prelude::*;
use pyo3::types::PyBytes;

/// Verifies `claim` with the GIL released; raises on failure.
pub fn verify_claim(py: Python<'_>, claim: &Claim) -> PyResult<()> {
    py.detach(|| claim.verify_shared())
        .map_err(|e| verify_error(&e))
}

/// A Bulletproofs range proof (wire format of the `bulletproofs` crate): one or several
/// committed values lie in `[0, 2^bits)`.
#[pyclass(frozen, eq, module = "bpkit")]
#[derive(Clone, PartialEq)]
pub struct RangeProof {
    pub(crate) inner: bpkit::RangeProof,
}

#[pymethods]
impl RangeProof {
    /// Decodes a proof strictly (canonical scalars, valid non-identity points, no trailing
    /// bytes); `MalformedError` otherwise.
    #[staticmethod]
    fn from_bytes(data: &[u8]) -> PyResult<Self> {
        let inner = bpkit::RangeProof::from_bytes(data).map_err(decode_error)?;
        Ok(RangeProof { inner })
    }

    /// The proof's encoding.
    fn to_bytes<'py>(&self, py: Python<'py>) -> Bound<'py, PyBytes> {
        PyBytes::new(py, &self.inner.to_bytes())
    }

    /// Verifies the proof for `commitments` (32 bytes each), `bits` and the transcript `label`.
    /// Returns `None`; raises `InvalidProofError` if it is false, `MalformedError` if the
    /// statement is malformed (e.g. a commitment that is not a point).
    fn verify(
        &self,
        py: Python<'_>,
        commitments: Vec<Vec<u8>>,
        bits: u64,
        label: &str,
    ) -> PyResult<()> {
        let statement =
            RangeStatement::new(bits_arg(bits), crate::convert::commitments(commitments)?)
                .map_err(decode_error)?;
        verify_claim(
            py,
            &Claim::Range {
                proof: self.inner.clone(),
                statement,
                label: label.to_owned(),
            },
        )
    }

    fn __len__(&self) -> usize {
        self.inner.serialized_size()
    }

    fn __repr__(&self) -> String {
        format!("RangeProof({} bytes)", self.inner.serialized_size())
    }
}

/// A proof that a committed value lies in `[a, b)` (two aggregated range proofs; same
/// encoding as a range proof of two values).
#[pyclass(frozen, eq, module = "bpkit")]
#[derive(Clone, PartialEq)]
pub struct IntervalProof {
    pub(crate) inner: bpkit::IntervalProof,
}

#[pymethods]
impl IntervalProof {
    /// Decodes a proof strictly; `MalformedError` otherwise.
    #[staticmethod]
    fn from_bytes(data: &[u8]) -> PyResult<Self> {
        let inner = bpkit::IntervalProof::from_bytes(data).map_err(decode_error)?;
        Ok(IntervalProof { inner })
    }

    /// The proof's encoding.
    fn to_bytes<'py>(&self, py: Python<'py>) -> Bound<'py, PyBytes> {
        PyBytes::new(py, &self.inner.to_bytes())
    }

    /// Verifies that `commitment` opens to a value in `[a, b)` (`0 ≤ a < b ≤ 2⁶⁴`), with
    /// `bits`-bit range proofs and the transcript `label`.
    #[allow(clippy::too_many_arguments)]
    fn verify(
        &self,
        py: Python<'_>,
        commitment: &[u8],
        a: &Bound<'_, PyAny>,
        b: &Bound<'_, PyAny>,
        bits: u64,
        label: &str,
    ) -> PyResult<()> {
        let commitment = CompressedRistretto(bytes32(commitment, "commitment")?);
        let interval = Interval::new(u64_arg(a, "a")?, u128_arg(b, "b")?).map_err(decode_error)?;
        verify_claim(
            py,
            &Claim::Interval {
                proof: self.inner.clone(),
                commitment,
                interval,
                bits: bits_arg(bits),
                label: label.to_owned(),
            },
        )
    }

    fn __len__(&self) -> usize {
        self.inner.to_bytes().len()
    }

    fn __repr__(&self) -> String {
        format!("IntervalProof({} bytes)", self.__len__())
    }
}

/// A Bulletproofs+ range proof (wire format of `tari_bulletproofs_plus`) over extended
/// commitments with minimum values: `minⱼ ≤ vⱼ < minⱼ + 2^bits`.
#[pyclass(frozen, eq, module = "bpkit")]
#[derive(Clone, PartialEq)]
pub struct PlusProof {
    pub(crate) inner: bpkit::plus::PlusProof,
}

/// A Bulletproofs+ claim from explicit statement parts.
#[allow(clippy::too_many_arguments)]
pub fn plus_claim(
    proof: &bpkit::plus::PlusProof,
    commitments: Vec<CompressedRistretto>,
    bits: u64,
    label: &str,
    minimums: Option<Vec<u64>>,
    generators: &str,
    extension_degree: Option<usize>,
) -> PyResult<Claim> {
    let set = crate::convert::generators(generators)?;
    let m = commitments.len();
    let statement = PlusStatement::with_minimums(
        bits_arg(bits),
        commitments,
        minimums.unwrap_or_else(|| vec![0; m]),
    )
    .map_err(decode_error)?;
    Ok(Claim::Plus {
        proof: proof.clone(),
        statement,
        generators: set,
        extension_degree: extension_degree.unwrap_or_else(|| proof.extension_degree()),
        label: label.to_owned(),
    })
}

#[pymethods]
impl PlusProof {
    /// Decodes a proof strictly (its first byte is the extension degree `k`, 1 to 6);
    /// `MalformedError` otherwise.
    #[staticmethod]
    fn from_bytes(data: &[u8]) -> PyResult<Self> {
        let inner = bpkit::plus::PlusProof::from_bytes(data).map_err(decode_error)?;
        Ok(PlusProof { inner })
    }

    /// The proof's encoding.
    fn to_bytes<'py>(&self, py: Python<'py>) -> Bound<'py, PyBytes> {
        PyBytes::new(py, &self.inner.to_bytes())
    }

    /// The extension degree `k` (blinding bases per commitment).
    #[getter]
    fn extension_degree(&self) -> usize {
        self.inner.extension_degree()
    }

    /// Verifies the proof for `commitments`, `bits`, `label`, one minimum per commitment
    /// (`None`: all 0) and the generator set (`"bpkit"` or `"tari"`). The generators have the
    /// proof's own `k` unless `extension_degree` is given (a mismatch is an
    /// `InvalidProofError` of kind `extension-mismatch`).
    #[pyo3(signature = (commitments, bits, label, minimums = None, generators = "bpkit", extension_degree = None))]
    #[allow(clippy::too_many_arguments)]
    fn verify(
        &self,
        py: Python<'_>,
        commitments: Vec<Vec<u8>>,
        bits: u64,
        label: &str,
        minimums: Option<Vec<u64>>,
        generators: &str,
        extension_degree: Option<usize>,
    ) -> PyResult<()> {
        let claim = plus_claim(
            &self.inner,
            crate::convert::commitments(commitments)?,
            bits,
            label,
            minimums,
            generators,
            extension_degree,
        )?;
        verify_claim(py, &claim)
    }

    /// Recovers the blindings of a single-value proof made with `seed` (32 bytes) for a
    /// commitment to `value`: returns the opening only if it opens `commitment` and the proof
    /// verifies; `InvalidProofError` (`recovery-failed`) for a wrong seed or value.
    #[pyo3(signature = (commitment, bits, label, seed, value, minimum = 0, generators = "bpkit"))]
    #[allow(clippy::too_many_arguments)]
    fn recover(
        &self,
        py: Python<'_>,
        commitment: &[u8],
        bits: u64,
        label: &str,
        seed: &[u8],
        value: &Bound<'_, PyAny>,
        minimum: u64,
        generators: &str,
    ) -> PyResult<ExtendedOpening> {
        let commitment = CompressedRistretto(bytes32(commitment, "commitment")?);
        let claim = plus_claim(
            &self.inner,
            vec![commitment],
            bits,
            label,
            Some(vec![minimum]),
            generators,
            None,
        )?;
        let seed = crate::convert::seed(seed)?;
        let value = u64_arg(value, "value")?;
        let inner = py
            .detach(|| claim.recover(&seed, value))
            .map_err(|e: Failure| verify_error(&e))?;
        Ok(ExtendedOpening { inner })
    }

    fn __len__(&self) -> usize {
        self.inner.serialized_size()
    }

    fn __repr__(&self) -> String {
        format!(
            "PlusProof(k={}, {} bytes)",
            self.inner.extension_degree(),
            self.inner.serialized_size()
        )
    }
}
