/**
 * A sample of the API pages, for a build of the site that needs each kind of page but not every page
 * (test/docs/links.test.ts builds the site under the sub-path base `/xgen/` so, and checks the links into
 * the pages left out against the whole site): of each folder of docs/reference/api (a folder holds one
 * kind of page: a package's classes, its interfaces...), the first page and the largest.
 */
import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

/** The API pages (paths under `docs`, `/`-separated) the sample leaves out. */
export function apiPagesLeftOut(docs: string): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    const entries = readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name));
    const pages = entries.filter((e) => e.isFile() && e.name.endsWith('.md')).map((e) => join(dir, e.name));
    const size = (file: string) => statSync(file).size;
    const largest = pages.reduce<string | undefined>((a, b) => (a && size(a) >= size(b) ? a : b), undefined);
    for (const page of pages.slice(1))
      if (page !== largest) out.push(relative(docs, page).split('\\').join('/'));
    for (const entry of entries) if (entry.isDirectory()) walk(join(dir, entry.name));
  };
  walk(join(docs, 'reference', 'api'));
  return out;
}
