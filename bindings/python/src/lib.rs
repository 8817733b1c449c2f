//! Python bindings of bpkit (module `bpkit._bpkit`, re-exported by the `bpkit` package).
//!
//! Thin by design: arguments are converted, the shared facade (`bpkit-envelope`) does the
//! work with the GIL released, and its errors become the `BpkitError` hierarchy.

mod batch;
mod convert;
mod envelope;
mod errors;
mod monero;
mod opening;
mod proofs;
mod prove;
mod statements;

use pyo3::prelude::*;

/// The native module.
#[pymodule]
fn _bpkit(m: &Bound<'_, PyModule>) -> PyResult<()> {
    errors::register(m)?;
    m.add_class::<opening::Opening>()?;
    m.add_class::<opening::ExtendedOpening>()?;
    m.add_class::<proofs::RangeProof>()?;
    m.add_class::<proofs::IntervalProof>()?;
    m.add_class::<proofs::PlusProof>()?;
    m.add_class::<envelope::Envelope>()?;
    m.add_class::<monero::MoneroTxReport>()?;
    m.add_class::<monero::MoneroOpening>()?;
    m.add_class::<monero::MoneroEnvelope>()?;
    m.add_function(wrap_pyfunction!(opening::commit, m)?)?;
    m.add_function(wrap_pyfunction!(prove::prove_range, m)?)?;
    m.add_function(wrap_pyfunction!(prove::prove_interval, m)?)?;
    m.add_function(wrap_pyfunction!(prove::prove_plus, m)?)?;
    m.add_function(wrap_pyfunction!(prove::random_seed, m)?)?;
    m.add_function(wrap_pyfunction!(monero::commit_monero, m)?)?;
    m.add_function(wrap_pyfunction!(monero::prove_monero, m)?)?;
    m.add_function(wrap_pyfunction!(batch::verify_batch, m)?)?;
    m.add_function(wrap_pyfunction!(statements::verify_json, m)?)?;
    m.add_function(wrap_pyfunction!(statements::verify_circuit, m)?)?;
    m.add_function(wrap_pyfunction!(statements::prove_sha256, m)?)?;
    m.add_function(wrap_pyfunction!(statements::prove_merkle, m)?)?;
    m.add_function(wrap_pyfunction!(statements::prove_shuffle, m)?)?;
    m.add_function(wrap_pyfunction!(monero::verify_tx, m)?)?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add("BIT_SIZES", bpkit::BIT_SIZES.to_vec())?;
    m.add("MAX_PARTIES", bpkit::MAX_PARTIES)?;
    m.add("MAX_LABEL", bpkit_envelope::MAX_LABEL)?;
    Ok(())
}
