/** Which runtime helpers a package gets follows its security schemes and `x-webhook-signature`. */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { test } from '../../helpers/uvu.ts';
import { shareEmitThreads } from '../../helpers/emit-threads.ts';
import * as assert from 'uvu/assert';
import { diffSnapshots } from '../../../generator/diff/rules.ts';
import { parseSnapshot, SNAPSHOT_FILE } from '../../../generator/diff/snapshot.ts';
import { generatePackage } from '../../../generator/generate.ts';

// Many packages generated here: one set of emit threads serves them all.
shareEmitThreads(test);

const dir = resolve('test/.tmp/runtime-files');

test.before(() => {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
});
test.after(() => rmSync(dir, { recursive: true, force: true }));

/** A one-operation spec whose only security scheme is `scheme`; `root` adds top-level keys. */
function spec(name: string, scheme: string, root = ''): string {
  const file = join(dir, `${name}.yaml`);
  writeFileSync(
    file,
    `openapi: 3.1.0
info: { title: ${name}, version: '1' }
servers: [{ url: 'https://api.example.com/v1' }]
security: [{ Auth: [] }]
${root}paths:
  /things:
    get:
      operationId: listThings
      responses:
        '200':
          description: The things.
          content: { application/json: { schema: { type: object, properties: { id: { type: string } } } } }
components:
  securitySchemes:
    Auth:
${scheme.replace(/^/gm, '      ')}
`,
  );
  return file;
}

async function runtimeOf(
  name: string,
  scheme: string,
  root = '',
): Promise<{ files: string[]; text: (path: string) => string }> {
  const generated = await generate(name, scheme, root);
  const files = [...generated.files.keys()]
    .filter((p) => p.startsWith('src/runtime/'))
    .map((p) => p.slice('src/runtime/'.length).replace(/\.ts$/, ''));
  // generatePackage type-checks the package: each of these compiled.
  assert.ok(generated.files.has('dist/index.d.ts'));
  return { files, text: (path) => generated.files.get(path) ?? '' };
}

function generate(name: string, scheme: string, root = '') {
  return generatePackage({
    spec: spec(name, scheme, root),
    out: join(dir, name),
    name: `@test/${name}`,
    client: 'TestClient',
    templates: {},
  });
}

const AUTH_FILES = ['encoding', 'oauth1', 'sha1', 'webhooks', 'oauth2-user', 'oauth-flows', 'app-only'];
const authFiles = (files: string[]): string[] => files.filter((f) => AUTH_FILES.includes(f)).sort();

test('a bearer-only package gets no OAuth or webhook helpers', async () => {
  const { files, text } = await runtimeOf('bearer', 'type: http\nscheme: bearer');
  assert.equal(authFiles(files), []);
  assert.not.match(text('src/index.ts'), /crcResponse|buildOAuth2AuthorizeUrl|oauth1Sign/);
  assert.not.match(text('README.md'), /## Credential helpers/);
});

test('an OAuth 2 authorization-code scheme brings the user flow, with its own endpoints', async () => {
  const { files, text } = await runtimeOf(
    'oauth2',
    `type: oauth2
flows:
  authorizationCode:
    authorizationUrl: https://login.example.com/authorize
    tokenUrl: oauth/token
    refreshUrl: https://login.example.com/refresh
    scopes: { read: Read things., write: Write things. }`,
  );
  assert.equal(authFiles(files), ['encoding', 'oauth2-user']);
  const flow = text('src/runtime/oauth2-user.ts');
  assert.match(flow, "const AUTHORIZATION_URL = 'https://login.example.com/authorize';");
  // A relative tokenUrl is resolved against the server (RFC 3986, as OpenAPI says).
  assert.match(flow, "const TOKEN_URL = 'https://api.example.com/v1/oauth/token';");
  assert.match(flow, "const REFRESH_URL = 'https://login.example.com/refresh';");
  assert.match(flow, "`['read', 'write']`");
  assert.not.match(flow, /x\.com/);
  assert.match(text('src/index.ts'), /buildOAuth2AuthorizeUrl/);
  // The README names the endpoints the helpers default to.
  const readme = text('README.md');
  assert.match(readme, '**OAuth 2 user flow** (the `Auth` scheme)');
  assert.match(readme, '`buildOAuth2AuthorizeUrl` (`https://login.example.com/authorize`)');
  assert.match(
    readme,
    '(`https://api.example.com/v1/oauth/token`, refreshes at `https://login.example.com/refresh`)',
  );
  assert.not.match(readme, /Webhooks|OAuth1Flow/);
});

test('an OAuth 2 scheme without an authorization-code flow brings no user flow', async () => {
  const { files } = await runtimeOf(
    'client-credentials',
    'type: oauth2\nflows:\n  clientCredentials:\n    tokenUrl: https://login.example.com/token\n    scopes: {}',
  );
  assert.equal(authFiles(files), []);
});

test('an OAuth 1.0a scheme brings signing only: no OAuth 2 user flow, no webhooks', async () => {
  const { files, text } = await runtimeOf('oauth1', 'type: http\nscheme: OAuth');
  assert.equal(authFiles(files), ['encoding', 'oauth1', 'sha1']);
  assert.match(text('src/index.ts'), /oauth1Sign/);
  assert.not.match(text('src/index.ts'), /crcResponse|buildOAuth2AuthorizeUrl/);
});

test('x-webhook-signature brings the webhook helpers', async () => {
  const { files, text } = await runtimeOf(
    'webhooks',
    'type: http\nscheme: bearer',
    'x-webhook-signature: { header: x-hook-signature, crc: crc_token }\n',
  );
  assert.equal(authFiles(files), ['encoding', 'webhooks']);
  assert.match(text('src/index.ts'), /crcResponse, verifyWebhookSignature/);
  // The README says which header and which query parameter the spec's deliveries use.
  const readme = text('README.md');
  assert.match(readme, 'the challenge sent as the `crc_token` query parameter');
  assert.match(readme, 'checks a delivery against its `x-hook-signature` header');
});

test('a helper that goes is a breaking change of the package', async () => {
  const snapshot = async (name: string, root: string) =>
    parseSnapshot((await generate(name, 'type: http\nscheme: bearer', root)).files.get(SNAPSHOT_FILE))!;
  const before = await snapshot(
    'signed',
    'x-webhook-signature: { header: x-hook-signature, crc: crc_token }\n',
  );
  const after = await snapshot('unsigned', '');
  const changes = diffSnapshots(before, after);
  assert.ok(
    changes.some((c) => c.level === 'breaking' && c.message.startsWith('crcResponse is no longer exported')),
    JSON.stringify(changes),
  );
  assert.ok(
    diffSnapshots(after, before).some(
      (c) => c.level === 'feature' && c.message === 'verifyWebhookSignature exported',
    ),
  );
});

test('a malformed x-webhook-signature is a located error', async () => {
  const file = spec('bad-webhooks', 'type: http\nscheme: bearer', 'x-webhook-signature: { header: 42 }\n');
  await generatePackage({
    spec: file,
    out: join(dir, 'bad'),
    name: '@test/bad',
    client: 'TestClient',
    templates: {},
  }).then(
    () => assert.unreachable('should refuse'),
    (error: Error) =>
      assert.match(String((error as { errors?: unknown[] }).errors?.[0] ?? error.message), /header/),
  );
});

test.run();
