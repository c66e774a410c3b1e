/**
 * The generated sources read like careful hand-written code: no line over 200 characters outside
 * string literals (doc comments wrapped), each type declared once across a package's modules (a
 * type is imported where another module uses it, never declared again), and no wording
 * about how our specs were written ("The source does not show ..."), and examples that call with the
 * spec's example values rather than `{ ... }`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ROOT } from '../helpers/cli.ts';

const PACKAGES = ['core-v2', 'ads-v12'];

function sources(name: string): { path: string; text: string }[] {
  const out: { path: string; text: string }[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.ts')) out.push({ path: relative(ROOT, path), text: readFileSync(path, 'utf8') });
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
  for (const match of text.matchAll(/^(?:export )?(?:declare )?(type|interface|const|function|class|let|enum) ([A-Za-z_$][\w$]*)/gm)) {
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

for (const name of PACKAGES) {
  test(`${name}: examples are calls with the spec's example values, not placeholders`, () => {
    const placeholders: string[] = [];
    for (const { path, text } of sources(name)) {
      text.split('\n').forEach((line, i) => {
        if (/\(\w+, \{ \.\.\. \}\)|\(\{ \.\.\. \}\)|, \{ \.\.\. \}\);/.test(line)) placeholders.push(`${path}:${i + 1}: ${line.trim()}`);
      });
    }
    assert.equal(placeholders, []);
  });
}

test('the checks themselves: wording about our sources is found, wording about the API is not', () => {
  for (const line of ['The source names LINE_ITEM only', 'The payload (the reference\'s shape).', 'its format not shown.', 'Neither the source nor the reference shows it', 'The source does not show this shape']) {
    assert.ok(ABOUT_OUR_SOURCES.test(line), line);
  }
  for (const line of ['Number of note requests that included the source link.', 'Whether the post is promoted-only (not shown to followers).', 'A comma-separated list of references to expand']) {
    assert.not.ok(ABOUT_OUR_SOURCES.test(line), line);
  }
});

test('the checks themselves: strings are not measured, declarations are found', () => {
  assert.is(withoutStrings(`const a = 'x'.repeat(3) + "it's" + \`t\`;`), `const a = ''.repeat(3) + "" + \`\`;`);
  assert.equal(declaredNames('export type A = 1;\nexport interface B {}\nexport const C = 1;\n  type D = 2;\n'), [
    { name: 'A', kind: 'type' },
    { name: 'B', kind: 'type' },
    { name: 'C', kind: 'value' },
  ]);
});

test.run();
