// Packaging: `npm pack` gives a tarball that a fresh project installs and uses from Node
// (import and require) and from a browser page (an import map to the installed package).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from './serve.mjs';
import { launch } from './browser.mjs';

const pkg = fileURLToPath(new URL('../', import.meta.url));
const npm = (args, cwd) =>
  execFileSync('npm', [...args, '--no-audit', '--no-fund', '--loglevel=error'], { cwd, encoding: 'utf8' });

const USE = `
  const o = bp.commit(42n);
  const p = bp.RangeProof.prove([o], 32, 'package');
  p.verify(new bp.RangeStatement(32, [o.commitment]), 'package');
  let kind;
  try { bp.RangeProof.fromBytes(new Uint8Array(1)); } catch (e) { kind = e instanceof bp.MalformedError && e.kind; }
  if (kind !== 'wrong-length') throw new Error('error classes: ' + kind);
`;

test('npm pack → npm install in a fresh project → works in Node and in a browser page', async () => {
  const work = mkdtempSync(join(tmpdir(), 'bpkit-npm-'));
  let browser;
  let server;
  try {
    const tarball = npm(['pack', '--pack-destination', work], pkg).trim().split('\n').pop();
    const app = join(work, 'app');
    execFileSync('mkdir', [app]);
    writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'app', private: true, type: 'module' }));
    npm(['install', join(work, tarball)], app);

    writeFileSync(join(app, 'esm.mjs'), `import * as bp from 'bpkit';\n${USE}\nconsole.log('esm ok');\n`);
    writeFileSync(join(app, 'cjs.cjs'), `const bp = require('bpkit');\n${USE}\nconsole.log('cjs ok');\n`);
    assert.equal(execFileSync('node', ['esm.mjs'], { cwd: app, encoding: 'utf8' }).trim(), 'esm ok');
    assert.equal(execFileSync('node', ['cjs.cjs'], { cwd: app, encoding: 'utf8' }).trim(), 'cjs ok');

    const page = `<!doctype html><meta charset="utf-8">
<script type="importmap">{ "imports": { "bpkit": "/node_modules/bpkit/dist/web/index.js" } }</script>
<script type="module">
  try { const bp = await import('bpkit'); ${USE} window.__ok = 'browser ok'; }
  catch (e) { window.__ok = String(e && e.stack || e); }
</script>`;
    server = await serve({ '/node_modules/': join(app, 'node_modules') }, { '/': { type: 'text/html', body: page } });
    browser = await launch();
    const tab = await browser.context.newPage();
    await tab.goto(`${server.url}/`);
    await tab.waitForFunction(() => window.__ok !== undefined, null, { timeout: 60_000 });
    assert.equal(await tab.evaluate(() => window.__ok), 'browser ok');
  } finally {
    await browser?.close();
    await server?.close();
    rmSync(work, { recursive: true, force: true });
  }
});
