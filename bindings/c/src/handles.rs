//! The opaque handles C holds (`bpkit_opening_t` and friends), each made by a `_new` (or a
//! prover) and released by its `_free`.

/// A value and its blinding (`bpkit_opening_t`). Zeroized when freed.
pub struct BpkitOpening {
    pub(crate) inner: bpkit::Opening,
}

/// A value and its 1 to 6 blindings (`bpkit_extended_opening_t`, Bulletproofs+). Zeroized
/// when freed.
pub struct BpkitExtendedOpening {
    pub(crate) inner: bpkit::plus::ExtendedOpening,
}

/// A Monero output's amount and mask (`bpkit_monero_opening_t`). Zeroized when freed.
pub struct BpkitMoneroOpening {
    pub(crate) inner: bpkit::monero::Opening,
}

/// A proof with its statement: the CLI's envelope (`bpkit_envelope_t`).
pub struct BpkitEnvelope {
    pub(crate) inner: bpkit_envelope::Envelope,
}

/// A proof of a ready-made circuit statement (SHA-256 preimage, Merkle membership, shuffle)
/// with its public inputs: the CLI's circuit envelope (`bpkit_circuit_envelope_t`).
pub struct BpkitCircuitEnvelope {
    pub(crate) inner: bpkit_envelope::circuit::CircuitEnvelope,
}
