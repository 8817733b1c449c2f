//! The inner-product verifier's scalars.
//!
//! The verifier never folds generators: it replays the challenges `u₁…u_k` and computes, for
//! each original generator, the scalar it carries in the final check (notes: "Verification").

use super::InnerProductProof;
use crate::errors::Error;
use crate::group::Scalar;
use crate::transcript::TranscriptProtocol;
use alloc::vec::Vec;
use merlin::Transcript;

/// The scalars of the inner-product check for an `N`-element proof.
pub(crate) struct VerificationScalars {
    /// `u_j²` for each round.
    pub u_sq: Vec<Scalar>,
    /// `u_j⁻²` for each round.
    pub u_inv_sq: Vec<Scalar>,
    /// `sᵢ = Π_j u_j^{±1}`, `+1` where bit `k−1−j` of `i` is set.
    pub s: Vec<Scalar>,
    /// `1/y`, inverted together with the challenges (see [`VerificationScalars::new`]).
    pub extra_inv: Scalar,
}

impl VerificationScalars {
    /// Replays the transcript for `proof` over `n` elements and computes the scalars.
    ///
    /// `extra` is inverted in the same batch inversion as the challenges (the range proof passes
    /// `y` and gets `y⁻¹` for free).
    pub fn new(
        proof: &InnerProductProof,
        n: usize,
        transcript: &mut Transcript,
        extra: Scalar,
    ) -> Result<Self, Error> {
        let rounds = proof.rounds();
        if rounds >= usize::BITS as usize || n != 1usize << rounds {
            return Err(Error::SizeMismatch {
                proof: 1usize.checked_shl(rounds as u32).unwrap_or(0),
                statement: n,
            });
        }
        transcript.innerproduct_domain_sep(n as u64);
        let mut u = Vec::with_capacity(rounds.saturating_add(1));
        for (l, r) in proof.l_vec.iter().zip(&proof.r_vec) {
            transcript.validate_and_append_point(b"L", l)?;
            transcript.validate_and_append_point(b"R", r)?;
            u.push(transcript.challenge_scalar(b"u"));
        }
        if u.iter().any(|x| x == &Scalar::ZERO) || extra == Scalar::ZERO {
            return Err(Error::VerificationFailed);
        }
        let u_sq: Vec<Scalar> = u.iter().map(|x| x * x).collect();
        u.push(extra);
        // One inversion for all challenges and the extra scalar.
        let mut inv = u;
        let _ = Scalar::invert_batch_alloc(&mut inv);
        let extra_inv = inv.pop().unwrap_or(Scalar::ZERO);
        let u_inv_sq: Vec<Scalar> = inv.iter().map(|x| x * x).collect();

        let s0: Scalar = inv.iter().product();
        let mut s = Vec::with_capacity(n);
        s.push(s0);
        // Bit j (from the least significant) of i selects u_{k−1−j}: double the vector once per
        // challenge, last challenge first.
        for x in u_sq.iter().rev() {
            let doubled: Vec<Scalar> = s.iter().map(|si| si * x).collect();
            s.extend(doubled);
        }
        Ok(VerificationScalars {
            u_sq,
            u_inv_sq,
            s,
            extra_inv,
        })
    }
}
