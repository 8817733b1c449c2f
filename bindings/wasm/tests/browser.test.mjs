// The vector cases in a real headless browser: Debian's chromium, driven by playwright-core,
// loads tests/browser/vectors.html from a static server on 127.0.0.1 (random port), which
// imports the package's browser build (dist/web) and runs the shared runner (vectors.js).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { serve } from './serve.mjs';
import { launch } from './browser.mjs';

const pkg = fileURLToPath(new URL('../', import.meta.url));
const vectors = fileURLToPath(new URL('../../../tests/vectors/', import.meta.url));

test('every vector case passes in headless chromium', async (t) => {
  const names = readdirSync(vectors).filter((f) => f.endsWith('.json')).sort();
  const server = await serve(
    { '/pkg/dist/': `${pkg}dist/`, '/tests/': `${pkg}tests/`, '/vectors/': vectors },
    { '/vectors/index.json': { type: 'application/json', body: JSON.stringify(names) } },
  );
  let browser;
  try {
    browser = await launch();
    const page = await browser.context.newPage();
    const console = [];
    page.on('console', (m) => console.push(m.text()));
    page.on('pageerror', (e) => console.push(String(e)));
    await page.goto(`${server.url}/tests/browser/vectors.html`);
    await page.waitForFunction(() => window.__results !== undefined, null, { timeout: 300_000 });
    const results = await page.evaluate(() => window.__results);
    assert.equal(results.error, null, `${results.error}\n${console.join('\n')}`);
    assert.ok(results.proved, 'proving with the browser randomness');
    assert.ok(results.cases.length >= 80, `only ${results.cases.length} cases ran`);
    for (const c of results.cases) {
      await t.test(`browser: ${c.file}: ${c.name}`, () => assert.ok(c.ok, c.error));
    }
    for (const s of results.skipped) {
      await t.test(`browser: ${s.file}`, { skip: s.reason }, () => {});
    }
    assert.equal(new Set(results.cases.map((c) => c.file)).size + results.skipped.length, names.length);
  } finally {
    await browser?.close();
    await server.close();
  }
});
