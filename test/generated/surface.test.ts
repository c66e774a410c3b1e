/**
 * The generated sources read like careful hand-written code: no line over 200 characters outside
 * string literals (doc comments wrapped), each type declared once across a package's modules (a
 * type is imported where another module uses it, never declared again), and no wording
 * about how our specs were written ("The source does not show ..."), and examples that call with the
 * spec's example values rather than `{ ... }`.
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { test } from '../helpers/uvu.ts';
import * as assert from 'uvu/assert';
import { ROOT } from '../helpers/cli.ts';
import { CONSUMER_OPTIONS, typecheck } from '../helpers/typecheck.ts';

const PACKAGES = ['core-v2', 'ads-v12'];

function sources(name: string): { path: string; text: string }[] {
  const out: { path: string; text: string }[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.ts'))
        out.push({ path: relative(ROOT, path), text: readFileSync(path, 'utf8') });
    }
  };
  walk(join(ROOT, 'generated', name, 'src'));
  return out.sort((a, b) => a.path.localeCompare(b.path));
}

/** A line with its string literals emptied (quotes kept), so that only code and comments are measured. */
export function withoutStrings(line: string): string {
  return line.replace(/'(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*"|`(?:[^`\\]|\\.)*`/g, (s) => s[0]! + s[0]!);
}

/** The names a module declares at its top level (`export type X`, `export interface X`, `export const X`, ...). */
export function declaredNames(text: string): { name: string; kind: 'type' | 'value' }[] {
  const out: { name: string; kind: 'type' | 'value' }[] = [];
  for (const match of text.matchAll(
    /^(?:export )?(?:declare )?(type|interface|const|function|class|let|enum) ([A-Za-z_$][\w$]*)/gm,
  )) {
    out.push({ name: match[2]!, kind: match[1] === 'type' || match[1] === 'interface' ? 'type' : 'value' });
  }
  return out;
}

/**
 * Wording about where a description came from rather than about the API: "the source names ...",
 * "(the reference's shape)", "not shown", "the seed". Such notes go in the spec's YAML comments.
 */
export const ABOUT_OUR_SOURCES =
  /does not show|not shown\b(?! to)|\b(?:the|our) (?:source|seed|reference)\b(?! link)|\bby the source\b|reference's|source nor/i;

for (const name of PACKAGES) {
  test(`${name}: no line over 200 characters outside string literals`, () => {
    const long: string[] = [];
    for (const { path, text } of sources(name)) {
      text.split('\n').forEach((line, i) => {
        if (withoutStrings(line).length > 200) long.push(`${path}:${i + 1} (${line.length} characters)`);
      });
    }
    assert.equal(long, []);
  });

  // Values may share a name across entry points (the descriptor `operations.getPostsByIds` and the
  // function `getPostsByIds`); a type is one type.
  test(`${name}: every type is declared once across the package's modules`, () => {
    const seen = new Map<string, string>();
    const twice: string[] = [];
    for (const { path, text } of sources(name)) {
      for (const { name: declared, kind } of declaredNames(text)) {
        if (kind !== 'type') continue;
        const key = `type ${declared}`;
        const first = seen.get(key);
        if (first !== undefined && first !== path) twice.push(`${key}: ${first} and ${path}`);
        else seen.set(key, path);
      }
    }
    assert.equal(twice, []);
  });

  test(`${name}: no wording about how the spec was written`, () => {
    const found: string[] = [];
    for (const { path, text } of sources(name)) {
      text.split('\n').forEach((line, i) => {
        if (ABOUT_OUR_SOURCES.test(line)) found.push(`${path}:${i + 1}: ${line.trim()}`);
      });
    }
    assert.equal(found, []);
  });
}

/**
 * Where a file's top-level layout lacks a blank line: after the imports, before a top-level doc
 * comment, after a declaration that spans lines. (One-line constants may stand together.)
 */
export function spacingProblems(text: string): string[] {
  const lines = text.split('\n');
  const out: string[] = [];
  let lastImport = -1;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.startsWith('import ')) {
      while (!lines[i]!.endsWith(';')) i++;
      lastImport = i;
    } else if (line !== '' && !line.startsWith('//') && lastImport >= 0) break;
  }
  if (lastImport >= 0 && lines[lastImport + 1] !== '')
    out.push(`${lastImport + 2}: no blank line after the imports`);
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i]!;
    const previous = lines[i - 1]!;
    if (line.startsWith('/**') && previous !== '' && !previous.startsWith('//'))
      out.push(`${i + 1}: no blank line before a doc comment`);
    if (/^(\}|\};|\}\);|\]);?$/.test(previous) && line !== '' && !/^[)\]}.]/.test(line))
      out.push(`${i + 1}: no blank line after a declaration`);
  }
  return out;
}

/** Doc comment prose is wrapped by the emitters (generator/emit/source.ts, DOC_WIDTH); only an unbreakable word (a URL) runs past. */
const COMMENT_WIDTH = 125;

for (const name of PACKAGES) {
  test(`${name}: blank lines after the imports and between top-level declarations`, () => {
    const found: string[] = [];
    for (const { path, text } of sources(name))
      for (const problem of spacingProblems(text)) found.push(`${path}:${problem}`);
    assert.equal(found, []);
  });

  test(`${name}: doc comments are wrapped`, () => {
    const long: string[] = [];
    for (const { path, text } of sources(name)) {
      text.split('\n').forEach((line, i) => {
        const prose = /^\s*(?:\/\*\*|\*|\/\/)\s?(.*)$/.exec(line)?.[1];
        if (prose === undefined || line.length <= COMMENT_WIDTH) return;
        // An example's code keeps its lines; a URL cannot be broken.
        if (/^(?:@see |@link )?\S+$/.test(prose.replace(/\s*\*\/$/, ''))) return;
        long.push(`${path}:${i + 1} (${line.length} characters)`);
      });
    }
    assert.equal(long, []);
  });

  test(`${name}: generated names spell OAuth and OAuth2 as such`, () => {
    const found: string[] = [];
    for (const { path, text } of sources(name)) {
      for (const { name: declared } of declaredNames(text))
        if (/Oauth|OAUTH/.test(declared)) found.push(`${path}: ${declared}`);
      for (const match of text.matchAll(/\b\w*(?:Oauth|OAUTH)\w*/g)) found.push(`${path}: ${match[0]}`);
    }
    assert.equal(found, []);
  });
}

/** The `@example` blocks of a file, as code. */
function examplesOf(text: string): string[] {
  const out: string[] = [];
  for (const block of text.matchAll(/\/\*\*([\s\S]*?)\*\//g)) {
    const lines = block[1]!.split('\n').map((l) => l.replace(/^\s*\* ?/, ''));
    const at = lines.findIndex((l) => l.startsWith('@example'));
    if (at < 0) continue;
    const code: string[] = [];
    for (const line of lines.slice(at + 1)) {
      if (line.startsWith('@')) break;
      code.push(line);
    }
    out.push(code.join('\n').trim());
  }
  return out;
}

for (const name of PACKAGES) {
  test(`${name}: the client and functions examples compile as they are`, () => {
    const dir = join(ROOT, 'test', '.tmp', `examples-${name}`);
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    const pkg = JSON.parse(readFileSync(join(ROOT, 'generated', name, 'package.json'), 'utf8')) as {
      name: string;
    };
    const src = join(ROOT, 'generated', name, 'src');
    const files: string[] = [];
    for (const module of ['client', 'functions']) {
      const examples = examplesOf(readFileSync(join(src, `${module}.ts`), 'utf8')).filter((e) =>
        /^(import|const)/.test(e),
      );
      assert.ok(examples.length > 0, `${module}.ts has an example`);
      const clientName = /export class (\w+)/.exec(readFileSync(join(src, 'client.ts'), 'utf8'))?.[1];
      const code = examples[0]!.replace(
        `from '${pkg.name}/functions'`,
        `from '${relative(dir, join(src, 'functions.ts'))}'`,
      );
      const file = join(dir, `${module}.ts`);
      writeFileSync(
        file,
        [
          // The values an example takes from its reader: the credentials.
          'declare const consumerKey: string, consumerSecret: string, token: string, tokenSecret: string;',
          'declare const process: { env: Record<string, string | undefined> };',
          module === 'client'
            ? `import { ${clientName} } from '${relative(dir, join(src, 'index.ts'))}';`
            : '',
          code,
          'export {};',
          '',
        ].join('\n'),
      );
      files.push(file);
    }
    const errors = typecheck(files, {
      ...CONSUMER_OPTIONS,
      allowImportingTsExtensions: true,
      skipLibCheck: true,
    });
    rmSync(dir, { recursive: true, force: true });
    assert.equal(errors, []);
  });
}

for (const name of PACKAGES) {
  test(`${name}: examples are calls with the spec's example values, not placeholders`, () => {
    const placeholders: string[] = [];
    for (const { path, text } of sources(name)) {
      for (const example of examplesOf(text)) {
        for (const line of example.split('\n')) {
          if (/\{ \.\.\. \}|\/\* \.\.\. \*\/|: \.\.\.|'\.\.\.'|\(\.\.\.\)/.test(line))
            placeholders.push(`${path}: ${line.trim()}`);
        }
      }
    }
    assert.equal(placeholders, []);
  });
}

test('the checks themselves: wording about our sources is found, wording about the API is not', () => {
  for (const line of [
    'The source names LINE_ITEM only',
    "The payload (the reference's shape).",
    'its format not shown.',
    'Neither the source nor the reference shows it',
    'The source does not show this shape',
  ]) {
    assert.ok(ABOUT_OUR_SOURCES.test(line), line);
  }
  for (const line of [
    'Number of note requests that included the source link.',
    'Whether the post is promoted-only (not shown to followers).',
    'A comma-separated list of references to expand',
  ]) {
    assert.not.ok(ABOUT_OUR_SOURCES.test(line), line);
  }
});

test('the checks themselves: blank lines and examples', () => {
  assert.equal(spacingProblems("import { a } from './a.js';\nconst b = a;\n"), [
    '2: no blank line after the imports',
  ]);
  assert.equal(spacingProblems('/** A. */\nexport type A = 1;\n/** B. */\nexport type B = 2;\n'), [
    '3: no blank line before a doc comment',
  ]);
  assert.equal(spacingProblems('export interface A {\n  a: 1;\n}\nexport type B = 2;\n'), [
    '4: no blank line after a declaration',
  ]);
  assert.equal(
    spacingProblems(
      "import { a } from './a.js';\n\nconst b = 1;\nconst c = 2;\n\n/** D. */\nexport interface D {\n  d: 1;\n}\n",
    ),
    [],
  );
  assert.equal(examplesOf('/**\n * Text.\n *\n * @example\n * const a = 1;\n * f(a);\n */'), [
    'const a = 1;\nf(a);',
  ]);
});

test('the checks themselves: strings are not measured, declarations are found', () => {
  assert.is(
    withoutStrings(`const a = 'x'.repeat(3) + "it's" + \`t\`;`),
    `const a = ''.repeat(3) + "" + \`\`;`,
  );
  assert.equal(
    declaredNames('export type A = 1;\nexport interface B {}\nexport const C = 1;\n  type D = 2;\n'),
    [
      { name: 'A', kind: 'type' },
      { name: 'B', kind: 'type' },
      { name: 'C', kind: 'value' },
    ],
  );
});

test.run();
