//! Shared helpers of the Grin tests: deterministic secrets and the C module as a peer.
#![allow(dead_code)]

use bpkit::grin::{GrinGens, GrinWitness};
use bpkit::group::secp256k1::Scalar;
use k256::elliptic_curve::PrimeField;
use secp256k1zkp as c;
use sha2::{Digest, Sha256};

pub fn gens() -> &'static GrinGens {
    GrinGens::shared().unwrap()
}

/// 32 deterministic bytes that are a valid secret key (below the order, non-zero).
pub fn secret(label: &str, i: u64) -> [u8; 32] {
    let mut ctr = 0u32;
    loop {
        let b: [u8; 32] = Sha256::new()
            .chain_update(label)
            .chain_update(i.to_le_bytes())
            .chain_update(ctr.to_le_bytes())
            .finalize()
            .into();
        if let Some(s) = Option::<Scalar>::from(Scalar::from_repr(b.into())) {
            if !bool::from(s.is_zero()) {
                return b;
            }
        }
        ctr += 1;
    }
}

pub fn scalar(b: &[u8; 32]) -> Scalar {
    Option::from(Scalar::from_repr((*b).into())).unwrap()
}

pub fn witness(i: u64, value: u64, with_private: bool, message: Option<[u8; 20]>) -> GrinWitness {
    GrinWitness {
        value,
        blinding: scalar(&secret("blind", i)),
        rewind_nonce: secret("rewind", i),
        private_nonce: with_private.then(|| secret("private", i)),
        message,
    }
}

pub fn ctx() -> c::Secp256k1 {
    c::Secp256k1::with_caps(c::ContextFlag::Commit)
}

pub fn sk(secp: &c::Secp256k1, b: &[u8; 32]) -> c::SecretKey {
    c::SecretKey::from_slice(secp, b).unwrap()
}

/// The C module's proof for the same witness (64 bits).
pub fn c_prove(
    secp: &c::Secp256k1,
    w: &GrinWitness,
    extra: Option<Vec<u8>>,
) -> (c::pedersen::Commitment, c::pedersen::RangeProof) {
    let blind = sk(secp, &w.blinding.to_bytes().into());
    let commit = secp.commit(w.value, blind.clone()).unwrap();
    let private = w.private_nonce.unwrap_or(w.rewind_nonce);
    let proof = secp
        .bullet_proof(
            w.value,
            blind,
            sk(secp, &w.rewind_nonce),
            sk(secp, &private),
            extra,
            w.message.map(|m| c::pedersen::ProofMessage::from_bytes(&m)),
        )
        .unwrap();
    (commit, proof)
}

pub fn c_proof(bytes: &[u8]) -> c::pedersen::RangeProof {
    let mut proof = [0u8; c::constants::MAX_PROOF_SIZE];
    proof[..bytes.len()].copy_from_slice(bytes);
    c::pedersen::RangeProof {
        proof,
        plen: bytes.len(),
    }
}
