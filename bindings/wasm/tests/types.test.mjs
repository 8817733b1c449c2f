// The TypeScript declarations (dist/index.d.ts) type-check a program written against the API
// (tests/types/usage.ts, which also expects a `number` value to be refused), with tsc.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const pkg = fileURLToPath(new URL('../', import.meta.url));

test('the TypeScript declarations type-check the documented usage', () => {
  const r = spawnSync('node', ['node_modules/typescript/bin/tsc', '-p', 'tests/types/tsconfig.json'], {
    cwd: pkg,
    encoding: 'utf8',
  });
  assert.equal(r.status, 0, r.stdout + r.stderr);
});
