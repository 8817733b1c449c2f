//! Poseidon over the Ristretto scalar field ℓ = 2^252 + 27742317777372353535851937790883648493,
//! and a Poseidon Merkle tree.
//!
//! Parameters: width t = 3 (rate 2, capacity 1), S-box x^5 (x^3 is not a permutation of F_ℓ:
//! gcd(3, ℓ − 1) = 3, while gcd(5, ℓ − 1) = 1), R_F = 8 full and R_P = 56 partial rounds for
//! 128-bit security. The round numbers, round constants and MDS matrix were computed for this
//! field by the Poseidon paper's own procedures (its security inequalities and its Grain LFSR);
//! the generator is `crates/bpkit/tests/poseidon_gen/` and `cargo test -p bpkit --test
//! poseidon_params` regenerates [`constants`](self) and compares them byte for byte.
//! `docs/spec.md` (section "Poseidon") lists the parameters with test vectors.
//!
//! Modes (the capacity cell, state\[0\], carries the domain, as in section 4.2 of the paper):
//! * [`Poseidon::hash2`] — 2-to-1 compression for Merkle trees: state `[3, a, b]` (3 = 2^arity − 1).
//! * [`Poseidon::hash`] — fixed-length sponge over any number L of inputs: capacity `L·2^64`,
//!   inputs absorbed two at a time (the last pair zero-padded), output state\[1\].
//!
//! Every function here is constant-time in its inputs (field arithmetic only, no branches on
//! values); the Merkle tree's shape (depth, number of leaves, index) is public.

#[rustfmt::skip]
mod constants;
mod merkle;
mod permutation;

pub use merkle::{MerkleError, MerklePath, MerkleTree, MAX_DEPTH};
pub(crate) use permutation::{is_full_round, sbox as permutation_sbox};
pub use permutation::{Poseidon, ALPHA, FULL_ROUNDS, PARTIAL_ROUNDS, ROUNDS, WIDTH};
