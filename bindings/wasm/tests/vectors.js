// The shared test vectors (tests/vectors/*.json) as test cases over the package's API.
//
// One runner for Node (tests/vectors.test.mjs) and the headless browser (tests/browser/): it
// uses no Node or DOM API. `vectorCases(api, files)` takes the package's exports and the files
// as `{ name, text }` and returns `{ cases, skipped }`: each case is `{ file, name, run }` where
// `run()` throws on failure; `skipped` lists the files of kinds this binding does not run yet,
// by name, with the reason. The expectations are those of bindings/README.md ("Test vectors").

/** JSON.parse, with integers beyond 2^53 kept exact (as strings; BigInt() takes both). */
export function parseJson(text) {
  return JSON.parse(text.replace(/([:[,]\s*)(\d{16,})(?=\s*[,\]}])/g, '$1"$2"'));
}

export function hex(text) {
  if (text.length % 2 !== 0 || /[^0-9a-fA-F]/.test(text)) throw new Error(`bad hex ${text}`);
  const out = new Uint8Array(text.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(text.slice(2 * i, 2 * i + 2), 16);
  return out;
}

export function toHex(bytes) {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

function check(condition, message) {
  if (!condition) throw new Error(message);
}

function sameBytes(a, b, what) {
  check(toHex(a) === toHex(b), `${what}: ${toHex(a)} != ${toHex(b)}`);
}

// The error kinds that mean "a well-formed proof that does not verify" (InvalidProofError);
// every other kind of a verifier or decoder is a MalformedError (bindings/README.md).
const INVALID_PROOF_KINDS = new Set([
  'verification-failed',
  'size-mismatch',
  'extension-mismatch',
  'recovery-failed',
]);

/** Runs `f`, which must throw the error of kind `kind`, of the right subclass. */
function expectKind(api, f, kind, what) {
  let thrown;
  try {
    f();
  } catch (e) {
    thrown = e;
  }
  check(thrown !== undefined, `${what}: expected ${kind}, but nothing was thrown`);
  check(thrown instanceof api.BpkitError, `${what}: not a BpkitError: ${thrown}`);
  check(thrown.kind === kind, `${what}: expected ${kind}, got ${thrown.kind} (${thrown.message})`);
  const family = INVALID_PROOF_KINDS.has(kind) ? api.InvalidProofError : api.MalformedError;
  check(thrown instanceof family, `${what}: ${kind} thrown as ${thrown.name}`);
}

function rangeProofCases(api, file, doc) {
  const cases = [];
  for (const c of doc.range_proofs) {
    cases.push({
      file,
      name: `range_proofs/${c.name}`,
      run() {
        const commitments = c.commitments.map(hex);
        c.openings.forEach((o, j) => {
          const opening = new api.Opening(BigInt(o.value), hex(o.blinding));
          sameBytes(opening.commitment, commitments[j], `commitment ${j}`);
          opening.free();
        });
        const bytes = hex(c.proof);
        const proof = api.RangeProof.fromBytes(bytes);
        sameBytes(proof.toBytes(), bytes, 're-encoding');
        proof.verify(new api.RangeStatement(c.bits, commitments), c.label);
      },
    });
  }
  for (const c of doc.interval_proofs) {
    cases.push({
      file,
      name: `interval_proofs/${c.name}`,
      run() {
        const opening = new api.Opening(BigInt(c.opening.value), hex(c.opening.blinding));
        sameBytes(opening.commitment, hex(c.commitment), 'commitment');
        const proof = api.IntervalProof.fromBytes(hex(c.proof));
        const [a, b] = c.range.map(BigInt);
        proof.verify(hex(c.commitment), a, b, c.bits, c.label);
      },
    });
  }
  for (const c of doc.invalid) {
    cases.push({
      file,
      name: `invalid/${c.name}`,
      run() {
        // The file's procedure: decode the proof, build the statement, verify.
        expectKind(
          api,
          () => {
            const bytes = hex(c.proof);
            const commitments = c.commitments.map(hex);
            if (c.range) {
              const proof = api.IntervalProof.fromBytes(bytes);
              const [a, b] = c.range.map(BigInt);
              proof.verify(commitments[0], a, b, c.bits, c.label);
            } else {
              const proof = api.RangeProof.fromBytes(bytes);
              proof.verify(new api.RangeStatement(c.bits, commitments), c.label);
            }
          },
          c.error,
          c.name,
        );
      },
    });
  }
  return cases;
}

function plusStatement(api, s) {
  return new api.PlusStatement(
    s.bits,
    s.commitments.map(hex),
    s.minimums.map(BigInt),
    s.generators,
    s.extension_degree,
  );
}

function plusCases(api, file, doc) {
  const cases = [];
  for (const c of doc.valid) {
    cases.push({
      file,
      name: `valid/${c.name}`,
      run() {
        const s = c.statement;
        const bytes = hex(c.proof);
        const proof = api.PlusProof.fromBytes(bytes);
        sameBytes(proof.toBytes(), bytes, 're-encoding');
        const statement = plusStatement(api, s);
        proof.verify(statement, s.label);
        if (c.recovery) {
          const r = c.recovery;
          const opening = proof.recover(statement, s.label, hex(r.seed), BigInt(r.value));
          check(opening.value === BigInt(r.value), 'recovered value');
          const got = opening.blindings();
          check(got.length === r.blindings.length, 'number of recovered blindings');
          got.forEach((g, k) => sameBytes(g, hex(r.blindings[k]), `recovered blinding ${k}`));
          sameBytes(opening.commitment, hex(s.commitments[0]), 'recovered commitment');
          // A wrong value (or seed) does not open the commitment: checked, not returned.
          expectKind(
            api,
            () => proof.recover(statement, s.label, hex(r.seed), BigInt(r.value) ^ 1n),
            'recovery-failed',
            'recovery with a wrong value',
          );
        }
      },
    });
  }
  for (const c of doc.invalid) {
    cases.push({
      file,
      name: `invalid/${c.name}`,
      run() {
        const proof = api.PlusProof.fromBytes(hex(c.proof));
        expectKind(
          api,
          () => proof.verify(plusStatement(api, c.statement), c.statement.label),
          c.expected_error,
          c.name,
        );
      },
    });
  }
  for (const c of doc.malformed) {
    cases.push({
      file,
      name: `malformed/${c.name}`,
      run() {
        expectKind(api, () => api.PlusProof.fromBytes(hex(c.proof)), c.expected_error, c.name);
      },
    });
  }
  return cases;
}

/** Runs `f`: it must return (`expected` "ok") or throw `expected`, of the right subclass. */
function expectResult(api, f, expected, what, { envelopeParser = false } = {}) {
  if (expected === 'ok') {
    f();
    return;
  }
  let thrown;
  try {
    f();
  } catch (e) {
    thrown = e;
  }
  check(thrown !== undefined, `${what}: expected ${expected}, but it verified`);
  // A commitment that does not decode is caught by the envelope's parser (its own kind).
  if (
    envelopeParser &&
    expected !== 'verification-failed' &&
    thrown instanceof api.MalformedError &&
    thrown.kind === 'malformed-envelope'
  ) {
    return;
  }
  expectKind(api, () => {
    throw thrown;
  }, expected, what);
}

/** statements.json: each case made into a circuit envelope, through verifyJson. */
function statementCases(api, file, doc) {
  return doc.cases.map((c) => ({
    file,
    name: c.comment,
    run() {
      const pub = c.statement === 'shuffle' ? { k: c.commitments.length / 2 } : c.public;
      const text = JSON.stringify({
        version: 1, scheme: 'circuit', statement: c.statement, public: pub, label: c.label,
        commitments: c.commitments, proof: c.proof,
      });
      expectResult(api, () => api.verifyJson(text), c.valid ? 'ok' : c.error, c.comment, {
        envelopeParser: true,
      });
    },
  }));
}

/** grin_bp.json: each case made into a `grin-bp` envelope, through verifyJson. */
function grinCases(api, file, doc) {
  const cases = [];
  for (const section of ['valid', 'invalid']) {
    doc[section].forEach((c, i) => {
      const name = `${section}/${i} ${c.name ?? ''}`.trim();
      cases.push({
        file,
        name,
        run() {
          const wire = {
            version: 1, scheme: 'grin-bp', bits: c.bits, commitments: [c.commitment], proof: c.proof,
          };
          if (c.extra !== null && c.extra !== undefined) wire.extra = c.extra;
          const expected = section === 'valid' ? 'ok' : c.error;
          expectResult(api, () => api.verifyJson(JSON.stringify(wire)), expected, name, {
            envelopeParser: true,
          });
        },
      });
    });
  }
  return cases;
}

/** circuit.json: a proof against a circuit's canonical JSON description (verifyCircuit). */
function circuitCases(api, file, doc) {
  return doc.cases.map((c) => ({
    file,
    name: c.name,
    run() {
      expectResult(
        api,
        () => api.verifyCircuit(c.circuit, c.commitments.map(hex), hex(c.proof), doc.transcript_label),
        c.expected,
        c.name,
      );
    },
  }));
}

/** monero.json: each case's `monero-bp+` / `monero-bp` envelope through verifyJson. */
function moneroCases(api, file, doc) {
  return doc.cases.map((c) => ({
    file,
    name: c.name,
    run() {
      const text = JSON.stringify(c.envelope);
      if (c.expect === 'valid') {
        api.verifyJson(text);
        return;
      }
      let thrown;
      try {
        api.verifyJson(text);
      } catch (e) {
        thrown = e;
      }
      check(thrown !== undefined, `${c.name}: expected ${c.expect}, but it verified`);
      const family = { invalid: api.InvalidProofError, malformed: api.MalformedError }[c.expect];
      check(family !== undefined, `${c.name}: unknown expectation ${c.expect}`);
      check(thrown instanceof family, `${c.name}: expected ${c.expect}, got ${thrown.name} (${thrown.message})`);
    },
  }));
}

// Vector files this binding runs, recognised by their content (not their name, so that a
// renamed file is still run, and a new kind of file is reported as skipped).
const KINDS = [
  { kind: 'range proofs', test: (d) => Array.isArray(d.range_proofs), cases: rangeProofCases },
  { kind: 'bulletproofs+', test: (d) => d.scheme === 'bulletproofs+', cases: plusCases },
  {
    kind: 'circuit statements',
    test: (d) => Array.isArray(d.cases) && d.cases.every((c) => typeof c.statement === 'string'),
    cases: statementCases,
  },
  {
    kind: 'grin bulletproofs',
    test: (d) => Array.isArray(d.valid) && Array.isArray(d.invalid) && d.generators?.G !== undefined,
    cases: grinCases,
  },
  {
    kind: 'circuits',
    test: (d) => Array.isArray(d.cases) && d.cases.every((c) => typeof c.circuit === 'string'),
    cases: circuitCases,
  },
  {
    kind: 'monero envelopes',
    test: (d) =>
      Array.isArray(d.cases) &&
      d.cases.every((c) => typeof c.expect === 'string' && /^monero-/.test(c.envelope?.scheme)),
    cases: moneroCases,
  },
];

export function vectorCases(api, files) {
  const cases = [];
  const skipped = [];
  for (const { name, text } of files) {
    const doc = parseJson(text);
    const kind = KINDS.find((k) => k.test(doc));
    if (kind) {
      cases.push(...kind.cases(api, name, doc));
    } else {
      skipped.push({ file: name, reason: 'a kind of vector file this binding does not run yet' });
    }
  }
  return { cases, skipped };
}
