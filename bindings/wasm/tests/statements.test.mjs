// Envelopes of any scheme (verifyJson), circuits by description (verifyCircuit) and the
// circuit-statement provers (proveSha256, proveMerkle, proveShuffle): completeness, soundness
// (another label, a flipped proof byte, truncations), refusals and argument checks.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as bp from 'bpkit';
import { readFileSync } from 'node:fs';

/** Asserts that `f` throws a `Class` with `kind` (any kind when `kind` is undefined). */
function throwsKind(f, Class, kind) {
  assert.throws(f, (e) => {
    assert.ok(e instanceof Class, `${e.name}: ${e.message}`);
    assert.ok(e instanceof bp.BpkitError && e instanceof Error);
    if (kind !== undefined) assert.equal(e.kind, kind, e.message);
    return true;
  });
}

const hexOf = (bytes) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');

test('proveMerkle: the envelope verifies, lists the leaf commitment; another label is invalid', () => {
  const { envelope, opening } = bp.proveMerkle([3n, 9n, 27n, 81n, 243n], 3n, 'js merkle');
  assert.equal(opening.value, 81n);
  assert.ok(envelope.endsWith('}\n'));
  const wire = JSON.parse(envelope);
  assert.equal(wire.scheme, 'circuit');
  assert.equal(wire.statement, 'merkle-membership');
  assert.deepEqual(wire.commitments, [hexOf(opening.commitment)]);
  assert.equal(wire.public.depth, 3);
  bp.verifyJson(envelope);
  throwsKind(() => bp.verifyJson(envelope.replace('js merkle', 'js merklE')), bp.InvalidProofError, 'verification-failed');
  // A flipped hex digit of the proof: refused, never accepted.
  const at = envelope.indexOf('"proof":"') + 20;
  const flipped = envelope.slice(0, at) + (envelope[at] === '0' ? '1' : '0') + envelope.slice(at + 1);
  throwsKind(() => bp.verifyJson(flipped), bp.BpkitError);
  // Every prefix is malformed.
  for (let n = 0; n < envelope.length - 1; n += 97) throwsKind(() => bp.verifyJson(envelope.slice(0, n)), bp.MalformedError);
  opening.free();
});

test('proveMerkle refuses a missing leaf and checks its arguments', () => {
  throwsKind(() => bp.proveMerkle([1n, 2n], 2n, 'x'), bp.ProvingError);
  throwsKind(() => bp.proveMerkle([], 0n, 'x'), bp.ProvingError);
  throwsKind(() => bp.proveMerkle([1, 2], 0n, 'x'), bp.MalformedError, 'invalid-argument');
  throwsKind(() => bp.proveMerkle([1n, -2n], 0n, 'x'), bp.MalformedError, 'invalid-argument');
  throwsKind(() => bp.proveMerkle([1n, 2n], 0, 'x'), bp.MalformedError, 'invalid-argument');
  throwsKind(() => bp.proveMerkle([1n, 2n], 0n, 'x'.repeat(5000)), bp.ProvingError, 'label-too-long');
});

test('proveShuffle: openings in order; the envelope verifies; a non-permutation is refused', () => {
  const { envelope, inputs, outputs } = bp.proveShuffle([1n, 2n, 3n], [3n, 1n, 2n], 'js shuffle');
  assert.deepEqual(inputs.map((o) => o.value), [1n, 2n, 3n]);
  assert.deepEqual(outputs.map((o) => o.value), [3n, 1n, 2n]);
  const wire = JSON.parse(envelope);
  assert.deepEqual(wire.public, { k: 3 });
  assert.deepEqual(wire.commitments, [...inputs, ...outputs].map((o) => hexOf(o.commitment)));
  bp.verifyJson(envelope);
  // Outputs listed as inputs: a false statement.
  const swapped = { ...wire, commitments: [...wire.commitments.slice(3), ...wire.commitments.slice(0, 3)] };
  throwsKind(() => bp.verifyJson(JSON.stringify(swapped)), bp.InvalidProofError, 'verification-failed');
  throwsKind(() => bp.proveShuffle([1n, 2n, 3n], [3n, 1n, 1n], 'x'), bp.ProvingError);
  throwsKind(() => bp.proveShuffle([1n, 2n], [1n], 'x'), bp.ProvingError);
  throwsKind(() => bp.proveShuffle([], [], 'x'), bp.ProvingError);
  throwsKind(() => bp.proveShuffle([1n], ['1'], 'x'), bp.MalformedError, 'invalid-argument');
});

test('proveSha256: the envelope carries the digest and length, never the message', async () => {
  const message = new TextEncoder().encode('abc');
  const envelope = bp.proveSha256(message, 'js sha256');
  const wire = JSON.parse(envelope);
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', message));
  assert.deepEqual(wire.public, { digest: hexOf(digest), message_len: 3 });
  assert.ok(!envelope.includes(hexOf(message)));
  bp.verifyJson(envelope);
  throwsKind(() => bp.verifyJson(envelope.replace('js sha256', 'js sha257')), bp.InvalidProofError, 'verification-failed');
  throwsKind(() => bp.proveSha256(new Uint8Array(1025), 'x'), bp.ProvingError);
});

test('verifyJson takes range envelopes too, and refuses what is not an envelope', () => {
  const o = bp.commit(5n);
  const json = bp.Envelope.fromRangeProof(bp.RangeProof.prove([o], 8, 'js any'), new bp.RangeStatement(8, [o.commitment]), 'js any').toJson();
  bp.verifyJson(json);
  throwsKind(() => bp.verifyJson(json.replace('js any', 'js anY')), bp.InvalidProofError, 'verification-failed');
  for (const bad of ['', '{}', '{"scheme":"circuit"}', '{"scheme":"grin-bp"}', 'null', '[]']) {
    throwsKind(() => bp.verifyJson(bad), bp.MalformedError);
  }
});

test('verifyCircuit: a non-canonical description and bad commitments are malformed', () => {
  throwsKind(() => bp.verifyCircuit('{}', [], new Uint8Array(64), 'x'), bp.MalformedError, 'circuit');
  throwsKind(() => bp.verifyCircuit('{}', [new Uint8Array(31)], new Uint8Array(64), 'x'), bp.MalformedError);
  const big = '{"bpkit_circuit":1,"commitments":0,"multipliers":[4194304,0],"challenges":[],"phase1":[],"phase2":[]}';
  // A valid description of 2^22 multipliers: above the default limit (2^16), refused from its
  // header; with the limit raised, against a small proof: size-mismatch. Both at once.
  const { envelope } = bp.proveShuffle([1n], [1n], 'js size');
  const proof = Uint8Array.from(JSON.parse(envelope).proof.match(/../g), (h) => parseInt(h, 16));
  const start = Date.now();
  throwsKind(() => bp.verifyCircuit(big, [], proof, 'x'), bp.MalformedError, 'circuit-too-large');
  throwsKind(() => bp.verifyCircuit(big, [], proof, 'x', 4194303), bp.MalformedError, 'circuit-too-large');
  throwsKind(() => bp.verifyCircuit(big, [], proof, 'x', 4194304), bp.InvalidProofError, 'size-mismatch');
  assert.ok(Date.now() - start < 5000);
});

test('verifyJson: maxMultipliers limits statement envelopes (from their public parameters)', () => {
  const { envelope } = bp.proveShuffle([1n, 2n, 3n], [3n, 1n, 2n], 'js limit');
  // A shuffle of k values: 2(k - 1) multipliers.
  bp.verifyJson(envelope, 4);
  throwsKind(() => bp.verifyJson(envelope, 3), bp.MalformedError, 'circuit-too-large');
  // A 1024-byte SHA-256 statement (446,373 multipliers): refused by default whatever its proof.
  const big = JSON.stringify({
    version: 1, scheme: 'circuit', statement: 'sha256-preimage',
    public: { digest: 'ab'.repeat(32), message_len: 1024 }, label: 'x', commitments: [], proof: '',
  });
  throwsKind(() => bp.verifyJson(big), bp.MalformedError, 'circuit-too-large');
  assert.throws(() => bp.verifyJson(big, 446373), (e) => e instanceof bp.MalformedError && e.kind !== 'circuit-too-large');
});

test('verifyCircuit: maxMultipliers admits a circuit at the limit and refuses it below', () => {
  const file = JSON.parse(readFileSync(new URL('../../../tests/vectors/circuit.json', import.meta.url), 'utf8'));
  const c = file.cases.find((x) => x.expected === 'ok');
  const bytes = (h) => Uint8Array.from(h.match(/../g) ?? [], (x) => parseInt(x, 16));
  const [n1, n2] = JSON.parse(c.circuit).multipliers;
  const args = [c.circuit, c.commitments.map(bytes), bytes(c.proof), file.transcript_label];
  bp.verifyCircuit(...args);
  bp.verifyCircuit(...args, n1 + n2);
  throwsKind(() => bp.verifyCircuit(...args, n1 + n2 - 1), bp.MalformedError, 'circuit-too-large');
});
