//! The scalars of the folded generators, from the round challenges, built directly: the test
//! oracle for the verifier's product form (`PlusProof::terms`).

use crate::errors::Error;
use crate::group::Scalar;
use alloc::vec::Vec;

/// `sᵢ = Π_j e_j^{±1}` for `i < 2ᴿ`: the exponent is `+1` when bit `R−1−j` of `i` is set (the
/// index fell in the upper half in round `j`), `−1` otherwise. After all rounds the folded
/// generators are `G_fin = Σ y⁻ⁱ·sᵢ·Gᵢ` and `H_fin = Σ s_{N−1−i}·Hᵢ` (`s_{N−1−i} = 1/sᵢ`).
///
/// `challenges` are `e₀ … e_{R−1}`; `inverses` their inverses. Costs `N` multiplications:
/// `s₀ = Π e_j⁻¹`, then `sᵢ = s_{i − 2ᵏ}·e_{R−1−k}²` for the top bit `k` of `i`.
pub(crate) fn fold_scalars(
    challenges: &[Scalar],
    inverses: &[Scalar],
) -> Result<Vec<Scalar>, Error> {
    let rounds = challenges.len();
    let n = 1usize
        .checked_shl(u32::try_from(rounds).unwrap_or(u32::MAX))
        .filter(|_| rounds < usize::BITS as usize)
        .ok_or(Error::TooLarge {
            max: usize::BITS as usize,
            found: rounds,
        })?;
    let squares: Vec<Scalar> = challenges.iter().map(|e| e * e).collect();
    let mut s = Vec::with_capacity(n);
    s.push(inverses.iter().product::<Scalar>());
    // Fill in blocks: the block [2ᵏ, 2ᵏ⁺¹) is the block [0, 2ᵏ) times e_{R−1−k}².
    for sq in squares.iter().rev() {
        // Here s holds 2ᵏ scalars.
        let lower: Vec<Scalar> = s.iter().map(|x| x * sq).collect();
        s.extend(lower);
    }
    Ok(s)
}
