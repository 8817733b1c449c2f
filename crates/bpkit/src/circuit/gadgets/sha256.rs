//! SHA-256 (FIPS 180-4): the compression function and a full preimage of a message of public
//! length, padding in the circuit.
//!
//! Multipliers (measured by `tests/gadgets_sha256.rs`): a compression with variable input
//! words costs 7,152 for the message schedule (48 words × (σ₀ 61 + σ₁ 54 + one 4-word
//! addition 34)), 294 per round (Σ₁ 64, Σ₀ 64, Ch 32, Maj 64, two additions of 35 bits), and
//! 264 for the feed-forward addition: 26,232 in all. Constants fold (the IV, the round
//! constants, the padding), and the last block's feed-forward needs only 8 carry bits when the
//! digest is public: a one-block preimage costs 25,275 multipliers for a 32-byte message and
//! 25,810 for 55 bytes (8 per secret message bit included); the two-block FIPS 180-4 448-bit
//! example costs 44,919.

use super::word32::Word32;
use crate::circuit::{CircuitError, ConstraintSystem};
use alloc::vec::Vec;

/// The round constants K_0 … K_63.
pub const K: [u32; 64] = [
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
];

/// The initial hash value H^(0).
pub const IV: [u32; 8] = [
    0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
];

/// The longest message [`preimage`] accepts, in bytes (about 17 blocks ≈ 450,000 multipliers).
pub const MAX_MESSAGE_BYTES: usize = 1024;

fn word(words: &[Word32], i: usize) -> Result<&Word32, CircuitError> {
    words
        .get(i)
        .ok_or(CircuitError::Gadget("sha256: missing word"))
}

fn big_sigma0<CS: ConstraintSystem + ?Sized>(cs: &mut CS, x: &Word32) -> Word32 {
    Word32::xor3(cs, &x.rotr(2), &x.rotr(13), &x.rotr(22))
}

fn big_sigma1<CS: ConstraintSystem + ?Sized>(cs: &mut CS, x: &Word32) -> Word32 {
    Word32::xor3(cs, &x.rotr(6), &x.rotr(11), &x.rotr(25))
}

fn small_sigma0<CS: ConstraintSystem + ?Sized>(cs: &mut CS, x: &Word32) -> Word32 {
    Word32::xor3(cs, &x.rotr(7), &x.rotr(18), &x.shr(3))
}

fn small_sigma1<CS: ConstraintSystem + ?Sized>(cs: &mut CS, x: &Word32) -> Word32 {
    Word32::xor3(cs, &x.rotr(17), &x.rotr(19), &x.shr(10))
}

/// The 64 rounds: the working variables a … h after the last round.
fn rounds<CS: ConstraintSystem + ?Sized>(
    cs: &mut CS,
    state: &[Word32],
    block: &[Word32],
) -> Result<Vec<Word32>, CircuitError> {
    if state.len() != 8 || block.len() != 16 {
        return Err(CircuitError::Gadget(
            "sha256: a state has 8 words and a block 16",
        ));
    }
    // Message schedule W_0 … W_63.
    let mut w: Vec<Word32> = block.to_vec();
    for t in 16..64usize {
        let s1 = small_sigma1(cs, word(&w, t.wrapping_sub(2))?);
        let s0 = small_sigma0(cs, word(&w, t.wrapping_sub(15))?);
        let next = Word32::add(
            cs,
            &[
                &s1,
                word(&w, t.wrapping_sub(7))?,
                &s0,
                word(&w, t.wrapping_sub(16))?,
            ],
            0,
        )?;
        w.push(next);
    }
    let mut v: Vec<Word32> = state.to_vec();
    for (k, wt) in K.iter().zip(&w) {
        let [a, b, c, d, e, f, g, h] = <[Word32; 8]>::try_from(v)
            .map_err(|_| CircuitError::Gadget("sha256: a state has 8 words"))?;
        let s1 = big_sigma1(cs, &e);
        let ch = Word32::ch(cs, &e, &f, &g);
        let s0 = big_sigma0(cs, &a);
        let maj = Word32::maj(cs, &a, &b, &c);
        // e' = d + T1, a' = T1 + T2, each decomposed once.
        let new_e = Word32::add(cs, &[&d, &h, &s1, &ch, wt], *k)?;
        let new_a = Word32::add(cs, &[&h, &s1, &ch, wt, &s0, &maj], *k)?;
        v = alloc::vec![new_a, a, b, c, new_e, e, f, g];
    }
    Ok(v)
}

/// The compression function: the next chaining value from `state` (8 words) and `block` (16
/// words). About 26,232 multipliers when every input bit is variable (fewer with constants).
pub fn compress<CS: ConstraintSystem + ?Sized>(
    cs: &mut CS,
    state: &[Word32],
    block: &[Word32],
) -> Result<Vec<Word32>, CircuitError> {
    let working = rounds(cs, state, block)?;
    state
        .iter()
        .zip(&working)
        .map(|(s, x)| Word32::add(cs, &[s, x], 0))
        .collect()
}

/// The compression function with a public result: constrains `compress(state, block) =
/// digest` with 8 carry bits for the feed-forward instead of 264 multipliers.
pub fn compress_to<CS: ConstraintSystem + ?Sized>(
    cs: &mut CS,
    state: &[Word32],
    block: &[Word32],
    digest: &[u32; 8],
) -> Result<(), CircuitError> {
    let working = rounds(cs, state, block)?;
    for ((s, x), d) in state.iter().zip(&working).zip(digest) {
        Word32::add_equals(cs, &[s, x], 0, *d)?;
    }
    Ok(())
}

/// Number of 64-byte blocks of a padded message of `len` bytes: ⌈(len + 9) / 64⌉.
pub fn blocks(len: usize) -> usize {
    len.saturating_add(9).div_ceil(64)
}

/// Constrains "the prover knows a message of `len` bytes whose SHA-256 is `digest`". The message
/// bits are allocated (8·len multipliers), the padding (0x80, zeros, the 64-bit bit length) is
/// constant, the blocks are chained from the IV and the last compression is checked against the
/// digest. Prover: `Some(message)`; verifier: `None`.
///
/// Errors ([`CircuitError::Gadget`]): `len > MAX_MESSAGE_BYTES`, or a message whose length is
/// not `len`. A message with another digest makes the circuit unsatisfied (the prover refuses).
pub fn preimage<CS: ConstraintSystem + ?Sized>(
    cs: &mut CS,
    message: Option<&[u8]>,
    len: usize,
    digest: &[u8; 32],
) -> Result<(), CircuitError> {
    if len > MAX_MESSAGE_BYTES {
        return Err(CircuitError::Gadget(
            "sha256: message longer than 1024 bytes",
        ));
    }
    if message.is_some_and(|m| m.len() != len) {
        return Err(CircuitError::Gadget(
            "sha256: the message length differs from the statement",
        ));
    }
    use super::word32::Bit;
    // Padded message as bytes of 8 bits (least significant first).
    let total = blocks(len).saturating_mul(64);
    let mut bytes: Vec<Vec<Bit>> = Vec::with_capacity(total);
    for i in 0..len {
        let value = message.and_then(|m| m.get(i).copied());
        let bits = (0..8u32)
            .map(|j| Bit::alloc(cs, value.map(|v| v.checked_shr(j).unwrap_or(0) & 1 == 1)))
            .collect::<Result<Vec<Bit>, CircuitError>>()?;
        bytes.push(bits);
    }
    let bit_length = (len as u64).saturating_mul(8);
    let constant_byte = |v: u8| -> Vec<Bit> {
        (0..8u32)
            .map(|j| Bit::Constant(v.checked_shr(j).unwrap_or(0) & 1 == 1))
            .collect()
    };
    bytes.push(constant_byte(0x80));
    while bytes.len() < total.saturating_sub(8) {
        bytes.push(constant_byte(0));
    }
    for b in bit_length.to_be_bytes() {
        bytes.push(constant_byte(b));
    }
    // Words: big-endian bytes, so bit i of a word is bit i % 8 of byte 3 − i / 8.
    let words: Vec<Word32> = bytes
        .chunks(4)
        .map(|four| {
            let bits: Vec<Bit> = four.iter().rev().flatten().cloned().collect();
            Word32::from_bits(bits)
        })
        .collect::<Result<Vec<Word32>, CircuitError>>()?;
    let digest_words: [u32; 8] = core::array::from_fn(|i| {
        let mut w = [0u8; 4];
        if let Some(src) = digest.get(i.saturating_mul(4)..i.saturating_mul(4).saturating_add(4)) {
            w.copy_from_slice(src);
        }
        u32::from_be_bytes(w)
    });
    let mut state: Vec<Word32> = IV.iter().map(|v| Word32::constant(*v)).collect();
    let mut chunks = words.chunks(16).peekable();
    while let Some(block) = chunks.next() {
        if chunks.peek().is_some() {
            state = compress(cs, &state, block)?;
        } else {
            compress_to(cs, &state, block, &digest_words)?;
        }
    }
    Ok(())
}
