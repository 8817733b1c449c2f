/**
 * Every error the package throws. `kind` is a stable machine-readable name (the core's
 * `Error::kind`, e.g. `"verification-failed"`, `"non-canonical-scalar"`, plus
 * `"malformed-envelope"`, `"invalid-argument"`, `"randomness-unavailable"`; see
 * bindings/README.md).
 */
export class BpkitError extends Error {
  constructor(kind: string, message: string);
  readonly kind: string;
  /** For a batch's MalformedError: the index of the malformed proof. */
  readonly index?: number;
}
/** Bad encodings, statements or arguments: nothing was checked. */
export class MalformedError extends BpkitError {}
/** A well-formed proof that does not verify (or a recovered mask that does not open). */
export class InvalidProofError extends BpkitError {}
/** A prover refused its witness or parameters (any error of a prove function): nothing was proven. */
export class ProvingError extends BpkitError {}
