//! A Poseidon Merkle tree of fixed depth d ≤ 32 (2^d leaf slots).
//!
//! * A leaf value v sits in the tree as the leaf node `hash([v])` (the one-input sponge, domain
//!   2^64), so a leaf is never confused with an inner node (domain 3).
//! * An empty slot is the node 0; an empty subtree of height k has root E_k with E_0 = 0 and
//!   E_{k+1} = hash2(E_k, E_k). Finding a leaf value whose leaf node is 0 is a Poseidon
//!   preimage, so empty slots cannot be claimed as members.
//! * An inner node is `hash2(left, right)`; the root is the node at height d.
//!
//! A path lists the d siblings from the leaf up; bit k of the index says whether the node at
//! height k is a right child (1) or a left child (0).

use super::Poseidon;
use alloc::vec::Vec;
use curve25519_dalek::scalar::Scalar;

/// The largest supported depth.
pub const MAX_DEPTH: u32 = 32;

/// Why a tree or a path cannot be built.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum MerkleError {
    /// The depth exceeds [`MAX_DEPTH`].
    #[error("Merkle depth {0} exceeds the maximum of 32")]
    DepthTooLarge(u32),
    /// More leaves than the 2^depth slots.
    #[error("{leaves} leaves do not fit a tree of depth {depth}")]
    TooManyLeaves {
        /// Leaves given.
        leaves: usize,
        /// Depth of the tree.
        depth: u32,
    },
    /// The index does not name a leaf of the tree.
    #[error("leaf index {index} is out of range: the tree has {leaves} leaves")]
    IndexOutOfRange {
        /// Index asked for.
        index: u64,
        /// Leaves in the tree.
        leaves: usize,
    },
    /// A path's length is not the tree's depth, or its index does not fit the depth.
    #[error("the path does not match depth {0}")]
    PathShape(u32),
}

/// A Merkle tree over the leaves given, the remaining slots empty.
#[derive(Clone, Debug)]
pub struct MerkleTree {
    depth: u32,
    /// levels\[k\]: the non-empty prefix of the nodes at height k (levels\[0\]: leaf nodes).
    levels: Vec<Vec<Scalar>>,
    /// empty\[k\]: the root of an empty subtree of height k (k = 0 … depth).
    empty: Vec<Scalar>,
}

/// A leaf's authentication path.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MerklePath {
    /// The leaf's position (bit k: the node at height k is a right child).
    pub index: u64,
    /// The sibling at each height 0 … d−1.
    pub siblings: Vec<Scalar>,
}

/// The leaf node of a leaf value: the one-input sponge.
pub(crate) fn leaf_node(poseidon: &Poseidon, value: &Scalar) -> Scalar {
    poseidon.hash(core::slice::from_ref(value))
}

fn check_depth(depth: u32) -> Result<(), MerkleError> {
    if depth > MAX_DEPTH {
        return Err(MerkleError::DepthTooLarge(depth));
    }
    Ok(())
}

impl MerkleTree {
    /// Builds the tree of depth `depth` over `leaves` (slot i holds leaves\[i\]).
    pub fn new(poseidon: &Poseidon, depth: u32, leaves: &[Scalar]) -> Result<Self, MerkleError> {
        check_depth(depth)?;
        let slots = 1u64.checked_shl(depth).unwrap_or(u64::MAX);
        if leaves.len() as u64 > slots {
            return Err(MerkleError::TooManyLeaves {
                leaves: leaves.len(),
                depth,
            });
        }
        let mut empty = Vec::with_capacity(depth.saturating_add(1) as usize);
        let mut e = Scalar::ZERO;
        empty.push(e);
        for _ in 0..depth {
            e = poseidon.hash2(&e, &e);
            empty.push(e);
        }
        let mut levels = Vec::with_capacity(depth.saturating_add(1) as usize);
        let mut level: Vec<Scalar> = leaves.iter().map(|v| leaf_node(poseidon, v)).collect();
        for height in 0..depth as usize {
            let pad = empty.get(height).copied().unwrap_or(Scalar::ZERO);
            let next = level
                .chunks(2)
                .map(|pair| match pair {
                    [l, r] => poseidon.hash2(l, r),
                    [l] => poseidon.hash2(l, &pad),
                    _ => pad,
                })
                .collect();
            levels.push(core::mem::replace(&mut level, next));
        }
        levels.push(level);
        Ok(MerkleTree {
            depth,
            levels,
            empty,
        })
    }

    /// The depth d.
    pub fn depth(&self) -> u32 {
        self.depth
    }

    /// The number of leaves given (the other slots are empty).
    pub fn len(&self) -> usize {
        self.levels.first().map_or(0, Vec::len)
    }

    /// Whether the tree has no leaves.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The root.
    pub fn root(&self) -> Scalar {
        let top = self.levels.last().and_then(|l| l.first()).copied();
        top.unwrap_or_else(|| self.empty.last().copied().unwrap_or(Scalar::ZERO))
    }

    /// The path of leaf `index`.
    pub fn path(&self, index: u64) -> Result<MerklePath, MerkleError> {
        let leaves = self.len();
        let Ok(i) = usize::try_from(index) else {
            return Err(MerkleError::IndexOutOfRange { index, leaves });
        };
        if i >= leaves {
            return Err(MerkleError::IndexOutOfRange { index, leaves });
        }
        let mut siblings = Vec::with_capacity(self.depth as usize);
        let mut pos = i;
        for (height, level) in self.levels.iter().take(self.depth as usize).enumerate() {
            let sibling = level
                .get(pos ^ 1)
                .or_else(|| self.empty.get(height))
                .copied()
                .unwrap_or(Scalar::ZERO);
            siblings.push(sibling);
            pos >>= 1;
        }
        Ok(MerklePath { index, siblings })
    }
}

impl MerklePath {
    /// The root this path gives for a leaf value (the leaf hashed as a leaf node first).
    pub fn root(&self, poseidon: &Poseidon, value: &Scalar) -> Scalar {
        let mut node = leaf_node(poseidon, value);
        for (height, sibling) in self.siblings.iter().enumerate() {
            let right = (self.index.checked_shr(height as u32).unwrap_or(0)) & 1 == 1;
            node = if right {
                poseidon.hash2(sibling, &node)
            } else {
                poseidon.hash2(&node, sibling)
            };
        }
        node
    }

    /// Whether the path has the shape of a tree of depth `depth`: `depth` siblings and an index
    /// below 2^depth.
    pub fn check_shape(&self, depth: u32) -> Result<(), MerkleError> {
        check_depth(depth)?;
        // Declassified (feature `ctime`): whether the secret position fits the depth (the
        // prover refuses a malformed path with a public error).
        let fits = crate::ctime::declassify_bool(self.index.checked_shr(depth).unwrap_or(0) == 0);
        if self.siblings.len() != depth as usize || !fits {
            return Err(MerkleError::PathShape(depth));
        }
        Ok(())
    }

    /// Whether `value` is the leaf at this path's position under `root` (shape checked).
    pub fn verify(&self, poseidon: &Poseidon, depth: u32, root: &Scalar, value: &Scalar) -> bool {
        self.check_shape(depth).is_ok() && self.root(poseidon, value) == *root
    }
}
