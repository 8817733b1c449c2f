//! Values crossing the boundary: `bigint`s, byte arrays, arrays of commitments and of this
//! package's objects.
//!
//! Bytes come in as copies in WebAssembly memory. Secret bytes (blindings, seeds) are taken as
//! owned vectors and wiped here before their memory is freed (a borrowed slice would be freed by
//! the generated glue without being wiped). Bytes go out as fresh `Uint8Array`s copied straight
//! from Rust-owned buffers, which are then wiped when they are secret.

use crate::error::{BindingError, Result};
use bpkit::group::{CompressedRistretto, Scalar};
use bpkit::reexports::merlin::Transcript;
use js_sys::{Array, Function, Reflect, Uint8Array};
use wasm_bindgen::convert::TryFromJsValue;
use wasm_bindgen::{JsCast, JsValue};
use zeroize::Zeroizing;

/// The transcript of a verifier for `label` (the facade's interned labels; a label over
/// 4 KiB, or too many distinct labels, is a `MalformedError`).
pub fn transcript(label: &str) -> Result<Transcript> {
    Ok(bpkit_envelope::transcript(label)?)
}

/// The transcript of a prover for `label` (the same, but its errors are `ProvingError`s).
pub fn prover_transcript(label: &str) -> Result<Transcript> {
    bpkit_envelope::transcript(label).map_err(BindingError::proving)
}

/// A `bigint` in `[0, 2⁶⁴)`. Anything else (a `number`, a negative or too large `bigint`) is
/// refused: wasm-bindgen's own `u64` conversion would wrap it silently.
pub fn u64_of(value: &JsValue, what: &str) -> Result<u64> {
    if !value.is_bigint() {
        return Err(BindingError::argument(format!("{what} must be a bigint")));
    }
    u64::try_from_js_value_ref(value)
        .ok_or_else(|| BindingError::argument(format!("{what} must be a bigint in [0, 2^64)")))
}

/// A `bigint` in `[0, 2⁶⁴]` (the upper end of an interval).
pub fn u128_of(value: &JsValue, what: &str) -> Result<u128> {
    if !value.is_bigint() {
        return Err(BindingError::argument(format!("{what} must be a bigint")));
    }
    u128::try_from_js_value_ref(value)
        .filter(|v| *v <= 1u128 << 64)
        .ok_or_else(|| BindingError::argument(format!("{what} must be a bigint in [0, 2^64]")))
}

/// A `number` that is a `usize` (bit sizes, extension degrees).
pub fn usize_of(value: u32) -> usize {
    usize::try_from(value).unwrap_or(usize::MAX)
}

/// Exactly 32 bytes, or `wrong-length`.
pub fn array32(bytes: &[u8]) -> Result<[u8; 32]> {
    <[u8; 32]>::try_from(bytes).map_err(|_| {
        bpkit::Error::WrongLength {
            expected: 32,
            found: bytes.len(),
        }
        .into()
    })
}

/// A secret scalar from its canonical 32-byte encoding; the input is wiped.
pub fn secret_scalar(bytes: Vec<u8>) -> Result<Scalar> {
    let bytes = Zeroizing::new(bytes);
    let array = Zeroizing::new(array32(&bytes)?);
    Ok(bpkit::group::encoding::decode_scalar(&array, 0)?)
}

/// A fresh `Uint8Array` holding a copy of `bytes`.
pub fn to_js(bytes: &[u8]) -> Uint8Array {
    Uint8Array::from(bytes)
}

/// A scalar's encoding as a fresh `Uint8Array`; the Rust-side copy is wiped.
pub fn secret_to_js(scalar: &Scalar) -> Uint8Array {
    let bytes = Zeroizing::new(scalar.to_bytes());
    to_js(bytes.as_slice())
}

/// Commitments from an array of 32-byte `Uint8Array`s (decoded as points only when verifying,
/// where an invalid one is `invalid-commitment`).
pub fn commitments_of(list: &[Uint8Array]) -> Result<Vec<CompressedRistretto>> {
    list.iter()
        .map(|c| Ok(CompressedRistretto(array32(&c.to_vec())?)))
        .collect()
}

/// Commitments as an array of `Uint8Array`s.
pub fn commitments_to_js(list: &[CompressedRistretto]) -> Array {
    list.iter()
        .map(|c| JsValue::from(to_js(c.as_bytes())))
        .collect()
}

/// Owned copies of the objects of an array of this package's objects (e.g. `Opening[]`).
///
/// wasm-bindgen can only take such objects by value, which would leave the caller's objects
/// detached (unusable). Instead each element's own `clone()` is called and the copy is taken:
/// the secrets never leave WebAssembly memory, and the caller's objects stay usable.
pub fn clones<T: TryFromJsValue>(list: &Array, name: &str, class: &str) -> Result<Vec<T>> {
    let mut out = Vec::with_capacity(usize_of(list.length()));
    for (i, element) in list.iter().enumerate() {
        let not_one = || BindingError::argument(format!("{name}[{i}] is not an {class}"));
        let clone = Reflect::get(&element, &JsValue::from_str("clone"))
            .ok()
            .and_then(|f| f.dyn_into::<Function>().ok())
            .ok_or_else(not_one)?;
        let copy = clone.call0(&element).map_err(|_| not_one())?;
        out.push(T::try_from_js_value(copy).map_err(|_| not_one())?);
    }
    Ok(out)
}
