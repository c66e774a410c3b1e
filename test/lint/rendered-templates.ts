/**
 * The runtime templates, rendered, are laid out as the format stage lays out generated code: every
 * `.ts.hbs` (and every copied file) rendered for the specs we ship and the test specs (each package
 * gets the files and the branches its spec asks for) is already what oxfmt prints, so a template is
 * written formatted whatever its conditions decide. `npm run lint:templates` runs this file; the
 * format test runs `unformattedRuntime`.
 */
import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { renderRuntime, type TemplateOverrides } from '../../generator/emit/runtime.ts';
import { OPTIONS } from '../../generator/format/index.ts';
import { loadOxfmt } from '../../generator/format/oxfmt.ts';
import { loadSpec } from '../../generator/load/index.ts';
import { buildModel } from '../../generator/model/index.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** The specs the runtime is rendered for: the two we ship, the test specs and the corpus. */
export function templateSpecs(): string[] {
  const files = (dir: string): string[] =>
    readdirSync(join(ROOT, dir))
      .filter((name) => /\.(ya?ml|json)$/.test(name) && statSync(join(ROOT, dir, name)).isFile())
      .map((name) => join(ROOT, dir, name));
  return [...files('spec'), ...files('test/fixtures/specs'), ...files('test/fixtures/specs/corpus')];
}

/** `spec: runtime file` for each rendered runtime file oxfmt would lay out otherwise (`overrides` as a config gives them). */
export async function unformattedRuntime(
  specs: readonly string[],
  overrides: TemplateOverrides = {},
): Promise<string[]> {
  const format = await loadOxfmt();
  if (!format) throw new Error('oxfmt has no binary for this platform');
  const out: string[] = [];
  for (const spec of specs) {
    const model = buildModel(loadSpec(spec), { packageName: '@xgen/check', clientName: 'CheckClient' });
    for (const file of renderRuntime(model, overrides))
      if ((await format(file.path, file.text, OPTIONS)) !== file.text)
        out.push(`${relative(ROOT, spec)}: ${file.path}`);
  }
  return out;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const specs = templateSpecs();
  const bad = await unformattedRuntime(specs);
  for (const line of bad) console.error(`not formatted when rendered: ${line}`);
  if (bad.length > 0) process.exit(1);
  console.log(`runtime templates rendered for ${specs.length} specs: all formatted`);
}
