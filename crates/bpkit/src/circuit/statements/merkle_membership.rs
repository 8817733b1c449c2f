//! "The value committed in V is a leaf of the Poseidon Merkle tree with root r and depth d":
//! the leaf's position and path stay hidden.

use super::{statement_proof, statement_verification, VerifyingKey};
use crate::circuit::gadgets::merkle;
use crate::circuit::{Circuit, CircuitError, CircuitProof, Prover, Recorder};
use crate::commitment::Opening;
use crate::errors::Error;
use crate::generators::{default_pedersen, BulletproofGens};
use crate::group::{CompressedRistretto, Scalar};
use crate::poseidon::{MerklePath, MerkleTree, Poseidon, MAX_DEPTH};
use alloc::vec::Vec;
use merlin::Transcript;
use zeroize::Zeroize;

/// The statement's name.
pub(super) const NAME: &str = "merkle-membership";
const DOMAIN: &[u8] = b"bpkit statement merkle-membership v1";

/// The public inputs: the root, the depth, and the commitment to the leaf.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MerkleStatement {
    root: Scalar,
    depth: u32,
    leaf_commitment: CompressedRistretto,
}

/// The witness: the opening of the leaf's commitment and the leaf's path.
#[derive(Clone)]
pub struct MerkleWitness {
    opening: Opening,
    path: MerklePath,
}

impl Drop for MerkleWitness {
    fn drop(&mut self) {
        self.path.index.zeroize();
        self.path.siblings.zeroize();
    }
}

impl core::fmt::Debug for MerkleWitness {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("MerkleWitness").finish_non_exhaustive()
    }
}

impl MerkleWitness {
    /// A witness: the leaf's opening and its path.
    pub fn new(opening: Opening, path: MerklePath) -> Self {
        MerkleWitness { opening, path }
    }

    /// The opening of the leaf's commitment.
    pub fn opening(&self) -> &Opening {
        &self.opening
    }
}

/// A proof of a [`MerkleStatement`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MerkleProof(CircuitProof);
statement_proof!(MerkleProof);
statement_verification!(MerkleStatement, MerkleProof);

impl MerkleStatement {
    /// The statement "the value in `leaf_commitment` is a leaf of the tree of depth `depth`
    /// with root `root`". Errors for depths above 32.
    pub fn new(
        root: Scalar,
        depth: u32,
        leaf_commitment: CompressedRistretto,
    ) -> Result<Self, Error> {
        if depth > MAX_DEPTH {
            return Err(Error::Circuit(CircuitError::Gadget(
                "merkle: depth above 32",
            )));
        }
        Ok(MerkleStatement {
            root,
            depth,
            leaf_commitment,
        })
    }

    /// The statement and witness for leaf `index` of `tree` whose value is `leaves[index]`,
    /// committed with `blinding` (`leaves` must be the values the tree was built from).
    pub fn for_leaf(
        tree: &MerkleTree,
        value: u64,
        index: u64,
        blinding: Scalar,
    ) -> Result<(Self, MerkleWitness), Error> {
        let path = tree
            .path(index)
            .map_err(|_| Error::Circuit(CircuitError::Gadget("merkle: no leaf at this index")))?;
        let opening = Opening::new(value, blinding);
        let commitment = opening.commit_with(&default_pedersen());
        let statement = Self::new(tree.root(), tree.depth(), commitment)?;
        Ok((statement, MerkleWitness::new(opening, path)))
    }

    /// The root.
    pub fn root(&self) -> &Scalar {
        &self.root
    }

    /// The depth.
    pub fn depth(&self) -> u32 {
        self.depth
    }

    /// The commitment to the leaf.
    pub fn leaf_commitment(&self) -> &CompressedRistretto {
        &self.leaf_commitment
    }

    pub(crate) fn bind(&self, transcript: &mut Transcript) {
        transcript.append_message(b"dom-sep", DOMAIN);
        transcript.append_message(b"root", self.root.as_bytes());
        transcript.append_u64(b"depth", u64::from(self.depth));
    }

    /// `transcript` with the statement's domain separator and public inputs appended: what
    /// [`Self::batch_parts`] returns beside the circuit, for callers that keep the circuit
    /// recorded once for these parameters.
    pub fn bind_transcript(&self, mut transcript: Transcript) -> Transcript {
        self.bind(&mut transcript);
        transcript
    }

    /// What a [`crate::batch::BatchVerifier`] needs besides the proof
    /// ([`crate::batch::BatchVerifier::add_circuit_proof`]): the circuit, the commitments, and
    /// `transcript` with the statement's domain separator and public inputs appended.
    /// (This records the circuit for every call; with a verifying key, [`Self::add_to_batch`]
    /// adds a proof without recording anything.)
    pub fn batch_parts(
        &self,
        mut transcript: Transcript,
    ) -> Result<
        (
            Circuit,
            alloc::vec::Vec<crate::group::CompressedRistretto>,
            Transcript,
        ),
        Error,
    > {
        self.bind(&mut transcript);
        Ok((
            self.circuit()?,
            alloc::vec![self.leaf_commitment],
            transcript,
        ))
    }

    /// The circuit (for its size, digest and description).
    pub fn circuit(&self) -> Result<Circuit, Error> {
        Ok(self.recorder()?.into_circuit()?)
    }

    /// A recorder holding the statement's circuit.
    pub(crate) fn recorder(&self) -> Result<Recorder, Error> {
        let mut rec = Recorder::new();
        let v = rec.commit();
        merkle::membership(
            &mut rec,
            &Poseidon::new(),
            v.into(),
            &self.root,
            self.depth,
            None,
        )?;
        Ok(rec)
    }

    /// Proves the statement. Refused ([`Error::Circuit`]): an opening that does not open the
    /// leaf commitment, a path of another depth, a leaf not in the tree.
    pub fn prove<R: rand_core::CryptoRng + ?Sized>(
        &self,
        transcript: &mut Transcript,
        witness: &MerkleWitness,
        bp_gens: &BulletproofGens,
        rng: &mut R,
    ) -> Result<MerkleProof, Error> {
        let pc_gens = default_pedersen();
        // Declassified (feature `ctime`): whether the opening opens the leaf commitment, a
        // public error.
        if crate::ctime::declassify_bool(
            witness.opening.commit_with(&pc_gens) != self.leaf_commitment,
        ) {
            return Err(Error::Circuit(CircuitError::Gadget(
                "merkle: the opening does not open the leaf commitment",
            )));
        }
        self.bind(transcript);
        let mut prover = Prover::new(&pc_gens, transcript);
        let value = Scalar::from(witness.opening.value);
        let (_, v) = prover.commit(value, witness.opening.blinding);
        merkle::membership(
            &mut prover,
            &Poseidon::new(),
            v.into(),
            &self.root,
            self.depth,
            Some(&witness.path),
        )?;
        Ok(MerkleProof(prover.prove(bp_gens, rng)?))
    }

    /// The commitments the circuit speaks about, in the order the circuit commits them.
    pub(crate) fn commitment_list(&self) -> Vec<CompressedRistretto> {
        alloc::vec![self.leaf_commitment]
    }

    /// The statement's circuit parameters, as a [`VerifyingKey`] records them.
    pub(crate) fn key_parameters(&self) -> Vec<u8> {
        let mut p = DOMAIN.to_vec();
        p.extend_from_slice(self.root.as_bytes());
        p.extend_from_slice(&self.depth.to_le_bytes());
        p
    }

    /// Multipliers of the statement's circuit (both phases, before padding), from the depth
    /// alone, without recording the circuit: what a verifier compares with its size limit
    /// before anything is allocated. Equal to `self.circuit()?.multipliers()`
    /// (`tests/statement_sizes.rs` checks every depth).
    ///
    /// A Poseidon permutation costs 3 multipliers per S-box (x², x⁴, x⁵) whose input is not a
    /// constant: `WIDTH · FULL_ROUNDS + PARTIAL_ROUNDS` S-boxes (80), less those of the first
    /// round that see only constants. The leaf's hash has two constant lanes (the sponge's
    /// capacity and the empty second rate lane): 3 · 78 = 234. Each level allocates the
    /// direction bit and the swap (one multiplier), constrains the bit to be boolean (one) and
    /// hashes two children with a constant capacity: 2 + 3 · 79 = 239.
    pub fn multipliers(&self) -> usize {
        use crate::poseidon::{FULL_ROUNDS, PARTIAL_ROUNDS, WIDTH};
        const SBOXES: usize = WIDTH * FULL_ROUNDS + PARTIAL_ROUNDS;
        const LEAF: usize = 3 * (SBOXES - 2);
        const LEVEL: usize = 2 + 3 * (SBOXES - 1);
        // depth ≤ MAX_DEPTH (32), checked by `new`: at most 234 + 32 · 239.
        LEAF.saturating_add((self.depth as usize).saturating_mul(LEVEL))
    }
}
