/**
 * Every shell command of the docs is run by a test, or says why none can: each ```sh block of
 * docs/**.md (the generated API reference aside) has a marker comment right before it (see
 * test/helpers/docs-commands.ts): `run by <test file>`, a test that reads the doc's blocks with
 * `shellBlocks` and runs them, or `network: <what it needs that the tests do not have>`. And no
 * command in the docs is one npm misreads: `npm publish generated/core-v2` is a GitHub owner/repo to npm.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { test } from '../helpers/uvu.ts';
import * as assert from 'uvu/assert';
import { ROOT } from '../helpers/cli.ts';
import { shellBlocks } from '../helpers/docs-commands.ts';

/** The docs' Markdown sources: the guides, the home page, what scripts write aside from the API reference. */
function docs(dir = join(ROOT, 'docs')): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const path = join(dir, name);
      if (name.startsWith('.') || name === 'node_modules' || name === 'api') return [];
      if (statSync(path).isDirectory()) return docs(path);
      return name.endsWith('.md') ? [relative(ROOT, path).split('\\').join('/')] : [];
    });
}

test('every ```sh block is marked: run by a test that reads it, or what network it needs', () => {
  const problems: string[] = [];
  let runs = 0;
  for (const file of [...docs(), 'README.md'])
    for (const block of shellBlocks(file)) {
      const where = `${file}:${block.line}`;
      const by = /^run by (test\/\S+\.test\.ts)$/.exec(block.marker ?? '')?.[1];
      if (by) {
        runs++;
        const text = existsSync(join(ROOT, by)) ? readFileSync(join(ROOT, by), 'utf8') : undefined;
        if (!text) problems.push(`${where}: ${by} does not exist`);
        else if (!text.includes('shellBlocks') || !text.includes(file))
          problems.push(`${where}: ${by} does not read ${file}'s blocks (shellBlocks('${file}'))`);
      } else if (!/^network: \S/.test(block.marker ?? ''))
        problems.push(
          `${where}: no marker before the block: <!-- commands: run by test/….test.ts --> or <!-- commands: network: why -->`,
        );
    }
  assert.equal(problems, []);
  assert.ok(runs >= 3, `${runs} blocks run by tests`);
});

test('a marker is required: a block without one is found', () => {
  const blocks = shellBlocks('test/fixtures/docs/unmarked.md');
  assert.equal(
    blocks.map((b) => [b.line, b.marker, b.commands]),
    [
      [3, undefined, ['npm publish ./generated/core-v2']],
      [9, 'network: a registry', ['npm view xgen version']],
    ],
  );
});

test('no `npm publish <folder>/<name>` (npm reads it as a GitHub owner/repo): a path starts with ./', () => {
  const wrong: string[] = [];
  for (const file of [...docs(), 'README.md']) {
    const lines = readFileSync(join(ROOT, file), 'utf8').split('\n');
    lines.forEach((line, i) => {
      for (const match of line.matchAll(
        /npm (?:publish|install|i|pack)(?: -[-\w]+)* ([A-Za-z0-9_][\w.-]*\/[\w.-]+)/g,
      ))
        if (!match[1]?.startsWith('@')) wrong.push(`${file}:${i + 1}: ${match[0]}`);
    });
  }
  assert.equal(wrong, []);
});

test.run();
