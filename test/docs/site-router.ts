/**
 * Pages opened as a reader clicking through the site opens them: by the app's own router in one tab,
 * not a full load each (a full load costs Chromium about 0.25 s of processor a page, mostly starting
 * the app again; a route change a sixth of it). What a full load proves beyond the route change, that
 * the page's server-rendered HTML hydrates, is checked by comparing that HTML, parsed as the browser
 * parses it, with what the app renders for the route: a hydration mismatch is the two differing.
 */
import type { Page } from 'playwright-core';
import type { OpenSite } from './site-browser.ts';

/**
 * Runs in the page: goes to `path` with the VitePress router (provided to the Vue app mounted on
 * `#app`), then returns what went wrong: the router not found, the route not reached, a page with no
 * content, or the page's server-rendered `.vp-doc` (fetched and parsed) other than the rendered one.
 * Comments (Vue's fragment marks) and empty text nodes are left out of both; they are not content.
 * Written with no named inner function: tsx would wrap it in a helper the page does not have.
 */
const routeInPage = async (path: string): Promise<string[]> => {
  const app = (document.querySelector('#app') as { __vue_app__?: { _context: { provides: object } } } | null)
    ?.__vue_app__;
  const provides = (app?._context.provides ?? {}) as Record<string | symbol, unknown>;
  const router = [...Object.getOwnPropertySymbols(provides), ...Object.keys(provides)]
    .map((key) => provides[key] as { go?: (to: string) => Promise<void>; route?: { path: string } })
    .find((value) => typeof value?.go === 'function');
  if (!router?.go || !router.route) return ['no VitePress router on #app'];
  await router.go(path);
  if (router.route.path !== path) return [`the router went to ${router.route.path}`];
  const response = await fetch(path);
  const served = new DOMParser().parseFromString(await response.text(), 'text/html');
  const [ssr, rendered] = [served.querySelector('.vp-doc'), document.querySelector('.vp-doc')].map((root) => {
    if (!root) return undefined;
    const copy = root.cloneNode(true) as Element;
    const walker = document.createTreeWalker(copy, NodeFilter.SHOW_COMMENT | NodeFilter.SHOW_TEXT);
    const drop: Node[] = [];
    for (let node = walker.nextNode(); node; node = walker.nextNode())
      if (node.nodeType === Node.COMMENT_NODE || !node.textContent) drop.push(node);
    for (const node of drop) node.parentNode?.removeChild(node);
    copy.normalize();
    return copy.outerHTML;
  });
  if (!rendered || !document.querySelector('.vp-doc h1')) return ['no page content rendered'];
  if (!ssr) return [`its HTML (${response.status}) has no .vp-doc`];
  if (ssr === rendered) return [];
  let at = 0;
  while (ssr[at] === rendered[at]) at++;
  return [
    `its HTML differs from what the app renders (a hydration mismatch) at ${at}:\n` +
      `    served:   …${ssr.slice(Math.max(0, at - 60), at + 60)}\n` +
      `    rendered: …${rendered.slice(Math.max(0, at - 60), at + 60)}`,
  ];
};

/**
 * Opens `start` by a full load, then each of `paths` by the app's router, one after another in one tab;
 * returns what went wrong on each: console errors, page errors, failed requests, and `routeInPage`'s.
 */
export async function routeAll(open: OpenSite, start: string, paths: string[]): Promise<string[]> {
  const page: Page = await open.context.newPage();
  let problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console error: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('response', (response) => {
    if (response.status() >= 400 && response.url().startsWith(open.origin))
      problems.push(`${response.status()} for ${response.url().slice(open.origin.length)}`);
  });
  const all: string[] = [];
  /** Files `problems` under `path`; returns whether there were any. */
  const take = (path: string) => {
    all.push(...problems.map((p) => `${path}: ${p}`));
    const any = problems.length > 0;
    problems = [];
    return any;
  };
  const load = async () => {
    await page.goto(open.origin + start, { waitUntil: 'load' });
    await page.locator('.VPNav').waitFor();
    take(`${start} (full load)`);
  };
  try {
    await load();
    for (const path of paths) {
      problems.push(...(await page.evaluate(routeInPage, path)));
      // A page that failed may leave the app broken: the next starts from a fresh load, so that each
      // problem is named on its own page.
      if (take(path)) await load();
    }
  } finally {
    await page.close();
  }
  return all;
}
