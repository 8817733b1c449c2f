//! Circuit statements' proofs in a batch: `add_to_batch` and `add_bytes_to_batch` on each
//! statement type. They live here, in the batch layer, so that `circuit/` (below it) never
//! imports `batch/`: a statement only knows its circuit, the batch knows every proof system.

use super::BatchVerifier;
use crate::circuit::statements::{
    MerkleProof, MerkleStatement, Sha256Proof, Sha256Statement, ShuffleProof, ShuffleStatement,
    VerifyingKey,
};

/// `add_to_batch` and `add_bytes_to_batch` for a statement type with `key_parameters`, `bind`
/// and `commitment_list`, whose proof type is `$proof`.
macro_rules! statement_batch {
    ($statement:ident, $proof:ident) => {
        impl $statement {
            /// Adds a proof of this statement to `batch`, to be checked against `key` with the
            /// transcript it was made with (in the state the prover's was in before `prove`):
            /// the same check as `verify_with_key`, its failure reported by the batch under
            /// the returned index. A key made for other parameters is refused here and nothing
            /// is added. The batch's Pedersen generators must be the default ones (as the
            /// statements' are). Example: [`crate::circuit::statements`].
            pub fn add_to_batch<'a>(
                &self,
                batch: &mut BatchVerifier<'a>,
                key: &'a VerifyingKey,
                proof: &$proof,
                mut transcript: merlin::Transcript,
            ) -> Result<usize, crate::errors::Error> {
                let parameters = self.key_parameters();
                self.bind(&mut transcript);
                let circuit = key.for_parameters(&parameters)?;
                batch.add_statement_proof(
                    crate::circuit::verify::check::ProofInput::Parsed(proof.circuit_proof()),
                    circuit,
                    self.commitment_list(),
                    transcript,
                )
            }

            /// [`Self::add_to_batch`] for an encoded proof: parsed at once, strictly (a
            /// malformed encoding is refused with the error of `from_bytes` and nothing is
            /// added), its points decoded for the path the batch takes.
            pub fn add_bytes_to_batch<'a>(
                &self,
                batch: &mut BatchVerifier<'a>,
                key: &'a VerifyingKey,
                proof: &[u8],
                mut transcript: merlin::Transcript,
            ) -> Result<usize, crate::errors::Error> {
                let parameters = self.key_parameters();
                self.bind(&mut transcript);
                let circuit = key.for_parameters(&parameters)?;
                batch.add_statement_proof(
                    crate::circuit::verify::check::ProofInput::Bytes(proof),
                    circuit,
                    self.commitment_list(),
                    transcript,
                )
            }
        }
    };
}

statement_batch!(Sha256Statement, Sha256Proof);
statement_batch!(MerkleStatement, MerkleProof);
statement_batch!(ShuffleStatement, ShuffleProof);
