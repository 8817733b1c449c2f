//! Monero transactions: `verifyTx` parses a raw transaction and verifies its range proof, as
//! `bpkit monero verify-tx` does (the facade's `bpkit_envelope::monero::verify_tx`).
//!
//! Monero: output openings (`commitMonero`, `MoneroOpening`) and Bulletproofs+ proofs of their
//! amounts (`proveMonero`, the envelope JSON of `bpkit prove --scheme monero-bp+`).

use crate::convert::{clones, to_js, u64_of};
use crate::error::{BindingError, Family, Result};
use crate::rng::rng;
use bpkit_envelope::monero as facade;
use bpkit_envelope::monero::monero_error_kind;
use js_sys::{Array, Uint8Array};
use js_sys::{Object, Reflect};
use wasm_bindgen::prelude::*;
use zeroize::Zeroizing;

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

/// The opening of a Monero output commitment `C = mask·G + amount·H` (Ed25519). The secrets
/// live in WebAssembly memory and are wiped when the object is freed; `mask()` hands out a copy
/// JavaScript cannot reliably wipe.
#[wasm_bindgen]
pub struct MoneroOpening {
    inner: bpkit::monero::Opening,
    commitment: [u8; 32],
}

impl MoneroOpening {
    fn from_inner(inner: bpkit::monero::Opening) -> Self {
        let commitment = inner.commit();
        MoneroOpening { inner, commitment }
    }
}

#[wasm_bindgen]
impl MoneroOpening {
    /// The amount.
    #[wasm_bindgen(getter)]
    pub fn amount(&self) -> u64 {
        self.inner.amount
    }

    /// A copy of the mask's 32-byte encoding (secret: wipe it with `fill(0)` when done).
    pub fn mask(&self) -> Uint8Array {
        let bytes = Zeroizing::new(self.inner.mask.to_bytes());
        to_js(bytes.as_slice())
    }

    /// The 32-byte on-chain commitment (as in a transaction's `outPk`).
    #[wasm_bindgen(getter)]
    pub fn commitment(&self) -> Uint8Array {
        to_js(&self.commitment)
    }

    /// An independent copy (freed separately).
    #[wasm_bindgen(js_name = clone)]
    pub fn duplicate(&self) -> MoneroOpening {
        MoneroOpening {
            inner: self.inner.clone(),
            commitment: self.commitment,
        }
    }
}

/// A Monero output opening of `amount` (a `bigint` in `[0, 2⁶⁴)`): with `mask` (32 bytes, a
/// canonical scalar; the array is copied and the copy wiped) when given, else a fresh random
/// mask.
#[wasm_bindgen(js_name = commitMonero)]
pub fn commit_monero(
    #[wasm_bindgen(unchecked_param_type = "bigint")] amount: &JsValue,
    mask: Option<Vec<u8>>,
) -> Result<MoneroOpening> {
    let mask = mask.map(Zeroizing::new);
    let amount = u64_of(amount, "amount")?;
    let inner = match mask {
        Some(mask) => facade::monero_opening(amount, &mask)?,
        None => facade::random_monero_opening(amount, &mut rng()?),
    };
    Ok(MoneroOpening::from_inner(inner))
}

/// Proves that each opening's amount lies in `[0, 2⁶⁴)` (1 to 16 outputs: `ProvingError` with
/// kind `invalid-aggregation` otherwise) with Monero's Bulletproofs+ (`scheme` `"monero-bp+"`,
/// the default) or its original Bulletproofs (`"monero-bp"`; any other scheme is a
/// `MalformedError` of kind `invalid-argument`), and returns the envelope JSON of `bpkit prove --scheme SCHEME` (one line
/// ending in `\n`), which `verifyJson` accepts.
#[wasm_bindgen(js_name = proveMonero)]
pub fn prove_monero(
    #[wasm_bindgen(unchecked_param_type = "MoneroOpening[]")] openings: &Array,
    scheme: Option<String>,
) -> Result<String> {
    let plus = match scheme.as_deref() {
        None | Some("monero-bp+") => true,
        Some("monero-bp") => false,
        Some(other) => {
            return Err(BindingError::argument(format!(
                "scheme {other:?}: proveMonero proves \"monero-bp+\" or \"monero-bp\""
            )))
        }
    };
    let openings: Vec<MoneroOpening> = clones(openings, "openings", "MoneroOpening")?;
    let inner: Vec<bpkit::monero::Opening> = openings.iter().map(|o| o.inner.clone()).collect();
    drop(openings);
    let env = facade::prove_monero(&inner, plus, &mut rng()?).map_err(BindingError::proving)?;
    drop(inner);
    let mut text = facade::monero_to_json(&env)?;
    text.push('\n');
    Ok(text)
}
