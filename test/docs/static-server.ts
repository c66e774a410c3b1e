/**
 * A static file server on loopback for a built VitePress site, resolving paths as a host with clean
 * URLs does: `/guide/migrate` is `guide/migrate.html`, `/reference/api/core-v2/` its `index.html`.
 */
import { createReadStream, existsSync, statSync } from 'node:fs';
import type { Server } from 'node:http';
import { extname, join, normalize } from 'node:path';
import { listenHttp, type Loopback } from '../helpers/server.ts';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.woff2': 'font/woff2',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
};

/** The file a URL path names in the site, or undefined when there is none. */
export function siteFile(root: string, pathname: string): string | undefined {
  const path = normalize(decodeURIComponent(pathname)).replace(/^(\.\.[/\\])+/, '');
  const candidates = path.endsWith('/')
    ? [join(root, path, 'index.html')]
    : [join(root, path), join(root, `${path}.html`), join(root, path, 'index.html')];
  return candidates.find((file) => file.startsWith(root) && existsSync(file) && statSync(file).isFile());
}

export function serveSite(root: string): Promise<Loopback<Server>> {
  return listenHttp((req, res) => {
    const file = siteFile(root, new URL(req.url ?? '/', 'http://x').pathname);
    if (!file) {
      res.writeHead(404, { 'content-type': 'text/html' });
      createReadStream(join(root, '404.html')).pipe(res);
      return;
    }
    // As a host serves VitePress's hashed assets (its deploy guide's headers): the browser keeps them
    // between pages, so each page costs its own HTML and chunk, not the whole app again.
    const cache = /^\/assets\//.test(req.url ?? '')
      ? { 'cache-control': 'public, max-age=31536000, immutable' }
      : {};
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream', ...cache });
    createReadStream(file).pipe(res);
  });
}
