/**
 * Every bad spec in test/fixtures/bad-specs/ fails with one located line
 * (`file:line:column: reason (at #/pointer)`), exit code 1, "Nothing was written." and an
 * output folder left exactly as it was.
 */
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { test } from '../../helpers/uvu.ts';
import * as assert from 'uvu/assert';
import { removeDir, ROOT, runCli, tempDir, treeSummary } from '../../helpers/cli.ts';
import { shareEmitThreads } from '../../helpers/emit-threads.ts';

// Generates in this process: the test process's emit threads serve it (test/helpers/emit-threads.ts).
shareEmitThreads(test);

const FIXTURES = join(ROOT, 'test', 'fixtures', 'bad-specs');
let work = '';
let out = '';
let before = '';

test.before(() => {
  work = tempDir('bad-specs');
  out = join(work, 'out');
  mkdirSync(join(out, 'src'), { recursive: true });
  // A package an earlier run generated (its marker lets xgen replace it): a bad spec must leave it as it is.
  writeFileSync(join(out, '.xgen-generated'), 'an earlier run of xgen wrote this package\n');
  writeFileSync(join(out, 'sentinel.txt'), 'written before the run\n');
  writeFileSync(join(out, 'src', 'index.ts'), 'export const old = true;\n');
  before = treeSummary(out);
});
test.after(() => removeDir(work));

/** The path as messages show it: relative to the working directory. */
function shown(file: string): string {
  const rel = relative(process.cwd(), file);
  return rel && !rel.startsWith('..') && rel.length < file.length ? rel : file;
}

interface Case {
  /** Fixture path under bad-specs/. */
  spec: string;
  /** `line:column` of the offending node. */
  at: string;
  pointer: string;
  reason: string;
  /** The file the location names, when not the spec itself. */
  file?: string;
  /** Further problems reported after the first, whole lines. */
  also?: string[];
}

async function expectFailure({ spec, at, pointer, reason, file, also = [] }: Case): Promise<void> {
  const run = await runCli(['generate', '--spec', join(FIXTURES, spec), '--out', out, '--name', '@test/bad']);
  assert.is(run.code, 1, `exit code for ${spec}:\n${run.text}`);
  const where = `${shown(join(FIXTURES, file ?? spec))}:${at}`;
  assert.equal(
    run.err,
    [`${where}: ${reason} (at ${pointer})`, ...also, 'Nothing was written.'],
    `output for ${spec}`,
  );
  assert.equal(run.out, [], 'nothing on stdout');
  assert.is(treeSummary(out), before, 'the output folder is untouched');
  assert.equal(readdirSync(work), ['out'], 'no staging folder left beside it');
}

test('invalid YAML: a key indented too deep is placed at its own line', () =>
  expectFailure({
    spec: 'invalid-yaml-indent.yaml',
    at: '9:9',
    pointer: '#/paths/~1pets/get/operationId',
    reason:
      'invalid YAML: bad indentation (this line is indented deeper than the key above, so it runs into that value)',
  }));

test('invalid YAML: an unclosed quote is placed where the string opens', () =>
  expectFailure({
    spec: 'invalid-yaml-quote.yaml',
    at: '9:16',
    pointer: '#/paths/~1pets/get/summary',
    reason: 'invalid YAML: a quoted string is never closed (Missing closing "quote)',
  }));

test('$ref to a missing component names the step that finds nothing', () =>
  expectFailure({
    spec: 'ref-missing-component.yaml',
    at: '15:17',
    pointer: '#/paths/~1pets/get/responses/200/content/application~1json/schema/$ref',
    reason: '$ref "#/components/schemas/Pets" does not resolve: #/components/schemas has no "Pets"',
  }));

test('$ref to a missing file names the file it looked for', () =>
  expectFailure({
    spec: 'ref-missing-file.yaml',
    at: '15:17',
    pointer: '#/paths/~1pets/get/responses/200/content/application~1json/schema/$ref',
    reason: `$ref "./schemas/pet.yaml#/Pet" points to a file that does not exist (${shown(join(FIXTURES, 'schemas', 'pet.yaml'))})`,
  }));

test('a broken $ref that two checks meet is reported once', () =>
  expectFailure({
    spec: 'ref-missing-parameter.yaml',
    at: '10:11',
    pointer: '#/paths/~1pets/get/parameters/0/$ref',
    reason: '$ref "#/components/parameters/Limit" does not resolve: #/components/parameters has no "Limit"',
  }));

test('a parameter with an unknown location (in: body)', () =>
  expectFailure({
    spec: 'parameter-in-body.yaml',
    at: '15:11',
    pointer: '#/paths/~1pets/post/parameters/1/in',
    reason: 'parameter "pet" has unknown location "body": expected path, query, header or cookie',
  }));

test('a Swagger 2.0 document', () =>
  expectFailure({
    spec: 'swagger-2.yaml',
    at: '2:1',
    pointer: '#/swagger',
    reason: 'Swagger 2.0 is not supported: convert it to OpenAPI 3.0 or 3.1 first',
  }));

test('OpenAPI 3.2.0 (a version the generator does not read)', () =>
  expectFailure({
    spec: 'openapi-3.2.yaml',
    at: '1:1',
    pointer: '#/openapi',
    reason: 'OpenAPI 3.2.0 is not supported: only 3.0.x and 3.1.x',
  }));

test('a document that is not an object', () =>
  expectFailure({
    spec: 'not-an-object.yaml',
    at: '2:1',
    pointer: '#',
    reason: 'the document is not an object',
  }));

test('JSON spec: a spec error is located in the JSON text', () =>
  expectFailure({
    spec: 'json-error.json',
    at: '10:28',
    pointer: '#/paths/~1pets~1{pet_id}/get/parameters/1/in',
    reason: 'parameter "pet" has unknown location "body": expected path, query, header or cookie',
  }));

test('JSON spec: a syntax error is reported as JSON, at the token after the missing comma', () =>
  expectFailure({
    spec: 'json-syntax.json',
    at: '8:9',
    pointer: '#/paths/~1pets/get',
    reason: "invalid JSON: Expected ',' or '}' after property value",
  }));

test('multi-file spec: $refs broken inside the second file are located in that file, every one', () =>
  expectFailure({
    spec: 'multi-file/root.yaml',
    file: 'multi-file/pets.yaml',
    at: '14:19',
    pointer: '#/paths/~1pets/get/responses/200/content/application~1json/schema/items/$ref',
    reason: '$ref "#/components/schemas/Pet" does not resolve: #/components/schemas has no "Pet"',
    // A header the model never reads is still checked, and reported in the same run.
    also: [
      `${shown(join(FIXTURES, 'multi-file', 'pets.yaml'))}:17:15: $ref "./headers.yaml#/RateLimitRemaining" does not resolve: ${shown(join(FIXTURES, 'multi-file', 'headers.yaml'))} has no "RateLimitRemaining" (at #/paths/~1pets/get/responses/200/headers/x-rate-limit-remaining/$ref)`,
    ],
  }));

test('every fixture in the corpus has a test here', () => {
  const tested = new Set([
    'invalid-yaml-indent.yaml',
    'invalid-yaml-quote.yaml',
    'ref-missing-component.yaml',
    'ref-missing-file.yaml',
    'ref-missing-parameter.yaml',
    'parameter-in-body.yaml',
    'swagger-2.yaml',
    'openapi-3.2.yaml',
    'not-an-object.yaml',
    'json-error.json',
    'json-syntax.json',
    'multi-file',
  ]);
  assert.equal(
    readdirSync(FIXTURES).filter((f) => !tested.has(f)),
    [],
  );
  assert.ok(existsSync(join(FIXTURES, 'multi-file', 'pets.yaml')));
});

test.run();
