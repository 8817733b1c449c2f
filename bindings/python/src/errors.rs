//! The exception hierarchy, built at import time, and the mapping from the facade's errors.
//!
//! ```text
//! BpkitError(Exception)            .kind: str (stable, e.g. "verification-failed"), .index
//! ├── MalformedError(BpkitError, ValueError)   bad encodings and arguments
//! ├── InvalidProofError(BpkitError)            well-formed proofs that are false
//! └── ProvingError(BpkitError)                 the prover refused its witness
//! ```

use bpkit_envelope::{Category, Failure};
use pyo3::exceptions::{PyException, PyValueError};
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyDict, PyTuple, PyType};

/// The four exception classes, created once per interpreter.
struct Classes {
    base: Py<PyType>,
    malformed: Py<PyType>,
    invalid: Py<PyType>,
    proving: Py<PyType>,
}

static CLASSES: PyOnceLock<Classes> = PyOnceLock::new();

fn new_class(
    py: Python<'_>,
    name: &str,
    bases: Bound<'_, PyTuple>,
    doc: &str,
) -> PyResult<Py<PyType>> {
    let dict = PyDict::new(py);
    dict.set_item("__doc__", doc)?;
    dict.set_item("__module__", "bpkit")?;
    dict.set_item("kind", "")?;
    dict.set_item("index", py.None())?;
    let class = py
        .get_type::<PyType>()
        .call1((name, bases, dict))?
        .cast_into::<PyType>()?;
    Ok(class.unbind())
}

fn classes(py: Python<'_>) -> PyResult<&Classes> {
    CLASSES.get_or_try_init(py, || {
        let base = new_class(
            py,
            "BpkitError",
            PyTuple::new(py, [py.get_type::<PyException>()])?,
            "Base class of every bpkit error. `kind` is a stable machine-readable name \
             (bpkit::Error::kind); `index` names the item of a batch or list, if any.",
        )?;
        let malformed = new_class(
            py,
            "MalformedError",
            PyTuple::new(py, [base.bind(py).clone(), py.get_type::<PyValueError>()])?,
            "A malformed, non-canonical or out-of-domain input (bad encoding, invalid point, \
             bad envelope, bad argument).",
        )?;
        let invalid = new_class(
            py,
            "InvalidProofError",
            PyTuple::new(py, [base.bind(py).clone()])?,
            "A well-formed proof that does not verify (or a recovered mask that does not open \
             the commitment).",
        )?;
        let proving = new_class(
            py,
            "ProvingError",
            PyTuple::new(py, [base.bind(py).clone()])?,
            "The prover refused its witness or parameters (e.g. a value outside the range): \
             nothing was proven.",
        )?;
        Ok(Classes {
            base,
            malformed,
            invalid,
            proving,
        })
    })
}

/// Adds the classes to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    let c = classes(py)?;
    m.add("BpkitError", c.base.bind(py))?;
    m.add("MalformedError", c.malformed.bind(py))?;
    m.add("InvalidProofError", c.invalid.bind(py))?;
    m.add("ProvingError", c.proving.bind(py))?;
    Ok(())
}

/// An exception of `category` with a message, a kind and an optional index.
pub fn raise(category: Category, kind: &str, message: String, index: Option<usize>) -> PyErr {
    Python::attach(|py| match build(py, category, kind, message, index) {
        Ok(err) | Err(err) => err,
    })
}

fn build(
    py: Python<'_>,
    category: Category,
    kind: &str,
    message: String,
    index: Option<usize>,
) -> PyResult<PyErr> {
    let c = classes(py)?;
    let class = match category {
        Category::Invalid => &c.invalid,
        Category::Malformed => &c.malformed,
        Category::Proving => &c.proving,
    };
    let exc = class.bind(py).call1((format!("{message} ({kind})"),))?;
    exc.setattr("kind", kind)?;
    exc.setattr("index", index)?;
    Ok(PyErr::from_value(exc))
}

/// A failure to verify, decode or recover.
pub fn verify_error(e: &Failure) -> PyErr {
    raise(e.category(), e.kind(), e.to_string(), None)
}

/// A failure to prove.
pub fn prove_error(e: &Failure) -> PyErr {
    raise(Category::Proving, e.kind(), e.to_string(), None)
}

/// A malformed argument with a kind (e.g. `invalid-argument`, `wrong-length`).
pub fn malformed(kind: &str, message: impl Into<String>) -> PyErr {
    raise(Category::Malformed, kind, message.into(), None)
}

/// A library error met while decoding (always malformed).
pub fn decode_error(e: bpkit::Error) -> PyErr {
    verify_error(&Failure::Proof(e))
}
