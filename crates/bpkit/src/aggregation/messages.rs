//! The messages exchanged between parties and the dealer.

use crate::group::encoding::Point;
use crate::group::Scalar;
use alloc::vec::Vec;

/// Party → dealer, round 1: the value commitment `V_j` and bit commitments `A_j`, `S_j`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BitCommitment {
    /// `V_j = v·B + γ·B̃` (the identity for a padding party).
    pub v_j: Point,
    /// `A_j = α·B̃ + ⟨a_L, G_j⟩ + ⟨a_R, H_j⟩`.
    pub a_j: Point,
    /// `S_j = ρ·B̃ + ⟨s_L, G_j⟩ + ⟨s_R, H_j⟩`.
    pub s_j: Point,
}

/// Dealer → parties, round 1: challenges `y`, `z`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BitChallenge {
    /// `y`.
    pub y: Scalar,
    /// `z`.
    pub z: Scalar,
}

/// Party → dealer, round 2: commitments `T_1`, `T_2` to the coefficients of `t_j(X)`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PolyCommitment {
    /// `T_{1,j} = t_1·B + τ_1·B̃`.
    pub t_1_j: Point,
    /// `T_{2,j} = t_2·B + τ_2·B̃`.
    pub t_2_j: Point,
}

/// Dealer → parties, round 2: challenge `x`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PolyChallenge {
    /// `x`.
    pub x: Scalar,
}

/// Party → dealer, round 3: the party's evaluations at `x`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProofShare {
    /// `t_j(x)`.
    pub t_x: Scalar,
    /// `τ_{x,j} = z^{2+j}·γ + τ_1·x + τ_2·x²`.
    pub t_x_blinding: Scalar,
    /// `μ_j = α + ρ·x`.
    pub e_blinding: Scalar,
    /// `l_j(x)`.
    pub l_vec: Vec<Scalar>,
    /// `r_j(x)`.
    pub r_vec: Vec<Scalar>,
}
