/**
 * Hostile input to the load stage: `$ref`s that leave the spec's folder or lead to something that
 * is not a regular file, files too large, nesting too deep, YAML alias bombs and very long lines.
 * Each is one located line (`file:line:column: reason`), exit code 1, no stack trace. The hostile
 * files are written here, at test time.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { test } from '../../helpers/uvu.ts';
import { shareEmitThreads } from '../../helpers/emit-threads.ts';
import * as assert from 'uvu/assert';
import { MAX_NESTING } from '../../../generator/load/limits.ts';
import { removeDir, runCli, tempDir } from '../../helpers/cli.ts';

// Many packages generated here: one set of emit threads serves them all.
shareEmitThreads(test);

let work = '';
test.before(() => {
  work = tempDir('load-limits');
  mkdirSync(join(work, 'spec'));
});
test.after(() => removeDir(work));

const HEAD = "openapi: 3.0.3\ninfo: { title: t, version: '1' }\npaths: {}\n";

function shown(file: string): string {
  const rel = relative(process.cwd(), file);
  return rel && !rel.startsWith('..') && rel.length < file.length ? rel : file;
}

/** Writes a spec, generates it and returns the one line printed about it (after checking the rest). */
async function refused(name: string, text: string | undefined): Promise<string> {
  const spec = join(work, 'spec', name);
  if (text !== undefined) writeFileSync(spec, text);
  const run = await runCli([
    'generate',
    '--spec',
    spec,
    '--out',
    join(work, 'out'),
    '--name',
    '@test/hostile',
    '--no-cache',
  ]);
  assert.is(run.code, 1, run.text.slice(0, 2000));
  assert.is(run.err.length, 2, `one line and "Nothing was written.":\n${run.text.slice(0, 2000)}`);
  assert.is(run.err[1], 'Nothing was written.');
  const line = run.err[0]!;
  assert.ok(line.startsWith(`${shown(spec)}:`), line.slice(0, 300));
  assert.not.match(line, /\n|    at /, 'no stack trace');
  assert.ok(line.length < 400, `a short line, not an excerpt (${line.length} characters)`);
  return line;
}

const refTo = (target: string): string => `${HEAD}components:\n  schemas:\n    A:\n      $ref: '${target}'\n`;

test('$ref to a file outside the spec folder (/etc/passwd) is refused at the $ref', async () => {
  const line = await refused('passwd.yaml', refTo('/etc/passwd'));
  assert.match(line, /passwd\.yaml:7:7: \$ref "\/etc\/passwd" points outside the spec's folder/);
  assert.match(line, /\(at #\/components\/schemas\/A\/\$ref\)$/);
});

test('$ref to /dev/zero is refused without reading it', async () => {
  assert.match(
    await refused('zero.yaml', refTo('/dev/zero')),
    /:7:7: \$ref "\/dev\/zero" points outside the spec's folder/,
  );
});

test('$ref up and out of the folder (../) is refused', async () => {
  writeFileSync(join(work, 'outside.yaml'), 'type: string\n');
  assert.match(
    await refused('up.yaml', refTo('../outside.yaml')),
    /:7:7: \$ref "\.\.\/outside\.yaml" points outside the spec's folder/,
  );
});

test('$ref through a symlink that escapes the folder is refused', async () => {
  symlinkSync('/etc/passwd', join(work, 'spec', 'link.yaml'));
  assert.match(
    await refused('symlink.yaml', refTo('link.yaml')),
    /:7:7: \$ref "link\.yaml" points outside the spec's folder \(\/etc\/passwd\)/,
  );
});

test('$ref to a FIFO is refused without blocking on it', async () => {
  execFileSync('mkfifo', [join(work, 'spec', 'fifo.yaml')]);
  assert.match(
    await refused('fifo-ref.yaml', refTo('fifo.yaml')),
    /:7:7: \$ref "fifo\.yaml" cannot be followed: .*fifo\.yaml: not a regular file \(a FIFO\)/,
  );
});

test('$ref to a directory is refused', async () => {
  mkdirSync(join(work, 'spec', 'dir.yaml'));
  assert.match(
    await refused('dir-ref.yaml', refTo('dir.yaml')),
    /:7:7: \$ref "dir\.yaml" cannot be followed: .*dir\.yaml: not a regular file \(a directory\)/,
  );
});

test('$ref to a file over the size limit is refused without reading it', async () => {
  writeFileSync(join(work, 'spec', 'huge.yaml'), '');
  truncateSync(join(work, 'spec', 'huge.yaml'), 65 * 1024 * 1024);
  assert.match(
    await refused('huge-ref.yaml', refTo('huge.yaml')),
    /:7:7: \$ref "huge\.yaml" cannot be followed: .*huge\.yaml(:1:1)?: larger than 64 MB, the most a spec document may be: refused/,
  );
});

test('a root spec that is a device or a directory is refused', async () => {
  const run = await runCli([
    'generate',
    '--spec',
    '/dev/zero',
    '--out',
    join(work, 'out'),
    '--name',
    '@test/hostile',
    '--no-cache',
  ]);
  assert.is(run.code, 1);
  assert.equal(run.err, ['/dev/zero:1:1: not a regular file (a device)', 'Nothing was written.']);
});

test('JSON nested 5,000 deep: a located error, no stack overflow', async () => {
  let schema = '{"type":"string"}';
  for (let i = 0; i < 5000; i++) schema = `{"type":"object","properties":{"a":${schema}}}`;
  const line = await refused(
    'deep.json',
    `{"openapi":"3.0.3","info":{"title":"t","version":"1"},"paths":{},"components":{"schemas":{"A":${schema}}}}`,
  );
  assert.match(line, new RegExp(`deep\\.json:1:\\d+: nesting deeper than ${MAX_NESTING} levels`));
});

test('YAML flow nesting 5,000 deep: a located error', async () => {
  const text = `${HEAD}components:\n  schemas:\n    A: ${'{type: object, properties: {a: '.repeat(5000)}{type: string}${'}}'.repeat(5000)}\n`;
  assert.match(await refused('deep-flow.yaml', text), /deep-flow\.yaml:6:\d+: nesting deeper than/);
});

test('YAML block nesting 5,000 deep: a located error', async () => {
  const lines = [`${HEAD}x-deep:`];
  for (let i = 0; i < 5000; i++) lines.push(`${' '.repeat(i + 1)}a:`);
  lines.push(`${' '.repeat(5001)}b: 1`);
  assert.match(
    await refused('deep-block.yaml', lines.join('\n') + '\n'),
    /deep-block\.yaml:(1|\d+):\d+: nesting deeper than/,
  );
});

test('YAML block nesting past the limit (but within the parser): located at the value that goes too deep', async () => {
  const lines = [`${HEAD}x-deep:`];
  for (let i = 0; i < MAX_NESTING + 50; i++) lines.push(`${' '.repeat(i + 1)}a:`);
  lines.push(`${' '.repeat(MAX_NESTING + 51)}b: 1`);
  const line = await refused('deeper.yaml', lines.join('\n') + '\n');
  assert.match(
    line,
    new RegExp(
      `deeper\\.yaml:${MAX_NESTING + 3}:${MAX_NESTING}: nesting deeper than .*\\(at #/x-deep/a/a/a/a/a/a/a/\\.\\.\\. \\(${MAX_NESTING} levels\\)\\)$`,
    ),
  );
});

test('a chain of 2,000 $refs (each schema a property of the one before): a located error, no stack overflow', async () => {
  let text = `${HEAD.replace('paths: {}\n', '')}paths:\n  /a:\n    get:\n      responses:\n        '200':\n          description: ok\n          content:\n            application/json:\n              schema: { $ref: '#/components/schemas/S0' }\ncomponents:\n  schemas:\n`;
  for (let i = 0; i < 2000; i++)
    text += `    S${i}: { type: object, properties: { next: { $ref: '#/components/schemas/S${i + 1}' } } }\n`;
  text += '    S2000: { type: string }\n';
  assert.match(
    await refused('chain.yaml', text),
    /chain\.yaml:\d+:\d+: nesting deeper than 1000 levels once \$refs are followed .*\(at #\/components\/schemas\/S\d+/,
  );
});

test('nesting just under the limit still generates', async () => {
  // Each property level is two levels of nesting (`properties`, the name); the spec adds four.
  let schema = '{"type":"string"}';
  for (let i = 0; i < (MAX_NESTING - 8) / 2; i++) schema = `{"type":"object","properties":{"a":${schema}}}`;
  const spec = join(work, 'spec', 'near.json');
  writeFileSync(
    spec,
    `{"openapi":"3.0.3","info":{"title":"t","version":"1"},"paths":{},"components":{"schemas":{"A":${schema}}}}`,
  );
  const run = await runCli([
    'generate',
    '--spec',
    spec,
    '--out',
    join(work, 'near-out'),
    '--name',
    '@test/near',
    '--no-cache',
  ]);
  assert.is(run.code, 0, run.text.slice(0, 2000));
});

test('a YAML alias bomb is refused at its first alias', async () => {
  let text = `${HEAD}x-a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n`;
  let previous = 'a';
  for (const name of 'bcdefghi') {
    text += `x-${name}: &${name} [${Array(9).fill(`*${previous}`).join(', ')}]\n`;
    previous = name;
  }
  assert.match(
    await refused('bomb.yaml', text),
    /bomb\.yaml:5:\d+: YAML aliases expand too far .*\(at #\/x-b\/0\)$/,
  );
});

test('a YAML error on a 5 KB line is one short line, without the line itself', async () => {
  const line = await refused('long.yaml', `${HEAD}x-long: "${'x'.repeat(5000)}" junk: [\n`);
  assert.match(line, /long\.yaml:4:\d+: invalid YAML: /);
  assert.not.match(line, /xxxxxxxxxx/);
});

test('a 5 KB key is named for what it is, in one short line', async () => {
  const line = await refused('long-key.yaml', `${HEAD}x-${'k'.repeat(5000)}: value\n`);
  assert.match(
    line,
    /long-key\.yaml:4:1: invalid YAML: a key 5002 characters long \(a plain key may be at most 1024 characters before its ':'/,
  );
});

test.run();
