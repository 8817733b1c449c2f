//! What a Bulletproofs+ range proof claims.

use super::parameters::ExtendedPedersenGens;
use super::witness::ExtendedOpening;
use crate::errors::Error;
use crate::group::CompressedRistretto;
use crate::range_proof::{check_bits, check_parties, padded_parties};
use alloc::vec::Vec;

/// The public statement: each commitment `Cⱼ` opens to a value `vⱼ` with
/// `minⱼ ≤ vⱼ < minⱼ + 2ⁿ` (`minⱼ = 0` gives the plain range `[0, 2ⁿ)`).
///
/// Only the `m` real commitments are listed; when `m` is not a power of two the proof covers
/// `m'` = the next power of two, the missing commitments being the identity with minimum 0
/// (bpkit's padding rule, spec `docs/plus.md` §5). The extension degree is not part of the
/// statement: it is that of the generators.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlusStatement {
    bits: usize,
    commitments: Vec<CompressedRistretto>,
    minimums: Vec<u64>,
}

impl PlusStatement {
    /// A statement for `bits ∈ {8, 16, 32, 64}` and 1 to 64 commitments, all with minimum 0.
    pub fn new(bits: usize, commitments: Vec<CompressedRistretto>) -> Result<Self, Error> {
        let minimums = alloc::vec![0; commitments.len()];
        Self::with_minimums(bits, commitments, minimums)
    }

    /// A statement with a minimum value per commitment. Each minimum must be below `2ⁿ` (as
    /// `tari_bulletproofs_plus` requires), and there must be one per commitment.
    pub fn with_minimums(
        bits: usize,
        commitments: Vec<CompressedRistretto>,
        minimums: Vec<u64>,
    ) -> Result<Self, Error> {
        check_bits(bits)?;
        check_parties(commitments.len())?;
        if minimums.len() != commitments.len() {
            return Err(Error::WitnessMismatch {
                witness: minimums.len(),
                statement: commitments.len(),
            });
        }
        for (index, &min) in minimums.iter().enumerate() {
            if bits < 64 && min >> bits != 0 {
                return Err(Error::InvalidMinimum { index });
            }
        }
        Ok(PlusStatement {
            bits,
            commitments,
            minimums,
        })
    }

    /// The statement proven by `openings`: their commitments (computed in constant time) with
    /// the given minimums (`None`: all 0).
    pub fn commit(
        gens: &ExtendedPedersenGens,
        bits: usize,
        openings: &[ExtendedOpening],
        minimums: Option<Vec<u64>>,
    ) -> Result<Self, Error> {
        let commitments = openings
            .iter()
            .enumerate()
            .map(|(index, o)| {
                o.commit_with(gens)
                    .map_err(|_| Error::InvalidOpening { index })
            })
            .collect::<Result<Vec<_>, _>>()?;
        match minimums {
            Some(m) => Self::with_minimums(bits, commitments, m),
            None => Self::new(bits, commitments),
        }
    }

    /// `n`.
    pub fn bits(&self) -> usize {
        self.bits
    }

    /// The real commitments (`m` of them).
    pub fn commitments(&self) -> &[CompressedRistretto] {
        &self.commitments
    }

    /// The minimum value of each commitment.
    pub fn minimums(&self) -> &[u64] {
        &self.minimums
    }

    /// `m`.
    pub fn values(&self) -> usize {
        self.commitments.len()
    }

    /// `m'`, the power of two the proof is padded to.
    pub fn padded_values(&self) -> usize {
        padded_parties(self.commitments.len())
    }

    /// `N = n·m'`, the number of bits the proof covers.
    pub fn total_bits(&self) -> usize {
        self.bits.saturating_mul(self.padded_values())
    }

    /// Size in bytes of a proof for this statement with `k` blinding bases.
    pub fn proof_size(&self, k: usize) -> usize {
        super::proof::proof_size(k, self.total_bits())
    }
}
