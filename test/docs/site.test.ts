/**
 * The documentation site as a reader meets it: `npm run docs:build` builds it, a server on loopback
 * serves it, and Chromium opens every guide and reference page (the API pages of each package in
 * site-api-*.test.ts): none logs a console error or fails a request, the local search finds `migrate`,
 * a hover shows a narrowed type, each hover's popper id is stable (no random one), and no internal link
 * (page or #anchor) is broken.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from '../helpers/uvu.ts';
import * as assert from 'uvu/assert';
import { API_PACKAGES, isApiPage, openSite, visitAll, type OpenSite } from './site-browser.ts';
import { sitePages } from './site-pages.ts';
import { siteFile } from './static-server.ts';

let open: OpenSite | undefined;
let site = '';
let origin = '';

test.before(async () => {
  open = await openSite();
  ({ site, origin } = open);
});

test.after(async () => {
  await open?.close();
});

const pages = () => sitePages(site);

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
  // The API pages are opened by a test file a package (site-api-<package>.test.ts): none is left out.
  const unopened = all.filter(
    (p) => p.startsWith('/reference/api/') && !API_PACKAGES.some((pkg) => isApiPage(pkg)(p)),
  );
  assert.equal(unopened, []);
  for (const pkg of API_PACKAGES)
    assert.ok(existsSync(join(import.meta.dirname, `site-api-${pkg}.test.ts`)), `site-api-${pkg}.test.ts`);
  assert.equal(
    await visitAll(
      open!,
      all.filter((p) => !p.startsWith('/reference/api/')),
    ),
    [],
  );
});

test('the local search finds migrate', async () => {
  const page = await open!.context.newPage();
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
  const page = await open!.context.newPage();
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

test('each twoslash hover has a popper id of its own that the next build gives it again', () => {
  const hovers: string[] = [];
  const faults: string[] = [];
  for (const path of pages()) {
    const html = readFileSync(siteFile(site, path)!, 'utf8');
    // floating-vue's own ids are `popper_<random>_<time>`: a new one each build (docs/.vitepress/config.ts).
    if (/\sid="popper_/.test(html)) faults.push(`${path}: a random popper id`);
    const ids = [...html.matchAll(/\sid="(twoslash-[^"]+)"/g)].map((m) => m[1]!);
    const repeated = ids.filter((id, i) => ids.indexOf(id) !== i);
    if (repeated.length > 0) faults.push(`${path}: ${repeated.join(', ')} more than once`);
    hovers.push(...ids);
  }
  assert.equal(faults, []);
  assert.ok(hovers.length > 100, `${hovers.length} twoslash hovers`);
});

test.run();
