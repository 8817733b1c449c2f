//! What Monero's provers publish, computed in constant time and then declassified (feature
//! `ctime`, `docs/ctime.md`): the outputs' commitments and every point stored ×1/8.

use super::witness::Opening;
use crate::group::Scalar;
use alloc::vec::Vec;
use curve25519_dalek::edwards::EdwardsPoint;

/// The encoding of `P·(1/8)`, as Monero stores proof points and `V`: computed in constant time
/// (the point comes from secrets) and then declassified: it is a proof element or a commitment,
/// published and hashed into the transcript.
pub(super) fn public_eighth(point: &EdwardsPoint, inv8: &Scalar) -> [u8; 32] {
    let mut bytes = (point * inv8).compress().to_bytes();
    crate::ctime::declassify(&mut bytes);
    bytes
}

/// The statement of a proof of `openings`: the on-chain commitments `C = mask·G + amount·H` (as
/// in `outPk`) and the concatenated `V = C·(1/8)` that Monero's transcripts hash, both computed
/// in constant time; from here on public.
pub(super) fn commitments(openings: &[Opening], inv8: &Scalar) -> (Vec<[u8; 32]>, Vec<u8>) {
    let mut commitments = Vec::with_capacity(openings.len());
    let mut v_flat = Vec::with_capacity(openings.len().saturating_mul(32));
    for opening in openings {
        let c = opening.commit_point();
        let mut c_bytes = c.compress().to_bytes();
        // Declassified: the commitment is the statement, public.
        crate::ctime::declassify(&mut c_bytes);
        commitments.push(c_bytes);
        v_flat.extend_from_slice(&public_eighth(&c, inv8));
    }
    (commitments, v_flat)
}
