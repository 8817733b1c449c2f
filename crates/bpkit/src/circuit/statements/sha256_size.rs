//! The multiplier count of the SHA-256 preimage circuit for every message length (0 to
//! [`sha256::MAX_MESSAGE_BYTES`]), without recording it: what
//! [`super::Sha256Statement::multipliers`] returns, so that a verifier knows the circuit's size
//! before it builds anything.
//!
//! The gadget folds every operation whose inputs are constant bits (the initial state, the
//! padding, the length, the round constants) and sizes each addition's carry by the largest
//! value its inputs can take (a constant word's own value), so within the first two blocks the
//! count depends on the exact length, not only on the block count: those 128 counts are a
//! table ([`FIRST_TWO_BLOCKS`]). From 128 bytes on, 64 more bytes add exactly one block of
//! message bits (512 multipliers) and one compression whose state and message are all
//! variables (26,232 multipliers, as `docs/spec.md` §14 gives it): the count of `len` bytes is
//! that of `64 + len mod 64` bytes plus `⌊len / 64⌋ − 1` times [`PER_BLOCK`].
//!
//! The numbers are the gadget's own: `tests/statement_sizes.rs` compares this with the
//! recorded circuit for every length below 128 and one length of every block count in CI;
//! its ignored `every_sha256_length` records all 1025 lengths (run when this was written: all
//! equal) and prints the table, to regenerate it if the gadget changes.

use crate::circuit::gadgets::sha256;

/// `FIRST_TWO_BLOCKS[len]`: the multipliers of the circuit for a `len`-byte message, `len` <
/// 128.
const FIRST_TWO_BLOCKS: [u32; 128] = [
    4, 24144, 24152, 24160, 24169, 24622, 24644, 24675, 24705, 24717, 24739, 24770, 24802, 24814,
    24835, 24866, 24897, 24909, 24930, 24961, 24992, 25004, 25025, 25056, 25086, 25098, 25119,
    25151, 25181, 25193, 25214, 25245, 25275, 25287, 25308, 25339, 25370, 25382, 25403, 25434,
    25464, 25476, 25497, 25528, 25558, 25570, 25591, 25622, 25652, 25664, 25685, 25716, 25746,
    25758, 25779, 25810, 44919, 44938, 44975, 45021, 45066, 45085, 45122, 45168, 45213, 50889,
    50897, 50905, 50914, 51368, 51389, 51420, 51450, 51462, 51484, 51515, 51546, 51558, 51579,
    51610, 51641, 51653, 51674, 51705, 51736, 51748, 51769, 51800, 51830, 51842, 51863, 51895,
    51925, 51937, 51958, 51989, 52019, 52031, 52052, 52083, 52114, 52126, 52147, 52178, 52208,
    52220, 52241, 52272, 52302, 52314, 52335, 52366, 52396, 52408, 52429, 52460, 52490, 52502,
    52523, 52554, 71663, 71682, 71719, 71765, 71810, 71829, 71866, 71912,
];

/// What 64 more bytes add from 128 bytes on: 8 · 64 message bits and one compression with
/// variable state and message.
const PER_BLOCK: usize = 8 * 64 + 26_232;

/// The multipliers of the circuit for a `len`-byte message; `usize::MAX` (above every limit)
/// for lengths the gadget refuses (above [`sha256::MAX_MESSAGE_BYTES`]).
pub(super) fn multipliers(len: usize) -> usize {
    if len > sha256::MAX_MESSAGE_BYTES {
        return usize::MAX;
    }
    let table = |i: usize| FIRST_TWO_BLOCKS.get(i).map_or(usize::MAX, |n| *n as usize);
    match len.checked_sub(128) {
        None => table(len),
        // 128 ≤ len ≤ 1024: `64 + len mod 64` (bit 6 set), then at most 15 more blocks.
        Some(_) => table((len % 64) | 64)
            .saturating_add((len / 64).saturating_sub(1).saturating_mul(PER_BLOCK)),
    }
}
