// Timings of the WebAssembly build: proving one 64-bit range proof, verifying one, and a batch
// of 256 (random weights, one thread), as the native example (examples/native_verify.rs) does.
// No Node or DOM API: run from Node (bench/run.mjs) and from the browser page (bench/page.html).
// Returns the minimum and median over rounds, in milliseconds.

function stats(times) {
  const s = [...times].sort((a, b) => a - b);
  return { min: s[0], median: s[Math.floor(s.length / 2)] };
}

export function bench(api, now, { rounds = 15, batchRounds = 5 } = {}) {
  const label = 'bpkit bench';
  const proofs = [];
  const prove = [];
  for (let i = 0; i < 256; i++) {
    const o = api.commit(BigInt(i) * 1_000_003n);
    const t = now();
    const p = api.RangeProof.prove([o], 64, label);
    if (i > 0 && i <= rounds) prove.push(now() - t); // the first builds the generators
    proofs.push([p, new api.RangeStatement(64, [o.commitment])]);
  }
  const [proof, statement] = proofs[0];
  proof.verify(statement, label); // warm-up: builds the generator tables
  const single = [];
  for (let r = 0; r < rounds; r++) {
    const t = now();
    proof.verify(statement, label);
    single.push(now() - t);
  }
  const batch = new api.BatchVerifier();
  for (const [p, s] of proofs) batch.addRangeProof(p, s, label);
  if (batch.verify().length !== 0) throw new Error('the batch does not verify');
  const batched = [];
  for (let r = 0; r < batchRounds; r++) {
    const t = now();
    batch.verify();
    batched.push(now() - t);
  }
  return { prove: stats(prove), single: stats(single), batch256: stats(batched) };
}
