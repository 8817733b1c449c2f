//! Merkle membership: a (committed) leaf is in a Poseidon Merkle tree of depth d ≤ 32 with a
//! public root; the path and the position stay hidden.
//!
//! Per level, one multiplier `(b, t)` carries the position bit b and `t = sibling − node`; its
//! output `o = b·t` orders the pair: `left = node + o`, `right = node + t − o` (b = 0: (node,
//! sibling); b = 1: (sibling, node)). A second multiplier checks `b·(1 − b) = 0`. Then the
//! node is hashed with [`super::poseidon::hash2`] (237). Cost: **234 (leaf node: the one-input sponge, two constant cells) + 239·d
//! multipliers** — 4,058 at d = 16, 7,882 at d = 32.

use super::poseidon::{hash2_affine, hash_affine, Affine};
use crate::circuit::{CircuitError, ConstraintSystem, LinearCombination};
use crate::group::Scalar;
use crate::poseidon::{MerklePath, Poseidon, MAX_DEPTH};

/// Constrains: the leaf value `leaf` (usually a committed variable) sits in the tree of depth
/// `depth` whose root is `root`. Prover: `Some(path)`; verifier: `None`.
///
/// Errors ([`CircuitError::Gadget`]): `depth > 32`, a path of another shape. A path that does
/// not lead to `root` makes the circuit unsatisfied (the prover refuses).
pub fn membership<CS: ConstraintSystem + ?Sized>(
    cs: &mut CS,
    p: &Poseidon,
    leaf: LinearCombination,
    root: &Scalar,
    depth: u32,
    path: Option<&MerklePath>,
) -> Result<(), CircuitError> {
    if depth > MAX_DEPTH {
        return Err(CircuitError::Gadget("merkle: depth above 32"));
    }
    if let Some(path) = path {
        path.check_shape(depth)
            .map_err(|_| CircuitError::Gadget("merkle: the path does not match the depth"))?;
    }
    let leaf = Affine::from_lc(&leaf)?;
    let mut node = hash_affine(cs, p, core::slice::from_ref(&leaf))?;
    for height in 0..depth {
        let node_lc = node.lc();
        let assignment = match (path, cs.eval(&node_lc)) {
            (Some(path), Some(node_value)) => {
                let bit = path.index.checked_shr(height).unwrap_or(0) & 1;
                let sibling = path
                    .siblings
                    .get(height as usize)
                    .copied()
                    .unwrap_or(Scalar::ZERO);
                Some((Scalar::from(bit), sibling - node_value))
            }
            _ => None,
        };
        let (b, t, o) = cs.allocate_multiplier(assignment)?;
        let (_, _, boolean) = cs.multiply(b.into(), LinearCombination::from(1u64) - b);
        cs.constrain(boolean.into());
        let mut left = node.clone();
        left.add_scaled_variable(o, Scalar::ONE);
        let mut right = node;
        right.add_scaled_variable(t, Scalar::ONE);
        right.add_scaled_variable(o, -Scalar::ONE);
        node = hash2_affine(cs, p, left, right)?;
    }
    cs.constrain(node.lc() - *root);
    Ok(())
}
