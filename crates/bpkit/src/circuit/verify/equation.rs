//! What the verifier's transcript replay yields and the weighted equation of one proof: plain
//! data shared by the single verifier, the final check and the batch entries.

use crate::group::Scalar;
use alloc::vec::Vec;

/// Everything the transcript yields for one proof.
pub(crate) struct Replay {
    pub challenges: Vec<Scalar>,
    pub y: Scalar,
    pub z: Scalar,
    pub u: Scalar,
    pub x: Scalar,
    pub w: Scalar,
    pub c: Scalar,
    pub u_ipp: Vec<Scalar>,
    /// 32 bytes binding the whole transcript (for deterministic batch weights).
    pub binding: [u8; 32],
}

/// The verification equation of one proof times a weight: scalars of the fixed generators
/// (`B`, `B̃`, `G₀…`, `H₀…`), of the proof's own points (in wire order, as
/// [`EncodedProof::points`](crate::circuit::EncodedProof::points)) and of the commitments. The points themselves come with the
/// proof ([`super::check::ProofPoints`]): decoded by dalek or by the verification engine.
pub(crate) struct CircuitEquation {
    pub b: Scalar,
    pub b_blinding: Scalar,
    pub g: Vec<Scalar>,
    pub h: Vec<Scalar>,
    pub proof_scalars: Vec<Scalar>,
    pub commitment_scalars: Vec<Scalar>,
}
