/**
 * The runtime templates' compiled form (generator/emit/runtime.ts, issue 38): kept in the code
 * cache, so that a later process renders from it on handlebars' runtime alone, without its
 * compiler; a damaged entry is compiled again; a refused template leaves no entry; the same text
 * with the cache off, cold and warm.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from '../../helpers/uvu.ts';
import * as assert from 'uvu/assert';
import { removeDir, ROOT, tempDir } from '../../helpers/cli.ts';

const TEMPLATE = 'export const name = {{literal name}};\n{{#if extra}}// {{comment extra}}\n{{/if}}';

/** A process that renders TEMPLATE (or `source`) and says whether handlebars' compiler was loaded. */
function render(
  env: Record<string, string>,
  source = TEMPLATE,
): { text?: string; error?: string; compilerLoaded: boolean } {
  const script = `
import { createRequire } from 'node:module';
import { renderTemplate } from './generator/emit/runtime.ts';
let text, error;
try {
  text = renderTemplate('runtime/x.ts', ${JSON.stringify(source)}, { name: "it's", extra: 'a */ note' });
} catch (e) {
  error = e.message;
}
const cache = createRequire(${JSON.stringify(join(ROOT, 'x.js'))}).cache;
const compilerLoaded = Object.keys(cache).some((f) => /handlebars[\\\\/]compiler[\\\\/]/.test(f));
console.log(JSON.stringify({ text, error, compilerLoaded }));
`;
  const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    encoding: 'utf8',
  });
  assert.is(run.status, 0, run.stderr);
  return JSON.parse(run.stdout) as ReturnType<typeof render>;
}

const entries = (dir: string): string[] => {
  try {
    return readdirSync(dir).sort();
  } catch {
    return [];
  }
};

test('a template compiled once renders in the next process without the compiler, to the same text', () => {
  const dir = tempDir('template-cache');
  try {
    const off = render({ XGEN_CODE_CACHE: 'off' });
    assert.ok(off.compilerLoaded);
    assert.is(off.text, "export const name = 'it\\'s';\n// a *\\/ note\n");
    const cold = render({ XGEN_CODE_CACHE: dir });
    assert.equal(cold, off);
    assert.is(entries(dir).filter((name) => name.endsWith('.js')).length, 1);
    const warm = render({ XGEN_CODE_CACHE: dir });
    assert.equal(warm, { text: off.text, compilerLoaded: false });
  } finally {
    removeDir(dir);
  }
});

test('a damaged entry is compiled again; a refused template leaves no entry', () => {
  const dir = tempDir('template-cache');
  try {
    const first = render({ XGEN_CODE_CACHE: dir });
    const [name] = entries(dir);
    writeFileSync(join(dir, name!), 'xgen-code-cache-1 crc32 0\nreturn {};');
    assert.equal(render({ XGEN_CODE_CACHE: dir }), first);
    assert.equal(render({ XGEN_CODE_CACHE: dir }), { text: first.text, compilerLoaded: false });
    removeDir(dir);
    const refused = render({ XGEN_CODE_CACHE: dir }, 'export const name = {{name}};\n');
    assert.match(refused.error ?? '', 'template runtime/x.ts, line 1: {{name}} interpolates raw text');
    assert.equal(entries(dir), []);
  } finally {
    removeDir(dir);
  }
});

test.run();
