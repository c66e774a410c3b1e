import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { DefaultTheme } from 'vitepress';

/** One sidebar group per generated package whose API pages TypeDoc wrote (docs/scripts/api.ts). */
export function apiSidebar(dir: string): DefaultTheme.SidebarItem[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((pkg) => existsSync(join(dir, pkg, 'index.md')))
    .sort()
    .map((pkg) => ({
      text: `@xgen/${pkg}`,
      items: [
        { text: `@xgen/${pkg}`, link: `/reference/api/${pkg}/` },
        { text: `@xgen/${pkg}/functions`, link: `/reference/api/${pkg}/functions/` },
        { text: `@xgen/${pkg}/testing`, link: `/reference/api/${pkg}/testing/` },
      ],
    }));
}
