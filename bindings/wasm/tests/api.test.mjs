// The JavaScript API: completeness, soundness (tampered proofs, wrong statements and labels),
// round trips, errors (subclass and kind), argument checks, and the batch's bad indices.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as bp from 'bpkit';

const LABEL = 'bpkit js tests';

/** Asserts that `f` throws a `Class` with `kind`. */
function throwsKind(f, Class, kind) {
  assert.throws(f, (e) => {
    assert.ok(e instanceof Class, `${e.name}: ${e.message}`);
    assert.ok(e instanceof bp.BpkitError && e instanceof Error);
    assert.equal(e.kind, kind, e.message);
    return true;
  });
}

/** Each byte of `bytes` flipped in turn (a stride keeps the test fast). */
function* flips(bytes, stride = 1) {
  for (let i = 0; i < bytes.length; i += stride) {
    const b = bytes.slice();
    b[i] ^= 1;
    yield b;
  }
}

test('commit: a bigint value, a 32-byte blinding, a 32-byte commitment; reopening gives it back', () => {
  const o = bp.commit(1234567890123n);
  assert.equal(o.value, 1234567890123n);
  assert.equal(o.blinding().length, 32);
  assert.equal(o.commitment.length, 32);
  const again = new bp.Opening(o.value, o.blinding());
  assert.deepEqual(again.commitment, o.commitment);
  assert.notDeepEqual(bp.commit(1234567890123n).commitment, o.commitment, 'fresh blindings');
  assert.equal(bp.commit(2n ** 64n - 1n).value, 2n ** 64n - 1n);
});

test('values must be bigints in [0, 2^64): numbers, negatives and 2^64 are refused, not wrapped', () => {
  throwsKind(() => bp.commit(5), bp.MalformedError, 'invalid-argument');
  throwsKind(() => bp.commit(-1n), bp.MalformedError, 'invalid-argument');
  throwsKind(() => bp.commit(2n ** 64n), bp.MalformedError, 'invalid-argument');
  throwsKind(() => new bp.Opening(1n, new Uint8Array(31)), bp.MalformedError, 'wrong-length');
  throwsKind(() => new bp.Opening(1n, new Uint8Array(32).fill(255)), bp.MalformedError, 'non-canonical-scalar');
});

test('range proof: prove one and several openings, verify, round trip, soundness', () => {
  for (const [values, bits] of [[[42n], 64], [[0n, 255n, 7n], 8], [[2n ** 32n - 1n, 0n], 32]]) {
    const openings = values.map((v) => bp.commit(v));
    const proof = bp.RangeProof.prove(openings, bits, LABEL);
    const statement = new bp.RangeStatement(bits, openings.map((o) => o.commitment));
    assert.equal(statement.bits, bits);
    proof.verify(statement, LABEL);
    // The openings passed in stay usable (the binding copies them).
    assert.equal(openings[0].value, values[0]);
    const bytes = proof.toBytes();
    const again = bp.RangeProof.fromBytes(bytes);
    assert.deepEqual(again.toBytes(), bytes);
    again.verify(statement, LABEL);
    throwsKind(() => proof.verify(statement, LABEL + '!'), bp.InvalidProofError, 'verification-failed');
    const other = bp.commit(values[0]);
    const wrong = new bp.RangeStatement(bits, [other.commitment, ...statement.commitments.slice(1)]);
    throwsKind(() => proof.verify(wrong, LABEL), bp.InvalidProofError, 'verification-failed');
  }
});

test('range proof: every flipped byte is refused (malformed or invalid, never accepted)', () => {
  const o = bp.commit(99n);
  const bytes = bp.RangeProof.prove([o], 8, LABEL).toBytes();
  const statement = new bp.RangeStatement(8, [o.commitment]);
  let n = 0;
  for (const b of flips(bytes)) {
    assert.throws(() => bp.RangeProof.fromBytes(b).verify(statement, LABEL), bp.BpkitError);
    n++;
  }
  assert.equal(n, bytes.length);
  throwsKind(() => bp.RangeProof.fromBytes(new Uint8Array([...bytes, 0])), bp.MalformedError, 'wrong-length');
});

test('range proof: refused witnesses (any prover error is a ProvingError) and statements', () => {
  throwsKind(() => bp.RangeProof.prove([bp.commit(256n)], 8, LABEL), bp.ProvingError, 'value-out-of-range');
  throwsKind(() => bp.RangeProof.prove([bp.commit(1n)], 12, LABEL), bp.ProvingError, 'invalid-bit-size');
  throwsKind(() => bp.RangeProof.prove([], 8, LABEL), bp.ProvingError, 'invalid-aggregation');
  throwsKind(() => bp.RangeProof.prove([{}], 8, LABEL), bp.MalformedError, 'invalid-argument');
  throwsKind(() => new bp.RangeStatement(12, [new Uint8Array(32)]), bp.MalformedError, 'invalid-bit-size');
  throwsKind(() => new bp.RangeStatement(8, [new Uint8Array(33)]), bp.MalformedError, 'wrong-length');
  const o = bp.commit(1n);
  const proof = bp.RangeProof.prove([o], 8, LABEL);
  throwsKind(() => proof.verify(new bp.RangeStatement(16, [o.commitment]), LABEL), bp.InvalidProofError, 'size-mismatch');
  throwsKind(
    () => proof.verify(new bp.RangeStatement(8, [new Uint8Array(32).fill(255)]), LABEL),
    bp.MalformedError,
    'invalid-commitment',
  );
});

test('interval proof [a, b): bounds, 2^64 as b, refusals', () => {
  for (const [v, a, b, bits] of [[10n, 10n, 20n, 8], [19n, 10n, 20n, 8], [2n ** 64n - 1n, 2n ** 64n - 100n, 2n ** 64n, 8]]) {
    const o = bp.commit(v);
    const proof = bp.IntervalProof.prove(o, a, b, bits, LABEL);
    proof.verify(o.commitment, a, b, bits, LABEL);
    bp.IntervalProof.fromBytes(proof.toBytes()).verify(o.commitment, a, b, bits, LABEL);
    throwsKind(() => proof.verify(o.commitment, a + 1n, b, bits, LABEL), bp.InvalidProofError, 'verification-failed');
  }
  throwsKind(() => bp.IntervalProof.prove(bp.commit(20n), 10n, 20n, 8, LABEL), bp.ProvingError, 'value-out-of-range');
  throwsKind(() => bp.IntervalProof.prove(bp.commit(5n), 20n, 10n, 8, LABEL), bp.ProvingError, 'invalid-range');
  throwsKind(() => bp.IntervalProof.fromBytes(new Uint8Array(0)).verify(new Uint8Array(32), 20n, 10n, 8, LABEL), bp.MalformedError, 'wrong-length');
  throwsKind(() => bp.IntervalProof.prove(bp.commit(5n), 0n, 2n ** 64n + 1n, 64, LABEL), bp.MalformedError, 'invalid-argument');
});

test('Bulletproofs+: extended commitments, minimums, both generator sets, fixed degree', () => {
  for (const [gens, k, bits, values, mins] of [
    ['bpkit', 1, 64, [5n], undefined],
    ['tari', 3, 16, [1000n, 70000n], [0n, 60000n]],
    ['bpkit', 6, 8, [200n, 1n, 2n], [100n, 0n, 0n]],
  ]) {
    const openings = values.map((v) => bp.commitExtended(v, k, gens));
    assert.equal(openings[0].extensionDegree, k);
    assert.equal(openings[0].generators, gens);
    const proof = bp.PlusProof.prove(openings, bits, LABEL, mins);
    assert.equal(proof.extensionDegree, k);
    const statement = new bp.PlusStatement(bits, openings.map((o) => o.commitment), mins, gens);
    proof.verify(statement, LABEL);
    bp.PlusProof.fromBytes(proof.toBytes()).verify(statement, LABEL);
    throwsKind(() => proof.verify(statement, 'x'), bp.InvalidProofError, 'verification-failed');
    const otherGens = new bp.PlusStatement(bits, statement.commitments, mins, gens === 'tari' ? 'bpkit' : 'tari');
    throwsKind(() => proof.verify(otherGens, LABEL), bp.InvalidProofError, 'verification-failed');
    const fixed = new bp.PlusStatement(bits, statement.commitments, mins, gens, k === 6 ? 5 : k + 1);
    throwsKind(() => proof.verify(fixed, LABEL), bp.InvalidProofError, 'extension-mismatch');
    const reopened = new bp.ExtendedOpening(openings[0].value, openings[0].blindings(), gens);
    assert.deepEqual(reopened.commitment, openings[0].commitment);
  }
  throwsKind(() => bp.PlusProof.prove([bp.commitExtended(99n)], 8, LABEL, [200n]), bp.ProvingError, 'value-out-of-range');
  throwsKind(() => bp.PlusProof.prove([bp.commitExtended(1n)], 8, LABEL, [256n]), bp.ProvingError, 'invalid-minimum');
  throwsKind(() => new bp.PlusStatement(8, [new Uint8Array(32)], [256n]), bp.MalformedError, 'invalid-minimum');
  throwsKind(() => bp.commitExtended(1n, 7), bp.MalformedError, 'invalid-extension-degree');
  throwsKind(() => bp.commitExtended(1n, 1, 'dalek'), bp.MalformedError, 'invalid-argument');
  throwsKind(
    () => bp.PlusProof.prove([bp.commitExtended(1n, 1), bp.commitExtended(1n, 2)], 8, LABEL),
    bp.MalformedError,
    'invalid-argument',
  );
});

test('Bulletproofs+ mask recovery with a seed: checked against the commitment', () => {
  for (const gens of ['bpkit', 'tari']) {
    const seed = bp.randomSeed();
    const o = bp.commitExtended(123456789n, 2, gens);
    const proof = bp.PlusProof.proveRecoverable(o, 32, LABEL, seed, 1000n);
    const statement = new bp.PlusStatement(32, [o.commitment], [1000n], gens);
    proof.verify(statement, LABEL);
    const got = proof.recover(statement, LABEL, seed, 123456789n);
    assert.deepEqual(got.blindings(), o.blindings());
    assert.deepEqual(got.commitment, o.commitment);
    const fast = proof.recover(statement, LABEL, seed, 123456789n, false);
    assert.deepEqual(fast.blindings(), o.blindings());
    throwsKind(() => proof.recover(statement, LABEL, seed, 123456788n), bp.InvalidProofError, 'recovery-failed');
    throwsKind(() => proof.recover(statement, LABEL, bp.randomSeed(), 123456789n), bp.InvalidProofError, 'recovery-failed');
    throwsKind(() => proof.recover(statement, LABEL, new Uint8Array(31), 1n), bp.MalformedError, 'wrong-length');
  }
});

test('envelope: JSON round trip, verification, strictness', () => {
  const o = bp.commit(77n);
  const proof = bp.RangeProof.prove([o], 16, LABEL);
  const env = bp.Envelope.fromRangeProof(proof, new bp.RangeStatement(16, [o.commitment]), LABEL);
  const json = env.toJson();
  assert.ok(json.endsWith('}\n') && !json.slice(0, -1).includes('\n'), 'one line');
  const back = bp.Envelope.fromJson(json);
  assert.equal(back.toJson(), json);
  assert.equal(back.scheme, 'bp');
  assert.equal(back.bits, 16);
  assert.equal(back.label, LABEL);
  assert.deepEqual(back.proof, proof.toBytes());
  assert.equal(back.range, undefined);
  back.verify();
  const parsed = JSON.parse(json);
  parsed.label = 'other';
  throwsKind(() => bp.Envelope.fromJson(JSON.stringify(parsed)).verify(), bp.InvalidProofError, 'verification-failed');
  throwsKind(() => bp.Envelope.fromJson(json.replace('"bits":16', '"bits":16,"extra":1')), bp.MalformedError, 'malformed-envelope');
  throwsKind(() => bp.Envelope.fromJson('{}'), bp.MalformedError, 'malformed-envelope');

  const iv = bp.IntervalProof.prove(o, 70n, 80n, 8, LABEL);
  const ienv = bp.Envelope.fromJson(bp.Envelope.fromIntervalProof(iv, o.commitment, 70n, 80n, 8, LABEL).toJson());
  assert.deepEqual(ienv.range, [70n, 80n]);
  ienv.verify();

  const x = bp.commitExtended(5000n, 2, 'tari');
  const pp = bp.PlusProof.prove([x], 16, LABEL, [4000n]);
  const penv = bp.Envelope.fromPlusProof(pp, new bp.PlusStatement(16, [x.commitment], [4000n], 'tari'), LABEL);
  const pjson = penv.toJson();
  assert.match(pjson, /"generators":"tari"/);
  assert.match(pjson, /"minimums":\["4000"\]/);
  const pback = bp.Envelope.fromJson(pjson);
  assert.equal(pback.generators, 'tari');
  assert.deepEqual(pback.minimums, [4000n]);
  pback.verify();
});

test('batch: mixed kinds; the indices of the bad proofs, and none when all are good', () => {
  const batch = new bp.BatchVerifier();
  const expected = [];
  for (let i = 0; i < 12; i++) {
    const bad = i % 5 === 3;
    const label = bad ? 'wrong' : LABEL;
    let index;
    if (i % 3 === 0) {
      const o = bp.commit(BigInt(i));
      const p = bp.RangeProof.prove([o], 32, LABEL);
      index = batch.addRangeProof(p, new bp.RangeStatement(32, [o.commitment]), label);
    } else if (i % 3 === 1) {
      const o = bp.commit(BigInt(i) + 100n);
      const p = bp.IntervalProof.prove(o, 100n, 200n, 8, LABEL);
      index = batch.addIntervalProof(p, o.commitment, 100n, 200n, 8, label);
    } else {
      const o = bp.commitExtended(BigInt(i), 1 + (i % 4), i % 2 ? 'tari' : 'bpkit');
      const p = bp.PlusProof.prove([o], 16, LABEL);
      index = batch.addPlusProof(p, new bp.PlusStatement(16, [o.commitment], undefined, o.generators), label);
    }
    assert.equal(index, i);
    if (bad) expected.push(i);
  }
  const o = bp.commit(1n);
  const json = bp.Envelope.fromRangeProof(bp.RangeProof.prove([o], 8, LABEL), new bp.RangeStatement(8, [o.commitment]), LABEL).toJson();
  assert.equal(batch.addEnvelope(bp.Envelope.fromJson(json)), 12);
  assert.equal(batch.length, 13);
  assert.deepEqual(batch.verify(), expected);
  // A malformed proof makes the whole batch throw, naming it: nothing is reported valid.
  const broken = JSON.parse(json);
  broken.proof = broken.proof.slice(0, -2);
  assert.equal(batch.addEnvelope(bp.Envelope.fromJson(JSON.stringify(broken))), 13);
  const notPoint = new bp.BatchVerifier();
  notPoint.addRangeProof(bp.RangeProof.prove([o], 8, LABEL), new bp.RangeStatement(8, [new Uint8Array(32).fill(255)]), LABEL);
  for (const [b, index, kind] of [[batch, 13, 'wrong-length'], [notPoint, 0, 'invalid-commitment']]) {
    assert.throws(() => b.verify(), (e) => {
      assert.ok(e instanceof bp.MalformedError, e.message);
      assert.equal(e.kind, kind);
      assert.equal(e.index, index);
      return true;
    });
  }
  assert.deepEqual(new bp.BatchVerifier().verify(), []);
  const good = new bp.BatchVerifier();
  good.addEnvelope(bp.Envelope.fromJson(json));
  assert.deepEqual(good.verify(), []);
});

test('free() detaches an object; using it afterwards throws instead of reading freed memory', () => {
  const o = bp.commit(3n);
  o.free();
  assert.throws(() => o.value);
});

test('no input reaches a panic: random and mutated bytes and JSON only ever throw BpkitErrors', () => {
  // A panic in WebAssembly is a trap (a RuntimeError, and a module left in an unknown state);
  // every decoder must refuse with a typed error instead. Seeded, so a failure reproduces.
  let seed = 0x2545f491;
  const rand = () => {
    seed ^= seed << 13;
    seed ^= seed >>> 17;
    seed ^= seed << 5;
    return (seed >>> 0) / 2 ** 32;
  };
  const bytes = (n) => Uint8Array.from({ length: n }, () => Math.floor(rand() * 256));
  const o = bp.commit(9n);
  const good = [
    bp.RangeProof.prove([o], 8, LABEL).toBytes(),
    bp.IntervalProof.prove(o, 0n, 10n, 8, LABEL).toBytes(),
    bp.PlusProof.prove([bp.commitExtended(9n, 2)], 8, LABEL).toBytes(),
  ];
  const decoders = [bp.RangeProof.fromBytes, bp.IntervalProof.fromBytes, bp.PlusProof.fromBytes];
  const refusedOrOk = (f) => {
    try {
      f();
    } catch (e) {
      assert.ok(e instanceof bp.BpkitError, `${e.name}: ${e.message}`);
    }
  };
  for (let i = 0; i < 300; i++) {
    const g = good[i % 3];
    const mutated = g.slice(0, Math.floor(rand() * (g.length + 40)));
    for (let k = 0; k < 3; k++) if (mutated.length) mutated[Math.floor(rand() * mutated.length)] ^= 1 << (i % 8);
    for (const decode of decoders) {
      refusedOrOk(() => decode(mutated));
      refusedOrOk(() => decode(bytes(Math.floor(rand() * 1200))));
    }
    refusedOrOk(() => bp.PlusProof.fromBytes(Uint8Array.of(i % 8, ...bytes(Math.floor(rand() * 900)))));
  }
  const json = bp.Envelope.fromRangeProof(bp.RangeProof.prove([o], 8, LABEL), new bp.RangeStatement(8, [o.commitment]), LABEL).toJson();
  for (let i = 0; i < 300; i++) {
    const at = Math.floor(rand() * json.length);
    const text = json.slice(0, at) + String.fromCharCode(32 + Math.floor(rand() * 95)) + json.slice(at + 1);
    refusedOrOk(() => bp.Envelope.fromJson(text).verify());
  }
  // The module still works afterwards (no trap left it broken).
  bp.RangeProof.prove([o], 8, LABEL).verify(new bp.RangeStatement(8, [o.commitment]), LABEL);
});

test('receiver: verifyExpecting refuses a valid proof about another commitment, label, size or interval', () => {
  const mine = bp.commit(100n);
  const theirs = bp.commit(100n);
  const env = bp.Envelope.fromRangeProof(bp.RangeProof.prove([mine], 64, LABEL), new bp.RangeStatement(64, [mine.commitment]), LABEL);
  env.verifyExpecting(LABEL, [mine.commitment]);
  env.verifyExpecting(LABEL, [mine.commitment], { bits: 64 });
  env.verifyExpecting(LABEL, [mine.commitment], { bits: 64n });
  const attack = bp.Envelope.fromRangeProof(bp.RangeProof.prove([theirs], 64, LABEL), new bp.RangeStatement(64, [theirs.commitment]), LABEL);
  attack.verifySelfConsistent(); // what a naive receiver checks: it passes
  throwsKind(() => attack.verifyExpecting(LABEL, [mine.commitment]), bp.InvalidProofError, 'unexpected-statement');
  throwsKind(() => env.verifyExpecting('another label', [mine.commitment]), bp.InvalidProofError, 'unexpected-statement');
  throwsKind(() => env.verifyExpecting(LABEL, [mine.commitment], { bits: 32 }), bp.InvalidProofError, 'unexpected-statement');
  throwsKind(() => env.verifyExpecting(LABEL, [mine.commitment], { range: [18n, 130n] }), bp.InvalidProofError, 'unexpected-statement');
  throwsKind(() => env.verifyExpecting(LABEL, [mine.commitment], { minimums: [0n] }), bp.InvalidProofError, 'unexpected-statement');
  throwsKind(() => env.verifyExpecting(LABEL, [mine.commitment], 7), bp.MalformedError, 'invalid-argument');
  throwsKind(() => env.verifyExpecting(LABEL, [mine.commitment], { bits: 'x' }), bp.MalformedError, 'invalid-argument');
  throwsKind(() => env.verifyExpecting(LABEL, [mine.commitment], { range: [1n] }), bp.MalformedError, 'invalid-argument');
});
