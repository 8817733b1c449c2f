//! Verifying keys: a statement's circuit recorded once for given public parameters and kept
//! packed ([`PreparedCircuit`]), so that many proofs verify without running the gadgets again.

use crate::circuit::{CircuitError, PreparedCircuit};
use crate::errors::Error;
use alloc::vec::Vec;

/// The circuit of one statement with its public parameters (the SHA-256 digest and length, the
/// Merkle root and depth, the shuffle size k), prepared for verification.
///
/// Made by a statement's `verifying_key()`; its `verify_with_key` refuses a key made for other
/// parameters, so a key can only check proofs of the statement it was made for. The
/// commitments (Merkle leaf, shuffle values) are not part of the circuit: one key serves every
/// statement with the same parameters.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VerifyingKey {
    /// The statement's domain separator followed by its circuit parameters.
    parameters: Vec<u8>,
    circuit: PreparedCircuit,
}

impl VerifyingKey {
    pub(super) fn new(parameters: Vec<u8>, circuit: PreparedCircuit) -> Self {
        VerifyingKey {
            parameters,
            circuit,
        }
    }

    /// The prepared circuit (its size, digest and memory).
    pub fn circuit(&self) -> &PreparedCircuit {
        &self.circuit
    }

    /// `n` padded to a power of two: the generators a proof needs.
    pub fn padded_multipliers(&self) -> usize {
        self.circuit.padded_multipliers()
    }

    /// The key's circuit if it was made for `parameters`.
    pub(crate) fn for_parameters(&self, parameters: &[u8]) -> Result<&PreparedCircuit, Error> {
        if self.parameters == parameters {
            Ok(&self.circuit)
        } else {
            Err(Error::Circuit(CircuitError::Gadget(
                "verifying key made for another statement or other parameters",
            )))
        }
    }
}
