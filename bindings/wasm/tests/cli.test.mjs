// Cross-language: proofs made by the `bpkit` CLI verify here (and re-serialize to the CLI's
// exact bytes), and proofs made here verify with the CLI. The CLI is $BPKIT_CLI, or else
// `cargo run -q -p bpkit-cli --` from the repository.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as bp from 'bpkit';
import { hex } from './vectors.js';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const [cmd, ...pre] = process.env.BPKIT_CLI
  ? [process.env.BPKIT_CLI]
  : ['cargo', 'run', '-q', '-p', 'bpkit-cli', '--'];

/** Runs the CLI; returns its exit status and output. */
function cli(...args) {
  const r = spawnSync(cmd, [...pre, ...args], { cwd: root, encoding: 'utf8' });
  if (r.error) throw r.error;
  return { status: r.status, out: r.stdout + r.stderr };
}

const dir = mkdtempSync(join(tmpdir(), 'bpkit-js-cli-'));
test.after(() => rmSync(dir, { recursive: true, force: true }));

function cliOpening(value, name) {
  const file = join(dir, `${name}.json`);
  assert.equal(cli('commit', '--value', String(value), '--out', file).status, 0);
  return file;
}

test('CLI → JS: envelopes made by the CLI verify here and re-serialize to the same bytes', () => {
  const a = cliOpening(1000n, 'a');
  const b = cliOpening(2n ** 63n + 5n, 'b');
  // The CLI's opening file opens to the same commitment here.
  const o = JSON.parse(readFileSync(a, 'utf8'));
  assert.deepEqual(new bp.Opening(BigInt(o.value), hex(o.blinding)).commitment, hex(o.commitment));
  const runs = [
    ['bp', ['--bits', '64', a, b]],
    ['interval', ['--bits', '16', '--range', '900..1100', a]],
    ['bp+', ['--scheme', 'bp+', '--bits', '64', a, b]],
    ['bp+ tari min', ['--scheme', 'bp+', '--generators', 'tari', '--bits', '16', '--min', '999', a]],
  ];
  for (const [name, args] of runs) {
    const out = join(dir, `cli-${name.replace(/\W/g, '_')}.json`);
    const r = cli('prove', '--label', 'cli to js', '--out', out, ...args);
    assert.equal(r.status, 0, `${name}: ${r.out}`);
    const text = readFileSync(out, 'utf8');
    const env = bp.Envelope.fromJson(text);
    env.verify();
    assert.equal(env.toJson(), text, `${name}: same bytes`);
    const batch = new bp.BatchVerifier();
    batch.addEnvelope(env);
    assert.deepEqual(batch.verify(), []);
    // Tampered with (another label): refused here.
    const wrong = bp.Envelope.fromJson(text.replace('"cli to js"', '"cli to jz"'));
    assert.throws(() => wrong.verify(), bp.InvalidProofError);
  }
});

test('JS → CLI: envelopes made here verify with `bpkit verify` and `bpkit batch-verify`', () => {
  const LABEL = 'js to cli';
  const x = bp.commit(123n);
  const y = bp.commit(2n ** 64n - 1n);
  const e = bp.commitExtended(40000n, 3, 'tari');
  const envelopes = [
    bp.Envelope.fromRangeProof(bp.RangeProof.prove([x, y], 64, LABEL), new bp.RangeStatement(64, [x.commitment, y.commitment]), LABEL),
    bp.Envelope.fromIntervalProof(bp.IntervalProof.prove(x, 100n, 200n, 8, LABEL), x.commitment, 100n, 200n, 8, LABEL),
    bp.Envelope.fromPlusProof(bp.PlusProof.prove([e], 16, LABEL, [30000n]), new bp.PlusStatement(16, [e.commitment], [30000n], 'tari'), LABEL),
  ].map((env) => env.toJson());
  envelopes.forEach((json, i) => {
    const file = join(dir, `js-${i}.json`);
    writeFileSync(file, json);
    const r = cli('verify', file);
    assert.equal(r.status, 0, r.out);
    assert.match(r.out, /^valid/);
    writeFileSync(file, json.replace(`"${LABEL}"`, '"js to clj"'));
    assert.equal(cli('verify', file).status, 1, 'a false proof is exit code 1');
  });
  const lines = join(dir, 'js.jsonl');
  writeFileSync(lines, envelopes.join('') + envelopes[0].replace(`"${LABEL}"`, '"other"'));
  const r = cli('batch-verify', lines);
  assert.equal(r.status, 1, r.out);
  assert.match(r.out, /invalid: line 4\b/);
  writeFileSync(lines, envelopes.join(''));
  assert.equal(cli('batch-verify', lines).status, 0);
});
