/**
 * The functions emitter (`src/functions.ts`, the `/functions` entry): one function per operation,
 * named after its descriptor, never taking a name the module itself uses; the package compiles and
 * each function sends its operation over loopback.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { test } from '../../helpers/uvu.ts';
import * as assert from 'uvu/assert';
import { generatePackage } from '../../../generator/generate.ts';
import { removeDir, tempDir } from '../../helpers/cli.ts';
import { startServer } from '../../helpers/server.ts';
import { shareEmitThreads } from '../../helpers/emit-threads.ts';

// Generates in this process: the test process's emit threads serve it (test/helpers/emit-threads.ts).
shareEmitThreads(test);

const SPEC = `openapi: 3.1.0
info: { title: Clashes, version: '1.0' }
servers: [{ url: 'https://api.example.com' }]
paths:
  /core:
    post:
      operationId: createCore
      requestBody:
        required: true
        content: { application/json: { schema: { type: object, required: [name], properties: { name: { type: string, maxLength: 5 } } } } }
      responses: { '200': { description: ok, content: { application/json: { schema: { type: object } } } } }
  /request:
    get:
      operationId: request
      parameters: [{ name: q, in: query, schema: { type: array, items: { type: string } } }]
      responses: { '200': { description: ok, content: { application/json: { schema: { type: object } } } } }
  /then:
    get:
      operationId: then
      responses: { '204': { description: done } }
`;

let dir = '';
let files = new Map<string, string>();

test.before(async () => {
  dir = tempDir('functions-emit');
  writeFileSync(join(dir, 'spec.yaml'), SPEC);
  ({ files } = await generatePackage({
    spec: join(dir, 'spec.yaml'),
    out: join(dir, 'out'),
    name: '@t/clashes',
    client: 'ClashClient',
    templates: {},
  }));
  for (const [path, text] of files) {
    mkdirSync(dirname(join(dir, 'out', path)), { recursive: true });
    writeFileSync(join(dir, 'out', path), text);
  }
});
test.after(() => removeDir(dir));

test('the package has the /functions entry, compiled', () => {
  const pkg = JSON.parse(files.get('package.json') ?? '{}') as {
    exports: Record<string, { types: string; import: string }>;
  };
  assert.equal(pkg.exports['./functions'], {
    types: './dist/functions.d.ts',
    import: './dist/functions.js',
    default: './dist/functions.js',
  });
  assert.ok(files.has('dist/functions.js') && files.has('dist/functions.d.ts'));
});

test('an operation named like a name the module uses is numbered; `then` never makes the module thenable', async () => {
  const source = files.get('src/functions.ts') ?? '';
  for (const name of ['createCore2', 'request2', 'then2'])
    assert.match(source, new RegExp(`export function ${name}\\(`));
  assert.not.match(source, /export function then\(/);
  const fns = (await import(pathToFileURL(join(dir, 'out/src/functions.ts')).href)) as Record<
    string,
    unknown
  >;
  assert.type(fns.createCore, 'function');
  assert.type(fns.createCore2, 'function');
  assert.is(fns.then, undefined);
  // The grouped methods call the same functions.
  assert.match(
    files.get('src/resources/core.ts') ?? '',
    /return createCore2\(this\.core, params, options\);/,
  );
});

test('the numbered functions send their operations, validation first', async () => {
  const server = await startServer(() => ({ status: 200, body: { ok: true } }));
  try {
    type Fns = {
      createCore(options: object): unknown;
      createCore2(core: unknown, params: object): Promise<unknown>;
      request2(core: unknown, params: object): Promise<unknown>;
      then2(core: unknown): Promise<unknown>;
      ValidationError: new (...args: never[]) => Error;
    };
    const fns = (await import(pathToFileURL(join(dir, 'out/src/functions.ts')).href)) as Fns;
    const core = fns.createCore({ baseUrl: server.url, maxRetries: 0 });
    assert.equal(await fns.createCore2(core, { name: 'x' }), { ok: true });
    assert.is(server.requests[0]?.body, '{"name":"x"}');
    assert.equal(await fns.request2(core, { q: ['a', 'b'] }), { ok: true });
    assert.is(server.requests[1]?.url, '/request?q=a&q=b');
    await fns.createCore2(core, { name: 'too long' }).then(
      () => assert.unreachable('should refuse'),
      (error: unknown) => assert.instance(error, fns.ValidationError),
    );
    assert.is(server.requests.length, 2);
  } finally {
    await server.close();
  }
});

test.run();
