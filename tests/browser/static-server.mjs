// static-server.mjs - a plain static file server for the browser tests of
// the page with no server (build/web-static): no awale code, only files,
// as any static host serves them: the folder at / and under a sub-path
// (/sub/path/ by default), the usual MIME types (application/wasm for the
// module, application/manifest+json for the manifest), gzip when the
// browser accepts it, "Cache-Control: no-cache" with an ETag (the browser
// asks again, and a file it holds already costs a 304; the service worker
// is what keeps the files), 404 for anything else.
// It counts what it sends (bytes on the wire, by path), for the figure of
// a first visit. The folder served can be swapped (a new version of the
// build, for the test of updates).
//   node tests/browser/static-server.mjs DIR [PORT]   serves until killed
import http from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { join, extname, normalize } from 'node:path';
import { gzipSync } from 'node:zlib';
import { createHash } from 'node:crypto';
import { pathToFileURL } from 'node:url';

export const MIME = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.wasm': 'application/wasm',
  '.txt': 'text/plain; charset=utf-8',
};
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.webmanifest', '.svg', '.wasm', '.txt']);

// serve(dir, {port, prefix}) → {url, prefixUrl, sent, reset(), setRoot(dir), close()}
export async function serve(dir, { port = 0, prefix = '/sub/path/' } = {}) {
  let root = dir;
  const sent = new Map(); // path → bytes on the wire
  const server = http.createServer(async (req, res) => {
    try {
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        res.writeHead(405, { Allow: 'GET, HEAD' }).end();
        return;
      }
      let path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
      if (prefix && path.startsWith(prefix)) path = `/${path.slice(prefix.length)}`;
      else if (prefix && path === prefix.slice(0, -1)) {
        res.writeHead(301, { Location: prefix }).end();
        return;
      }
      if (path.endsWith('/')) path += 'index.html';
      const file = normalize(join(root, path));
      if (!file.startsWith(normalize(root))) throw new Error('outside');
      const info = await stat(file);
      if (!info.isFile()) throw new Error('not a file');
      let body = await readFile(file);
      const ext = extname(file);
      const etag = `"${createHash('sha1').update(body).digest('hex').slice(0, 16)}"`;
      const headers = { 'Content-Type': MIME[ext] || 'application/octet-stream', 'Cache-Control': 'no-cache', ETag: etag };
      if (req.headers['if-none-match'] === etag) {
        res.writeHead(304, headers).end();
        return;
      }
      if (COMPRESSIBLE.has(ext) && /\bgzip\b/.test(req.headers['accept-encoding'] || '')) {
        body = gzipSync(body, { level: 9 });
        headers['Content-Encoding'] = 'gzip';
        headers.Vary = 'Accept-Encoding';
      }
      headers['Content-Length'] = body.length;
      res.writeHead(200, headers);
      if (req.method === 'GET') {
        res.end(body);
        sent.set(path, (sent.get(path) || 0) + body.length);
      } else res.end();
    } catch {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-cache' }).end('not found\n');
    }
  });
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${server.address().port}`;
  return {
    url: `${url}/`,
    prefixUrl: `${url}${prefix}`,
    sent,
    reset: () => sent.clear(),
    setRoot: (d) => { root = d; },
    close: () => new Promise((resolve) => { server.closeAllConnections?.(); server.close(resolve); }),
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] || '').href) {
  if (process.argv.length < 3) {
    console.error('usage: node tests/browser/static-server.mjs DIR [PORT]');
    process.exit(2);
  }
  const s = await serve(process.argv[2], { port: Number(process.argv[3] || 8081) });
  console.log(`serving ${process.argv[2]} at ${s.url} and ${s.prefixUrl}`);
}
