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

/**
 * The names of the built-in runtime files (`runtime/http.ts`, ...), which a config may replace. A
 * runtime file is either plain TypeScript (`http.ts`, copied verbatim) or a handlebars template
 * (`http.ts.hbs`, rendered with the model); the name is the same either way.
 */
export function builtinTemplateNames(): string[] {
  return readdirSync(join(BUILTIN_TEMPLATES, 'runtime'))
    .filter((f) => f.endsWith('.ts') || f.endsWith('.ts.hbs'))
    .map((f) => `runtime/${f.replace(/\.hbs$/, '')}`)
    .sort();
}

/** The built-in file of a runtime name (`runtime/http.ts`): the template if there is one, else the plain file. */
export function builtinTemplateFile(name: string): string {
  const template = join(BUILTIN_TEMPLATES, `${name}.hbs`);
  return existsSync(template) ? template : join(BUILTIN_TEMPLATES, name);
}

/** Whether a runtime file is rendered with handlebars (`.hbs`) rather than copied as it is. */
export function isHandlebarsFile(file: string): boolean {
  return file.endsWith('.hbs');
}
