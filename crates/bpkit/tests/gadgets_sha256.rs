//! The SHA-256 gadget: the FIPS 180-4 examples and random messages against the `sha2` crate,
//! wrong messages and digests refused, the 32-bit word operations against native arithmetic,
//! and the multiplier counts.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    clippy::arithmetic_side_effects
)]

use bpkit::circuit::gadgets::sha256;
use bpkit::circuit::gadgets::word32::Word32;
use bpkit::circuit::{Checker, CircuitError, ConstraintSystem, Metrics};
use proptest::prelude::*;
use sha2::{Digest, Sha256};

fn digest(m: &[u8]) -> [u8; 32] {
    Sha256::digest(m).into()
}

fn prove_preimage(m: &[u8], d: &[u8; 32]) -> Result<Metrics, CircuitError> {
    let mut cs = Checker::new();
    sha256::preimage(&mut cs, Some(m), m.len(), d)?;
    cs.check()
}

fn hex32(s: &str) -> [u8; 32] {
    hex::decode(s).unwrap().try_into().unwrap()
}

#[test]
fn fips_180_4_examples() {
    let abc = hex32("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    let empty = hex32("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    let long_msg = b"abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq";
    let long = hex32("248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
    assert_eq!(digest(b"abc"), abc);
    let m = prove_preimage(b"abc", &abc).unwrap();
    // One block: 24 message bits plus the compression with constant IV.
    assert!(m.multipliers <= 30_000, "{m:?}");
    prove_preimage(b"", &empty).unwrap();
    // 448 bits: two blocks (the padding does not fit the first; the second block is constant
    // padding, so its message schedule folds away).
    let m2 = prove_preimage(long_msg, &long).unwrap();
    assert_eq!(m2.multipliers, 44_919);
    // Wrong message, wrong digest.
    assert!(matches!(
        prove_preimage(b"abd", &abc),
        Err(CircuitError::Unsatisfied { .. })
    ));
    let mut bad = abc;
    bad[31] ^= 1;
    assert!(matches!(
        prove_preimage(b"abc", &bad),
        Err(CircuitError::Unsatisfied { .. })
    ));
    assert!(matches!(
        prove_preimage(b"", &abc),
        Err(CircuitError::Unsatisfied { .. })
    ));
}

#[test]
fn length_is_checked() {
    let mut cs = Checker::new();
    assert_eq!(
        sha256::preimage(&mut cs, Some(b"abc"), 4, &[0; 32]),
        Err(CircuitError::Gadget(
            "sha256: the message length differs from the statement"
        ))
    );
    let long = vec![0u8; sha256::MAX_MESSAGE_BYTES + 1];
    let mut cs = Checker::new();
    assert!(sha256::preimage(&mut cs, Some(&long), long.len(), &[0; 32]).is_err());
}

/// The counts the docs quote: one variable-input compression, and one-block preimages.
#[test]
fn multiplier_counts() {
    let mut cs = Checker::new();
    let state: Vec<Word32> = (0..8)
        .map(|i| Word32::alloc(&mut cs, Some(i * 77)).unwrap())
        .collect();
    let block: Vec<Word32> = (0..16)
        .map(|i| Word32::alloc(&mut cs, Some(i * 1234567)).unwrap())
        .collect();
    let before = cs.metrics().multipliers;
    assert_eq!(before, 24 * 32);
    let out = sha256::compress(&mut cs, &state, &block).unwrap();
    assert_eq!(out.len(), 8);
    assert_eq!(cs.metrics().multipliers - before, 26_232);
    cs.check().unwrap();

    for len in [0usize, 32, 55] {
        let msg = vec![0x5au8; len];
        let m = prove_preimage(&msg, &digest(&msg)).unwrap();
        println!(
            "one-block preimage of {len} bytes: {} multipliers",
            m.multipliers
        );
        assert!(m.multipliers <= 30_000);
    }
}

/// The compression function against a native one (via the digest of one-block messages is not
/// enough: here every input word is variable and the state is not the IV).
#[test]
fn compression_matches_native() {
    use sha2::digest::generic_array::GenericArray;
    let state0: [u32; 8] = [
        1,
        0xffff_ffff,
        0x8000_0000,
        12345,
        0xdead_beef,
        7,
        0,
        0x0102_0304,
    ];
    let block: [u8; 64] = core::array::from_fn(|i| (i * 37 + 11) as u8);
    let mut native = state0;
    sha2::compress256(&mut native, &[*GenericArray::from_slice(&block)]);
    let mut cs = Checker::new();
    let st: Vec<Word32> = state0
        .iter()
        .map(|v| Word32::alloc(&mut cs, Some(*v)).unwrap())
        .collect();
    let words: Vec<Word32> = block
        .chunks(4)
        .map(|c| Word32::alloc(&mut cs, Some(u32::from_be_bytes(c.try_into().unwrap()))).unwrap())
        .collect();
    let out = sha256::compress(&mut cs, &st, &words).unwrap();
    for (w, n) in out.iter().zip(native) {
        assert_eq!(cs.eval(&w.lc()).unwrap(), curve25519_dalek::Scalar::from(n));
    }
    cs.check().unwrap();
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(6))]
    #[test]
    fn random_messages(msg in prop::collection::vec(any::<u8>(), 0..120)) {
        let d = digest(&msg);
        prop_assert!(prove_preimage(&msg, &d).is_ok());
        let mut other = msg.clone();
        other.push(0);
        prop_assert!(prove_preimage(&other, &d).is_err());
    }

    #[test]
    fn word_operations(a in any::<u32>(), b in any::<u32>(), c in any::<u32>(), r in 0usize..32) {
        let mut cs = Checker::new();
        let (x, y, z) = (
            Word32::alloc(&mut cs, Some(a)).unwrap(),
            Word32::alloc(&mut cs, Some(b)).unwrap(),
            Word32::alloc(&mut cs, Some(c)).unwrap(),
        );
        let k = Word32::constant(c);
        let checks: Vec<(Word32, u32)> = vec![
            (Word32::xor(&mut cs, &x, &y), a ^ b),
            (Word32::xor(&mut cs, &x, &k), a ^ c),
            (Word32::xor3(&mut cs, &x, &y, &z), a ^ b ^ c),
            (Word32::and(&mut cs, &x, &y), a & b),
            (x.not(), !a),
            (x.rotr(r), a.rotate_right(r as u32)),
            (x.shr(r), a >> r),
            (Word32::ch(&mut cs, &x, &y, &z), (a & b) ^ (!a & c)),
            (Word32::maj(&mut cs, &x, &y, &z), (a & b) ^ (a & c) ^ (b & c)),
            (Word32::maj(&mut cs, &x, &k, &y), (a & c) ^ (a & b) ^ (c & b)),
            (Word32::add(&mut cs, &[&x, &y, &z], 5).unwrap(), a.wrapping_add(b).wrapping_add(c).wrapping_add(5)),
        ];
        for (w, expect) in &checks {
            prop_assert_eq!(cs.eval(&w.lc()).unwrap(), curve25519_dalek::Scalar::from(*expect));
        }
        Word32::add_equals(&mut cs, &[&x, &y], 0, a.wrapping_add(b)).unwrap();
        prop_assert!(cs.check().is_ok());
        // A wrong sum is refused.
        let mut cs = Checker::new();
        let x = Word32::alloc(&mut cs, Some(a)).unwrap();
        let y = Word32::alloc(&mut cs, Some(b)).unwrap();
        Word32::add_equals(&mut cs, &[&x, &y], 0, a.wrapping_add(b) ^ 1).unwrap();
        prop_assert!(cs.check().is_err());
    }
}
