/**
 * docs/reference/api/<package>/: the API of each generated package, rendered by TypeDoc with
 * typedoc-plugin-markdown from its sources in generated/ (the root entry, `/functions` and `/testing`).
 *
 * The root entry is the package's own page (`<package>/index.md`, its members under `<package>/index/`) and
 * `/functions` is `<package>/functions/index.md` (likewise `/testing`). No page may sit both at `x.md` and `x/index.md`: a static
 * server (VitePress's preview, sirv, most hosts) answers `/x/` with `x.html`, so the reader gets another
 * page than the app routes to (a hydration error) and every relative link on it points one folder off.
 */
import { existsSync, rmSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { Application } from 'typedoc';

export const API_PACKAGES = ['core-v2', 'ads-v12'];

export async function apiReference(root: string, outRoot: string): Promise<void> {
  for (const pkg of API_PACKAGES) {
    const dir = join(root, 'generated', pkg);
    const out = join(outRoot, pkg);
    rmSync(out, { recursive: true, force: true });
    const { name } = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { name: string };
    const app = await Application.bootstrapWithPlugins({
      name,
      entryPoints: [
        join(dir, 'src', 'index.ts'),
        join(dir, 'src', 'functions.ts'),
        join(dir, 'src', 'testing', 'index.ts'),
      ],
      tsconfig: join(dir, 'tsconfig.json'),
      plugin: ['typedoc-plugin-markdown'],
      readme: 'none',
      out,
      entryFileName: 'index',
      // The root entry is the package's page: no `index/index.md` under an `index.md` of modules.
      entryModule: 'index',
      hidePageHeader: true,
      hideBreadcrumbs: true,
      useCodeBlocks: true,
      excludePrivate: true,
      excludeInternal: true,
      disableSources: true,
      logLevel: 'Error',
      validation: { notExported: false, invalidLink: false, unusedMergeModuleWith: false },
    } as Parameters<typeof Application.bootstrapWithPlugins>[0]);
    const project = await app.convert();
    if (!project) throw new Error(`TypeDoc could not read ${name} (generated/${pkg})`);
    await app.generateOutputs(project);
    markExamples(out);
    nameEntries(out, name);
    const clashes = ambiguousPages(out);
    if (clashes.length > 0)
      throw new Error(`${name}: pages a static server cannot tell apart:\n${clashes.join('\n')}`);
  }
}

/** Each `x.md` beside an `x/index.md` under `dir` (relative paths): both would be served at `/x/`. */
export function ambiguousPages(dir: string, root = dir): string[] {
  const clashes: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    const folder = join(dir, entry.name);
    if (existsSync(`${folder}.md`) && existsSync(join(folder, 'index.md')))
      clashes.push(`${relative(root, folder)}.md and ${relative(root, join(folder, 'index.md'))}`);
    clashes.push(...ambiguousPages(folder, root));
  }
  return clashes;
}

/**
 * The `@example` blocks of the generated code are compiled by their own test (they need a client in
 * scope); here they are shown, not run through twoslash again.
 */
function markExamples(dir: string): void {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) markExamples(path);
    else if (name.endsWith('.md')) {
      const text = readFileSync(path, 'utf8');
      const marked = text.replace(/^(\s*)```(ts|typescript)\s*$/gm, '$1```$2 no-twoslash');
      if (marked !== text) writeFileSync(path, marked);
    }
  }
}

/** TypeDoc titles both entries after the project; the site names `/functions` as it is imported, and the root links it. */
function nameEntries(out: string, name: string): void {
  const edit = (file: string, change: (text: string) => string) =>
    writeFileSync(file, change(readFileSync(file, 'utf8')));
  edit(join(out, 'index.md'), (t) =>
    t.replace(
      /^# .*$/m,
      `# ${name}\n\nThe tree-shakable functions: [${name}/functions](functions/index.md).`,
    ),
  );
  edit(join(out, 'functions', 'index.md'), (t) => t.replace(/^# .*$/m, `# ${name}/functions`));
}
