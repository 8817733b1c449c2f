// Every case of tests/vectors/*.json through the package, under Node's test runner. Vector
// files of kinds this binding does not run yet are reported as skipped, by name.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import * as api from 'bpkit';
import { vectorCases } from './vectors.js';

const dir = new URL('../../../tests/vectors/', import.meta.url);
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.json'))
  .sort()
  .map((name) => ({ name, text: readFileSync(new URL(name, dir), 'utf8') }));
const { cases, skipped } = vectorCases(api, files);

for (const c of cases) {
  test(`${c.file}: ${c.name}`, () => c.run());
}
for (const s of skipped) {
  test(`${s.file}`, { skip: s.reason }, () => {});
}

test('the vector files are found and every known one is run', () => {
  assert.ok(files.length >= 2, 'no vector files found');
  const run = new Set(cases.map((c) => c.file));
  assert.ok(run.has('range_proof.json'));
  assert.ok(run.has('bulletproofs_plus.json'));
  for (const f of ['statements.json', 'grin_bp.json', 'circuit.json', 'monero.json']) assert.ok(run.has(f), f);
  assert.equal(run.size + skipped.length, files.length);
});
