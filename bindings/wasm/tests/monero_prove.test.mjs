// Monero Bulletproofs+ and Bulletproofs (commitMonero, proveMonero): 1, 2 and 16 outputs prove and verify
// through verifyJson; a changed commitment is a false proof; 0 and 17 outputs are refused;
// masks are checked.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as bp from 'bpkit';

function throwsKind(f, Class, kind) {
  assert.throws(f, (e) => {
    assert.ok(e instanceof Class, `${e.name}: ${e.message}`);
    assert.equal(e.kind, kind, e.message);
    return true;
  });
}

const hexOf = (bytes) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
// ℓ, the order of Ed25519's prime-order subgroup, little-endian: not a canonical scalar.
const ell = (() => {
  let x = 2n ** 252n + 27742317777372353535851937790883648493n;
  const out = new Uint8Array(32);
  for (let i = 0; i < 32; i++) { out[i] = Number(x & 0xffn); x >>= 8n; }
  return out;
})();

for (const m of [1, 2, 16]) {
  test(`proveMonero: ${m} output(s) verify; a changed commitment does not`, () => {
    const outs = Array.from({ length: m }, (_, j) => bp.commitMonero(j % 2 ? 2n ** 64n - 1n - BigInt(j) : BigInt(j) * 1000n));
    const text = bp.proveMonero(outs);
    assert.ok(text.endsWith('}\n'));
    const wire = JSON.parse(text);
    assert.equal(wire.version, 1);
    assert.equal(wire.scheme, 'monero-bp+');
    assert.deepEqual(wire.commitments, outs.map((o) => hexOf(o.commitment)));
    bp.verifyJson(text);
    // Another valid commitment (amount + 1, same mask): a false proof.
    wire.commitments[0] = hexOf(bp.commitMonero(outs[0].amount + 1n, outs[0].mask()).commitment);
    throwsKind(() => bp.verifyJson(JSON.stringify(wire)), bp.InvalidProofError, 'verification-failed');
  });
}

for (const m of [1, 16]) {
  test(`proveMonero(outs, 'monero-bp'): ${m} output(s) verify; swapped commitments do not`, () => {
    const outs = Array.from({ length: m }, (_, j) => bp.commitMonero(BigInt(j) * 77n + 1n));
    const text = bp.proveMonero(outs, 'monero-bp');
    const wire = JSON.parse(text);
    assert.equal(wire.scheme, 'monero-bp');
    assert.deepEqual(wire.commitments, outs.map((o) => hexOf(o.commitment)));
    bp.verifyJson(text);
    wire.commitments[0] = hexOf(bp.commitMonero(outs[0].amount + 1n, outs[0].mask()).commitment);
    throwsKind(() => bp.verifyJson(JSON.stringify(wire)), bp.InvalidProofError, 'verification-failed');
  });
}

test('proveMonero: an unknown scheme is refused', () => {
  throwsKind(() => bp.proveMonero([bp.commitMonero(1n)], 'monero-clsag'), bp.MalformedError, 'invalid-argument');
});

test('proveMonero: 0 and 17 outputs are refused', () => {
  const outs = Array.from({ length: 17 }, (_, j) => bp.commitMonero(BigInt(j)));
  throwsKind(() => bp.proveMonero(outs), bp.ProvingError, 'invalid-aggregation');
  throwsKind(() => bp.proveMonero([]), bp.ProvingError, 'invalid-aggregation');
  // The caller's openings stay usable.
  assert.equal(outs[16].amount, 16n);
});

test('commitMonero: a chosen mask gives the same commitment; bad masks are refused', () => {
  const o = bp.commitMonero(1234n);
  assert.equal(o.amount, 1234n);
  assert.equal(o.mask().length, 32);
  assert.deepEqual(bp.commitMonero(1234n, o.mask()).commitment, o.commitment);
  assert.notDeepEqual(bp.commitMonero(1235n, o.mask()).commitment, o.commitment);
  assert.notDeepEqual(bp.commitMonero(1234n).commitment, o.commitment);
  throwsKind(() => bp.commitMonero(1n, ell), bp.MalformedError, 'non-canonical-scalar');
  throwsKind(() => bp.commitMonero(1n, new Uint8Array(31)), bp.MalformedError, 'wrong-length');
  assert.throws(() => bp.commitMonero(-1n), bp.MalformedError);
  assert.throws(() => bp.commitMonero(2n ** 64n), bp.MalformedError);
});
