/**
 * The test of a generated package's API pages (site-api-<package>.test.ts, one file a package so that
 * a run opens them in test processes side by side): each opens in Chromium with no console error and
 * no failed request, and its HTML is what the app renders for it. A sample of each kind of page (the
 * first and the largest of each folder: a class, an interface, a function...) is loaded in full; every
 * page is then opened by the app's router in one tab (site-router.ts), which costs a sixth of a load.
 */
import { statSync } from 'node:fs';
import { dirname } from 'node:path';
import { test } from '../helpers/uvu.ts';
import * as assert from 'uvu/assert';
import { isApiPage, openSite, visitAll, type OpenSite } from './site-browser.ts';
import { sitePages } from './site-pages.ts';
import { routeAll } from './site-router.ts';
import { siteFile } from './static-server.ts';

/** The first and the largest page of each folder of `paths` (a folder holds one kind of page). */
export function pageKinds(site: string, paths: string[]): string[] {
  const folders = new Map<string, string[]>();
  for (const path of paths) {
    const folder = path.endsWith('/') ? path : dirname(path);
    folders.set(folder, [...(folders.get(folder) ?? []), path]);
  }
  const size = (path: string) => statSync(siteFile(site, path)!).size;
  return [...folders.values()].flatMap((pages) => [
    ...new Set([pages[0]!, pages.reduce((a, b) => (size(b) > size(a) ? b : a))]),
  ]);
}

export function apiPagesTest(pkg: string): void {
  let open: OpenSite | undefined;
  test.before(async () => {
    open = await openSite();
  });
  test.after(async () => {
    await open?.close();
  });
  test(`every API page of @xgen/${pkg} opens in Chromium with no console error and no failed request`, async () => {
    const api = sitePages(open!.site).filter(isApiPage(pkg));
    assert.ok(api.length > 50, `@xgen/${pkg} has ${api.length} API pages`);
    const loaded = pageKinds(open!.site, api);
    assert.ok(loaded.length >= 10, `${loaded.length} pages loaded in full`);
    assert.equal(await visitAll(open!, loaded), []);
    assert.equal(await routeAll(open!, `/reference/api/${pkg}/`, api), []);
  });
  test.run();
}
