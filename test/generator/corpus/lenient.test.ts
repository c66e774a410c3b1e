/**
 * What xgen generates with a warning (test/fixtures/specs/corpus/lenient/): spec problems whose
 * meaning is recoverable. Each spec generates (exit 0, a package that passes the strict
 * type-check) with exactly its located warnings on stderr, each once, under `--strict=false`;
 * under `--strict` the same lines are errors, exit 1, and nothing is written.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { test } from '../../helpers/uvu.ts';
import { shareEmitThreads } from '../../helpers/emit-threads.ts';
import * as assert from 'uvu/assert';
import { removeDir, ROOT, runCli, tempDir } from '../../helpers/cli.ts';

// Many packages generated here: one set of emit threads serves them all.
shareEmitThreads(test);

const DIR = join(ROOT, 'test', 'fixtures', 'specs', 'corpus', 'lenient');
const shown = (name: string): string => relative(process.cwd(), join(DIR, name));

/** Each spec's warnings: `line:column`, reason, pointer. None: it is valid as it is. */
const WARNINGS: Record<string, [at: string, reason: string, pointer: string][]> = {
  'undeclared-path-param.yaml': [
    [
      '7:5',
      'path parameter "{toy_id}" of /pets/{pet_id}/toys/{toy_id} is not declared: assumed a required string',
      '#/paths/~1pets~1{pet_id}~1toys~1{toy_id}/get',
    ],
  ],
  'no-responses-30.yaml': [
    ['12:5', 'POST /pets has no responses: the result is void', '#/paths/~1pets/post'],
  ],
  'no-responses-31.yaml': [],
  'missing-info.yaml': [
    ['1:1', 'missing "info" object: the package name is used as the title and 0.0.0 as the version', '#'],
  ],
  'missing-info-title.yaml': [
    ['2:1', 'info.title must be a non-empty string: the package name is used as the title', '#/info'],
  ],
  'ref-cycle.yaml': [
    [
      '18:5',
      '$ref cycle that never reaches a value: read as any value (unknown)',
      '#/components/schemas/Baz',
    ],
    [
      '20:5',
      '$ref cycle that never reaches a value: read as any value (unknown)',
      '#/components/schemas/Qux',
    ],
  ],
  'duplicate-operation-id.yaml': [
    [
      '15:7',
      `duplicate operationId "listPets" (first used at ${shown('duplicate-operation-id.yaml')}:8:7): this one is named "listPets2"`,
      '#/paths/~1animals/get/operationId',
    ],
  ],
  'invalid-servers.yaml': [
    ['6:5', 'servers[0] has no "url" string: ignored', '#/servers/0'],
    ['7:5', 'servers[1] has no "url" string: ignored', '#/servers/1/url'],
    ['8:5', 'servers[2] must be an object: ignored', '#/servers/2'],
  ],
};

/** What each recovered spec's package says of the assumption, in its generated source. */
const RECOVERED: Record<string, [file: string, text: string][]> = {
  'undeclared-path-param.yaml': [
    [
      'src/operations/pets-toys.ts',
      "name: 'toy_id',\n      in: 'path',\n      required: true,\n      style: simple,\n      check: /* @__PURE__ */ segment(/* @__PURE__ */ string()),",
    ],
  ],
  'no-responses-30.yaml': [['src/resources/pets.ts', 'create(options?: RequestOptions): Promise<void>']],
  'no-responses-31.yaml': [['src/resources/pets.ts', 'create(options?: RequestOptions): Promise<void>']],
  'missing-info.yaml': [['package.json', '"x-spec-version": "0.0.0"']],
  'missing-info-title.yaml': [['README.md', '# @lenient/']],
  'ref-cycle.yaml': [
    ['src/schemas.ts', 'export type Baz = unknown;'],
    ['src/schemas.ts', 'export type Qux = unknown;'],
  ],
  'duplicate-operation-id.yaml': [['src/operations/animals.ts', "id: 'listPets2'"]],
  'invalid-servers.yaml': [['src/runtime/http.ts', "options.baseUrl ?? 'https://api.example.com/v1'"]],
};

let work = '';
test.before(() => {
  work = tempDir('corpus-lenient');
});
test.after(() => removeDir(work));

test('every lenient spec has its expected warnings, and the other way round', () => {
  assert.equal(readdirSync(DIR).sort(), Object.keys(WARNINGS).sort());
});

for (const [name, expected] of Object.entries(WARNINGS)) {
  const lines = expected.map(([at, reason, pointer]) => `${shown(name)}:${at}: ${reason} (at ${pointer})`);
  const warnings = lines.map((l) => l.replace(/^([^:]+:\d+:\d+): /, '$1: warning: '));

  test(`${name}: generates with its located warnings, each once, under --strict=false`, async () => {
    const out = join(work, `${name}-lenient`);
    const run = await runCli([
      'generate',
      '--spec',
      join(DIR, name),
      '--out',
      out,
      '--name',
      `@lenient/${name.replace(/\.yaml$/, '')}`,
      '--strict=false',
    ]);
    assert.is(run.code, 0, run.text);
    assert.equal(run.err, warnings);
    assert.ok(existsSync(join(out, 'package.json')));
    for (const [file, text] of RECOVERED[name] ?? [])
      assert.ok(readFileSync(join(out, file), 'utf8').includes(text), `${file} has ${text}`);
  });

  test(`${name}: ${expected.length > 0 ? 'is refused' : 'still generates'} under --strict`, async () => {
    const out = join(work, `${name}-strict`);
    const run = await runCli([
      'generate',
      '--spec',
      join(DIR, name),
      '--out',
      out,
      '--name',
      '@lenient/strict',
      '--strict',
    ]);
    if (expected.length === 0) {
      assert.is(run.code, 0, run.text);
      assert.equal(run.err, []);
      return;
    }
    assert.is(run.code, 1, run.text);
    assert.equal(run.err, [...lines, 'Nothing was written.']);
    assert.not.ok(existsSync(out), 'nothing written');
  });
}

test('warnings come in the same order, byte for byte, on every run', async () => {
  const argv = (out: string): string[] => [
    'generate',
    '--spec',
    join(DIR, 'invalid-servers.yaml'),
    '--out',
    out,
    '--name',
    '@lenient/again',
  ];
  const first = await runCli(argv(join(work, 'again-1')));
  const second = await runCli(argv(join(work, 'again-2')));
  assert.equal(first.err, second.err);
});

test('`strict: true` on a package in the config refuses it; --strict=false overrides that', async () => {
  const config = join(work, 'xgen.config.yaml');
  const spec = join(DIR, 'undeclared-path-param.yaml');
  writeFileSync(
    config,
    `packages:\n  - spec: ${JSON.stringify(spec)}\n    out: strict-out\n    name: '@lenient/config'\n    strict: true\n`,
  );
  const refused = await runCli(['generate', '--config', config, '--no-cache']);
  assert.is(refused.code, 1, refused.text);
  assert.match(refused.err[0] ?? '', /is not declared: assumed a required string \(at /);
  assert.not.ok(existsSync(join(work, 'strict-out')));
  const lenient = await runCli(['generate', '--config', config, '--no-cache', '--strict=false']);
  assert.is(lenient.code, 0, lenient.text);
  assert.match(lenient.err[0] ?? '', /: warning: path parameter/);
});

test('a cached result shows its warnings again, and --strict refuses it', async () => {
  const cache = join(work, 'cache');
  const argv = [
    'generate',
    '--spec',
    join(DIR, 'no-responses-30.yaml'),
    '--out',
    join(work, 'cached'),
    '--name',
    '@lenient/cached',
    '--cache-dir',
    cache,
  ];
  const first = await runCli(argv);
  const second = await runCli(argv);
  assert.is(second.code, 0, second.text);
  assert.match(second.out.join('\n'), /inputs unchanged since a cached run/);
  assert.equal(second.err, first.err);
  assert.is(second.err.length, 1);
  const strict = await runCli([...argv, '--strict']);
  assert.is(strict.code, 1, strict.text);
  assert.equal(strict.err, [first.err[0]?.replace(': warning: ', ': '), 'Nothing was written.']);
});

test.run();
