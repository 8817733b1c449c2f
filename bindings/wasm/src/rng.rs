//! The provers' randomness.
//!
//! Each prove call seeds a fresh ChaCha12 generator (`rand`'s `StdRng`) from the system source
//! through getrandom: on `wasm32-unknown-unknown` that is `crypto.getRandomValues` (browsers,
//! workers, Node ≥ 19; getrandom's `wasm_js` backend), elsewhere the operating system. A failing
//! source is an error (`randomness-unavailable`), never a panic or a weak fallback. `StdRng`
//! does not wipe its state when dropped, so a generator lives for one call only and its state
//! is never returned to JavaScript.

use crate::error::{BindingError, Family, Result, NO_RANDOMNESS};
use rand::rngs::{StdRng, SysRng};
use rand::SeedableRng;

/// A generator seeded from the system source.
pub fn rng() -> Result<StdRng> {
    StdRng::try_from_rng(&mut SysRng).map_err(|e| {
        BindingError::new(
            Family::Other,
            NO_RANDOMNESS,
            format!("the system random source failed: {e}"),
        )
    })
}
