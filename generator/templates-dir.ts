import { existsSync, readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The folder of the built-in templates (`templates/` at the package root). */
export const BUILTIN_TEMPLATES = findTemplates(dirname(fileURLToPath(import.meta.url)));

/** Walks up from this file (in `generator/` or in the built `dist/generator/`) to the package's `templates/`. */
function findTemplates(start: string): string {
  for (let dir = start, i = 0; i < 5; i++, dir = dirname(dir)) {
    const candidate = join(dir, 'templates');
    if (existsSync(join(candidate, 'runtime'))) return candidate;
  }
  return resolve(start, '..', '..', 'templates');
}

/** The names of the built-in runtime templates (`runtime/http.ts`, ...), which a config may replace. */
export function builtinTemplateNames(): string[] {
  return readdirSync(join(BUILTIN_TEMPLATES, 'runtime'))
    .filter((f) => f.endsWith('.ts.hbs'))
    .map((f) => `runtime/${f.replace(/\.hbs$/, '')}`)
    .sort();
}
