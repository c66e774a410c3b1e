/**
 * The built site where it is served: `vitepress preview` on loopback, every page fetched over HTTP (from
 * the home page and every built .html file), every internal link and #anchor resolved against what the
 * server answers, and each page served at its own URL (not a neighbour's: `x.html` beside `x/index.html`).
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { test } from '../helpers/uvu.ts';
import * as assert from 'uvu/assert';
import { ROOT, removeDir, tempDir } from '../helpers/cli.ts';
import { buildSiteSample, builtSite } from './built-site.ts';
import { crawl, previewSite, readPage } from './link-crawler.ts';
import { sitePages } from './site-pages.ts';
import { siteFile } from './static-server.ts';

const DOCS = join(ROOT, 'docs');
let work = '';
let site = '';

test.before(async () => {
  work = tempDir('docs-links');
  // XGEN_DOCS_SITE names a site already built (npm run docs:build writes docs/.vitepress/dist) to test instead.
  site = process.env.XGEN_DOCS_SITE ? resolve(process.env.XGEN_DOCS_SITE) : await builtSite(() => work);
});

test.after(() => removeDir(work));

/**
 * Crawls `site` under `vitepress preview` with `base`; also returns the pages served with another file's
 * HTML. `whole`: the whole site, built at base `/`, when `site` has some pages left out.
 */
async function crawlPreview(site: string, base = '/', whole?: string) {
  const preview = await previewSite(site, join(work, `preview${base.replace(/\//g, '-')}`), base);
  const misserved: string[] = [];
  try {
    const pages = sitePages(site, base);
    const result = await crawl(preview.url, [base, ...pages], {
      base,
      leftOut: whole
        ? (path) => {
            const file = siteFile(whole, path.slice(base.length - 1));
            return file ? readPage(readFileSync(file, 'utf8')) : undefined;
          }
        : undefined,
      onPage(path, html) {
        const file = siteFile(site, path.slice(base.length - 1));
        if (file && readFileSync(file, 'utf8') !== html) misserved.push(path);
      },
    });
    return { ...result, built: pages.length, misserved };
  } finally {
    await preview.close();
  }
}

test('every internal link and #anchor of the built site resolves under vitepress preview', async () => {
  const started = performance.now();
  const result = await crawlPreview(site);
  console.log(
    `crawled ${result.pages} pages (${result.built} built), ${result.links} internal links, ` +
      `${result.broken.length} broken, in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  assert.ok(result.pages >= result.built, `${result.pages} pages crawled of ${result.built} built`);
  assert.ok(result.links > 1000, `${result.links} links checked`);
  assert.equal(result.broken.slice(0, 50), []);
  assert.equal(result.misserved, []);
});

test('a planted broken link, anchor, and a page served at a neighbour’s URL are caught', async () => {
  const planted = join(work, 'planted');
  mkdirSync(join(planted, 'api'), { recursive: true });
  const page = (body: string) => `<!doctype html><html><body>${body}</body></html>`;
  writeFileSync(join(planted, '404.html'), page('not found'));
  writeFileSync(
    join(planted, 'index.html'),
    page('<a href="/guide">guide</a> <a href="/guide#usage">usage</a> <a href="/api/">api</a>'),
  );
  writeFileSync(
    join(planted, 'guide.html'),
    page('<h2 id="usage">Usage</h2><a href="./missing">gone</a> <a href="/#nowhere">home</a>'),
  );
  // `api.html` beside `api/index.html`: the preview answers `/api/` with the first, whose links are one folder off.
  writeFileSync(join(planted, 'api.html'), page('<a href="api/one">one</a>'));
  writeFileSync(join(planted, 'api', 'index.html'), page('<a href="one">one</a>'));
  writeFileSync(join(planted, 'api', 'one.html'), page('<a href="../guide#usage">usage</a>'));
  const result = await crawlPreview(planted);
  assert.equal(result.broken, [
    '/api/: api/one (/api/api/one answers 404)',
    '/guide: ./missing (/missing answers 404)',
    '/guide: /#nowhere (no #nowhere there)',
  ]);
  assert.equal(result.misserved, ['/api/']);
});

/**
 * A site built with `--base /xgen/`: XGEN_DOCS_BASE_SITE (CI builds it whole), else built here with every
 * page but the API pages, of which a sample of each kind (docs/.vitepress/api-sample.ts): what the base
 * changes is the same on every page of a kind. A link into a page left out resolves when the whole site,
 * at base `/`, has that page and #anchor.
 */
test('every internal link and #anchor resolves under the sub-path base /xgen/', async () => {
  const built = process.env.XGEN_DOCS_BASE_SITE;
  // The pages generated from the code are in docs/ once the before hook's build has run (not CI's site).
  const based = built
    ? resolve(built)
    : buildSiteSample(join(work, 'dist-xgen'), !process.env.XGEN_DOCS_SITE, '--base', '/xgen/');
  const result = await crawlPreview(based, '/xgen/', built ? undefined : site);
  // Only API pages are left out, and some of each package's are in.
  const under = new Set(sitePages(based, '/xgen/').map((p) => p.slice('/xgen'.length)));
  assert.equal(
    sitePages(site).filter((p) => !under.has(p) && !p.startsWith('/reference/api/')),
    [],
  );
  for (const pkg of ['core-v2', 'ads-v12'])
    assert.ok([...under].filter((p) => p.startsWith(`/reference/api/${pkg}/`)).length >= 10, pkg);
  console.log(`under /xgen/: ${result.pages} pages, ${result.links} links, ${result.broken.length} broken`);
  assert.ok(result.pages >= result.built, `${result.pages} pages crawled of ${result.built} built`);
  assert.equal(result.broken.slice(0, 50), []);
  assert.equal(result.misserved, []);
});

/** Markdown links get the base at build time; raw HTML in a page does not, so its links must be relative. */
test('no page writes a root-absolute link in raw HTML (it would miss a sub-path base)', () => {
  const offending: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (!['node_modules', '.vitepress', 'scripts'].includes(entry.name)) walk(path);
      } else if (entry.name.endsWith('.md')) {
        // Code blocks and inline code are shown, not rendered.
        const text = readFileSync(path, 'utf8')
          .replace(/^(\s*)(```|~~~)[\s\S]*?^\1\2/gm, '')
          .replace(/`[^`\n]*`/g, '');
        for (const m of text.matchAll(
          /<(?:a|img|link|script|source)\b[^>]*\b(?:href|src)="(\/[^/][^"]*|\/)"/g,
        ))
          offending.push(`${relative(DOCS, path)}: ${m[1]}`);
      }
    }
  };
  walk(DOCS);
  assert.equal(offending, []);
});

test.run();
