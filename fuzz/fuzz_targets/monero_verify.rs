//! Structure-aware: the range proofs of real Monero transactions (`seeds/monero_decode/`: one
//! Bulletproofs+ and three Bulletproofs transactions), mutated as the input says
//! (`common/mutate.rs`: scalars, points, swaps, bit flips including the L/R counts, truncation,
//! extension; the output commitments), then decoded and verified alone and in a batch next to
//! the unmutated proof. Verification must never panic; an unchanged proof must verify; a changed
//! one must be rejected, and the batch must name it and only it. (The points are Edwards points
//! stored ×1/8: the Ristretto-specific mutations only act as raw replacements here.)
#![no_main]

#[path = "common/mutate.rs"]
mod mutate;

use bpkit::monero::{original, plus, OriginalProof, PlusProof, RangeProofs, Transaction};
use libfuzzer_sys::fuzz_target;
use mutate::{Input, Kind};
use std::sync::OnceLock;

const TXS: [&[u8]; 4] = [
    include_bytes!("../seeds/monero_decode/bpp_tx_e89415.bin"),
    include_bytes!("../seeds/monero_decode/rct_bp_compact_tx_10312fd4.bin"),
    include_bytes!("../seeds/monero_decode/rct_bp_tx_a685d68e.bin"),
    include_bytes!("../seeds/monero_decode/rct_clsag_tx_200c3215.bin"),
];

struct Base {
    plus: bool,
    proof: Vec<u8>,
    commitments: Vec<[u8; 32]>,
    layout: Vec<(usize, Kind)>,
}

/// Six fixed elements (`kinds`), the L count, L, the R count, R, then `tail` scalars.
fn layout(kinds: [Kind; 6], rounds: usize, tail: usize) -> Vec<(usize, Kind)> {
    assert!(rounds < 128, "one-byte varint counts");
    let mut l: Vec<_> = kinds
        .iter()
        .enumerate()
        .map(|(i, &k)| (32 * i, k))
        .collect();
    l.extend(mutate::run(193, rounds, Kind::Point));
    l.extend(mutate::run(194 + 32 * rounds, rounds, Kind::Point));
    l.extend(mutate::run(194 + 64 * rounds, tail, Kind::Scalar));
    l
}

fn bases() -> &'static [Base] {
    static B: OnceLock<Vec<Base>> = OnceLock::new();
    B.get_or_init(|| {
        use Kind::{Point as P, Scalar as S};
        TXS.iter()
            .map(|bytes| {
                let tx = Transaction::from_bytes(bytes).unwrap();
                tx.verify_range_proofs().unwrap();
                let (plus, proof, layout) = match &tx.proofs {
                    RangeProofs::BulletproofsPlus(v) => {
                        let p = &v[0];
                        (true, p.to_bytes(), layout([P, P, P, S, S, S], p.l.len(), 0))
                    }
                    RangeProofs::Bulletproofs(v) => {
                        let p = &v[0];
                        (
                            false,
                            p.to_bytes(),
                            layout([P, P, P, P, S, S], p.l.len(), 3),
                        )
                    }
                    RangeProofs::None => panic!("a seed without Bulletproofs"),
                };
                assert_eq!(layout.last().unwrap().0 + 32, proof.len());
                Base {
                    plus,
                    proof,
                    commitments: tx.commitments.clone(),
                    layout,
                }
            })
            .collect()
    })
}

fuzz_target!(|data: &[u8]| {
    let mut input = Input::new(data);
    let bases = bases();
    let base = &bases[usize::from(input.byte()) % bases.len()];
    let m = mutate::mutate(
        &base.proof,
        &base.layout,
        &base.commitments,
        b"",
        &mut input,
    );
    let unchanged = m.proof == base.proof && m.commitments == base.commitments;
    let (single, batched) = if base.plus {
        let Ok(p) = PlusProof::from_bytes(&m.proof) else {
            assert!(!unchanged);
            return;
        };
        let b = PlusProof::from_bytes(&base.proof).unwrap();
        let items = [(&b, &base.commitments[..]), (&p, &m.commitments[..])];
        (
            p.verify(&m.commitments),
            plus::verify_batch(&items).map_err(|_| plus::locate_failures(&items)),
        )
    } else {
        let Ok(p) = OriginalProof::from_bytes(&m.proof) else {
            assert!(!unchanged);
            return;
        };
        let b = OriginalProof::from_bytes(&base.proof).unwrap();
        let items = [(&b, &base.commitments[..]), (&p, &m.commitments[..])];
        (
            p.verify(&m.commitments),
            original::verify_batch(&items).map_err(|_| original::locate_failures(&items)),
        )
    };
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
