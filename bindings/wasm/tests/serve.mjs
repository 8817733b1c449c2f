// A tiny static file server for the browser tests and benchmarks: 127.0.0.1 only, a random free
// port, GET only, no directory listings, nothing outside the mounted folders; it stops when
// `close()` is called or, at the latest, after `lifetimeMs` (so it never outlives its test).
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.wasm': 'application/wasm',
};

/**
 * Serves `mounts` (URL prefix → folder, e.g. `{ '/pkg/': '/path/dist/' }`) and `extra`
 * (exact URL path → `{ type, body }`). Resolves to `{ url, close }`.
 */
export function serve(mounts, extra = {}, lifetimeMs = 120_000) {
  const server = createServer(async (req, res) => {
    try {
      const path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
      if (req.method !== 'GET') throw Object.assign(new Error('method'), { code: 405 });
      if (extra[path]) {
        res.writeHead(200, { 'content-type': extra[path].type });
        res.end(extra[path].body);
        return;
      }
      const prefix = Object.keys(mounts).find((p) => path.startsWith(p));
      if (!prefix) throw Object.assign(new Error('not found'), { code: 404 });
      const base = normalize(mounts[prefix]);
      const file = normalize(join(base, path.slice(prefix.length)));
      if (!file.startsWith(base.endsWith(sep) ? base : base + sep)) {
        throw Object.assign(new Error('outside'), { code: 403 });
      }
      const body = await readFile(file);
      res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
      res.end(body);
    } catch (e) {
      res.writeHead(e.code === 405 || e.code === 403 ? e.code : 404);
      res.end();
    }
  });
  return new Promise((resolve, reject) => {
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const timer = setTimeout(() => server.close(), lifetimeMs);
      timer.unref();
      const { port } = server.address();
      resolve({
        url: `http://127.0.0.1:${port}`,
        close: () =>
          new Promise((done) => {
            clearTimeout(timer);
            server.closeAllConnections?.();
            server.close(() => done());
          }),
      });
    });
  });
}
