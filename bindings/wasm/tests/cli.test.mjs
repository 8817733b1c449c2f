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

// The C binding's test program (bindings/c/tests/bpkit_c_test.c: --prove OUT, --verify FILE...).
const cTest = process.env.BPKIT_C_TEST;

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

// Python (bindings/python), when a Python with the binding installed is given as $BPKIT_PYTHON
// (.ci/bindings-python's virtual environment); otherwise reported as skipped, by name.
const python = process.env.BPKIT_PYTHON;
// CI sets BPKIT_REQUIRE_XLANG=1: a missing Python or C tool is then a failure, not a skip.
const required = process.env.BPKIT_REQUIRE_XLANG === '1';
test('the other languages are given when required', { skip: !required }, () => {
  assert.ok(python, 'BPKIT_PYTHON is not set');
  assert.ok(cTest, 'BPKIT_C_TEST is not set');
});
test(
  'JS ↔ Python: envelopes made in each verify in the other, same bytes',
  { skip: python ? false : 'BPKIT_PYTHON (a python with the bpkit binding installed) is not set' },
  () => {
    const LABEL = 'js to python';
    const x = bp.commit(5n);
    const e = bp.commitExtended(300n, 2, 'tari');
    const mine = [
      bp.Envelope.fromRangeProof(bp.RangeProof.prove([x], 32, LABEL), new bp.RangeStatement(32, [x.commitment]), LABEL),
      bp.Envelope.fromIntervalProof(bp.IntervalProof.prove(x, 1n, 9n, 8, LABEL), x.commitment, 1n, 9n, 8, LABEL),
      bp.Envelope.fromPlusProof(bp.PlusProof.prove([e], 8, LABEL, [100n]), new bp.PlusStatement(8, [e.commitment], [100n], 'tari'), LABEL),
    ].map((env) => env.toJson());
    const files = mine.map((json, i) => {
      const f = join(dir, `js-py-${i}.json`);
      writeFileSync(f, json);
      return f;
    });
    const verifyHere = [
      'import bpkit, sys',
      'for f in sys.argv[1:]:',
      '    text = open(f).read()',
      '    env = bpkit.Envelope.from_json(text)',
      '    env.verify()',
      '    assert env.to_json() == text, f',
      'print("ok")',
    ].join('\n');
    assert.equal(execFileSync(python, ['-c', verifyHere, ...files], { encoding: 'utf8' }).trim(), 'ok');
    const makeThere = [
      'import bpkit',
      'x = bpkit.ExtendedOpening.random(1234, 2)',
      'for env in [bpkit.prove_range([bpkit.commit(1), bpkit.commit(2**63)], 64, "py to js"),',
      '            bpkit.prove_interval(bpkit.commit(150), 100, 200, "py to js"),',
      '            bpkit.prove_plus([x], 16, "py to js", minimums=[1000]),',
      '            bpkit.prove_plus([x], 32, "py to js", generators="tari")]:',
      '    print(env.to_json(), end="")',
    ].join('\n');
    const lines = execFileSync(python, ['-c', makeThere], { encoding: 'utf8' }).split('\n').filter(Boolean);
    assert.equal(lines.length, 4);
    for (const line of lines) {
      const env = bp.Envelope.fromJson(line);
      env.verify();
      assert.equal(env.toJson(), `${line}\n`);
    }
  },
);

/** Circuit envelopes made here: Merkle membership and a shuffle (SHA-256 comes from Python). */
function statementsHere(label) {
  const merkle = bp.proveMerkle([5n, 10n, 15n], 2n, label);
  const shuffle = bp.proveShuffle([7n, 8n, 9n, 10n], [10n, 8n, 7n, 9n], label);
  return [merkle.envelope, shuffle.envelope];
}

test('JS → CLI: circuit envelopes made here verify with `bpkit verify`', () => {
  for (const [i, json] of statementsHere('js circuit to cli').entries()) {
    const file = join(dir, `js-circuit-${i}.json`);
    writeFileSync(file, json);
    const r = cli('verify', file);
    assert.equal(r.status, 0, r.out);
    writeFileSync(file, json.replace('js circuit to cli', 'js circuit to clj'));
    assert.equal(cli('verify', file).status, 1);
  }
});

test('CLI → JS: circuit envelopes made by the CLI verify here', () => {
  const leaves = join(dir, 'leaves.txt');
  writeFileSync(leaves, '11\n22\n33\n');
  const out = join(dir, 'cli-merkle.json');
  const r = cli('circuit', 'prove', 'merkle', '--leaves-file', leaves, '--index', '1', '--label', 'cli circuit to js', '--out', out);
  assert.equal(r.status, 0, r.out);
  const text = readFileSync(out, 'utf8');
  bp.verifyJson(text);
  assert.throws(() => bp.verifyJson(text.replace('cli circuit to js', 'cli circuit to jz')), bp.InvalidProofError);
});

test(
  'JS ↔ C: envelopes of every kind made in each verify in the other',
  { skip: cTest ? false : 'BPKIT_C_TEST (the C binding\'s test program) is not set' },
  () => {
    const LABEL = 'js to c';
    const x = bp.commit(77n);
    const e = bp.commitExtended(9000n, 2, 'bpkit');
    const mine = [
      bp.Envelope.fromRangeProof(bp.RangeProof.prove([x], 64, LABEL), new bp.RangeStatement(64, [x.commitment]), LABEL).toJson(),
      bp.Envelope.fromIntervalProof(bp.IntervalProof.prove(x, 70n, 80n, 8, LABEL), x.commitment, 70n, 80n, 8, LABEL).toJson(),
      bp.Envelope.fromPlusProof(bp.PlusProof.prove([e], 16, LABEL, [8000n]), new bp.PlusStatement(16, [e.commitment], [8000n], 'bpkit'), LABEL).toJson(),
      ...statementsHere(LABEL),
    ];
    const file = join(dir, 'js-to-c.jsonl');
    writeFileSync(file, mine.join(''));
    const ok = spawnSync(cTest, ['--verify', file], { encoding: 'utf8' });
    assert.equal(ok.status, 0, ok.stdout + ok.stderr);
    assert.equal(ok.stdout.match(/: valid$/gm)?.length, mine.length, ok.stdout);
    writeFileSync(file, mine[4].replace(`"${LABEL}"`, '"js to C"'));
    assert.equal(spawnSync(cTest, ['--verify', file]).status, 1, 'a false proof is exit code 1');
    // C → JS: range, interval, bp+ (both generator sets), merkle and shuffle.
    const out = join(dir, 'from-c.jsonl');
    const made = spawnSync(cTest, ['--prove', out], { encoding: 'utf8' });
    assert.equal(made.status, 0, made.stdout + made.stderr);
    const lines = readFileSync(out, 'utf8').split('\n').filter(Boolean);
    const schemes = lines.map((l) => JSON.parse(l).statement ?? JSON.parse(l).scheme);
    assert.deepEqual(schemes, ['bp', 'bp', 'bp+', 'bp+', 'merkle-membership', 'shuffle']);
    for (const line of lines) {
      bp.verifyJson(line);
      assert.throws(() => bp.verifyJson(line.replace('"made in C"', '"made in c"')), bp.InvalidProofError);
      if (JSON.parse(line).scheme !== 'circuit') {
        const env = bp.Envelope.fromJson(line);
        env.verify();
        assert.equal(env.toJson(), `${line}\n`, 'same bytes');
      }
    }
  },
);

test(
  'JS ↔ Python: circuit statements made in each verify in the other (SHA-256 from Python)',
  { skip: python ? false : 'BPKIT_PYTHON (a python with the bpkit binding installed) is not set' },
  () => {
    const files = statementsHere('js circuit to python').map((json, i) => {
      const f = join(dir, `js-py-circuit-${i}.json`);
      writeFileSync(f, json);
      return f;
    });
    const verifyHere = [
      'import bpkit, sys',
      'for f in sys.argv[1:]:',
      '    bpkit.verify_json(open(f).read())',
      'print("ok")',
    ].join('\n');
    assert.equal(execFileSync(python, ['-c', verifyHere, ...files], { encoding: 'utf8' }).trim(), 'ok');
    const makeThere = [
      'import bpkit',
      'print(bpkit.prove_sha256(b"from python", "py circuit to js"), end="")',
      'print(bpkit.prove_merkle([1, 2, 3, 4, 5], 4, "py circuit to js")[0], end="")',
      'print(bpkit.prove_shuffle([1, 2], [2, 1], "py circuit to js")[0], end="")',
    ].join('\n');
    const lines = execFileSync(python, ['-c', makeThere], { encoding: 'utf8' }).split('\n').filter(Boolean);
    assert.deepEqual(lines.map((l) => JSON.parse(l).statement), ['sha256-preimage', 'merkle-membership', 'shuffle']);
    for (const line of lines) {
      bp.verifyJson(line);
      assert.throws(() => bp.verifyJson(line.replace('py circuit to js', 'py circuit to jS')), bp.InvalidProofError);
    }
  },
);
