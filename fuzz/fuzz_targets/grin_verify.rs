//! Structure-aware: valid Grin / MWEB proofs (64 bits without extra data, 8 bits with), made
//! once from fixed nonces, mutated as the input says (`common/mutate.rs`: scalars, x-coordinates,
//! swaps, bit flips including the point flags, truncation; the commitment's x-coordinate or
//! parity, the extra data, the number of bits), then decoded and verified alone and in a batch
//! next to the unmutated proof. Verification must never panic; an unchanged proof must verify;
//! a changed one must be rejected, and the batch must name it and only it. (The x-coordinates
//! are secp256k1's: the Ristretto-specific mutations only act as raw replacements here.)
#![no_main]

#[path = "common/mutate.rs"]
mod mutate;

use bpkit::grin::{
    proof_size, prove, verify, verify_batch, Commitment33, GrinGens, GrinProof, GrinStatement,
    GrinWitness, GRIN_BIT_SIZES,
};
use bpkit::group::secp256k1::Scalar;
use libfuzzer_sys::fuzz_target;
use mutate::{Input, Kind};
use std::sync::OnceLock;

struct Base {
    statement: GrinStatement,
    proof: Vec<u8>,
    layout: Vec<(usize, Kind)>,
}

fn gens() -> &'static GrinGens {
    GrinGens::shared().unwrap()
}

/// The layout of an n-bit proof: −τx, −μ; flags, A, S, T₁, T₂; t; a₀(, a₁), b₀(, b₁); flags,
/// L₀, R₀, … (x-coordinates marked as points).
fn layout(bits: usize) -> Vec<(usize, Kind)> {
    let f = bits.min(2);
    let rounds = (bits.trailing_zeros() as usize).saturating_sub(1);
    let mut l: Vec<_> = mutate::run(0, 2, Kind::Scalar).collect();
    l.extend(mutate::run(65, 4, Kind::Point));
    l.extend(mutate::run(193, 1 + 2 * f, Kind::Scalar));
    let lr = 2 * rounds;
    l.extend(mutate::run(225 + 64 * f + lr.div_ceil(8), lr, Kind::Point));
    assert_eq!(l.last().unwrap().0 + 32, proof_size(bits).unwrap());
    l
}

fn bases() -> &'static [Base; 2] {
    static B: OnceLock<[Base; 2]> = OnceLock::new();
    B.get_or_init(|| {
        [(64usize, None), (8, Some(b"extra".to_vec()))].map(|(bits, extra)| {
            let w = GrinWitness {
                value: (1u64 << (bits - 1)) + 5,
                blinding: Scalar::from(0x1234_5678_9abc_def0u64),
                rewind_nonce: [bits as u8; 32],
                private_nonce: Some([7; 32]),
                message: Some([9; 20]),
            };
            let (commitment, proof) = prove(gens(), &w, bits, extra.as_deref()).unwrap();
            Base {
                statement: GrinStatement {
                    commitment,
                    bits,
                    extra,
                },
                proof: proof.to_bytes(),
                layout: layout(bits),
            }
        })
    })
}

fuzz_target!(|data: &[u8]| {
    let mut input = Input::new(data);
    let base = &bases()[usize::from(input.byte() % 2)];
    let c33 = base.statement.commitment.to_bytes();
    let mut x = [0u8; 32];
    x.copy_from_slice(&c33[1..]);
    let m = mutate::mutate(&base.proof, &base.layout, &[x], b"", &mut input);
    // Statement: the commitment (its x-coordinate from the mutations, its parity flipped by
    // bit 0), the extra data (bit 1), the number of bits (bit 2, from the other bits).
    let mut c = c33;
    c[0] ^= m.statement & 1;
    if let Some(x) = m.commitments.first() {
        c[1..].copy_from_slice(x);
    }
    let mut extra = base.statement.extra.clone();
    if m.statement & 2 != 0 {
        extra = match extra {
            Some(_) => None,
            None => Some(vec![m.statement]),
        };
    }
    let mut bits = base.statement.bits;
    if m.statement & 4 != 0 {
        bits = GRIN_BIT_SIZES[usize::from(m.statement >> 3) % GRIN_BIT_SIZES.len()];
    }
    // Only the first commitment is used (the others, if the mutations added some, and the
    // transcript label are not part of a Grin statement).
    let unchanged = m.proof == base.proof
        && c == c33
        && extra == base.statement.extra
        && bits == base.statement.bits;
    let Ok(commitment) = Commitment33::from_bytes(&c) else {
        assert!(!unchanged);
        return;
    };
    let statement = GrinStatement {
        commitment,
        bits,
        extra,
    };
    let Ok(proof) = GrinProof::from_bytes(&m.proof, bits) else {
        assert!(!unchanged, "the base proof decodes");
        return;
    };
    let single = verify(gens(), &statement, &proof);
    let base_proof = GrinProof::from_bytes(&base.proof, base.statement.bits).unwrap();
    let batched = verify_batch(
        gens(),
        &[(base.statement.clone(), base_proof), (statement, proof)],
    );
    if unchanged {
        assert_eq!(single, Ok(()), "the unchanged proof must verify");
        assert_eq!(batched, Ok(()), "the unchanged batch must verify");
    } else {
        assert!(single.is_err(), "a changed proof verified: {m:02x?}");
        assert_eq!(
            batched,
            Err(vec![1]),
            "the batch must name the changed proof, and only it"
        );
    }
});
