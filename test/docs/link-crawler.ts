/**
 * The built site as `vitepress preview` serves it, and a crawler over it: every page fetched over HTTP,
 * every internal link and `#anchor` on it checked against what the server answers (a page is found when
 * it answers 200, an anchor when the target page's HTML has that id).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { serve } from 'vitepress';

/** A server on loopback for a built site. */
export interface Preview {
  /** `http://127.0.0.1:<port>` */
  url: string;
  close(): Promise<void>;
}

/**
 * Serves `site` with VitePress's own preview server (`vitepress preview`: sirv, clean URLs, the site's
 * 404 page) under `base`. The preview reads its out dir from a config, so `work` gets a config naming `site`.
 */
export async function previewSite(site: string, work: string, base = '/'): Promise<Preview> {
  mkdirSync(join(work, '.vitepress'), { recursive: true });
  writeFileSync(
    join(work, '.vitepress', 'config.mjs'),
    `export default ${JSON.stringify({ outDir: resolve(site), base, vite: { logLevel: 'silent' } })};\n`,
  );
  // `serve` hands its port to node:http's listen, which also takes { port, host }: loopback, a free port.
  const port = { port: 0, host: '127.0.0.1' } as unknown as number;
  const app = await serve({ root: work, port });
  const server = app.server as Server;
  if (!server.listening) await new Promise((resolve) => server.once('listening', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export interface CrawlResult {
  /** Pages fetched and read. */
  pages: number;
  /** Internal links checked (one per `<a href>` on a page). */
  links: number;
  /** `<page>: <href> (<why>)` for each link that does not resolve. */
  broken: string[];
}

/** One fetched page: its status, and the ids its HTML has when it is HTML. */
interface Fetched {
  status: number;
  ids?: Set<string>;
  hrefs?: string[];
}

const decode = (text: string) =>
  text
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<');

/** The hrefs of a page's `<a>` elements and its element ids. */
export function readPage(html: string): { hrefs: string[]; ids: Set<string> } {
  return {
    hrefs: [...html.matchAll(/<a\s[^>]*?\bhref="([^"]*)"/g)].map((m) => decode(m[1]!)),
    ids: new Set([...html.matchAll(/\sid="([^"]+)"/g)].map((m) => decode(m[1]!))),
  };
}

/**
 * Fetches `starts` (paths under `origin`) and every internal page they link to, a few at a time, and checks
 * each internal link: a link outside `base`, a page that is not 200, or an anchor the page has no id for is
 * broken. `onPage` sees each page's HTML as served (to compare it with the file that should be there).
 */
export async function crawl(
  origin: string,
  starts: string[],
  options: {
    base?: string;
    onPage?: (path: string, html: string) => void;
    /**
     * For a site built with some pages left out: the page at `path` (404 here) as another build of the
     * same site has it, or undefined when it has none either. A link into it resolves when that page does.
     */
    leftOut?: (path: string) => { ids: Set<string> } | undefined;
  } = {},
): Promise<CrawlResult> {
  const base = options.base ?? '/';
  const fetched = new Map<string, Promise<Fetched>>();
  const get = (path: string) => {
    let page = fetched.get(path);
    if (!page) {
      page = fetchPage(path);
      fetched.set(path, page);
    }
    return page;
  };
  const fetchPage = async (path: string): Promise<Fetched> => {
    const response = await fetch(origin + path);
    if (response.status !== 200 || !/html/.test(response.headers.get('content-type') ?? '')) {
      await response.arrayBuffer();
      return { status: response.status };
    }
    const html = await response.text();
    options.onPage?.(path, html);
    return { status: 200, ...readPage(html) };
  };

  const broken: string[] = [];
  let pages = 0;
  let links = 0;
  const queue = [...new Set(starts)];
  const seen = new Set(queue);
  const visit = async (path: string) => {
    const page = await get(path);
    if (page.status !== 200) {
      broken.push(`${path}: answers ${page.status}`);
      return;
    }
    pages++;
    for (const href of page.hrefs ?? []) {
      if (!href || /^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith('//')) continue;
      links++;
      const url = new URL(href, origin + path);
      if (!url.pathname.startsWith(base)) {
        broken.push(`${path}: ${href} (outside the base ${base})`);
        continue;
      }
      let target = await get(url.pathname);
      const elsewhere = target.status === 404 ? options.leftOut?.(url.pathname) : undefined;
      if (elsewhere) target = { status: 200, ids: elsewhere.ids };
      if (target.status !== 200) {
        broken.push(`${path}: ${href} (${url.pathname} answers ${target.status})`);
        continue;
      }
      const anchor = decodeURIComponent(url.hash.slice(1));
      if (anchor && !target.ids?.has(anchor)) broken.push(`${path}: ${href} (no #${anchor} there)`);
      if (target.ids && !elsewhere && !seen.has(url.pathname)) {
        seen.add(url.pathname);
        queue.push(url.pathname);
      }
    }
  };
  // A few requests at a time: the machine is shared, and each page is small.
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      for (let path = queue.shift(); path !== undefined; path = queue.shift()) await visit(path);
    }),
  );
  return { pages, links, broken: broken.sort() };
}
