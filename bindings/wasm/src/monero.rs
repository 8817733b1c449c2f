//! Monero transactions: `verifyTx` parses a raw transaction and verifies its range proof, as
//! `bpkit monero verify-tx` does (the facade's `bpkit_envelope::monero::verify_tx`).

use crate::error::{BindingError, Family, Result};
use bpkit_envelope::monero::monero_error_kind;
use js_sys::{Object, Reflect};
use wasm_bindgen::prelude::*;

#[wasm_bindgen(typescript_custom_section)]
const TS_MONERO: &'static str = r#"
/** What `verifyTx` returns for a Monero transaction that parses. */
export interface MoneroTxReport {
  /** The transaction hash, lower-case hex. */
  hash: string;
  /** 1 or 2. */
  version: number;
  /** The RingCT type (0 to 6); null for a version 1 transaction. */
  rctType: number | null;
  inputs: number;
  outputs: number;
  coinbase: boolean;
  proofKind: 'bulletproofs' | 'bulletproofs+' | 'none';
  verdict: 'valid' | 'invalid' | 'malformed' | 'no-bulletproofs';
  /** The error kind of an invalid or malformed proof (e.g. 'verification-failed'), else null. */
  error: string | null;
  /** The error message of an invalid or malformed proof, else null. */
  message: string | null;
  /** The line `bpkit monero verify-tx` prints for it (without the file name). */
  summary: string;
}
"#;

fn set(object: &Object, key: &str, value: JsValue) -> Result<()> {
    Reflect::set(object, &JsValue::from_str(key), &value)
        .map(|_| ())
        .map_err(|_| BindingError::argument(format!("cannot set {key}")))
}

/// A count as a JavaScript number (exact: a transaction has far fewer than 2⁵³ of anything).
fn number(n: usize) -> JsValue {
    JsValue::from_f64(u32::try_from(n).map_or(f64::MAX, f64::from))
}

/// Parses a raw Monero transaction (`Uint8Array`, binary) and verifies its range proof
/// (Bulletproofs for RingCT types 3-5, Bulletproofs+ for type 6) against its output
/// commitments. Returns a `MoneroTxReport` for every transaction that parses (its `verdict`
/// says whether the proof is valid, invalid or malformed, or that there is none); throws
/// `MalformedError` (kind `wrong-length`, `malformed-transaction`, …) when the bytes are not
/// a transaction.
#[wasm_bindgen(js_name = verifyTx, unchecked_return_type = "MoneroTxReport")]
pub fn verify_tx(tx: &[u8]) -> Result<Object> {
    let r = bpkit_envelope::monero::verify_tx(tx)
        .map_err(|e| BindingError::new(Family::Malformed, monero_error_kind(&e), e.to_string()))?;
    let o = Object::new();
    set(&o, "hash", JsValue::from_str(&r.hash_hex()))?;
    set(
        &o,
        "version",
        JsValue::from_f64(u32::try_from(r.version).map_or(f64::MAX, f64::from)),
    )?;
    set(
        &o,
        "rctType",
        r.rct_type
            .map_or(JsValue::NULL, |t| JsValue::from_f64(f64::from(t))),
    )?;
    set(&o, "inputs", number(r.inputs))?;
    set(&o, "outputs", number(r.outputs))?;
    set(&o, "coinbase", JsValue::from_bool(r.coinbase))?;
    set(&o, "proofKind", JsValue::from_str(r.proof_kind.as_str()))?;
    set(&o, "verdict", JsValue::from_str(r.verdict.as_str()))?;
    let error = r.verdict.error();
    set(
        &o,
        "error",
        error.map_or(JsValue::NULL, |e| JsValue::from_str(monero_error_kind(&e))),
    )?;
    set(
        &o,
        "message",
        error.map_or(JsValue::NULL, |e| JsValue::from_str(&e.to_string())),
    )?;
    set(&o, "summary", JsValue::from_str(&r.summary()))?;
    Ok(o)
}
