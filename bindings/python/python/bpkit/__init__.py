"""bpkit: Bulletproofs and Bulletproofs+ range proofs over Ristretto255.

Range proofs are wire-compatible with the Rust ``bulletproofs`` crate, Bulletproofs+ proofs with
``tari_bulletproofs_plus``; envelopes (``Envelope.to_json``) are the ``bpkit`` CLI's JSON, byte
for byte, so a proof made here verifies with the CLI, the C library and the JavaScript package.

Errors: ``BpkitError`` and its subclasses ``MalformedError`` (also a ``ValueError``),
``InvalidProofError`` and ``ProvingError``; each has a stable ``kind`` string.
"""

from ._bpkit import (
    BIT_SIZES,
    MAX_LABEL,
    MAX_PARTIES,
    BpkitError,
    Envelope,
    ExtendedOpening,
    IntervalProof,
    InvalidProofError,
    MalformedError,
    MoneroEnvelope,
    MoneroOpening,
    Opening,
    PlusProof,
    ProvingError,
    RangeProof,
    __version__,
    commit,
    commit_monero,
    prove_interval,
    prove_merkle,
    prove_monero,
    prove_plus,
    prove_range,
    prove_sha256,
    prove_shuffle,
    random_seed,
    verify_batch,
    verify_circuit,
    verify_json,
)

__all__ = [
    "BIT_SIZES",
    "MAX_LABEL",
    "MAX_PARTIES",
    "BpkitError",
    "Envelope",
    "ExtendedOpening",
    "IntervalProof",
    "InvalidProofError",
    "MalformedError",
    "MoneroEnvelope",
    "MoneroOpening",
    "Opening",
    "PlusProof",
    "ProvingError",
    "RangeProof",
    "__version__",
    "commit",
    "commit_monero",
    "prove_interval",
    "prove_plus",
    "prove_range",
    "random_seed",
    "prove_merkle",
    "prove_monero",
    "prove_sha256",
    "prove_shuffle",
    "verify_batch",
    "verify_circuit",
    "verify_json",
]
