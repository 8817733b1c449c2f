//! The aggregation (MPC) messages: the first byte picks the message type, the rest is decoded.
//! Decoding never panics, and whatever decodes re-encodes to the same bytes.
#![no_main]

use bpkit::aggregation::{BitChallenge, BitCommitment, PolyChallenge, PolyCommitment, ProofShare};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&tag, rest)) = data.split_first() else {
        return;
    };
    let encoded = match tag % 5 {
        0 => BitCommitment::from_bytes(rest).map(|m| m.to_bytes()),
        1 => BitChallenge::from_bytes(rest).map(|m| m.to_bytes()),
        2 => PolyCommitment::from_bytes(rest).map(|m| m.to_bytes()),
        3 => PolyChallenge::from_bytes(rest).map(|m| m.to_bytes()),
        _ => ProofShare::from_bytes(rest).map(|m| {
            assert_eq!(ProofShare::size(m.bits()), rest.len());
            m.to_bytes()
        }),
    };
    if let Ok(bytes) = encoded {
        assert_eq!(
            bytes,
            rest,
            "decoding must be canonical (message {})",
            tag % 5
        );
    }
});
