//! A parser for raw Monero transactions, far enough to verify their range proofs: the prefix,
//! the RingCT base (with the output commitments `outPk`) and the prunable part (range proofs,
//! then the ring signatures and pseudo-outputs, parsed only to find the end of the
//! transaction so that truncated and extended blobs are refused).
//!
//! Layouts from Monero's `cryptonote_basic.h` and `rctTypes.h`: version 1 transactions
//! (ring signatures, no RingCT) and RingCT types 0 (coinbase), 1–2 (Borromean range
//! signatures) are recognised and reported as carrying no Bulletproofs; types 3–5 carry
//! Bulletproofs, type 6 Bulletproofs+.

use super::error::MoneroError;
use super::keccak::keccak256;
use super::original::OriginalProof;
use super::plus::PlusProof;
use super::reader::Reader;
use alloc::vec::Vec;

/// Largest number of inputs, outputs, ring members or extra bytes accepted (before any
/// allocation); far above anything Monero relays.
const MAX_ITEMS: usize = 1 << 16;
/// Borromean range signature size (`s0[64], s1[64], ee, Ci[64]`).
const BORROMEAN_SIZE: usize = (64 * 2 + 1 + 64) * 32;

/// The RingCT type.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RctType {
    /// 0: no RingCT data (coinbase).
    Null,
    /// 1: full MLSAG, Borromean range signatures.
    Full,
    /// 2: simple MLSAG, Borromean range signatures.
    Simple,
    /// 3: Bulletproofs (count as a 32-bit integer), MLSAG.
    Bulletproof,
    /// 4: Bulletproofs, compact `ecdhInfo`, MLSAG.
    Bulletproof2,
    /// 5: Bulletproofs, CLSAG.
    Clsag,
    /// 6: Bulletproofs+, CLSAG.
    BulletproofPlus,
}

impl RctType {
    fn from_byte(b: u8, offset: usize) -> Result<Self, MoneroError> {
        Ok(match b {
            0 => RctType::Null,
            1 => RctType::Full,
            2 => RctType::Simple,
            3 => RctType::Bulletproof,
            4 => RctType::Bulletproof2,
            5 => RctType::Clsag,
            6 => RctType::BulletproofPlus,
            _ => {
                return Err(MoneroError::MalformedTransaction {
                    what: "unknown RingCT type",
                    offset,
                })
            }
        })
    }

    /// The type number.
    pub fn number(self) -> u8 {
        self as u8
    }
}

/// The range proofs a transaction carries.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RangeProofs {
    /// None: version 1, coinbase, or Borromean range signatures (types 1–2).
    None,
    /// Bulletproofs (types 3–5).
    Bulletproofs(Vec<OriginalProof>),
    /// Bulletproofs+ (type 6).
    BulletproofsPlus(Vec<PlusProof>),
}

/// What the verifier needs from a transaction.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Transaction {
    /// Transaction version (1 or 2).
    pub version: u64,
    /// Number of inputs.
    pub inputs: usize,
    /// Number of outputs.
    pub outputs: usize,
    /// True for a coinbase (miner) transaction.
    pub coinbase: bool,
    /// The RingCT type (`None` for version 1).
    pub rct_type: Option<RctType>,
    /// The output commitments `outPk` (as stored on chain, not ×1/8).
    pub commitments: Vec<[u8; 32]>,
    /// The range proofs.
    pub proofs: RangeProofs,
    /// The transaction hash (as Monero computes it).
    pub hash: [u8; 32],
}

/// The prefix fields the rest of the parse depends on.
struct Prefix {
    version: u64,
    inputs: usize,
    outputs: usize,
    coinbase: bool,
    /// Ring size of each input (`key_offsets.len()`; 0 for a coinbase input).
    ring_sizes: Vec<usize>,
}

fn malformed(what: &'static str, offset: usize) -> MoneroError {
    MoneroError::MalformedTransaction { what, offset }
}

fn read_prefix(r: &mut Reader<'_>) -> Result<Prefix, MoneroError> {
    let at = r.position();
    let version = r.varint()?;
    if version != 1 && version != 2 {
        return Err(malformed("unsupported transaction version", at));
    }
    let _unlock_time = r.varint()?;
    let inputs = r.count(MAX_ITEMS, "input count")?;
    let mut ring_sizes = Vec::with_capacity(inputs);
    let mut coinbase = false;
    for _ in 0..inputs {
        let at = r.position();
        match r.byte()? {
            0xff => {
                let _height = r.varint()?;
                coinbase = true;
                ring_sizes.push(0);
            }
            0x02 => {
                let _amount = r.varint()?;
                let n = r.count(MAX_ITEMS, "ring size")?;
                for _ in 0..n {
                    let _offset = r.varint()?;
                }
                let _key_image = r.key()?;
                ring_sizes.push(n);
            }
            _ => return Err(malformed("unsupported input type", at)),
        }
    }
    let outputs = r.count(MAX_ITEMS, "output count")?;
    for _ in 0..outputs {
        let _amount = r.varint()?;
        let at = r.position();
        match r.byte()? {
            0x02 => {
                let _key = r.key()?;
            }
            0x03 => {
                let _key = r.key()?;
                let _view_tag = r.byte()?;
            }
            _ => return Err(malformed("unsupported output type", at)),
        }
    }
    let extra = r.count(MAX_ITEMS, "extra size")?;
    r.take(extra)?;
    if coinbase && inputs != 1 {
        return Err(malformed("coinbase with other inputs", 0));
    }
    Ok(Prefix {
        version,
        inputs,
        outputs,
        coinbase,
        ring_sizes,
    })
}

/// Skips `n` 32-byte keys.
fn skip_keys(r: &mut Reader<'_>, n: usize) -> Result<(), MoneroError> {
    r.take(
        n.checked_mul(32)
            .ok_or(malformed("size overflow", r.position()))?,
    )?;
    Ok(())
}

impl Transaction {
    /// Parses a raw transaction (the whole blob: trailing bytes are refused).
    pub fn from_bytes(bytes: &[u8]) -> Result<Self, MoneroError> {
        let mut r = Reader::new(bytes);
        let prefix = read_prefix(&mut r)?;
        let prefix_end = r.position();
        if prefix.version == 1 {
            // Ring signatures: one (c, r) pair per ring member of each input.
            for &n in &prefix.ring_sizes {
                skip_keys(&mut r, n.saturating_mul(2))?;
            }
            r.finish()?;
            return Ok(Transaction {
                version: 1,
                inputs: prefix.inputs,
                outputs: prefix.outputs,
                coinbase: prefix.coinbase,
                rct_type: None,
                commitments: Vec::new(),
                proofs: RangeProofs::None,
                hash: keccak256(&[bytes]),
            });
        }

        // RingCT base.
        let at = r.position();
        let ty = RctType::from_byte(r.byte()?, at)?;
        let mut commitments = Vec::new();
        if ty != RctType::Null {
            let _fee = r.varint()?;
            if ty == RctType::Simple {
                skip_keys(&mut r, prefix.inputs)?;
            }
            let compact = matches!(
                ty,
                RctType::Bulletproof2 | RctType::Clsag | RctType::BulletproofPlus
            );
            let ecdh: usize = if compact { 8 } else { 64 };
            r.take(ecdh.saturating_mul(prefix.outputs))?;
            commitments.reserve(prefix.outputs);
            for _ in 0..prefix.outputs {
                commitments.push(r.key()?);
            }
        }
        let base_end = r.position();

        // Prunable part.
        let mixin = prefix
            .ring_sizes
            .first()
            .copied()
            .unwrap_or(0)
            .saturating_sub(1);
        let proofs = match ty {
            RctType::Null => RangeProofs::None,
            RctType::Full | RctType::Simple => {
                r.take(BORROMEAN_SIZE.saturating_mul(prefix.outputs))?;
                RangeProofs::None
            }
            RctType::Bulletproof | RctType::Bulletproof2 | RctType::Clsag => {
                let at = r.position();
                let nbp = if ty == RctType::Bulletproof {
                    let b = r.take(4)?;
                    let mut w = [0u8; 4];
                    w.copy_from_slice(b);
                    u32::from_le_bytes(w) as usize
                } else {
                    r.count(MAX_ITEMS, "proof count")?
                };
                if nbp > prefix.outputs {
                    return Err(malformed("more proofs than outputs", at));
                }
                let mut v = Vec::with_capacity(nbp);
                for _ in 0..nbp {
                    v.push(OriginalProof::read(&mut r)?);
                }
                RangeProofs::Bulletproofs(v)
            }
            RctType::BulletproofPlus => {
                let at = r.position();
                let nbp = r.count(MAX_ITEMS, "proof count")?;
                if nbp > prefix.outputs {
                    return Err(malformed("more proofs than outputs", at));
                }
                let mut v = Vec::with_capacity(nbp);
                for _ in 0..nbp {
                    v.push(PlusProof::read(&mut r)?);
                }
                RangeProofs::BulletproofsPlus(v)
            }
        };
        // Ring signatures, then (types 3–6) the pseudo-outputs.
        let ring = mixin.saturating_add(1);
        match ty {
            RctType::Null => {}
            RctType::Clsag | RctType::BulletproofPlus => {
                for _ in 0..prefix.inputs {
                    skip_keys(&mut r, ring.saturating_add(2))?;
                }
            }
            RctType::Full => {
                // One MLSAG over all inputs: (mixin + 1) rows of (inputs + 1) keys, then cc.
                let row = prefix.inputs.saturating_add(1);
                skip_keys(&mut r, ring.saturating_mul(row).saturating_add(1))?;
            }
            RctType::Simple | RctType::Bulletproof | RctType::Bulletproof2 => {
                for _ in 0..prefix.inputs {
                    skip_keys(&mut r, ring.saturating_mul(2).saturating_add(1))?;
                }
            }
        }
        if matches!(
            ty,
            RctType::Bulletproof
                | RctType::Bulletproof2
                | RctType::Clsag
                | RctType::BulletproofPlus
        ) {
            skip_keys(&mut r, prefix.inputs)?;
        }
        r.finish()?;

        let prunable_hash = if ty == RctType::Null {
            [0u8; 32]
        } else {
            keccak256(&[bytes.get(base_end..).unwrap_or(&[])])
        };
        let hash = keccak256(&[
            &keccak256(&[bytes.get(..prefix_end).unwrap_or(&[])]),
            &keccak256(&[bytes.get(prefix_end..base_end).unwrap_or(&[])]),
            &prunable_hash,
        ]);
        Ok(Transaction {
            version: prefix.version,
            inputs: prefix.inputs,
            outputs: prefix.outputs,
            coinbase: prefix.coinbase,
            rct_type: Some(ty),
            commitments,
            proofs,
            hash,
        })
    }

    /// True when the transaction carries Bulletproofs or Bulletproofs+.
    pub fn has_bulletproofs(&self) -> bool {
        !matches!(self.proofs, RangeProofs::None)
    }

    /// Verifies the transaction's range proof against its output commitments.
    ///
    /// Monero requires exactly one (aggregated) proof covering every output; a transaction
    /// without Bulletproofs is an error here (check [`Transaction::has_bulletproofs`] first).
    pub fn verify_range_proofs(&self) -> Result<(), MoneroError> {
        let one = |n: usize| {
            if n == 1 {
                Ok(())
            } else {
                Err(malformed("not exactly one range proof", 0))
            }
        };
        match &self.proofs {
            RangeProofs::None => Err(malformed("no Bulletproofs in this transaction", 0)),
            RangeProofs::Bulletproofs(v) => {
                one(v.len())?;
                v.iter().try_for_each(|p| p.verify(&self.commitments))
            }
            RangeProofs::BulletproofsPlus(v) => {
                one(v.len())?;
                v.iter().try_for_each(|p| p.verify(&self.commitments))
            }
        }
    }
}

/// Parses a raw transaction and verifies its range proof.
pub fn verify_tx(bytes: &[u8]) -> Result<Transaction, MoneroError> {
    let tx = Transaction::from_bytes(bytes)?;
    tx.verify_range_proofs()?;
    Ok(tx)
}
