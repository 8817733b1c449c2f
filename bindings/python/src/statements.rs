//! Envelopes of every scheme (`verify_json`) and the circuit statements (SHA-256 preimage,
//! Merkle membership, shuffle): provers return the envelope's JSON text (the CLI's bytes).

use crate::convert::{os_rng, threads_arg};
use crate::errors::{malformed, prove_error, verify_error};
use crate::opening::Opening;
use pyo3::prelude::*;

fn encoded(env: &bpkit_envelope::circuit::CircuitEnvelope) -> PyResult<String> {
    bpkit_envelope::circuit::to_json(env).map_err(|e| malformed(e.kind(), e.to_string()))
}

/// Verifies the envelope JSON text of any scheme (`bp`, `bp+`, interval, `circuit`,
/// `grin-bp`): returns `None`, raises `InvalidProofError` or `MalformedError`. A `circuit`
/// envelope whose statement's circuit has more than `max_multipliers` multipliers — default
/// 65,536 = 2^16, i.e. SHA-256 preimages of up to 119 bytes; computed from the statement's
/// public parameters, refused before anything is built — raises `MalformedError`
/// (`circuit-too-large`).
#[pyfunction]
#[pyo3(signature = (text, max_multipliers = None))]
pub fn verify_json(py: Python<'_>, text: &str, max_multipliers: Option<usize>) -> PyResult<()> {
    let mut options = bpkit_envelope::VerifyCircuitOptions::default();
    if let Some(max) = max_multipliers {
        options = options.max_multipliers(max);
    }
    py.detach(|| bpkit_envelope::verify_json_with(text, &options))
        .map_err(|e| verify_error(&e))
}

/// Verifies `proof` for the circuit given by its canonical JSON description (spec §12.2) and
/// its commitments (32-byte `bytes` each) under the transcript label: returns `None`, raises
/// `InvalidProofError` (false, or a proof of another size) or `MalformedError` (kind `circuit`
/// for a description that is not canonical, `circuit-too-large` for one declaring more than
/// `max_multipliers` multipliers — default 65,536 = 2^16, refused before anything is built —,
/// decoding kinds for the proof).
#[pyfunction]
#[pyo3(signature = (circuit, commitments, proof, label, max_multipliers = None))]
pub fn verify_circuit(
    py: Python<'_>,
    circuit: &str,
    commitments: Vec<Vec<u8>>,
    proof: &[u8],
    label: &str,
    max_multipliers: Option<usize>,
) -> PyResult<()> {
    let commitments = crate::convert::commitments(commitments)?;
    let mut options = bpkit_envelope::VerifyCircuitOptions::default();
    if let Some(max) = max_multipliers {
        options = options.max_multipliers(max);
    }
    py.detach(|| bpkit_envelope::verify_circuit_with(circuit, &commitments, proof, label, &options))
        .map_err(|e| verify_error(&e))
}

/// "I know a message whose SHA-256 is d" (at most 1024 bytes): the circuit envelope's JSON.
/// `threads`: 0 (default: rayon's global pool, `RAYON_NUM_THREADS` else one per core) or 1 to
/// 256, as for every prover; the proof is the same whatever the count.
#[pyfunction]
#[pyo3(signature = (message, label, threads = 0))]
pub fn prove_sha256(py: Python<'_>, message: &[u8], label: &str, threads: i64) -> PyResult<String> {
    let threads = threads_arg(threads)?;
    let mut rng = os_rng()?;
    let env = py
        .detach(|| {
            bpkit::with_threads(threads, || {
                bpkit_envelope::statements::sha256(message, label, &mut rng)
            })
        })
        .map_err(|e| prove_error(&e))?;
    encoded(&env)
}

/// Membership of `leaves[index]` in the Poseidon Merkle tree over `leaves` (smallest depth):
/// `(envelope JSON, opening of the leaf's commitment)`. `threads` as for `prove_sha256`.
#[pyfunction]
#[pyo3(signature = (leaves, index, label, threads = 0))]
pub fn prove_merkle(
    py: Python<'_>,
    leaves: Vec<u64>,
    index: u64,
    label: &str,
    threads: i64,
) -> PyResult<(String, Opening)> {
    let threads = threads_arg(threads)?;
    let mut rng = os_rng()?;
    let (env, inner) = py
        .detach(|| {
            bpkit::with_threads(threads, || {
                bpkit_envelope::statements::merkle(&leaves, index, label, &mut rng)
            })
        })
        .map_err(|e| prove_error(&e))?;
    Ok((encoded(&env)?, Opening { inner }))
}

/// The committed outputs are a permutation of the committed inputs:
/// `(envelope JSON, input openings, output openings)`. `threads` as for `prove_sha256`.
#[pyfunction]
#[pyo3(signature = (inputs, outputs, label, threads = 0))]
pub fn prove_shuffle(
    py: Python<'_>,
    inputs: Vec<u64>,
    outputs: Vec<u64>,
    label: &str,
    threads: i64,
) -> PyResult<(String, Vec<Opening>, Vec<Opening>)> {
    let threads = threads_arg(threads)?;
    let mut rng = os_rng()?;
    let out = py
        .detach(|| {
            bpkit::with_threads(threads, || {
                bpkit_envelope::statements::shuffle(&inputs, &outputs, label, &mut rng)
            })
        })
        .map_err(|e| prove_error(&e))?;
    let wrap = |v: Vec<bpkit::Opening>| v.into_iter().map(|inner| Opening { inner }).collect();
    Ok((encoded(&out.envelope)?, wrap(out.inputs), wrap(out.outputs)))
}
