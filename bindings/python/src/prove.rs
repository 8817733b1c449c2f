//! Proving (GIL released): range, interval and Bulletproofs+ proofs, each returned as an
//! `Envelope` (the proof with its statement). Every refusal is a `ProvingError`.

use crate::convert::{os_rng, threads_arg, u128_arg, u64_arg};
use crate::envelope::Envelope;
use crate::errors::{decode_error, prove_error};
use crate::opening::{ExtendedOpening, Opening};
use bpkit::plus::RecoverySeed;
use bpkit::{Interval, BIT_SIZES};
use pyo3::prelude::*;
use pyo3::types::PyBytes;

/// Proves that every opening's value lies in `[0, 2^bits)`: one aggregated proof of 1 to 64
/// openings, `bits` ∈ {8, 16, 32, 64}. `threads`: 0 (default: rayon's global pool,
/// `RAYON_NUM_THREADS` else one per core) or 1 to 256, as for every prover; the proof is the
/// same whatever the count.
#[pyfunction]
#[pyo3(signature = (openings, bits, label, threads = 0))]
pub fn prove_range(
    py: Python<'_>,
    openings: Vec<Bound<'_, Opening>>,
    bits: usize,
    label: &str,
    threads: i64,
) -> PyResult<Envelope> {
    let threads = threads_arg(threads)?;
    let openings: Vec<bpkit::Opening> = openings.iter().map(|o| o.get().inner.clone()).collect();
    let mut rng = os_rng()?;
    let inner = py
        .detach(|| {
            bpkit::with_threads(threads, || {
                bpkit_envelope::prove::range(&openings, bits, label, &mut rng)
            })
        })
        .map_err(|e| prove_error(&e))?;
    Ok(Envelope { inner })
}

/// Proves `a ≤ opening.value < b` (`0 ≤ a < b ≤ 2⁶⁴`). `bits` defaults to the smallest of 8,
/// 16, 32, 64 that covers `b − 1 − a`. `threads` as for `prove_range`.
#[pyfunction]
#[pyo3(signature = (opening, a, b, label, bits = None, threads = 0))]
pub fn prove_interval(
    py: Python<'_>,
    opening: &Bound<'_, Opening>,
    a: &Bound<'_, PyAny>,
    b: &Bound<'_, PyAny>,
    label: &str,
    bits: Option<usize>,
    threads: i64,
) -> PyResult<Envelope> {
    let threads = threads_arg(threads)?;
    let interval =
        Interval::new(u64_arg(a, "a")?, u128_arg(b, "b")?).map_err(|e| prove_error(&e.into()))?;
    let bits = bits.unwrap_or_else(|| {
        BIT_SIZES
            .iter()
            .copied()
            .find(|&n| n >= interval.min_bits())
            .unwrap_or(64)
    });
    let opening = opening.get().inner.clone();
    let mut rng = os_rng()?;
    let inner = py
        .detach(|| {
            bpkit::with_threads(threads, || {
                bpkit_envelope::prove::interval(&opening, interval, bits, label, &mut rng)
            })
        })
        .map_err(|e| prove_error(&e))?;
    Ok(Envelope { inner })
}

/// Proves with Bulletproofs+ that each opening's value `vⱼ` satisfies
/// `minⱼ ≤ vⱼ < minⱼ + 2^bits` (`minimums`: one per opening, `None` for all 0), with the
/// generator set `"bpkit"` or `"tari"`. With a `seed` (32 bytes, one opening only), its holder
/// can recover the blindings: **use a seed for one proof only**. `threads` as for
/// `prove_range`.
#[pyfunction]
#[pyo3(signature = (
    openings, bits, label, minimums = None, generators = "bpkit", seed = None, threads = 0
))]
#[allow(clippy::too_many_arguments)]
pub fn prove_plus(
    py: Python<'_>,
    openings: Vec<Bound<'_, ExtendedOpening>>,
    bits: usize,
    label: &str,
    minimums: Option<Vec<u64>>,
    generators: &str,
    seed: Option<&[u8]>,
    threads: i64,
) -> PyResult<Envelope> {
    let threads = threads_arg(threads)?;
    let set = crate::convert::generators(generators)?;
    let openings: Vec<bpkit::plus::ExtendedOpening> =
        openings.iter().map(|o| o.get().inner.clone()).collect();
    let seed = seed.map(crate::convert::seed).transpose()?;
    let mut rng = os_rng()?;
    let inner = py
        .detach(|| {
            bpkit::with_threads(threads, || {
                bpkit_envelope::prove::plus(
                    &openings,
                    bits,
                    minimums,
                    set,
                    label,
                    seed.as_ref(),
                    &mut rng,
                )
            })
        })
        .map_err(|e| prove_error(&e))?;
    Ok(Envelope { inner })
}

/// A fresh random recovery seed (32 bytes, a canonical scalar). Secret: Python cannot wipe
/// the returned `bytes`.
#[pyfunction]
pub fn random_seed(py: Python<'_>) -> PyResult<Bound<'_, PyBytes>> {
    let mut rng = os_rng()?;
    let seed = bpkit::group::Scalar::random(&mut rng);
    let out = PyBytes::new(py, seed.as_bytes());
    // Checked to be a valid seed (canonical by construction).
    RecoverySeed::from_bytes(seed.as_bytes()).map_err(decode_error)?;
    Ok(out)
}
