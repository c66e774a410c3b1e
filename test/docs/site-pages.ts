/** The pages of a built docs site, read from its files: what the link crawl and the browser tests open. */
import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';

/** Every page of a built site, as the URL path (under `base`) a reader opens. */
export function sitePages(site: string, base = '/'): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.html') && entry.name !== '404.html')
        out.push(`${base}${relative(site, path).replace(/\\/g, '/')}`.replace(/(index)?\.html$/, ''));
    }
  };
  walk(site);
  return out.sort();
}
