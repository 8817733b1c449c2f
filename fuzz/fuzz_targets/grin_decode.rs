//! Grin / MWEB proofs and commitments: decoding round-trips exactly, and decoding + verifying
//! + rewinding never panics.
#![no_main]

use bpkit::grin::{rewind, verify, Commitment33, GrinGens, GrinProof, GrinStatement};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(c) = Commitment33::from_bytes(data.get(..33).unwrap_or(data)) {
        assert_eq!(&c.to_bytes()[..], data.get(..33).unwrap_or(data), "commitment decoding must be canonical");
    }
    let Some(gens) = GrinGens::shared() else { return };
    let (head, rest) = data.split_at(data.len().min(33));
    if let Ok(proof) = GrinProof::from_bytes_any(rest) {
        assert_eq!(proof.to_bytes(), rest, "proof decoding must be canonical");
        let fallback = || Commitment33::from_point(&gens.g.into());
        let Some(commitment) = Commitment33::from_bytes(head).ok().or_else(fallback) else {
            return;
        };
        let st = GrinStatement { commitment, bits: proof.bits(), extra: None };
        let _ = verify(gens, &st, &proof);
        let _ = rewind(gens, &commitment, None, &proof, &[1u8; 32]);
    }
});
