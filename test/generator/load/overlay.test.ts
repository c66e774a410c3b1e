/**
 * OpenAPI Overlay 1.0 documents (`overlays:` per package in the config), applied before loading:
 * an overlay adds pagination to an operation of a spec we do not own and the page promise
 * appears; actions remove and merge; problems are located in the overlay; an overlay's text is an
 * input of the result cache. Also JSONPath (RFC 9535) as the targets are read: function extensions and slices.
 */
import { copyFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { test } from '../../helpers/uvu.ts';
import { shareEmitThreads } from '../../helpers/emit-threads.ts';
import * as assert from 'uvu/assert';
import { loadSpec } from '../../../generator/load/index.ts';
import { selectNodes } from '../../../generator/load/overlay.ts';
import { buildModel } from '../../../generator/model/index.ts';
import { removeDir, ROOT, runCli, tempDir } from '../../helpers/cli.ts';
import { startServer } from '../../helpers/server.ts';
import type { Dynamic } from '../corpus/smoke-cases.ts';

// Many packages generated here: one set of emit threads serves them all.
shareEmitThreads(test);

const DIR = join(ROOT, 'test', 'fixtures', 'specs', 'overlays');
const SPEC = join(DIR, 'pets.yaml');
const shown = (file: string): string => relative(process.cwd(), file);
let work = '';
test.before(() => {
  work = tempDir('overlay');
});
test.after(() => removeDir(work));

const model = (overlays: string[]) =>
  buildModel(loadSpec(SPEC, undefined, overlays), { packageName: '@t/pets', clientName: 'PetsClient' });

test('without the overlay listPets does not page; with it, it pages as the overlay says, deletePet is gone and Pet.id is required', () => {
  const plain = model([]);
  assert.is(plain.operations.find((o) => o.id === 'listPets')?.pagination, undefined);
  const overlaid = model([join(DIR, 'paginate.overlay.yaml')]);
  const list = overlaid.operations.find((o) => o.id === 'listPets');
  assert.equal(
    {
      style: list?.pagination?.style,
      token: list?.pagination?.token,
      next: list?.pagination?.next,
      items: list?.pagination?.items,
      inferred: list?.pagination?.inferred,
    },
    { style: 'token', token: 'after', next: 'links.next_after', items: 'pets', inferred: undefined },
  );
  assert.equal(
    overlaid.operations.map((o) => o.id),
    ['listPets', 'getPet'],
  );
  assert.equal(overlaid.schemas.find((s) => s.name === 'Pet')?.schema.required, ['id']);
});

test('an overlay switches inferred pagination and streams off, or states them instead', () => {
  const inferred = join(ROOT, 'test', 'fixtures', 'specs', 'inference', 'inferred.yaml');
  const read = (overlays: string[]) =>
    new Map(
      buildModel(loadSpec(inferred, undefined, overlays), {
        packageName: '@t/i',
        clientName: 'IClient',
      }).operations.map((o) => [o.id, o]),
    );
  const before = read([]);
  assert.ok(before.get('listTweets')?.pagination?.inferred);
  assert.is(before.get('streamLines')?.streaming, 'ndjson');
  assert.equal(before.get('listOffsets')?.pagination?.total, 'total');
  const after = read([join(DIR, 'switch-off.overlay.yaml')]);
  assert.is(after.get('listTweets')?.pagination, undefined);
  assert.is(after.get('streamLines')?.streaming, undefined);
  const offsets = after.get('listOffsets')?.pagination;
  assert.equal(
    [offsets?.style, offsets?.inferred, offsets?.total],
    ['offset', undefined, undefined],
    'stated, so not counted as inferred',
  );
  assert.ok(after.get('listCursored')?.pagination?.inferred, 'the others are still inferred');
});

test('an overlay in the config: the generated client has the page promise and pages over loopback', async () => {
  const config = join(work, 'xgen.config.yaml');
  writeFileSync(
    config,
    `packages:\n  - spec: ${JSON.stringify(SPEC)}\n    out: pets\n    name: '@t/pets'\n    overlays: [${JSON.stringify(join(DIR, 'paginate.overlay.yaml'))}]\n`,
  );
  const run = await runCli(['generate', '--config', config, '--no-cache']);
  assert.is(run.code, 0, run.text);
  assert.equal(run.err, []);
  const functions = readFileSync(join(work, 'pets', 'src', 'functions.ts'), 'utf8');
  assert.match(
    functions,
    /export function listPets\([\s\S]*?\): PagePromise<ListPetsResponse, PageItem<ListPetsResponse, 'pets'>> \{/,
  );
  assert.not.match(functions, /deletePet/);
  const pkg: Dynamic = await import(pathToFileURL(join(work, 'pets', 'src', 'index.ts')).href);
  const server = await startServer((r) => ({
    body: r.query.get('after')
      ? { pets: [{ id: '2' }], links: {} }
      : { pets: [{ id: '1' }], links: { next_after: '1' } },
  }));
  try {
    const ids: string[] = [];
    for await (const pet of new pkg.PetsClient({ baseUrl: server.url }).pets.list()) ids.push(pet.id);
    assert.equal(ids, ['1', '2']);
    assert.equal(
      server.requests.map((r) => r.url),
      ['/pets', '/pets?after=1'],
    );
  } finally {
    await server.close();
  }
});

test('an action whose target is not JSONPath is refused, located in the overlay; nothing is written', async () => {
  const overlay = join(DIR, 'broken.overlay.yaml');
  const out = join(work, 'broken');
  const config = join(work, 'broken.config.yaml');
  writeFileSync(
    config,
    `packages:\n  - spec: ${JSON.stringify(SPEC)}\n    out: broken\n    name: '@t/broken'\n    overlays: [${JSON.stringify(overlay)}]\n`,
  );
  const run = await runCli(['generate', '--config', config, '--no-cache']);
  assert.is(run.code, 1, run.text);
  assert.equal(run.err, [
    `${shown(overlay)}:9:5: target "$.paths[/pets]" is not a JSONPath (RFC 9535): unexpected "/" at character 9 (at #/actions/1/target)`,
    'Nothing was written.',
  ]);
  assert.not.ok(existsSync(out));
});

test('a target that selects nothing is a located warning, and an error under --strict', async () => {
  const overlay = join(DIR, 'nothing.overlay.yaml');
  const config = join(work, 'nothing.config.yaml');
  writeFileSync(
    config,
    `packages:\n  - spec: ${JSON.stringify(SPEC)}\n    out: nothing\n    name: '@t/nothing'\n    overlays: [${JSON.stringify(overlay)}]\n`,
  );
  const line = `${shown(overlay)}:6:5: target "$.paths['/cats'].get" selects nothing in the spec: the action changes nothing (at #/actions/0/target)`;
  const lenient = await runCli(['generate', '--config', config, '--no-cache']);
  assert.is(lenient.code, 0, lenient.text);
  assert.equal(lenient.err, [line.replace(/^([^:]+:\d+:\d+): /, '$1: warning: ')]);
  const strict = await runCli(['generate', '--config', config, '--no-cache', '--strict']);
  assert.is(strict.code, 1);
  assert.equal(strict.err, [line, 'Nothing was written.']);
});

test('a changed overlay regenerates: its text is an input of the result cache', async () => {
  const overlay = join(work, 'cached.overlay.yaml');
  copyFileSync(join(DIR, 'paginate.overlay.yaml'), overlay);
  const config = join(work, 'cached.config.yaml');
  writeFileSync(
    config,
    `packages:\n  - spec: ${JSON.stringify(SPEC)}\n    out: cached\n    name: '@t/cached'\n    overlays: [cached.overlay.yaml]\n`,
  );
  const argv = ['generate', '--config', config, '--cache-dir', join(work, 'cache')];
  assert.is((await runCli(argv)).code, 0);
  assert.match((await runCli(argv)).out.join('\n'), /inputs unchanged since a cached run/);
  writeFileSync(
    overlay,
    readFileSync(overlay, 'utf8').replace("operationId == 'deletePet'", "operationId == 'getPet'"),
  );
  const changed = await runCli(argv);
  assert.is(changed.code, 0, changed.text);
  assert.not.match(changed.out.join('\n'), /cached run/);
  const functions = readFileSync(join(work, 'cached', 'src', 'functions.ts'), 'utf8');
  assert.match(functions, /export function deletePet\(/);
  assert.not.match(functions, /export function getPet\(/);
});

test('JSONPath: names, indices, wildcards, unions, descendants and filters select as RFC 9535 says', () => {
  const doc = {
    paths: {
      '/a': { get: { operationId: 'a', tags: ['x', 'y'] }, post: { operationId: 'b', deprecated: true } },
      '/b': { get: { operationId: 'c', 'x-n': 3 } },
    },
  };
  const values = (path: string) => selectNodes(doc, path).map((n) => n.value);
  assert.equal(values("$.paths['/a'].get.operationId"), ['a']);
  assert.equal(values('$.paths.*.get.operationId'), ['a', 'c']);
  assert.equal(values("$.paths['/a'].get.tags[-1]"), ['y']);
  assert.equal(values("$.paths['/a']['get','post'].operationId"), ['a', 'b']);
  assert.equal(values('$..operationId'), ['a', 'b', 'c']);
  assert.equal(values('$.paths.*[?@.deprecated == true].operationId'), ['b']);
  assert.equal(values("$.paths.*[?(@['x-n'] > 2 || @.tags)].operationId"), ['a', 'c']);
  assert.equal(values('$.paths.*[?!@.tags && @.operationId != "c"].operationId'), ['b']);
  assert.equal(values("$.paths.*[?@.operationId == $.paths['/b'].get.operationId].operationId"), ['c']);
});

test('JSONPath: the function extensions length(), count(), match(), search(), value() and slices', () => {
  const doc = {
    paths: {
      '/users/{id}': {
        get: { operationId: 'getUser', tags: ['users'] },
        delete: { operationId: 'deleteUser', tags: ['users', 'admin'] },
      },
      '/tweets': {
        get: { operationId: 'listTweets', tags: ['tweets'] },
        post: { operationId: 'createTweet', tags: [] },
      },
    },
    servers: [{ url: 'https://a' }, { url: 'https://b' }, { url: 'https://c' }, { url: 'https://d' }],
  };
  const values = (path: string) => selectNodes(doc, path).map((n) => n.value);
  assert.equal(values('$.paths.*[?length(@.tags) == 2].operationId'), ['deleteUser']);
  assert.equal(values('$.paths.*[?length(@.operationId) > 10].operationId'), ['createTweet']);
  assert.equal(values('$.paths.*[?count(@.tags[*]) == 0].operationId'), ['createTweet']);
  assert.equal(values("$.paths.*[?match(@.operationId, 'get.*')].operationId"), ['getUser']);
  assert.equal(values("$.paths.*[?search(@.operationId, 'Tweet')].operationId"), [
    'listTweets',
    'createTweet',
  ]);
  assert.equal(values("$.paths.*[?value(@.tags[0]) == 'users'].operationId"), ['getUser', 'deleteUser']);
  assert.equal(values('$.servers[1:3].url'), ['https://b', 'https://c']);
  assert.equal(values('$.servers[::-2].url'), ['https://d', 'https://b']);
  assert.equal(values('$.servers[-1:].url'), ['https://d']);
});

test('JSONPath: a selected node knows its parent and its key as the document spells it', () => {
  const doc = { "it's": { 'line\nbreak': 1, 'back\\slash': 2 }, list: [10, 20, 30] };
  const nodes = selectNodes(doc, '$..*');
  assert.ok(nodes.some((n) => n.parent === doc["it's"] && n.key === 'line\nbreak' && n.value === 1));
  assert.ok(nodes.some((n) => n.parent === doc["it's"] && n.key === 'back\\slash' && n.value === 2));
  assert.ok(nodes.some((n) => n.parent === doc.list && n.key === 1 && n.value === 20));
  assert.equal(selectNodes(doc, '$')[0], { value: doc, parent: undefined, key: undefined });
});

test('JSONPath: what is not a JSONPath query is an error naming the character', () => {
  for (const [bad, at] of [
    ['paths', 1],
    ["$.paths['/a'", 13],
    ['$.paths[?@.x-n > 1]', 13],
    // A comparison takes single values: a query that may select several is not one.
    ['$.paths[?@.a == $.paths.*.b]', 25],
  ] as const) {
    assert.throws(
      () => selectNodes({}, bad),
      (error: Error) => error.message.endsWith(`at character ${at}`),
      bad,
    );
  }
});

test.run();
