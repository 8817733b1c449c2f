// The errors the bpkit package throws: Error subclasses with a stable `kind`.
//
// `kind` is the machine-readable name of what went wrong (bpkit::Error::kind in Rust, e.g.
// "verification-failed", "non-canonical-scalar"; see bindings/README.md for the full list).
// The subclass says which family it belongs to:
//   MalformedError    bad encodings, bad statements or arguments (nothing was checked)
//   InvalidProofError a well-formed proof that does not verify (or a mask that does not open)
//   ProvingError      a prover refused its witness or parameters: nothing was proven
// A batch that holds a malformed proof throws a MalformedError whose `index` names it.
// All three extend BpkitError, which extends Error.
//
// This file is a wasm-bindgen snippet: the Rust side builds its errors with `makeError`, and the
// package's entry points re-export the classes, so `instanceof` works on what is thrown.

export class BpkitError extends Error {
  constructor(kind, message) {
    super(message);
    this.name = 'BpkitError';
    this.kind = kind;
  }
}

export class MalformedError extends BpkitError {
  constructor(kind, message) {
    super(kind, message);
    this.name = 'MalformedError';
  }
}

export class InvalidProofError extends BpkitError {
  constructor(kind, message) {
    super(kind, message);
    this.name = 'InvalidProofError';
  }
}

export class ProvingError extends BpkitError {
  constructor(kind, message) {
    super(kind, message);
    this.name = 'ProvingError';
  }
}

const CLASSES = { BpkitError, MalformedError, InvalidProofError, ProvingError };

export function makeError(family, kind, message, index) {
  const Class = CLASSES[family] ?? BpkitError;
  const error = new Class(kind, message);
  // A batch names the proof at fault.
  if (index !== undefined) error.index = index;
  return error;
}
