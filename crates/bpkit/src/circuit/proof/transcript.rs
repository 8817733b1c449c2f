//! The circuit proof's transcript operations and the generators digest (spec §12.4).

use crate::circuit::Circuit;
use crate::errors::Error;
use crate::generators::PedersenGens;
use crate::group::CompressedRistretto;
use crate::transcript::TranscriptProtocol;
use merlin::Transcript;
use sha3::{Digest, Sha3_256};

/// The generators digest: SHA3-256 of a domain separator, `enc(B)`, `enc(B̃)`, and the labels of
/// the chains the vector generators come from (`"G" ‖ le32(0)`, `"H" ‖ le32(0)`; every
/// [`crate::BulletproofGens`] is built from these chains, so they determine `G` and `H`).
pub fn generators_digest(pc_gens: &PedersenGens) -> [u8; 32] {
    let mut h = Sha3_256::new();
    h.update(b"bpkit circuit generators v1");
    let [b, b_blinding] = pc_gens.encodings();
    h.update(b.as_bytes());
    h.update(b_blinding.as_bytes());
    h.update(b"GeneratorsChain G\x00\x00\x00\x00");
    h.update(b"GeneratorsChain H\x00\x00\x00\x00");
    h.finalize().into()
}

/// Steps 1–2 of spec §12.4: the domain separator, `m`, every `V_j`, the circuit digest and the
/// generators digest — all before the first challenge.
pub(crate) fn bind_statement(
    t: &mut Transcript,
    circuit: &Circuit,
    commitments: &[CompressedRistretto],
    gens_digest: &[u8; 32],
) {
    t.append_message(b"dom-sep", b"bpkit circuit v1");
    t.append_u64(b"m", commitments.len() as u64);
    for v in commitments {
        t.append_point(b"V", v);
    }
    t.append_message(b"circuit", &circuit.digest());
    t.append_message(b"generators", gens_digest);
}

/// Appends a prover point, refusing the identity.
pub(crate) fn append_point(
    t: &mut Transcript,
    label: &'static [u8],
    p: &CompressedRistretto,
) -> Result<(), Error> {
    crate::inner_product::append_non_identity(t, label, p)
}
