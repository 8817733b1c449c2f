//! Gadgets: reusable pieces of circuits written against [`super::ConstraintSystem`].
//!
//! Each function's documentation gives its cost in multipliers; the tests in
//! `crates/bpkit/tests/gadgets_*.rs` measure every count quoted here.
//!
//! | gadget | multipliers |
//! |---|---|
//! | [`boolean::alloc_bit`], [`boolean::assert_boolean`] | 1 |
//! | [`bits::to_bits`], [`bits::range_check`] (n bits, any value or committed value) | n |
//! | [`compare::assert_lt`], [`compare::assert_le`] (n-bit values) | n |
//! | [`compare::is_lt`], [`compare::is_le`] (result bit) | n + 1 |
//! | [`equality::assert_equal`] | 0 |
//! | [`equality::assert_nonzero`], [`equality::assert_not_equal`] | 1 |
//! | [`equality::is_zero`], [`equality::is_equal`] (result bit) | 2 |
//! | [`select::select`] | 1 |
//! | [`shuffle::shuffle`], [`shuffle::tuple_shuffle`] (k values / tuples, phase 2) | 2(k − 1) |
//! | [`membership::member`] (one of k, public or committed) | k − 1 |
//! | [`word32::Word32`]: xor / and / ch per word; xor3 / maj per word; add of k words | 32; 64; 32 + ⌈log₂ k⌉ |
//! | [`sha256::compress`] (all inputs variable) | 26,232 |
//! | [`sha256::preimage`] (one block: 32 / 55-byte message) | 25,275 / 25,810 |
//! | [`poseidon::permute`]; [`poseidon::hash2`] | 240; 237 |
//! | [`merkle::membership`] (depth d) | 234 + 239·d |

pub mod bits;
pub mod boolean;
pub mod compare;
pub mod equality;
pub mod membership;
pub mod merkle;
pub mod poseidon;
pub mod select;
pub mod sha256;
pub mod shuffle;
pub mod word32;
