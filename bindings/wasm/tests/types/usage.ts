// Type-checked (not run) by tests/types.test.mjs: the declarations in dist/index.d.ts describe
// the API as the README shows it.
import {
  commit,
  commitExtended,
  randomSeed,
  BatchVerifier,
  Envelope,
  IntervalProof,
  Opening,
  PlusProof,
  PlusStatement,
  RangeProof,
  RangeStatement,
  BpkitError,
  InvalidProofError,
  MalformedError,
  ProvingError,
  MerkleProven,
  ShuffleProven,
  proveMerkle,
  proveSha256,
  proveShuffle,
  verifyCircuit,
  verifyJson,
} from 'bpkit';

const o: Opening = commit(5n);
const value: bigint = o.value;
const blinding: Uint8Array = o.blinding();
const proof: RangeProof = RangeProof.prove([o], 64, 'label');
const statement = new RangeStatement(64, [o.commitment]);
proof.verify(statement, 'label');
const bytes: Uint8Array = proof.toBytes();
RangeProof.fromBytes(bytes);
IntervalProof.prove(o, 1n, 10n, 8, 'label').verify(o.commitment, 1n, 10n, 8, 'label');
const x = commitExtended(7n, 2, 'tari');
const seed: Uint8Array = randomSeed();
const pp: PlusProof = PlusProof.proveRecoverable(x, 16, 'label', seed, 1n);
const ps = new PlusStatement(16, [x.commitment], [1n], 'tari');
const recovered: Uint8Array[] = pp.recover(ps, 'label', seed, 7n).blindings();
const json: string = Envelope.fromPlusProof(pp, ps, 'label').toJson();
const batch = new BatchVerifier();
batch.addEnvelope(Envelope.fromJson(json));
const bad: number[] = batch.verify();
try {
  proof.verify(statement, 'other');
} catch (e) {
  if (e instanceof InvalidProofError || e instanceof MalformedError || e instanceof ProvingError) {
    const kind: string = e.kind;
    const index: number | undefined = (e as BpkitError).index;
    console.log(kind, index);
  }
}
console.log(value, blinding, recovered, bad);
// @ts-expect-error values are bigints, not numbers
commit(5);
// Envelopes of any scheme and the circuit statements.
const merkle: MerkleProven = proveMerkle([1n, 2n, 3n], 0n, 'label');
const leaf: Opening = merkle.opening;
const shuffled: ShuffleProven = proveShuffle([1n, 2n], [2n, 1n], 'label');
const openings: Opening[] = [...shuffled.inputs, ...shuffled.outputs];
const sha: string = proveSha256(new Uint8Array([97, 98, 99]), 'label');
verifyJson(merkle.envelope);
verifyJson(sha);
verifyJson(sha, 1 << 17);
verifyCircuit('{}', [leaf.commitment], new Uint8Array(64), 'label');
verifyCircuit('{}', [], new Uint8Array(64), 'label', 1 << 16);
console.log(openings.length);
// @ts-expect-error leaves are bigints, not numbers
proveMerkle([1, 2], 0n, 'label');
