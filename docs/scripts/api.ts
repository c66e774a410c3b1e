/**
 * docs/reference/api/<package>/: the API of each generated package, rendered by TypeDoc with
 * typedoc-plugin-markdown from its sources in generated/ (the root entry, `/functions` and `/testing`).
 */
import { rmSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
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
  }
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

/** TypeDoc names the two entries after their files; the site names them as they are imported. */
function nameEntries(out: string, name: string): void {
  const edit = (file: string, change: (text: string) => string) =>
    writeFileSync(file, change(readFileSync(file, 'utf8')));
  edit(join(out, 'index.md'), (t) =>
    t
      .replace('[functions](functions/index.md)', `[${name}/functions](functions/index.md)`)
      .replace('[index](index/index.md)', `[${name}](index/index.md)`),
  );
  edit(join(out, 'index', 'index.md'), (t) => t.replace(/^# index$/m, `# ${name}`));
  edit(join(out, 'functions', 'index.md'), (t) => t.replace(/^# functions$/m, `# ${name}/functions`));
}
