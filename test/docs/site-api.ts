/**
 * The test of a generated package's API pages (site-api-<package>.test.ts, one file a package so that
 * a run opens them in test processes side by side): each loads in Chromium with no console error and
 * no failed request.
 */
import { test } from '../helpers/uvu.ts';
import * as assert from 'uvu/assert';
import { isApiPage, openSite, visitAll, type OpenSite } from './site-browser.ts';
import { sitePages } from './site-pages.ts';

export function apiPagesTest(pkg: string): void {
  let open: OpenSite | undefined;
  test.before(async () => {
    open = await openSite();
  });
  test.after(async () => {
    await open?.close();
  });
  test(`every API page of @xgen/${pkg} loads in Chromium with no console error and no failed request`, async () => {
    const api = sitePages(open!.site).filter(isApiPage(pkg));
    assert.ok(api.length > 50, `@xgen/${pkg} has ${api.length} API pages`);
    assert.equal(await visitAll(open!, api), []);
  });
  test.run();
}
