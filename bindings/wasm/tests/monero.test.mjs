// verifyTx on Monero's own test transactions (tests/vectors/monero/txs/): the real ones verify
// (or carry no Bulletproofs), a tampered copy is invalid, truncated and extended copies are
// malformed; and the report is the line `bpkit monero verify-tx` prints.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import * as bp from 'bpkit';

const txs = new URL('../../../tests/vectors/monero/txs/', import.meta.url);
const monero = JSON.parse(
  readFileSync(new URL('../../../tests/vectors/monero.json', import.meta.url), 'utf8'),
);
const tx = (name) => new Uint8Array(readFileSync(new URL(`${name}.bin`, txs)));
const fromHex = (h) => Uint8Array.from(h.match(/../g), (b) => parseInt(b, 16));

// [file stem, RingCT type, proof kind]; the hash starts with the hex at the end of the name.
const REAL = [
  ['bpp_tx_e89415', 6, 'bulletproofs+'],
  ['rct_bp_tx_a685d68e', 3, 'bulletproofs'],
  ['rct_bp_compact_tx_10312fd4', 4, 'bulletproofs'],
  ['rct_clsag_tx_200c3215', 5, 'bulletproofs'],
  ['rct_full_tx_14056427', 1, 'none'],
  ['rct_simple_tx_c69861bf', 2, 'none'],
  ['v1_coinbase_tx_bf4c0300', null, 'none'],
  ['v1_tx_hf3_effcceb9', null, 'none'],
  ['v2_coinbase_tx_7f88a52a', 0, 'none'],
];

/** Where the transaction's proof starts (monero.json holds it, in the case named as the file). */
function proofOffset(name, blob) {
  const proof = fromHex(monero.cases.find((c) => c.name === name).envelope.proof);
  outer: for (let i = 0; i + proof.length <= blob.length; i++) {
    for (let j = 0; j < proof.length; j++) if (blob[i + j] !== proof[j]) continue outer;
    return i;
  }
  throw new Error(`${name}: proof not found`);
}

for (const [name, rctType, kind] of REAL) {
  test(`verifyTx: ${name}`, () => {
    const r = bp.verifyTx(tx(name));
    assert.ok(r.hash.startsWith(name.split('_').pop()) && r.hash.length === 64, r.hash);
    assert.equal(r.rctType, rctType);
    assert.equal(r.version, rctType === null ? 1 : 2);
    assert.equal(r.proofKind, kind);
    assert.ok(r.outputs >= 1 && typeof r.coinbase === 'boolean');
    assert.equal(r.verdict, kind === 'none' ? 'no-bulletproofs' : 'valid');
    assert.equal(r.error, null);
    assert.equal(r.message, null);
  });
}

for (const [name, , kind] of REAL.filter(([, , k]) => k !== 'none')) {
  test(`verifyTx: ${name} tampered is invalid, truncated and extended are malformed`, () => {
    const blob = tx(name);
    const good = bp.verifyTx(blob);
    const bad = blob.slice();
    // A proof scalar: r1 of Bulletproofs+ (at 96 in the proof), taux of Bulletproofs (at 128).
    bad[proofOffset(name, blob) + (kind === 'bulletproofs+' ? 100 : 130)] ^= 1;
    const r = bp.verifyTx(bad);
    assert.equal(r.verdict, 'invalid');
    assert.equal(r.error, 'verification-failed');
    assert.equal(r.proofKind, kind);
    assert.notEqual(r.hash, good.hash);
    assert.match(r.summary, / invalid: /);
    const longer = new Uint8Array(blob.length + 1);
    longer.set(blob);
    for (const broken of [blob.slice(0, -1), longer, blob.slice(0, blob.length >> 1), new Uint8Array()]) {
      assert.throws(
        () => bp.verifyTx(broken),
        (e) => e instanceof bp.MalformedError && ['wrong-length', 'malformed-transaction', 'invalid-varint'].includes(e.kind),
      );
    }
  });
}

test('verifyTx: a non-canonical scalar in the proof is a malformed proof of a parsed transaction', () => {
  const blob = tx('bpp_tx_e89415');
  const at = proofOffset('bpp_tx_e89415', blob) + 96; // r1
  blob.fill(0xff, at, at + 32);
  const r = bp.verifyTx(blob);
  assert.equal(r.verdict, 'malformed');
  assert.equal(r.error, 'non-canonical-scalar');
  assert.ok(r.message.length > 0);
});

test('verifyTx: the report is the line of `bpkit monero verify-tx`', (t) => {
  const cli = process.env.BPKIT_CLI;
  if (!cli) {
    if (process.env.BPKIT_REQUIRE_XLANG === '1') assert.fail('BPKIT_CLI is not set');
    t.skip('BPKIT_CLI is not set');
    return;
  }
  const paths = REAL.map(([name]) => fileURLToPath(new URL(`${name}.bin`, txs)));
  const out = execFileSync(cli, ['monero', 'verify-tx', ...paths], { encoding: 'utf8' });
  const expected = paths.map((p) => `${p}: ${bp.verifyTx(new Uint8Array(readFileSync(p))).summary}`);
  assert.deepEqual(out.trimEnd().split('\n'), expected);
});
