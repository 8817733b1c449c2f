// WebAssembly verification against native Rust, in one run (outside CI):
//   bash build.sh && node bench/run.mjs
// Native: examples/native_verify.rs (release, the CPU's best backend). Node and headless
// chromium: bench/bench.js over the package (dist/node, dist/web). Prints a Markdown table of
// minimum and median times and the ratios to native; paste it into README.md and
// bench/RESULTS.md with the machine kind. Note: chromium's performance.now() is coarsened
// (100 µs steps when not cross-origin isolated), which matters for the single proof only.
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import * as api from 'bpkit';
import { bench } from './bench.js';
import { serve } from '../tests/serve.mjs';
import { launch } from '../tests/browser.mjs';

const pkg = fileURLToPath(new URL('../', import.meta.url));

const native = JSON.parse(
  execFileSync('cargo', ['run', '-q', '--release', '-p', 'bpkit-wasm', '--example', 'native_verify'], {
    cwd: pkg,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  }).trim(),
);
const node = bench(api, () => performance.now());

const server = await serve({ '/pkg/dist/': `${pkg}dist/`, '/bench/': `${pkg}bench/` }, {}, 600_000);
let browserResult;
let browser;
try {
  browser = await launch();
  const page = await browser.context.newPage();
  await page.goto(`${server.url}/bench/page.html`);
  await page.waitForFunction(() => window.__bench !== undefined, null, { timeout: 600_000 });
  browserResult = await page.evaluate(() => window.__bench);
  if (browserResult.error) throw new Error(browserResult.error);
} finally {
  await browser?.close();
  await server.close();
}

const f = (x) => (x >= 10 ? x.toFixed(1) : x.toFixed(2));
const row = (name, r, what) => {
  const v = r[what];
  const n = native[what];
  const ratio = (a, b) => `${(a / b).toFixed(1)}×`;
  return `| ${name} | ${f(v.min)} | ${f(v.median)} | ${ratio(v.min, n.min)} | ${ratio(v.median, n.median)} |`;
};
for (const [what, title] of [
  ['prove', 'Proving one 64-bit range proof'],
  ['single', 'Verification, one 64-bit range proof'],
  ['batch256', 'Verification, batch of 256 64-bit range proofs'],
]) {
  console.log(`\n${title} (ms):\n`);
  console.log('| where | min | median | min / native | median / native |');
  console.log('|---|---|---|---|---|');
  console.log(row(`native Rust (${native.backend})`, native, what));
  console.log(row(`WebAssembly, Node ${process.version}`, node, what));
  console.log(row('WebAssembly, headless chromium', browserResult, what));
}
