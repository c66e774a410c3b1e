/**
 * A spec given by http(s) URL, served on 127.0.0.1 by the test: fetched with its relative `$ref`s (same
 * origin only), with a timeout, never showing a URL's query (a token) in a message; `--check` and the
 * result cache treat it like a file, keyed by the texts fetched.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from '../../helpers/uvu.ts';
import { shareEmitThreads } from '../../helpers/emit-threads.ts';
import * as assert from 'uvu/assert';
import { removeDir, runCli, tempDir } from '../../helpers/cli.ts';
import { freePort, listenHttp, type Loopback } from '../../helpers/server.ts';

// Many packages generated here: one set of emit threads serves them all.
shareEmitThreads(test);

const ROOT_SPEC = `openapi: 3.1.0
info: { title: Remote pets, version: 1.0.0 }
paths:
  /pets/{id}:
    get:
      operationId: getPet
      parameters:
        - { name: id, in: path, required: true, schema: { type: string } }
      responses:
        '200':
          description: A pet
          content:
            application/json:
              schema: { $ref: 'schemas/pet.yaml#/Pet' }
`;
let petSchema = `Pet:\n  type: object\n  properties:\n    name: { type: string }\n`;

let server: Loopback | undefined;
let base = '';
let work = '';
const requests: string[] = [];

test.before(async () => {
  work = tempDir('remote');
  server = await listenHttp((req, res) => {
    requests.push(req.url ?? '');
    const path = (req.url ?? '').split('?')[0];
    if (path === '/api/openapi.yaml') res.end(ROOT_SPEC);
    else if (path === '/api/schemas/pet.yaml') res.end(petSchema);
    else if (path === '/api/elsewhere.yaml')
      res.end(ROOT_SPEC.replace("'schemas/pet.yaml#/Pet'", "'http://localhost:1/pet.yaml#/Pet'"));
    else if (path === '/api/photo.json') res.end(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46]));
    else if (path === '/slow.yaml') setTimeout(() => res.end(ROOT_SPEC), 5000);
    else {
      res.statusCode = 404;
      res.end('not here');
    }
  });
  base = server.url;
});
test.after(async () => {
  await server?.close();
  removeDir(work);
});

const generate = (spec: string, ...more: string[]) =>
  runCli(['generate', '--spec', spec, '--out', join(work, 'out'), '--name', '@test/remote', ...more]);

test('a spec by URL is fetched with its relative $refs, and --check compares against it', async () => {
  const run = await generate(`${base}/api/openapi.yaml`, '--no-cache');
  assert.is(run.code, 0, run.text);
  assert.ok(requests.includes('/api/schemas/pet.yaml'), 'the relative $ref was fetched from the same origin');
  const check = await generate(`${base}/api/openapi.yaml`, '--no-cache', '--check');
  assert.is(check.code, 0, check.text);
  petSchema = petSchema.replace('name:', 'nickname:');
  const stale = await generate(`${base}/api/openapi.yaml`, '--no-cache', '--check');
  assert.is(stale.code, 1, "a change in a $ref'd document on the server makes the output stale");
  petSchema = petSchema.replace('nickname:', 'name:');
});

test('the result cache keys a URL spec by the texts fetched', async () => {
  const cache = join(work, 'cache');
  const first = await generate(`${base}/api/openapi.yaml`, '--cache-dir', cache);
  assert.is(first.code, 0, first.text);
  const second = await generate(`${base}/api/openapi.yaml`, '--cache-dir', cache);
  assert.match(second.text, 'inputs unchanged since a cached run');
  petSchema = petSchema.replace('name:', 'title:');
  const third = await generate(`${base}/api/openapi.yaml`, '--cache-dir', cache);
  assert.is(third.code, 0, third.text);
  assert.not.match(third.text, 'inputs unchanged', 'a changed document is a miss');
  petSchema = petSchema.replace('title:', 'name:');
});

test('a $ref to another origin is refused where it is written', async () => {
  const run = await generate(`${base}/api/elsewhere.yaml`, '--no-cache');
  assert.is(run.code, 1, run.text);
  assert.match(run.err[0] ?? '', `${base}/api/elsewhere.yaml:`);
  assert.match(run.err[0] ?? '', 'points to another origin (http://localhost:1): only documents on');
});

test('HTTP errors, binary answers and timeouts are one line each, without the query string', async () => {
  const missing = await generate(`${base}/api/nope.yaml?token=s3cret`, '--no-cache');
  assert.is(missing.code, 1);
  assert.match(missing.err[0] ?? '', `${base}/api/nope.yaml:1:1: cannot fetch the spec: HTTP 404 Not Found`);
  assert.not.match(missing.text, 's3cret');
  const photo = await generate(`${base}/api/photo.json`, '--no-cache');
  assert.is(photo.code, 1);
  assert.match(photo.err[0] ?? '', 'this is a JPEG image, not an OpenAPI document');
  process.env.XGEN_FETCH_TIMEOUT_MS = '300';
  try {
    const slow = await generate(`${base}/slow.yaml`, '--no-cache');
    assert.is(slow.code, 1);
    assert.match(slow.err[0] ?? '', 'cannot fetch the spec: no complete answer within 0.3 s');
  } finally {
    delete process.env.XGEN_FETCH_TIMEOUT_MS;
  }
  // A port nothing listens on: one a server had and gave back.
  const port = await freePort();
  const refused = await generate(`http://127.0.0.1:${port}/spec.yaml`, '--no-cache');
  assert.is(refused.code, 1);
  assert.match(refused.err[0] ?? '', 'cannot fetch the spec: ECONNREFUSED');
});

test('a spec URL with user info is refused, saying why and what to do, and shows no secret', async () => {
  const secretUrl = base.replace('http://', 'http://alice:s3cr3t@') + '/api/openapi.yaml?token=tok3n';
  const before = requests.length;
  const run = await generate(secretUrl, '--no-cache');
  assert.is(run.code, 2, run.text);
  assert.is(
    run.err[0],
    `xgen: --spec ${base}/api/openapi.yaml: a spec URL with a user name or password is refused: fetch does not send them, and they would show in process lists and logs. xgen sends no credentials when it fetches a spec: download it with them (for example \`curl --netrc -o spec.yaml <url>\`) and pass the file`,
  );
  for (const secret of ['alice', 's3cr3t', 'tok3n'])
    assert.not.ok(run.text.includes(secret), `${secret} shows in: ${run.text}`);
  assert.is(requests.length, before, 'nothing was fetched');
  // The same URL in a config: refused where it is written.
  const config = join(work, 'secret.config.yaml');
  writeFileSync(config, `packages:\n  - spec: '${secretUrl}'\n    out: out\n    name: '@test/remote'\n`);
  const configured = await runCli(['generate', '--config', config, '--no-cache']);
  assert.ok(configured.code !== 0, configured.text);
  assert.match(configured.text, `${config}:2:`);
  assert.match(configured.text, 'a spec URL with a user name or password is refused');
  for (const secret of ['alice', 's3cr3t', 'tok3n'])
    assert.not.ok(configured.text.includes(secret), `${secret} shows in: ${configured.text}`);
});

test('every message shows URLs without user, password or query, whatever wrote it', async () => {
  // Refused before any fetch, by a message that quotes the --spec it was given.
  const run = await generate('ftp://anon:pw@127.0.0.1/spec.yaml?token=abc', '--no-cache');
  assert.is(run.code, 2, run.text);
  assert.match(run.err[0] ?? '', 'only http(s) URLs and file paths are read');
  for (const secret of ['anon', 'pw@', 'token', 'abc'])
    assert.not.ok(run.text.includes(secret), `${secret} shows in: ${run.text}`);
});

test.run();
