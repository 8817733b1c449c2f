"""Type stubs of the native module (re-exported by ``bpkit``)."""

from typing import List, Optional, Sequence, Tuple, Union

__version__: str
BIT_SIZES: List[int]
MAX_PARTIES: int
MAX_LABEL: int

class BpkitError(Exception):
    """Base class of every bpkit error."""

    kind: str
    """Stable machine-readable name, e.g. ``"verification-failed"``."""
    index: Optional[int]
    """The item of a batch that failed, if any."""

class MalformedError(BpkitError, ValueError):
    """Malformed, non-canonical or out-of-domain input."""

class InvalidProofError(BpkitError):
    """A well-formed proof that does not verify."""

class ProvingError(BpkitError):
    """The prover refused its witness or parameters."""

class Opening:
    """A value and its blinding: the secret behind a Pedersen commitment."""

    def __init__(self, value: int, blinding: bytes) -> None: ...
    @property
    def value(self) -> int: ...
    @property
    def blinding(self) -> bytes: ...
    @property
    def commitment(self) -> bytes: ...
    def __eq__(self, other: object) -> bool: ...

def commit(value: int) -> Opening:
    """A commitment to ``value`` with a fresh random blinding."""

class ExtendedOpening:
    """A value and its 1 to 6 blindings (Bulletproofs+ extended commitments)."""

    def __init__(self, value: int, blindings: Sequence[bytes]) -> None: ...
    @staticmethod
    def random(value: int, k: int = 1) -> ExtendedOpening: ...
    @property
    def value(self) -> int: ...
    @property
    def blindings(self) -> List[bytes]: ...
    @property
    def k(self) -> int: ...
    def commitment(self, generators: str = "bpkit") -> bytes: ...
    def __eq__(self, other: object) -> bool: ...

class RangeProof:
    """A Bulletproofs range proof (wire format of the ``bulletproofs`` crate)."""

    @staticmethod
    def from_bytes(data: bytes) -> RangeProof: ...
    def to_bytes(self) -> bytes: ...
    def verify(self, commitments: Sequence[bytes], bits: int, label: str) -> None: ...
    def __len__(self) -> int: ...

class IntervalProof:
    """A proof that a committed value lies in ``[a, b)``."""

    @staticmethod
    def from_bytes(data: bytes) -> IntervalProof: ...
    def to_bytes(self) -> bytes: ...
    def verify(self, commitment: bytes, a: int, b: int, bits: int, label: str) -> None: ...
    def __len__(self) -> int: ...

class PlusProof:
    """A Bulletproofs+ range proof (wire format of ``tari_bulletproofs_plus``)."""

    @staticmethod
    def from_bytes(data: bytes) -> PlusProof: ...
    def to_bytes(self) -> bytes: ...
    @property
    def extension_degree(self) -> int: ...
    def verify(
        self,
        commitments: Sequence[bytes],
        bits: int,
        label: str,
        minimums: Optional[Sequence[int]] = None,
        generators: str = "bpkit",
        extension_degree: Optional[int] = None,
    ) -> None: ...
    def recover(
        self,
        commitment: bytes,
        bits: int,
        label: str,
        seed: bytes,
        value: int,
        minimum: int = 0,
        generators: str = "bpkit",
    ) -> ExtendedOpening: ...
    def __len__(self) -> int: ...

class MoneroOpening:
    """The opening of a Monero output commitment ``mask·G + amount·H`` (zeroized in Rust)."""

    def __init__(self, amount: int, mask: bytes) -> None: ...
    @property
    def amount(self) -> int: ...
    @property
    def mask(self) -> bytes: ...
    @property
    def commitment(self) -> bytes: ...

class MoneroEnvelope:
    """A Monero range proof with its output commitments (``monero-bp+`` / ``monero-bp``)."""

    @staticmethod
    def from_json(text: str) -> MoneroEnvelope: ...
    def to_json(self) -> str: ...
    @property
    def scheme(self) -> str: ...
    @property
    def commitments(self) -> List[bytes]: ...
    @property
    def proof(self) -> bytes: ...
    def verify(self) -> None: ...

def commit_monero(amount: int, mask: Optional[bytes] = None) -> MoneroOpening: ...
def prove_monero(openings: Sequence[MoneroOpening]) -> MoneroEnvelope: ...

class Envelope:
    """A proof with its statement; the ``bpkit`` CLI's JSON."""

    @staticmethod
    def from_json(text: Union[str, bytes]) -> Envelope: ...
    def to_json(self) -> str: ...
    @staticmethod
    def for_range(
        proof: RangeProof, commitments: Sequence[bytes], bits: int, label: str
    ) -> Envelope: ...
    @staticmethod
    def for_interval(
        proof: IntervalProof, commitment: bytes, a: int, b: int, bits: int, label: str
    ) -> Envelope: ...
    @staticmethod
    def for_plus(
        proof: PlusProof,
        commitments: Sequence[bytes],
        bits: int,
        label: str,
        minimums: Optional[Sequence[int]] = None,
        generators: str = "bpkit",
    ) -> Envelope: ...
    @property
    def scheme(self) -> str: ...
    @property
    def bits(self) -> int: ...
    @property
    def label(self) -> str: ...
    @property
    def commitments(self) -> List[bytes]: ...
    @property
    def proof(self) -> bytes: ...
    @property
    def range(self) -> Optional[Tuple[int, int]]: ...
    @property
    def generators(self) -> Optional[str]: ...
    @property
    def minimums(self) -> Optional[List[int]]: ...
    def verify(self) -> None: ...
    def recover(self, seed: bytes, value: int) -> ExtendedOpening: ...

def prove_range(
    openings: Sequence[Opening], bits: int, label: str, threads: int = 0
) -> Envelope: ...
def prove_interval(
    opening: Opening,
    a: int,
    b: int,
    label: str,
    bits: Optional[int] = None,
    threads: int = 0,
) -> Envelope: ...
def prove_plus(
    openings: Sequence[ExtendedOpening],
    bits: int,
    label: str,
    minimums: Optional[Sequence[int]] = None,
    generators: str = "bpkit",
    seed: Optional[bytes] = None,
    threads: int = 0,
) -> Envelope: ...
def random_seed() -> bytes: ...
def verify_batch(envelopes: Sequence[Envelope], threads: int = 0) -> List[int]: ...
def verify_json(text: str, max_multipliers: Optional[int] = None) -> None: ...
def verify_circuit(
    circuit: str,
    commitments: Sequence[bytes],
    proof: bytes,
    label: str,
    max_multipliers: Optional[int] = None,
) -> None: ...
def prove_sha256(message: bytes, label: str, threads: int = 0) -> str: ...
def prove_merkle(
    leaves: Sequence[int], index: int, label: str, threads: int = 0
) -> Tuple[str, Opening]: ...
def prove_shuffle(
    inputs: Sequence[int], outputs: Sequence[int], label: str, threads: int = 0
) -> Tuple[str, List[Opening], List[Opening]]: ...
