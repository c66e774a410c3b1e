/**
 * The built documentation site as a reader meets it, for the tests that open its pages in Chromium
 * (site.test.ts, and the API pages of each package in site-api-*.test.ts, split so that a run opens
 * them in test processes side by side): the site `npm run docs:build` builds (once a run), served on
 * loopback, and one Chromium.
 */
import { resolve } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchChromium } from '../helpers/chromium.ts';
import { removeDir, tempDir } from '../helpers/cli.ts';
import type { Loopback } from '../helpers/server.ts';
import { builtSite } from './built-site.ts';
import { serveSite } from './static-server.ts';

export interface OpenSite {
  /** The built site's folder. */
  site: string;
  /** `http://127.0.0.1:<port>`, where it is served. */
  origin: string;
  // One context for the whole file: @sparticuz/chromium runs single-process, where closing a context can end the browser.
  context: BrowserContext;
  close(): Promise<void>;
}

/** Builds the site (or takes XGEN_DOCS_SITE, a site already built), serves it, and launches Chromium. */
export async function openSite(): Promise<OpenSite> {
  let work = '';
  // XGEN_DOCS_SITE names a site already built (npm run docs:build writes docs/.vitepress/dist) to test instead.
  const site = process.env.XGEN_DOCS_SITE
    ? resolve(process.env.XGEN_DOCS_SITE)
    : await builtSite(() => (work = tempDir('docs-site')));
  let server: Loopback | undefined;
  let browser: Browser | undefined;
  const close = async () => {
    await browser?.close();
    await server?.close();
    if (work) removeDir(work);
  };
  try {
    server = await serveSite(site);
    browser = await launchChromium();
    return { site, origin: server.url, context: await browser.newContext(), close };
  } catch (error) {
    await close();
    throw error;
  }
}

/** The generated packages whose API pages the site has, each opened by a site-api-<package>.test.ts. */
export const API_PACKAGES = ['core-v2', 'ads-v12'];

/** The API pages of generated package `pkg` (`core-v2`, `ads-v12`). */
export const isApiPage = (pkg: string) => (path: string) => path.startsWith(`/reference/api/${pkg}/`);

/** Opens `path` and returns what went wrong there: console errors, page errors, failed requests. */
async function visit(page: Page, origin: string, path: string): Promise<string[]> {
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
export async function visitAll(open: OpenSite, paths: string[]): Promise<string[]> {
  const queue = [...paths];
  const problems: string[] = [];
  await Promise.all(
    Array.from({ length: 3 }, async () => {
      const page = await open.context.newPage();
      for (let path = queue.shift(); path !== undefined; path = queue.shift())
        problems.push(...(await visit(page, open.origin, path)));
      await page.close();
    }),
  );
  return problems;
}
