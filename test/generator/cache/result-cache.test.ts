/**
 * The result cache: unchanged inputs give the cached package, byte for byte; a change to the spec,
 * to a file it `$ref`s or to a template override runs the pipeline again; a damaged cache is a miss;
 * the cache never hides a stale `generated/` from `--check`.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from '../../helpers/uvu.ts';
import { shareEmitThreads } from '../../helpers/emit-threads.ts';
import * as assert from 'uvu/assert';
import { BUILTIN_TEMPLATES } from '../../../generator/templates-dir.ts';
import { removeDir, runCli, tempDir, treeSummary } from '../../helpers/cli.ts';

// Many packages generated here: one set of emit threads serves them all.
shareEmitThreads(test);

const ROOT_SPEC = `openapi: 3.1.0
info: { title: Cached, version: '1.0' }
servers: [{ url: 'https://api.example.com' }]
paths:
  /pets/{id}:
    get:
      operationId: getPet
      summary: Get a pet
      tags: [Pets]
      parameters:
        - { name: id, in: path, required: true, schema: { type: string } }
      responses:
        '200':
          description: A pet
          content:
            application/json:
              schema: { $ref: './pet.yaml#/Pet' }
`;
const PET = `Pet:
  type: object
  required: [id]
  properties:
    id: { type: string, description: The pet's id. }
`;

let work = '';
let cacheDir = '';
let spec = '';
let out = '';
test.before.each(() => {
  work = tempDir('cache');
  cacheDir = join(work, 'cache');
  out = join(work, 'out');
  spec = join(work, 'spec', 'api.yaml');
  mkdirSync(join(work, 'spec'));
  writeFileSync(spec, ROOT_SPEC);
  writeFileSync(join(work, 'spec', 'pet.yaml'), PET);
});
test.after.each(() => removeDir(work));

const CACHED = /, inputs unchanged since a cached run\)$/;

async function generate(...more: string[]) {
  const run = await runCli([
    'generate',
    '--spec',
    spec,
    '--out',
    out,
    '--name',
    '@test/cached',
    '--cache-dir',
    cacheDir,
    ...more,
  ]);
  assert.is(run.code, run.err.length > 0 && more.includes('--check') ? 1 : 0, run.text);
  return run;
}

test('a second run with unchanged inputs comes from the cache, byte-identical to a full run', async () => {
  const first = await generate();
  assert.not.match(first.out.join('\n'), CACHED, 'the first run generates');
  const full = treeSummary(out);
  const second = await generate();
  assert.match(second.out.join('\n'), CACHED);
  assert.is(treeSummary(out), full);
  const uncached = await runCli([
    'generate',
    '--spec',
    spec,
    '--out',
    join(work, 'uncached'),
    '--name',
    '@test/cached',
    '--no-cache',
  ]);
  assert.is(uncached.code, 0, uncached.text);
  assert.is(treeSummary(join(work, 'uncached')), full, 'the same files as a run without the cache');
});

test('a change to the spec, or to a file it $refs, runs the pipeline again', async () => {
  await generate();
  writeFileSync(spec, ROOT_SPEC.replace('Get a pet', 'Fetch one pet'));
  const afterSpec = await generate();
  assert.not.match(afterSpec.out.join('\n'), CACHED);
  assert.match(readFileSync(join(out, 'src', 'operations', 'pets.ts'), 'utf8'), 'Fetch one pet');

  writeFileSync(join(work, 'spec', 'pet.yaml'), PET.replace("The pet's id.", 'The identifier of the pet.'));
  const afterRef = await generate();
  assert.not.match(afterRef.out.join('\n'), CACHED, 'pet.yaml is an input too');
  assert.match(readFileSync(join(out, 'src', 'schemas.ts'), 'utf8'), 'The identifier of the pet.');
  assert.match((await generate()).out.join('\n'), CACHED, 'and the new result is cached');
});

test('a change to a template override runs the pipeline again', async () => {
  const template = join(work, 'serialize.ts.hbs');
  const builtin = readFileSync(join(BUILTIN_TEMPLATES, 'runtime', 'serialize.ts'), 'utf8');
  writeFileSync(template, builtin);
  const config = join(work, 'xgen.config.yaml');
  writeFileSync(
    config,
    `packages:\n  - { spec: spec/api.yaml, out: out, name: '@test/cached' }\ntemplates:\n  runtime/serialize.ts: serialize.ts.hbs\n`,
  );
  const run = () => runCli(['generate', '--config', config, '--cache-dir', cacheDir]);
  assert.is((await run()).code, 0);
  assert.match((await run()).out.join('\n'), CACHED);
  writeFileSync(template, `// Overridden.\n${builtin}`);
  const changed = await run();
  assert.is(changed.code, 0, changed.text);
  assert.not.match(changed.out.join('\n'), CACHED);
  assert.match(readFileSync(join(out, 'src', 'runtime', 'serialize.ts'), 'utf8'), '// Overridden.');
});

test('a damaged cache entry is a miss, not a failure', async () => {
  await generate();
  const full = treeSummary(out);
  for (const name of readdirSync(cacheDir)) writeFileSync(join(cacheDir, name), '{"deps": [["');
  const run = await generate();
  assert.not.match(run.out.join('\n'), CACHED);
  assert.is(treeSummary(out), full);
  assert.match((await generate()).out.join('\n'), CACHED, 'the entry is rewritten');
});

test('--check still compares with the disk when the cache answers', async () => {
  await generate();
  const file = join(out, 'src', 'client.ts');
  writeFileSync(file, readFileSync(file, 'utf8') + '\n// edited\n');
  const run = await generate('--check');
  assert.is(run.code, 1, run.text);
  assert.match(run.err.join('\n'), 'changed  src/client.ts');
});

test('--no-cache neither reads nor writes the cache; with --cache-dir it is a usage error', async () => {
  const run = await runCli([
    'generate',
    '--spec',
    spec,
    '--out',
    out,
    '--name',
    '@test/cached',
    '--no-cache',
  ]);
  assert.is(run.code, 0, run.text);
  assert.not.ok(existsSync(cacheDir));
  const both = await runCli([
    'generate',
    '--spec',
    spec,
    '--out',
    out,
    '--name',
    '@test/cached',
    '--no-cache',
    '--cache-dir',
    cacheDir,
  ]);
  assert.is(both.code, 2);
  assert.match(both.err.join('\n'), 'use either --no-cache or --cache-dir, not both');
});

test.run();
