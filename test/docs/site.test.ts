/**
 * The documentation site as a reader meets it: `npm run docs:build` builds it, a server on loopback
 * serves it, and Chromium opens every page: none logs a console error or fails a request, the local
 * search finds `migrate`, a hover shows a narrowed type, and no internal link (page or #anchor) is broken.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { test } from '../helpers/uvu.ts';
import * as assert from 'uvu/assert';
import { launchChromium } from '../helpers/chromium.ts';
import { removeDir, tempDir } from '../helpers/cli.ts';
import type { Loopback } from '../helpers/server.ts';
import { builtSite } from './built-site.ts';
import { serveSite, siteFile } from './static-server.ts';

let work = '';
let site = '';
let origin = '';
let server: Loopback | undefined;
let browser: Browser | undefined;
// One context for the whole file: @sparticuz/chromium runs single-process, where closing a context can end the browser.
let context: BrowserContext | undefined;

test.before(async () => {
  // XGEN_DOCS_SITE names a site already built (npm run docs:build writes docs/.vitepress/dist) to test instead.
  site = process.env.XGEN_DOCS_SITE
    ? resolve(process.env.XGEN_DOCS_SITE)
    : await builtSite(() => (work = tempDir('docs-site')));
  server = await serveSite(site);
  origin = server.url;
  browser = await launchChromium();
  context = await browser.newContext();
});

test.after(async () => {
  await browser?.close();
  await server?.close();
  if (work) removeDir(work);
});

/** Every page of the built site, as the URL path a reader opens. */
function pages(): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.html') && entry.name !== '404.html')
        out.push(`/${relative(site, path).replace(/\\/g, '/')}`.replace(/(index)?\.html$/, ''));
    }
  };
  walk(site);
  return out.sort();
}

/** Opens `path` and returns what went wrong there: console errors, page errors, failed requests. */
async function visit(page: Page, path: string): Promise<string[]> {
  const problems: string[] = [];
  const onConsole = (message: { type(): string; text(): string }) => {
    if (message.type() === 'error') problems.push(`console error: ${message.text()}`);
  };
  const onError = (error: Error) => problems.push(`page error: ${error.message}`);
  const onResponse = (response: { status(): number; url(): string }) => {
    if (response.status() >= 400 && response.url().startsWith(origin))
      problems.push(`${response.status()} for ${response.url().slice(origin.length)}`);
  };
  page.on('console', onConsole);
  page.on('pageerror', onError);
  page.on('response', onResponse);
  try {
    const response = await page.goto(origin + path, { waitUntil: 'load' });
    if (!response || response.status() !== 200) problems.push(`status ${response?.status()}`);
    // The app has hydrated once the theme's nav is interactive.
    await page.locator('.VPNav').waitFor();
  } finally {
    page.off('console', onConsole);
    page.off('pageerror', onError);
    page.off('response', onResponse);
  }
  return problems.map((p) => `${path}: ${p}`);
}

/** Opens each page in a few tabs at once (the machine is shared; each page is small) and returns the problems. */
async function visitAll(paths: string[]): Promise<string[]> {
  const queue = [...paths];
  const problems: string[] = [];
  await Promise.all(
    Array.from({ length: 3 }, async () => {
      const page = await context!.newPage();
      for (let path = queue.shift(); path !== undefined; path = queue.shift())
        problems.push(...(await visit(page, path)));
      await page.close();
    }),
  );
  return problems;
}

const isApi = (pkg: string) => (path: string) => path.startsWith(`/reference/api/${pkg}/`);

test('every guide and reference page loads in Chromium with no console error and no failed request', async () => {
  const all = pages();
  for (const wanted of [
    '/',
    '/guide/getting-started',
    '/guide/migrate',
    '/guide/publishing',
    '/reference/cli',
    '/reference/config',
    '/benchmarks',
    '/reference/api/core-v2/',
    '/reference/api/ads-v12/',
  ]) {
    assert.ok(all.includes(wanted), `the site has ${wanted}`);
  }
  assert.equal(await visitAll(all.filter((p) => !p.startsWith('/reference/api/'))), []);
});

// The API pages, a package at a time (each a few hundred pages).
for (const pkg of ['core-v2', 'ads-v12']) {
  test(`every API page of @xgen/${pkg} loads in Chromium with no console error and no failed request`, async () => {
    const api = pages().filter(isApi(pkg));
    assert.ok(api.length > 50, `@xgen/${pkg} has ${api.length} API pages`);
    assert.equal(await visitAll(api), []);
  });
}

test('the local search finds migrate', async () => {
  const page = await context!.newPage();
  try {
    await page.goto(`${origin}/`);
    await page.locator('#local-search button').click();
    await page.locator('#localsearch-input').fill('migrate');
    const first = page.locator('.results .result').first();
    await first.waitFor();
    const links = await page
      .locator('.results .result')
      .evaluateAll((items) => items.map((a) => a.getAttribute('href') ?? ''));
    assert.ok(
      links.some((href) => href.startsWith('/guide/migrate')),
      `results: ${links.join(', ')}`,
    );
  } finally {
    await page.close();
  }
});

test('a sample shows the narrowed type of a selected field', async () => {
  const page = await context!.newPage();
  try {
    await page.goto(`${origin}/guide/field-selection`);
    // The `^?` query under `post.created_at` is shown without hovering; a requested field is a plain string.
    const query = page
      .locator('.v-popper__popper--shown.v-popper--theme-twoslash-query .twoslash-popup-code')
      .first();
    await query.waitFor();
    assert.is(await query.textContent(), 'created_at: string');
    // Hovering the method opens its type, as in an editor: instantiated with the lists the call passes.
    await page.locator('.twoslash-hover', { hasText: 'getPostsByIds' }).first().hover();
    const popup = page
      .locator('.v-popper__popper--shown:not(.v-popper--theme-twoslash-query) .twoslash-popup-code')
      .first();
    await popup.waitFor();
    assert.match(
      (await popup.textContent()) ?? '',
      'getPostsByIds<["created_at", "in_reply_to_user_id"], ["verified"]',
    );
  } finally {
    await page.close();
  }
});

test('no internal link is broken: every page and #anchor a page links to exists', () => {
  const broken: string[] = [];
  const ids = new Map<string, Set<string>>();
  const idsOf = (file: string) => {
    let found = ids.get(file);
    if (!found) {
      found = new Set([...readFileSync(file, 'utf8').matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]!));
      ids.set(file, found);
    }
    return found;
  };
  for (const path of pages()) {
    const file = siteFile(site, path)!;
    const html = readFileSync(file, 'utf8');
    for (const [, href] of html.matchAll(/<a [^>]*href="([^"]+)"/g)) {
      if (!href || /^[a-z]+:/i.test(href) || href.startsWith('//')) continue;
      const url = new URL(href.replace(/&amp;/g, '&'), origin + path);
      const target = siteFile(site, url.pathname);
      if (!target) {
        broken.push(`${path}: ${href} (no such page)`);
        continue;
      }
      const anchor = decodeURIComponent(url.hash.slice(1));
      if (anchor && !idsOf(target).has(anchor)) broken.push(`${path}: ${href} (no #${anchor} there)`);
    }
  }
  assert.equal(broken, []);
});

test.run();
