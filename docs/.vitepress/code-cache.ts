/**
 * Each code block highlighted once. VitePress renders every page twice in a build (its Vue component,
 * then again for the local search index), and highlighting is most of a build: shiki's grammar, and
 * twoslash compiling each ```ts block with the TypeScript language service. The highlighter is a function
 * of a block's text, language and attributes alone (nothing of the page or the base goes in), so the
 * second render of a block takes the first one's HTML.
 *
 * XGEN_DOCS_CODE_CACHE names a folder that keeps that HTML between the builds of one checkout, one
 * after another: the tests and CI build the site twice (at base `/` and `/xgen/`), each time in a new
 * folder. Its keys also hold the samples' packages (generated/<pkg>/dist) and the tools' versions, so that
 * a folder kept by mistake serves nothing made from other types. A block that fails to compile fails
 * every build (an error is never kept).
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { MarkdownRenderer } from 'vitepress';

type Highlight = NonNullable<MarkdownRenderer['options']['highlight']>;

/** Makes `md`'s highlighter keep each block's HTML (in memory, and in XGEN_DOCS_CODE_CACHE when set). */
export function highlightOnce(md: MarkdownRenderer, root: string): void {
  const highlight = md.options.highlight;
  if (!highlight) return;
  const folder = process.env.XGEN_DOCS_CODE_CACHE;
  if (folder) mkdirSync(folder, { recursive: true });
  const inputs = folder ? fingerprint(root) : '';
  const done = new Map<string, string>();
  const cached: Highlight = (code, lang, attrs) => {
    const key = JSON.stringify([lang, attrs, code]);
    let html = done.get(key);
    if (html !== undefined) return html;
    const file = folder && join(folder, `${hash(inputs + key)}.html`);
    if (file && existsSync(file)) html = readFileSync(file, 'utf8');
    else {
      html = highlight(code, lang, attrs);
      if (file) {
        // Whole or not at all: another build may read the folder meanwhile.
        writeFileSync(`${file}.${process.pid}`, html);
        renameSync(`${file}.${process.pid}`, file);
      }
    }
    done.set(key, html);
    return html;
  };
  md.options.highlight = cached;
}

const hash = (text: string) => createHash('sha256').update(text).digest('hex');

/** What a block's HTML is made from besides the block: the packages its samples import, the tools' versions. */
function fingerprint(root: string): string {
  const sum = createHash('sha256');
  for (const name of [
    'vitepress',
    'shiki',
    '@shikijs/vitepress-twoslash',
    'twoslash',
    'typescript',
    '@types/node',
  ]) {
    const manifest = join(root, 'node_modules', name, 'package.json');
    sum.update(
      `${name}@${existsSync(manifest) ? (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version : 'none'}\n`,
    );
  }
  for (const file of [
    join(import.meta.dirname, 'config.ts'),
    join(import.meta.dirname, 'twoslash-options.ts'),
  ])
    sum.update(readFileSync(file));
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
      a.name.localeCompare(b.name),
    )) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.d.ts')) sum.update(`${path}\n`).update(readFileSync(path));
    }
  };
  for (const pkg of readdirSync(join(root, 'generated')).sort()) {
    const dist = join(root, 'generated', pkg, 'dist');
    if (existsSync(dist)) walk(dist);
  }
  return sum.digest('hex');
}
