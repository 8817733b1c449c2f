//! Proving: range, interval and Bulletproofs+ proofs, each returned as a new envelope, and the
//! process-wide thread count of every prover (`bpkit_set_threads`).

use super::raw::{self, bytes32};
use super::{guard, os_rng};
use crate::error::CError;
use crate::handles::{BpkitEnvelope, BpkitExtendedOpening, BpkitOpening};
use crate::status::Status;
use bpkit::plus::RecoverySeed;
use bpkit::{Interval, BIT_SIZES};
use std::os::raw::c_int;
use std::sync::atomic::{AtomicUsize, Ordering};
use zeroize::Zeroizing;

/// The most threads `bpkit_set_threads` accepts.
const MAX_THREADS: usize = 256;

/// The thread count of every `bpkit_prove_*` call (0: rayon's global pool).
static THREADS: AtomicUsize = AtomicUsize::new(0);

/// Runs a prover's work with the thread count set by `bpkit_set_threads`.
pub(super) fn threaded<T: Send>(f: impl FnOnce() -> T + Send) -> T {
    bpkit::with_threads(THREADS.load(Ordering::Relaxed), f)
}

/// Sets how many threads every `bpkit_prove_*` function uses, for the whole process: `0` (the
/// default) uses rayon's global pool (`RAYON_NUM_THREADS`, else one thread per core); `1` to
/// `256` a pool of that many threads, made for each proof. Proofs are byte-identical whatever
/// the count. A call made while another thread proves applies from its next proof. More than
/// 256 is `BPKIT_MALFORMED` (`invalid-argument`) and keeps the current setting.
/// `bpkit_verify_batch` takes its own `threads` argument.
#[unsafe(no_mangle)]
pub extern "C" fn bpkit_set_threads(threads: usize) -> Status {
    guard(|| {
        if threads > MAX_THREADS {
            return Err(CError::argument(
                "invalid-argument",
                format!(
                    "threads must be 0 (the default pool) or 1 to {MAX_THREADS}, not {threads}"
                ),
            ));
        }
        THREADS.store(threads, Ordering::Relaxed);
        Ok(())
    })
}

/// Proves that the values of `count` openings (1 to 64) lie in `[0, 2^bits)` (`bits` 8, 16,
/// 32 or 64) with the transcript label; stores a new envelope at `*out`. Refusals (a value
/// out of range, a bad size) are `BPKIT_PROVING`. Every `bpkit_prove_*` function runs on the
/// threads set by `bpkit_set_threads`.
///
/// # Safety
/// `openings` points to `count` live opening pointers; `label` to `label_len` readable bytes;
/// `out` to a writable pointer.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn bpkit_prove_range(
    openings: *const *const BpkitOpening,
    count: usize,
    bits: usize,
    label: *const u8,
    label_len: usize,
    out: *mut *mut BpkitEnvelope,
) -> Status {
    guard(|| {
        // SAFETY: caller's contract (both).
        let (openings, label) = unsafe {
            (
                raw::handles(openings, count, "openings")?,
                raw::label(label, label_len)?,
            )
        };
        let openings: Vec<bpkit::Opening> = openings.iter().map(|o| o.inner.clone()).collect();
        let mut rng = os_rng()?;
        let inner = threaded(|| bpkit_envelope::prove::range(&openings, bits, label, &mut rng))
            .map_err(|e| CError::prove(&e))?;
        // SAFETY: caller's contract.
        unsafe { raw::new_handle(out, BpkitEnvelope { inner }, "out") }
    })
}

/// Proves `a ≤ v ≤ last` for the opening's value `v` (the interval `[a, last + 1)`), with
/// `bits`-bit range proofs (0: the smallest of 8, 16, 32, 64 that fits).
///
/// # Safety
/// `opening` is a live opening; `label` points to `label_len` readable bytes; `out` to a
/// writable pointer.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn bpkit_prove_interval(
    opening: *const BpkitOpening,
    a: u64,
    last: u64,
    bits: usize,
    label: *const u8,
    label_len: usize,
    out: *mut *mut BpkitEnvelope,
) -> Status {
    guard(|| {
        // SAFETY: caller's contract (both).
        let (opening, label) = unsafe {
            (
                raw::handle(opening, "opening")?,
                raw::label(label, label_len)?,
            )
        };
        let interval = Interval::new(a, u128::from(last).saturating_add(1))
            .map_err(|e| CError::prove(&e.into()))?;
        let bits = if bits == 0 {
            BIT_SIZES
                .iter()
                .copied()
                .find(|&n| n >= interval.min_bits())
                .unwrap_or(64)
        } else {
            bits
        };
        let mut rng = os_rng()?;
        let inner = threaded(|| {
            bpkit_envelope::prove::interval(&opening.inner, interval, bits, label, &mut rng)
        })
        .map_err(|e| CError::prove(&e))?;
        // SAFETY: caller's contract.
        unsafe { raw::new_handle(out, BpkitEnvelope { inner }, "out") }
    })
}

/// Proves with Bulletproofs+ that each extended opening's value `vⱼ` satisfies
/// `minⱼ ≤ vⱼ < minⱼ + 2^bits`. `minimums`: `count` values or NULL/0 for all 0. `generators`:
/// `BPKIT_GENERATORS_BPKIT` or `_TARI`. `seed`: 32 bytes (one opening only) so that its holder
/// can recover the blindings, or NULL/0; **use a seed for one proof only**.
///
/// # Safety
/// Each pointer points to its length of readable elements (or is NULL with length 0);
/// `minimums` is 8-byte aligned; `out` points to a writable pointer.
#[unsafe(no_mangle)]
#[allow(clippy::too_many_arguments)]
pub unsafe extern "C" fn bpkit_prove_plus(
    openings: *const *const BpkitExtendedOpening,
    count: usize,
    minimums: *const u64,
    minimums_len: usize,
    generators: c_int,
    seed: *const u8,
    seed_len: usize,
    bits: usize,
    label: *const u8,
    label_len: usize,
    out: *mut *mut BpkitEnvelope,
) -> Status {
    guard(|| {
        // SAFETY: caller's contract (all three).
        let (openings, minimums, label) = unsafe {
            (
                raw::handles(openings, count, "openings")?,
                raw::u64s(minimums, minimums_len, "minimums")?,
                raw::label(label, label_len)?,
            )
        };
        let set = raw::generators(generators)?;
        let seed = if seed.is_null() && seed_len == 0 {
            None
        } else {
            // SAFETY: caller's contract.
            let raw32 = Zeroizing::new(unsafe { bytes32(seed, seed_len, "seed") }?);
            Some(RecoverySeed::from_bytes(&raw32).map_err(CError::decode)?)
        };
        let openings: Vec<bpkit::plus::ExtendedOpening> =
            openings.iter().map(|o| o.inner.clone()).collect();
        let minimums = (!minimums.is_empty()).then(|| minimums.to_vec());
        let mut rng = os_rng()?;
        let inner = threaded(|| {
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
        .map_err(|e| CError::prove(&e))?;
        // SAFETY: caller's contract.
        unsafe { raw::new_handle(out, BpkitEnvelope { inner }, "out") }
    })
}

/// A fresh random recovery seed (32 bytes, a canonical scalar) into `out` (`out_len` ≥ 32).
/// Secret: wipe it when done.
///
/// # Safety
/// `out` points to `out_len` writable bytes.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn bpkit_random_seed(out: *mut u8, out_len: usize) -> Status {
    guard(|| {
        let seed = Zeroizing::new(bpkit::group::Scalar::random(&mut os_rng()?).to_bytes());
        // SAFETY: caller's contract.
        unsafe { raw::write_fixed(seed.as_slice(), out, out_len, "out") }
    })
}
