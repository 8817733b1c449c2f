//! The bindings' Monero opening decoder (`bpkit_envelope::monero::monero_opening`: an amount
//! and 32 mask bytes, the mask a canonical scalar): never a panic; accepted exactly when the
//! mask is 32 bytes and canonical, and then the opening holds those bytes and that amount.
#![no_main]

use bpkit::Scalar;
use bpkit_envelope::monero::monero_opening;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let (amount, mask) = match data.split_first_chunk::<8>() {
        Some((a, rest)) => (u64::from_le_bytes(*a), rest),
        None => (0, data),
    };
    let canonical = <[u8; 32]>::try_from(mask)
        .ok()
        .and_then(|m| Option::<Scalar>::from(Scalar::from_canonical_bytes(m)));
    match (monero_opening(amount, mask), canonical) {
        (Ok(o), Some(m)) => {
            assert_eq!(o.amount, amount);
            assert_eq!(o.mask, m);
        }
        (Err(e), None) => assert!(!e.is_invalid_proof(), "a decoding error is malformed: {e:?}"),
        (got, want) => panic!("decoder and reference disagree: {:?} / {want:?}", got.is_ok()),
    }
});
