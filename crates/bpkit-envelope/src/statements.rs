//! Proving the ready-made circuit statements (SHA-256 preimage, Merkle membership, shuffle),
//! with the result as a circuit envelope: the prove side the `bpkit circuit prove` command and
//! the bindings share. Every failure is a refusal to prove ([`crate::Category::Proving`]).
//!
//! The provers are bpkit's: constant-time in the witness (message, leaf value, blindings).
//! Openings made here are returned to the caller, who owns (and zeroizes) them.

use crate::circuit::{padded_multipliers, CircuitEnvelope, Statement};
use crate::error::Failure;
use crate::transcript::transcript;
use bpkit::circuit::statements::{
    MerkleStatement, Sha256Statement, Sha256Witness, ShuffleStatement, ShuffleWitness, MAX_SHUFFLE,
};
use bpkit::circuit::CircuitError;
use bpkit::group::Scalar;
use bpkit::poseidon::{MerkleTree, Poseidon, MAX_DEPTH};
use bpkit::reexports::rand_core::CryptoRng;
use bpkit::{Error, Opening};

fn gadget(what: &'static str) -> Failure {
    Failure::Proof(Error::Circuit(CircuitError::Gadget(what)))
}

fn gens(statement: &Statement) -> Result<std::sync::Arc<bpkit::BulletproofGens>, Failure> {
    Ok(bpkit::generators::shared(padded_multipliers(statement)?, 1))
}

/// "I know a message whose SHA-256 is d": proves knowledge of `message` (at most
/// [`bpkit::circuit::gadgets::sha256::MAX_MESSAGE_BYTES`] bytes). The envelope carries the
/// digest and the length, never the message.
pub fn sha256<R: CryptoRng + ?Sized>(
    message: &[u8],
    label: &str,
    rng: &mut R,
) -> Result<CircuitEnvelope, Failure> {
    let mut t = transcript(label)?;
    let witness = Sha256Witness::new(message.to_vec());
    let statement = Sha256Statement::for_witness(&witness)?;
    let wrapped = Statement::Sha256(statement.clone());
    let proof = statement.prove(&mut t, &witness, &*gens(&wrapped)?, rng)?;
    Ok(CircuitEnvelope {
        statement: wrapped,
        label: label.to_owned(),
        proof: proof.to_bytes(),
    })
}

/// The depth of the smallest Poseidon Merkle tree that holds `leaves` leaves (at least 1).
pub fn merkle_depth(leaves: usize) -> u32 {
    usize::BITS
        .saturating_sub(leaves.saturating_sub(1).leading_zeros())
        .max(1)
}

/// "The committed value is a leaf of the Poseidon Merkle tree with root r": builds the tree of
/// the smallest depth ([`merkle_depth`], at most 32) over `leaves` and proves membership of
/// leaf `index` (0-based), committed with a fresh blinding. Returns the envelope (root, depth,
/// the leaf's commitment) and the opening of that commitment.
pub fn merkle<R: CryptoRng + ?Sized>(
    leaves: &[u64],
    index: u64,
    label: &str,
    rng: &mut R,
) -> Result<(CircuitEnvelope, Opening), Failure> {
    let mut t = transcript(label)?;
    if leaves.is_empty() {
        return Err(gadget("merkle: no leaves"));
    }
    let depth = merkle_depth(leaves.len());
    if depth > MAX_DEPTH {
        return Err(gadget("merkle: more than 2^32 leaves"));
    }
    let value = usize::try_from(index)
        .ok()
        .and_then(|i| leaves.get(i).copied())
        .ok_or_else(|| gadget("merkle: no leaf at this index"))?;
    let scalars: Vec<Scalar> = leaves.iter().map(|v| Scalar::from(*v)).collect();
    let tree = MerkleTree::new(&Poseidon::new(), depth, &scalars)
        .map_err(|_| gadget("merkle: the leaves do not fit the tree"))?;
    let blinding = Opening::random(0, rng).blinding;
    let (statement, witness) = MerkleStatement::for_leaf(&tree, value, index, blinding)?;
    let wrapped = Statement::Merkle(statement.clone());
    let proof = statement.prove(&mut t, &witness, &*gens(&wrapped)?, rng)?;
    Ok((
        CircuitEnvelope {
            statement: wrapped,
            label: label.to_owned(),
            proof: proof.to_bytes(),
        },
        witness.opening().clone(),
    ))
}

/// The commitments, openings and envelope of a shuffle proof.
#[derive(Debug)]
pub struct ShuffleOutput {
    /// The envelope (the commitments to inputs and outputs, the proof).
    pub envelope: CircuitEnvelope,
    /// The openings of the input commitments, in order.
    pub inputs: Vec<Opening>,
    /// The openings of the output commitments, in order.
    pub outputs: Vec<Opening>,
}

/// "The committed outputs are a permutation of the committed inputs": commits each value with
/// a fresh blinding (inputs first, then outputs) and proves it. `inputs` and `outputs` hold
/// as many values, 1 to [`MAX_SHUFFLE`]; outputs that are not a permutation are refused
/// (`Error::Circuit(CircuitError::Unsatisfied { .. })`).
pub fn shuffle<R: CryptoRng + ?Sized>(
    inputs: &[u64],
    outputs: &[u64],
    label: &str,
    rng: &mut R,
) -> Result<ShuffleOutput, Failure> {
    let mut t = transcript(label)?;
    if inputs.len() != outputs.len() || inputs.is_empty() || inputs.len() > MAX_SHUFFLE {
        return Err(gadget(
            "shuffle: give as many inputs as outputs, 1 to MAX_SHUFFLE",
        ));
    }
    let input_openings: Vec<Opening> = inputs.iter().map(|v| Opening::random(*v, rng)).collect();
    let output_openings: Vec<Opening> = outputs.iter().map(|v| Opening::random(*v, rng)).collect();
    let witness = ShuffleWitness::new(input_openings.clone(), output_openings.clone());
    let statement = ShuffleStatement::for_witness(&witness)?;
    let wrapped = Statement::Shuffle(statement.clone());
    let proof = statement.prove(&mut t, &witness, &*gens(&wrapped)?, rng)?;
    Ok(ShuffleOutput {
        envelope: CircuitEnvelope {
            statement: wrapped,
            label: label.to_owned(),
            proof: proof.to_bytes(),
        },
        inputs: input_openings,
        outputs: output_openings,
    })
}
