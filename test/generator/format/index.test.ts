/**
 * The format stage: TypeScript and Markdown come out in the fixed style (oxfmt, printing what prettier
 * prints with the same options), other files pass through untouched, a file the formatter cannot read
 * is an error naming it, and prettier (the fallback where oxfmt has no binary) agrees on ordinary code.
 */
import { test } from '../../helpers/uvu.ts';
import * as assert from 'uvu/assert';
import { existsSync, readdirSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import * as prettier from 'prettier';
import { formatFiles, OPTIONS } from '../../../generator/format/index.ts';
import { loadOxfmt } from '../../../generator/format/oxfmt.ts';
import { prettierFormat } from '../../../generator/format/prettier.ts';

const TS =
  'export const a = {b: "c", d: [1,2,3]}\nexport interface E { f?: string; g: \'h\' | "i" }\nexport function f(x: number, y: string, z: boolean, w: readonly string[], v: Record<string, unknown>, u?: number) { return x }\n';
const MD =
  "# Title\n\n* one\n* two\n\n| a | b |\n|-|-|\n| long cell | x |\n\n```ts\nfor await (const item of client.audiences.listTailoredPermissions({ account_id: '18ce54d4x5t', tailored_audience_id: '1nmth' })) console.log(item);\n```\n\n```ts\nnot ( a program\n```\n";
const FILES = new Map([
  ['src/a.ts', TS],
  ['package.json', '{"name":"x","version":"1.0.0"}'],
  ['README.md', MD],
  ['notes.txt', 'left   alone'],
]);

test('TypeScript and Markdown come out as prettier prints them; the rest passes through, in order', async () => {
  const out = await formatFiles(FILES);
  assert.equal([...out.keys()], [...FILES.keys()]);
  assert.is(out.get('src/a.ts'), await prettier.format(TS, { ...OPTIONS, parser: 'typescript' }));
  assert.is(out.get('README.md'), await prettier.format(MD, { ...OPTIONS, parser: 'markdown' }));
  assert.is(out.get('package.json'), FILES.get('package.json'));
  assert.is(out.get('notes.txt'), 'left   alone');
});

test('oxfmt is the formatter on this platform (the fallback is for platforms npm has no binary for)', async () => {
  assert.ok(await loadOxfmt(), `oxfmt loads on ${process.platform}-${process.arch}`);
});

test('the prettier fallback prints the same ordinary code; TypeScript examples in Markdown are formatted, fragments kept', async () => {
  const [byPrettier, byOxfmt] = [
    await formatFiles(FILES, prettierFormat),
    await formatFiles(FILES, (await loadOxfmt())!),
  ];
  assert.equal([...byPrettier], [...byOxfmt]);
  assert.match(byOxfmt.get('README.md')!, "listTailoredPermissions({\n  account_id: '18ce54d4x5t',\n");
  assert.match(byOxfmt.get('README.md')!, '```ts\nnot ( a program\n```');
});

test('XGEN_OXFMT=off formats with prettier, quietly', async () => {
  // A union that fits on the next line: prettier keeps it there, oxfmt breaks it a member a line.
  const union =
    "export type ReplySettingsWithVerifiedUsersValues = 'everyone' | 'mentionedUsers' | 'following' | 'other' | 'subscribers' | 'verified';\n";
  const files = new Map([['src/u.ts', union]]);
  const said: string[] = [];
  const write = process.stderr.write.bind(process.stderr);
  process.stderr.write = ((chunk: string) => (said.push(String(chunk)), true)) as typeof process.stderr.write;
  process.env.XGEN_OXFMT = 'off';
  try {
    assert.is(
      (await formatFiles(files)).get('src/u.ts'),
      await prettier.format(union, { ...OPTIONS, parser: 'typescript' }),
    );
  } finally {
    delete process.env.XGEN_OXFMT;
    process.stderr.write = write;
  }
  assert.equal(said, []);
  assert.is.not(
    (await formatFiles(files)).get('src/u.ts'),
    await prettier.format(union, { ...OPTIONS, parser: 'typescript' }),
    'oxfmt breaks such a union differently',
  );
});

test('a file the formatter cannot read is an error naming it', async () => {
  try {
    await formatFiles(new Map([['src/bad.ts', 'export const = ;\n']]));
    assert.unreachable('formatted');
  } catch (error) {
    assert.match((error as Error).message, /^could not format generated src\/bad\.ts: \S/);
  }
});

test('formatting is stable: formatted output formats to itself', async () => {
  const once = await formatFiles(FILES);
  const twice = await formatFiles(once);
  assert.equal([...twice], [...once]);
});

test('big files are formatted one at a time, across calls; a few files at once in all; the order is kept', async () => {
  const inFlight = { big: 0, all: 0 };
  const most = { big: 0, all: 0 };
  const slow = async (path: string, text: string): Promise<string> => {
    const big = text.length >= 256 * 1024;
    if (big) most.big = Math.max(most.big, ++inFlight.big);
    most.all = Math.max(most.all, ++inFlight.all);
    await new Promise((resolve) => setTimeout(resolve, 5));
    if (big) inFlight.big--;
    inFlight.all--;
    return `${path}\n`;
  };
  const files = (prefix: string) =>
    new Map(
      [
        'big1',
        'small1',
        'big2',
        'small2',
        'big3',
        ...Array.from({ length: 40 }, (_, i) => `small${i + 3}`),
      ].map((name) => [`src/${prefix}${name}.ts`, name.startsWith('big') ? 'x'.repeat(300 * 1024) : 'x']),
    );
  const [a, b] = await Promise.all([formatFiles(files('a'), slow), formatFiles(files('b'), slow)]);
  assert.is(most.big, 1, 'never two big files at once');
  assert.ok(most.all > 1, 'files are formatted side by side');
  // oxfmt runs each call on a thread of its own: 90 calls at once would leave 90 threads behind.
  assert.ok(most.all <= Math.max(2, availableParallelism()), `at most one file a core at once (${most.all})`);
  assert.equal([...a.keys()], [...files('a').keys()]);
  assert.is(b.get('src/bbig2.ts'), 'src/bbig2.ts\n');
  assert.is(b.get('src/bsmall42.ts'), 'src/bsmall42.ts\n');
});

test('formatting many files with oxfmt leaves a few threads behind, not one a file', async () => {
  if (!existsSync('/proc/self/task')) return;
  const threads = () => readdirSync('/proc/self/task').length;
  const before = threads();
  const many = new Map(
    Array.from({ length: 400 }, (_, i) => [`src/f${i}.ts`, `${TS.repeat(20)}export const n${i} = ${i}\n`]),
  );
  const out = await formatFiles(many, (await loadOxfmt())!);
  assert.is(out.size, 400);
  assert.ok(threads() - before < 24, `${threads() - before} more threads than before formatting`);
});

test.run();
