//! The Poseidon permutation and the two hashing modes built on it.

use super::constants;
use curve25519_dalek::scalar::Scalar;

/// State width t.
pub const WIDTH: usize = 3;
/// S-box exponent α.
pub const ALPHA: u64 = 5;
/// Full rounds R_F (half before the partial rounds, half after).
pub const FULL_ROUNDS: usize = constants::FULL_ROUNDS;
/// Partial rounds R_P (S-box on state\[0\] only).
pub const PARTIAL_ROUNDS: usize = constants::PARTIAL_ROUNDS;
/// R_F + R_P.
pub const ROUNDS: usize = constants::ROUND_CONSTANTS.len();

/// Capacity value of the 2-to-1 compression (Merkle mode): 2^arity − 1 with arity 2.
const MERKLE_DOMAIN: u64 = 3;

/// The Poseidon parameters, decoded once (hold one and reuse it: decoding the 201 constants
/// costs about as much as a few permutations).
#[derive(Clone, Debug)]
pub struct Poseidon {
    round_constants: [[Scalar; WIDTH]; ROUNDS],
    mds: [[Scalar; WIDTH]; WIDTH],
}

impl Default for Poseidon {
    fn default() -> Self {
        Self::new()
    }
}

/// x^5 with three multiplications (the gadget uses the same three).
#[inline]
pub(crate) fn sbox(x: Scalar) -> Scalar {
    let x2 = x * x;
    let x4 = x2 * x2;
    x4 * x
}

/// Whether round `r` (0-based) is a full round: the first and last R_F/2 rounds.
#[inline]
pub(crate) fn is_full_round(r: usize) -> bool {
    const HALF: usize = FULL_ROUNDS / 2;
    r < HALF || r >= ROUNDS.saturating_sub(HALF)
}

impl Poseidon {
    /// The parameters for t = 3, α = 5 over ℓ.
    pub fn new() -> Self {
        // The generated constants are canonical (the parameter test checks it), so the
        // reduction below is the identity on them.
        Poseidon {
            round_constants: constants::ROUND_CONSTANTS
                .map(|round| round.map(Scalar::from_bytes_mod_order)),
            mds: constants::MDS.map(|row| row.map(Scalar::from_bytes_mod_order)),
        }
    }

    /// The round constants, round by round.
    pub fn round_constants(&self) -> &[[Scalar; WIDTH]; ROUNDS] {
        &self.round_constants
    }

    /// The MDS matrix, rows: the linear layer maps a state s to M·s.
    pub fn mds(&self) -> &[[Scalar; WIDTH]; WIDTH] {
        &self.mds
    }

    /// M·s.
    #[inline]
    pub(crate) fn mix(&self, state: &[Scalar; WIDTH]) -> [Scalar; WIDTH] {
        self.mds
            .map(|row| row.iter().zip(state.iter()).map(|(m, s)| m * s).sum())
    }

    /// The permutation: each round adds its constants, applies the S-box (to every cell in a
    /// full round, to state\[0\] in a partial round), then multiplies by M.
    pub fn permute(&self, state: &mut [Scalar; WIDTH]) {
        for (r, constants) in self.round_constants.iter().enumerate() {
            for (s, c) in state.iter_mut().zip(constants.iter()) {
                *s += c;
            }
            if is_full_round(r) {
                for s in state.iter_mut() {
                    *s = sbox(*s);
                }
            } else {
                let [first, ..] = state;
                *first = sbox(*first);
            }
            *state = self.mix(state);
        }
    }

    /// The 2-to-1 compression of a Merkle tree node: the permutation of `[3, left, right]`,
    /// output cell 1.
    pub fn hash2(&self, left: &Scalar, right: &Scalar) -> Scalar {
        let mut state = [Scalar::from(MERKLE_DOMAIN), *left, *right];
        self.permute(&mut state);
        let [_, out, _] = state;
        out
    }

    /// The capacity value of the fixed-length sponge over `len` inputs: len·2^64.
    pub(crate) fn sponge_domain(len: usize) -> Scalar {
        const TWO_64: u128 = 0x1_0000_0000_0000_0000;
        // usize has at most 64 bits.
        Scalar::from(len as u64) * Scalar::from(TWO_64)
    }

    /// The fixed-length sponge: capacity `L·2^64` for L inputs, the inputs added two at a time
    /// to cells 1 and 2 (the last pair padded with zero; at least one permutation), a
    /// permutation after each pair; the output is cell 1.
    pub fn hash(&self, inputs: &[Scalar]) -> Scalar {
        let mut state = [
            Self::sponge_domain(inputs.len()),
            Scalar::ZERO,
            Scalar::ZERO,
        ];
        let mut chunks = inputs.chunks(2).peekable();
        if chunks.peek().is_none() {
            self.permute(&mut state);
        }
        for chunk in chunks {
            let [_, s1, s2] = &mut state;
            let mut it = chunk.iter();
            if let Some(a) = it.next() {
                *s1 += a;
            }
            if let Some(b) = it.next() {
                *s2 += b;
            }
            self.permute(&mut state);
        }
        let [_, out, _] = state;
        out
    }
}
