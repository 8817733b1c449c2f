//! The ready-made statements' sizes from their public parameters (`multipliers()`,
//! `padded_multipliers()`, computed without recording) equal the sizes of the circuits their
//! gadgets record, so the verifier's size limit (checked from the formula) cannot drift from
//! what verification would build: every Merkle depth, shuffle sizes around every boundary,
//! every SHA-256 message length of the first two blocks (each byte position of the block the
//! constant initial state enters and of a block after it, on both sides of the 56-byte
//! boundary where the padding spills into another block) and one length of every block count
//! up to the largest. `every_sha256_length` (ignored: about 20 minutes on one core) checks all
//! 1025 lengths.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    clippy::arithmetic_side_effects
)]

use bpkit::circuit::gadgets::sha256::{blocks, MAX_MESSAGE_BYTES};
use bpkit::circuit::statements::{MerkleStatement, Sha256Statement, ShuffleStatement, MAX_SHUFFLE};
use bpkit::group::{CompressedRistretto, Scalar};
use bpkit::poseidon::MAX_DEPTH;

fn point(i: u64) -> CompressedRistretto {
    bpkit::Opening::new(i, Scalar::ONE).commit()
}

/// Records the SHA-256 statement of each length (on two threads) and compares.
fn check_sha256(lengths: &[usize]) {
    let even: Vec<usize> = lengths.iter().copied().step_by(2).collect();
    let odd: Vec<usize> = lengths.iter().copied().skip(1).step_by(2).collect();
    std::thread::scope(|s| {
        for part in [even, odd] {
            s.spawn(move || {
                for len in part {
                    // The digest does not change the count (it is only compared with).
                    let st = Sha256Statement::new([len as u8; 32], len).unwrap();
                    let c = st.circuit().unwrap();
                    assert_eq!(st.multipliers(), c.multipliers(), "sha256 length {len}");
                    assert_eq!(st.padded_multipliers(), c.padded_multipliers(), "{len}");
                }
            });
        }
    });
}

#[test]
fn sha256_first_two_blocks() {
    check_sha256(&(0..128).collect::<Vec<_>>());
}

#[test]
fn sha256_every_block_count() {
    let most = blocks(MAX_MESSAGE_BYTES);
    assert_eq!(most, 17);
    let mut lengths = vec![MAX_MESSAGE_BYTES];
    for b in 3..=most {
        // The lengths of b blocks are 64(b−1) − 8 … 64b − 9; take one at a varying place.
        let first = 64 * (b - 1) - 8;
        let len = (first + (b * 23) % 64).min(MAX_MESSAGE_BYTES);
        assert_eq!(blocks(len), b);
        lengths.push(len);
    }
    check_sha256(&lengths);
}

/// Every length; prints the recorded counts of the first 128 lengths as the table of
/// `statements/sha256_size.rs` (`-- --ignored --nocapture`), to regenerate it if the gadget
/// changes.
#[test]
#[ignore = "about 20 minutes on one core: every length"]
fn every_sha256_length() {
    let recorded: Vec<usize> = (0..=MAX_MESSAGE_BYTES)
        .map(|len| {
            let st = Sha256Statement::new([0; 32], len).unwrap();
            st.circuit().unwrap().multipliers()
        })
        .collect();
    for row in recorded[..128].chunks(8) {
        let row: Vec<String> = row.iter().map(|n| n.to_string()).collect();
        println!("    {},", row.join(", "));
    }
    for (len, n) in recorded.iter().enumerate() {
        let st = Sha256Statement::new([0; 32], len).unwrap();
        assert_eq!(st.multipliers(), *n, "sha256 length {len}");
    }
}

#[test]
fn sha256_digest_does_not_matter() {
    for len in [0, 3, 55] {
        let a = Sha256Statement::new([0; 32], len).unwrap();
        let b = Sha256Statement::new([0xff; 32], len).unwrap();
        assert_eq!(a.multipliers(), b.circuit().unwrap().multipliers());
    }
}

#[test]
fn merkle_every_depth() {
    for depth in 0..=MAX_DEPTH {
        let st = MerkleStatement::new(Scalar::from(5u64), depth, point(1)).unwrap();
        let c = st.circuit().unwrap();
        assert_eq!(st.multipliers(), c.multipliers(), "depth {depth}");
        assert_eq!(
            st.padded_multipliers(),
            c.padded_multipliers(),
            "depth {depth}"
        );
    }
}

#[test]
fn shuffle_sizes() {
    let ks = (1..=33).chain([
        63,
        64,
        65,
        127,
        128,
        129,
        1000,
        MAX_SHUFFLE - 1,
        MAX_SHUFFLE,
    ]);
    for k in ks {
        let k = k as u64;
        let st = ShuffleStatement::new((0..k).map(point).collect(), (0..k).map(point).collect())
            .unwrap();
        let c = st.circuit().unwrap();
        assert_eq!(st.multipliers(), c.multipliers(), "k = {k}");
        assert_eq!(st.padded_multipliers(), c.padded_multipliers(), "k = {k}");
    }
}

/// Figures the documentation quotes.
#[test]
fn documented_sizes() {
    let sha = |len| Sha256Statement::new([0; 32], len).unwrap().multipliers();
    assert_eq!(sha(1024), 446_373);
    assert_eq!(sha(119), 52_554);
    assert_eq!(sha(120), 71_663);
    assert_eq!(sha(32), 25_275);
    let merkle = MerkleStatement::new(Scalar::ONE, 32, point(1)).unwrap();
    assert_eq!(merkle.multipliers(), 7_882);
}
