/**
 * What xgen must refuse (test/fixtures/specs/corpus/refused/): Swagger 2.0, OpenAPI 3.2 and
 * unknown versions, and malformed documents (what a client can still be made from is in
 * lenient/, generated with warnings: see lenient.test.ts). Each fails with exit code 1, a located, readable
 * reason (`file:line:column: reason (at #/pointer)`), "Nothing was written." and no output folder.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { test } from '../../helpers/uvu.ts';
import * as assert from 'uvu/assert';
import { removeDir, runCli, tempDir } from '../../helpers/cli.ts';
import { refusedSpecs } from './corpus.ts';
import { shareEmitThreads } from '../../helpers/emit-threads.ts';

// Generates in this process: the test process's emit threads serve it (test/helpers/emit-threads.ts).
shareEmitThreads(test);

/** The reason each refused spec must give. */
const REASONS: Record<string, RegExp> = {
  'bad-parameter.yaml': /^parameter "limit" has no "in": expected path, query, header or cookie$/,
  'broken-ref.yaml': /^\$ref "#\/components\/schemas\/Nope" does not resolve: # has no "components"$/,
  'empty-file.yaml': /^the document is not an object$/,
  'malformed-json.json': /^invalid JSON: /,
  'malformed-yaml.yaml': /^invalid YAML: a quoted string is never closed/,
  'missing-ref-file.yaml': /^\$ref "\.\/nowhere\.yaml#\/Pet" points to a file that does not exist/,
  'no-openapi-field.yaml': /^missing "openapi" version string: not an OpenAPI document$/,
  'not-an-object.yaml': /^the document is not an object$/,
  'openapi-3.2.yaml': /^OpenAPI 3\.2\.0 is not supported: only 3\.0\.x and 3\.1\.x$/,
  'openapi-unknown-version.yaml': /^OpenAPI 4\.0\.0 is not supported: only 3\.0\.x and 3\.1\.x$/,
  'openapi-version-number.yaml': /^"openapi" must be a string such as "3\.1\.0", got the number 3\.1$/,
  'openapi-version-short.yaml': /^"openapi" must be a full version such as "3\.0\.0", got "3\.0"$/,
  'operation-not-object.yaml': /^GET \/pets must be an object$/,
  'paths-not-object.yaml': /^"paths" must be an object$/,
  'swagger-2.yaml': /^Swagger 2\.0 is not supported: convert it to OpenAPI 3\.0 or 3\.1 first$/,
};

let work = '';
test.before(() => {
  work = tempDir('corpus-refused');
});
test.after(() => removeDir(work));

test('every refused spec has its expected reason, and the other way round', () => {
  assert.equal(
    refusedSpecs().map((s) => s.name),
    Object.keys(REASONS).sort(),
  );
});

for (const spec of refusedSpecs()) {
  test(`refuses ${spec.name} with a located reason and writes nothing`, async () => {
    const out = join(work, spec.name.replace(/\W/g, '-'));
    const run = await runCli(['generate', '--spec', spec.path, '--out', out, '--name', '@corpus/refused']);
    assert.is(run.code, 1, run.text);
    assert.equal(run.out, []);
    assert.is(run.err[run.err.length - 1], 'Nothing was written.');
    const first = run.err[0] ?? '';
    const located = /^(.+):(\d+):(\d+): (.+) \(at (#[^)]*)\)$/.exec(first);
    assert.ok(located, `a located line: ${first}`);
    assert.is(located?.[1], relative(process.cwd(), spec.path), 'names the spec file');
    assert.match(located?.[4] ?? '', REASONS[spec.name] ?? /^$/);
    assert.not.match(run.text, /\n\s+at /, 'no stack trace');
    assert.not.ok(existsSync(out), 'no output folder');
    assert.equal(
      readdirSync(work).filter((f) => f.startsWith(spec.name.replace(/\W/g, '-'))),
      [],
      'no staging folder',
    );
  });
}

test.run();
