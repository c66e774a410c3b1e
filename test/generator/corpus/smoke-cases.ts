/**
 * One smoke test per corpus spec that has operations: calls on the generated client against a
 * real loopback server, checking what went over the wire and what came back.
 */
import * as assert from 'uvu/assert';
import type { Reply, SeenRequest, TestServer } from '../../helpers/server.ts';

/** A generated client or package, used dynamically (its types were checked when it was generated). */
export type Dynamic = any;

export interface SmokeRun {
  /** `new CorpusClient({ baseUrl: server.url, maxRetries: 0, ...options })`. */
  client: Dynamic;
  /** The package's `src/index.ts` module. */
  pkg: Dynamic;
  server: TestServer;
  /** Another client of the same package, with these options beside `baseUrl` and `maxRetries: 0`. */
  clientWith(options: Record<string, unknown>): Dynamic;
  /** What the server answers from now on. */
  answer(reply: Reply | ((request: SeenRequest) => Reply)): void;
  /** The last request the server saw (fails when it saw none). */
  last(): SeenRequest;
  /** A generated file's text, by path inside the package (`src/runtime/http.ts`). */
  source(path: string): string;
}

export interface SmokeCase {
  /** Client options beside `baseUrl` (credentials). */
  options?: Record<string, unknown>;
  run(t: SmokeRun): Promise<void>;
}

const json = (body: unknown, status = 200): Reply => ({ status, body });

/** Asserts a call is refused before sending, with a ValidationError naming the parameter and rule. */
async function refused(t: SmokeRun, call: Promise<unknown>, parameter: string, rule: RegExp): Promise<void> {
  const before = t.server.requests.length;
  const error = await call.then(
    () => undefined,
    (e: unknown) => e as Dynamic,
  );
  assert.ok(error, 'the call must fail');
  assert.is(error.name, 'ValidationError', String(error));
  assert.is(error.parameter, parameter);
  assert.match(error.rule, rule);
  assert.is(t.server.requests.length, before, 'nothing was sent');
}

/** A schema's named type: declared once, in schemas.ts, and exported by models.ts. */
function assertNamedType(t: SmokeRun, name: string): void {
  assert.match(
    t.source('src/schemas.ts'),
    new RegExp(`^export (?:type|interface) ${name}\\b`, 'm'),
    `${name} declared in schemas.ts`,
  );
  // Listed by name, or passed on whole by `export type * from './schemas.js'`.
  assert.match(
    t.source('src/models.ts'),
    new RegExp(`export type \\{[^}]*\\b${name}\\b[^}]*\\}|^export type \\* from '\\./schemas\\.js';$`, 'm'),
    `${name} exported by models.ts`,
  );
}

function bodyOf(t: SmokeRun): unknown {
  return JSON.parse(t.last().body);
}

export const SMOKE: Record<string, SmokeCase> = {
  'additional-properties': {
    async run(t) {
      t.answer(json({ a: 1, b: 2 }));
      const result = await t.client.maps.updateMany({
        name: 'n',
        limits: { count: 1, label: 'x' },
        extra: true,
      });
      assert.equal(result, { a: 1, b: 2 });
      assert.is(t.last().method, 'PUT');
      assert.is(t.last().path, '/maps');
      assert.equal(bodyOf(t), { name: 'n', limits: { count: 1, label: 'x' }, extra: true });
    },
  },

  'allof-discriminator': {
    async run(t) {
      const pets = [
        { petType: 'cat', name: 'Tom', lives: 9 },
        { petType: 'dog', name: 'Rex', bark: true },
      ];
      t.answer(json(pets));
      assert.equal(await t.client.pets.list(), pets);
      t.answer(json(pets[0], 201));
      assert.equal(await t.client.pets.create({ petType: 'cat', name: 'Tom', lives: 9 }), pets[0]);
      assert.is(t.last().method, 'POST');
      assert.equal(bodyOf(t), { petType: 'cat', name: 'Tom', lives: 9 });
    },
  },

  allof: {
    async run(t) {
      const employee = {
        id: 'e1',
        name: 'Ada',
        email: 'ada@example.com',
        salary: 10,
        created_at: '2024-01-01T00:00:00Z',
      };
      t.answer(json(employee, 201));
      assert.equal(
        await t.client.employees.create({ name: 'Ada', email: 'ada@example.com', salary: 10 }),
        employee,
      );
      assert.equal(bodyOf(t), { name: 'Ada', email: 'ada@example.com', salary: 10 });
      assert.is(t.last().headers['content-type'], 'application/json');
    },
  },

  anyof: {
    async run(t) {
      t.answer(json([{ type: 'article', title: 'T' }]));
      assert.equal(await t.client.search.update({ name: 'x' }), [{ type: 'article', title: 'T' }]);
      assert.equal(bodyOf(t), { name: 'x' });
    },
  },

  'body-binary': {
    async run(t) {
      t.answer({ status: 204 });
      assert.is(await t.client.blobs.update({ name: 'a b', body: new Blob(['hello']) }), undefined);
      assert.is(t.last().method, 'PUT');
      assert.is(t.last().url, '/blobs/a%20b');
      assert.is(t.last().body, 'hello');
      assert.is(t.last().headers['content-type'], 'application/octet-stream');

      t.answer({ body: 'bytes!', headers: { 'content-type': 'application/octet-stream' } });
      const blob = await t.client.blobs.retrieve({ name: 'x' });
      assert.ok(blob instanceof Blob);
      assert.is(await blob.text(), 'bytes!');

      t.answer({ body: 'PNG', headers: { 'content-type': 'image/png' } });
      assert.is((await t.client.images.retrieve({ name: 'i' })).size, 3);

      t.answer({ body: 'back', headers: { 'content-type': 'application/x-anything' } });
      assert.is(await (await t.client.anything.update({ body: new Blob(['sent']) })).text(), 'back');
      assert.is(
        t.last().headers['content-type'],
        'application/octet-stream',
        'a */* body goes as octet-stream',
      );
      assert.is(t.last().body, 'sent');
    },
  },

  'body-form': {
    async run(t) {
      t.answer({
        body: 'access_token=t&expires_in=3600',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      const token = await t.client.oauth.token({
        grant_type: 'client_credentials',
        scope: ['a', 'b'],
      });
      assert.equal(token, { access_token: 't', expires_in: '3600' });
      assert.is(t.last().headers['content-type'], 'application/x-www-form-urlencoded');
      assert.is(t.last().body, 'grant_type=client_credentials&scope=a%2Cb');
      await refused(t, t.client.oauth.token({ grant_type: 'password' }), 'grant_type', /^enum$/);
    },
  },

  'body-multipart': {
    async run(t) {
      t.answer(json({ id: 'u1', size: 7 }, 201));
      const result = await t.client.uploads.create({
        file: new Blob(['PNGDATA'], { type: 'image/png' }),
        attachments: [new Blob(['first']), new Blob(['second'])],
        title: 'T',
        count: 2,
      });
      assert.equal(result, { id: 'u1', size: 7 });
      const seen = t.last();
      assert.match(String(seen.headers['content-type']), /^multipart\/form-data; boundary=/);
      for (const part of [
        'name="file"',
        'PNGDATA',
        'Content-Type: image/png',
        'name="title"',
        'first',
        'second',
        'name="count"',
      ]) {
        assert.ok(seen.body.includes(part), `multipart body has ${part}`);
      }
      assert.is(seen.body.split('name="attachments"').length - 1, 2, 'one part per attachment');
    },
  },

  'body-shapes': {
    async run(t) {
      t.answer(json([{ name: 'a', qty: 1 }]));
      assert.equal(await t.client.batch.update({ body: [{ name: 'a', qty: 1 }] }), [{ name: 'a', qty: 1 }]);
      assert.is(t.last().body, '[{"name":"a","qty":1}]');

      t.answer({ status: 200 });
      await t.client.items.update({ name: 'p', body: { name: 'i' } });
      assert.is(t.last().path, '/items/p');
      assert.equal(
        bodyOf(t),
        { name: 'i' },
        'a body whose field clashes with a parameter goes whole under `body`',
      );

      await t.client.strings.create({ body: 's' });
      assert.is(t.last().body, '"s"');

      await t.client.optional.update({ name: 'x' });
      assert.equal(bodyOf(t), { name: 'x' });

      await t.client.fieldsNamedBody.update({ body: { body: 'x' } });
      assert.equal(bodyOf(t), { body: 'x' });

      await t.client.noschema.update({ body: { any: [1] } });
      assert.equal(bodyOf(t), { any: [1] });
      await t.client.noschema.update();
      assert.is(t.last().body, '', 'an optional body left out is not sent');
    },
  },

  'body-text': {
    async run(t) {
      t.answer((r) => ({ body: r.body.toUpperCase(), headers: { 'content-type': 'text/plain' } }));
      assert.is(await t.client.notes.create({ body: 'hello' }), 'HELLO');
      assert.is(t.last().headers['content-type'], 'text/plain');
      assert.is(t.last().body, 'hello');
      t.answer({ body: 'a,b\n1,2', headers: { 'content-type': 'text/csv' } });
      assert.is(await t.client.reportCsv.retrieve(), 'a,b\n1,2');
      t.answer({ body: '<p>hi</p>', headers: { 'content-type': 'text/html' } });
      assert.is(await t.client.page.retrieve(), '<p>hi</p>');
    },
  },

  callbacks: {
    async run(t) {
      t.answer(json({ id: 's1' }, 201));
      assert.equal(await t.client.streams.create({ callbackUrl: 'https://example.com/cb' }), {
        id: 's1',
      });
      assert.equal(bodyOf(t), { callbackUrl: 'https://example.com/cb' });
      assert.equal(
        Object.keys(t.pkg.operations),
        ['createStream'],
        'callbacks are not operations of the client',
      );
    },
  },

  const: {
    async run(t) {
      t.answer(json({ ok: true }));
      assert.equal(await t.client.events.create({ version: 'v1', type: 'Click', x: 1, y: 2 }), {
        ok: true,
      });
      assert.is(t.last().url, '/events?version=v1');
      assert.equal(bodyOf(t), { type: 'Click', x: 1, y: 2 });
      await refused(
        t,
        t.client.events.create({ version: 'v2', type: 'Click', x: 1, y: 2 }),
        'version',
        /^enum$/,
      );
    },
  },

  deprecated: {
    async run(t) {
      t.answer(json({ name: 'old' }));
      assert.equal(await t.client.old.retrieve({ id: '1', legacy: 'l', 'X-Old-Header': 'h' }), {
        name: 'old',
      });
      assert.is(t.last().url, '/old/1?legacy=l');
      assert.is(t.last().headers['x-old-header'], 'h');
      const resource = t.source('src/resources/old.ts');
      assert.match(resource, /@deprecated Since 2024-01-31; use `getNew` instead/);
      // The deprecated schema's doc is on its one declaration, in schemas.ts.
      assert.match(t.source('src/schemas.ts'), /@deprecated/);
    },
  },

  'empty-schemas': {
    async run(t) {
      t.answer(json({ a: 1 }));
      assert.equal(await t.client.object.update({ a: 1, b: 'x' }), { a: 1 });
      assert.equal(bodyOf(t), { a: 1, b: 'x' });
      t.answer(json([1, 'x', null]));
      assert.equal(await t.client.any.retrieve(), [1, 'x', null]);
      assert.equal(await t.client.array.retrieve(), [1, 'x', null]);
      await t.client.empty.update({ body: { x: 1 } });
      assert.equal(bodyOf(t), { x: 1 });
    },
  },

  'enum-numbers': {
    async run(t) {
      t.answer(json({ level: 2, maybe: null }));
      assert.equal(await t.client.levels.list({ level: 2, ratio: -2.25 }), { level: 2, maybe: null });
      assert.is(t.last().url, '/levels?level=2&ratio=-2.25');
      assert.equal([...t.pkg.Level], [1, 2, 3, 10]);
      assert.equal([...t.pkg.MaybeLevel], [1, 2, null]);
      assert.equal([...t.pkg.Mixed], ['a', 1, true, null]);
      assert.equal([...t.pkg.SameAfterCasing], [1, '1']);
      await refused(t, t.client.levels.list({ level: 4 }), 'level', /^enum$/);
    },
  },

  'enum-strings': {
    async run(t) {
      t.answer(json([{ state: 'in-progress' }]));
      const result = await t.client.tasks.retrieve({
        state: 'in-progress',
        sort: '-created-at',
        kinds: ['', "quote'd", '*/ comment end'],
      });
      assert.equal(result, [{ state: 'in-progress' }]);
      assert.is(
        t.last().url,
        '/tasks/in-progress?sort=-created-at&kinds=&kinds=quote%27d&kinds=%2A%2F%20comment%20end',
      );
      assert.equal(
        [...t.pkg.TaskState2],
        ['a', 'b'],
        'task_state, named like TaskState after casing, gets a number',
      );
      assert.equal([...t.pkg.RepeatedValues], ['x', 'y']);
      assert.ok(t.pkg.OddValues.includes('${template}'));
      await refused(t, t.client.tasks.retrieve({ state: 'started' }), 'state', /^enum$/);
    },
  },

  formats: {
    async run(t) {
      const sample = { id: 9007199254740991, created_at: '2024-01-01T00:00:00Z', ratio: 0.5 };
      t.answer(json(sample));
      assert.equal(
        await t.client.samples.retrieve({
          id: 9007199254740991,
          at: '2024-01-01T00:00:00Z',
          day: '2024-01-01',
        }),
        sample,
      );
      assert.is(t.last().url, '/samples/9007199254740991?at=2024-01-01T00%3A00%3A00Z&day=2024-01-01');
      t.answer({ body: 'RAW', headers: { 'content-type': 'application/octet-stream' } });
      assert.is(await (await t.client.samples.retrieveRaw({ id: 1 })).text(), 'RAW');
      assert.match(t.source('src/schemas.ts'), /blob\?: Blob;/, 'format: binary is a Blob');
    },
  },

  'inline-hoisting': {
    async run(t) {
      t.answer(json([{ id: '1', children: [{ a: { deep: true } }] }]));
      const spec = { parts: [{ name: 'p', dims: [[1, 2]] }] };
      assert.equal(await t.client.things.create({ mode: { fast: true }, spec }), [
        { id: '1', children: [{ a: { deep: true } }] },
      ]);
      assert.is(t.last().url, '/things?mode%5Bfast%5D=true');
      assert.equal(bodyOf(t), { spec });
      for (const name of [
        'CreateThingRequest',
        'CreateThingRequest2',
        'CreateThingResponse2',
        'CreateThingParams2',
      ])
        assertNamedType(t, name);
    },
  },

  'json-format': {
    async run(t) {
      t.answer(json({ words: ['hi', 'hi'] }));
      assert.equal(await t.client.echo.retrieve({ word: 'hi', times: 2 }), { words: ['hi', 'hi'] });
      assert.is(t.last().url, '/echo/hi?times=2');
    },
  },

  'json-schema-31': {
    async run(t) {
      t.answer(json({ anything: 1 }));
      assert.equal(await t.client.shapes.create({ body: ['a', 1] }), { anything: 1 });
      assert.is(t.last().body, '["a",1]');
    },
  },

  methods: {
    async run(t) {
      t.answer((r) =>
        r.method === 'HEAD' || r.method === 'OPTIONS' || r.method === 'DELETE'
          ? { status: r.method === 'HEAD' ? 200 : 204 }
          : json({ v: 1 }),
      );
      assert.equal(await t.client.resource.retrieve(), { v: 1 });
      await t.client.resource.putResource({ v: 2 });
      assert.equal([t.last().method, bodyOf(t)], ['PUT', { v: 2 }]);
      await t.client.resource.postResource();
      assert.is(t.last().method, 'POST');
      assert.is(await t.client.resource.delete(), undefined);
      assert.is(t.last().method, 'DELETE');
      assert.is(await t.client.resource.options(), undefined);
      assert.is(t.last().method, 'OPTIONS');
      assert.is(await t.client.resource.head(), undefined);
      assert.is(t.last().method, 'HEAD');
      assert.equal(await t.client.resource.patchResource({ v: null }), { v: 1 });
      assert.equal(
        [t.last().method, t.last().headers['content-type'], bodyOf(t)],
        ['PATCH', 'application/merge-patch+json', { v: null }],
      );
      // fetch refuses TRACE itself (a forbidden method): the client reports it as a ConnectionError.
      const before = t.server.requests.length;
      const error = await t.client.resource.trace().catch((e: unknown) => e);
      assert.is((error as Dynamic).name, 'ConnectionError');
      assert.is(t.server.requests.length, before);
    },
  },

  'missing-operation-ids': {
    async run(t) {
      const calls: [string, Record<string, unknown> | undefined, string, string][] = [
        // Grouped by the path's resources; two that want one name take their ids.
        ['default.get', undefined, 'GET', '/'],
        ['pets.list', undefined, 'GET', '/pets'],
        ['stated.retrieve', undefined, 'GET', '/stated'],
        ['pets.create', { name: 'n' }, 'POST', '/pets'],
        ['pets.retrieve', { petId: '1' }, 'GET', '/pets/1'],
        ['pets.delete', { petId: '1' }, 'DELETE', '/pets/1'],
        ['pets.toys.retrieve', { pet_id: '1', 'toy-id': '2' }, 'GET', '/pets/1/toys/2.json'],
        ['petsList.getV10PetsList', undefined, 'GET', '/v1.0/pets-list'],
        ['petsList.getV10PetsList2', undefined, 'GET', '/v1.0/pets_list'],
      ];
      // A body every operation reads (an empty one is an ApiError where the spec promises JSON).
      t.answer({ status: 200, body: '[]', headers: { 'content-type': 'application/json' } });
      for (const [method, params, verb, path] of calls) {
        const keys = method.split('.');
        const name = keys.pop()!;
        const group = keys.reduce((g: Dynamic, key) => g[key], t.client);
        await group[name](params);
        assert.equal([t.last().method, t.last().path], [verb, path], method);
      }
      assert.ok(t.pkg.operations.getPets2, 'the derived id steps aside for the stated one');
    },
  },

  'multi-file': {
    async run(t) {
      t.answer(json({ data: [{ id: '1', name: 'Rex', status: 'sold' }] }));
      assert.equal(await t.client.pets.list({ limit: 5 }), {
        data: [{ id: '1', name: 'Rex', status: 'sold' }],
      });
      assert.is(t.last().url, '/pets?limit=5');
      t.answer(json({ id: '1', name: 'Rex' }));
      assert.equal(await t.client.pets.get({ pet_id: '1' }), { id: '1', name: 'Rex' });
      await t.client.pets.create({ id: '2', name: 'Tom', owner: { id: 'o' } });
      assert.equal(bodyOf(t), { id: '2', name: 'Tom', owner: { id: 'o' } });
      await t.client.owners.get({ owner_id: 'o1' });
      assert.is(t.last().path, '/owners/o1');
      assert.equal([...t.pkg.Status], ['available', 'sold']);
      t.answer((r) => json(JSON.parse(r.body)));
      assert.equal(await t.client.shapes.create({ kind: 'square', side: 2 }), { kind: 'square', side: 2 });
      assert.match(
        t.source('src/schemas.ts'),
        /kind: 'square';/,
        'the mapping into another file names the variant',
      );
      await refused(t, t.client.pets.list({ limit: 51 }), 'limit', /^maximum 50$/);
    },
  },

  'mutual-recursion': {
    async run(t) {
      const person = { name: 'Ada', employer: { name: 'ACME', employees: [{ name: 'Bob' }], parent: null } };
      t.answer(json(person));
      assert.equal(await t.client.people.retrieve({ id: 7 }), person);
      assert.is(t.last().path, '/people/7');
      t.answer(json(3));
      const expr = { op: '+', left: { value: 1 }, right: { fn: 'sqrt', args: [{ value: 4 }] } };
      assert.is(await t.client.eval.update(expr), 3);
      assert.equal(bodyOf(t), expr);
    },
  },

  'nullable-30': {
    async run(t) {
      const record = { id: 'r1', note: null, owner: null, color: null };
      t.answer(json(record));
      assert.equal(await t.client.records.update({ id: 'r1', since: null, note: null, color: null }), record);
      assert.is(t.last().url, '/records/r1', 'a null query parameter is left out');
      assert.equal(bodyOf(t), { note: null, color: null }, 'null body fields are sent');
      assert.equal([...t.pkg.Size], ['small', 'large', null], 'a nullable enum admits null');
    },
  },

  'oneof-discriminator-implicit': {
    async run(t) {
      t.answer(json({ petType: 'Dog', barks: true }));
      assert.equal(await t.client.pets.retrieve({ id: '1' }), { petType: 'Dog', barks: true });
      assert.match(t.source('src/schemas.ts'), /petType: 'Dog';/);
    },
  },

  'oneof-discriminator-mapping': {
    async run(t) {
      t.answer(json({ shape: { kind: 'circle', radius: 2 } }));
      assert.equal(await t.client.shapes.create({ kind: 'circle', radius: 2 }), {
        shape: { kind: 'circle', radius: 2 },
      });
      assert.equal(bodyOf(t), { kind: 'circle', radius: 2 });
    },
  },

  'oneof-plain': {
    async run(t) {
      t.answer({ body: '"str"', headers: { 'content-type': 'application/json' } });
      assert.is(await t.client.values.create({ text: 'x' }), 'str');
      assert.equal(bodyOf(t), { text: 'x' });
    },
  },

  'openapi-30-specifics': {
    async run(t) {
      t.answer(json({ value: 1 }));
      assert.equal(await t.client.measure.retrieve({ value: 50, code: 'ABC', bad_pattern: 'a.b' }), {
        value: 1,
      });
      assert.is(t.last().url, '/measure?value=50&code=ABC&bad_pattern=a.b');
      await refused(t, t.client.measure.retrieve({ value: 0 }), 'value', /^exclusiveMinimum 0$/);
      await refused(t, t.client.measure.retrieve({ value: 100 }), 'value', /^exclusiveMaximum 100$/);
      await refused(t, t.client.measure.retrieve({ value: 1, code: 'abc' }), 'code', /^pattern/);
    },
  },

  'operation-collisions': {
    async run(t) {
      t.answer(json({ id: '1' }));
      // Three want `get`, two `list`: none takes it, each its own id (numbered only where ids differ in nothing but case and punctuation).
      await t.client.users.getUser({ id: '1' });
      assert.is(t.last().path, '/users/1');
      await t.client.users.getUser2({ id: '1' });
      assert.is(t.last().path, '/v2/users/1');
      await t.client.users.getUser3({ id: '1' });
      assert.is(t.last().path, '/v3/users/1');
      await t.client.users.listUsers();
      assert.equal([t.last().method, t.last().path], ['GET', '/users']);
      await t.client.users.listUsers2({ name: 'n' });
      assert.equal([t.last().method, t.last().path], ['POST', '/users']);
      await t.client.operations.list();
      assert.is(t.last().path, '/operations');
      await t.client.call('get-user', { id: '9' });
      assert.is(t.last().path, '/v3/users/9');
      assert.equal(Object.keys(t.pkg.operations), [
        'get_user',
        'getUser',
        'get-user',
        'listUsers',
        'list_users',
        'operations',
      ]);
    },
  },

  'params-locations': {
    async run(t) {
      t.answer(json({ name: 'r' }));
      const result = await t.client.orgs.repos.retrieve({
        org: 'o',
        repo: 'r',
        verbose: true,
        page: 2,
        'X-Api-Version': '2024-01-01',
        'X-Request-Id': 'req-1',
        session: 's 1',
        theme: 'dark',
        filter: { owner: 'me' },
      });
      assert.equal(result, { name: 'r' });
      const seen = t.last();
      assert.is(seen.path, '/orgs/o/repos/r');
      assert.equal(
        [...seen.query.entries()],
        [
          ['verbose', 'true'],
          ['page', '2'],
          ['filter', '{"owner":"me"}'],
        ],
      );
      assert.is(seen.headers['x-api-version'], '2024-01-01');
      assert.is(seen.headers['x-request-id'], 'req-1');
      assert.is(seen.headers.cookie, 'session=s%201; theme=dark');
      assert.is(seen.headers.accept, 'application/json', 'an Accept parameter is ignored, as OpenAPI says');
      await refused(
        t,
        t.client.orgs.repos.retrieve({ org: 'o', repo: 'r', page: 1 }),
        'X-Api-Version',
        /^required$/,
      );
    },
  },

  'params-same-name': {
    async run(t) {
      t.answer(json({}));
      await t.client.items.update({
        id: 'p',
        query_id: 'q',
        header_id: 'h',
        cookie_id: 'c',
        header_trace2: 'ht',
        trace: 'qt',
        header_trace: 'qht',
        query_body: 'qb',
        body: { id: 'b' },
      });
      const seen = t.last();
      assert.is(seen.path, '/items/p');
      assert.equal(
        [...seen.query.entries()],
        [
          ['id', 'q'],
          ['trace', 'qt'],
          ['header_trace', 'qht'],
          ['body', 'qb'],
        ],
      );
      assert.is(seen.headers.id, 'h');
      assert.is(seen.headers.trace, 'ht');
      assert.is(seen.headers.cookie, 'id=c');
      assert.equal(bodyOf(t), { id: 'b' });
      await refused(t, t.client.items.update({ id: 'p', body: { id: 'b' } }), 'header_trace2', /^required$/);
    },
  },

  'params-styles': {
    async run(t) {
      t.answer(json({}));
      await t.client.search.retrieve({
        ids: [1, 2],
        tags: ['a', 'b'],
        fields: ['x', 'y'],
        words: ['w1', 'w2'],
        options: ['o1', 'o2'],
        filter: { status: 'new', min: 1 },
        point: { x: 1, y: 2 },
        color: { r: 1, g: 2 },
        'X-Flags': ['f1', 'f2'],
        prefs: ['p1', 'p 2'],
        q: 'a/b',
      });
      const seen = t.last();
      assert.is(seen.path, '/search/1,2');
      assert.is(
        seen.url.split('?')[1],
        'tags=a&tags=b&fields=x,y&words=w1%20w2&options=o1|o2&filter%5Bstatus%5D=new&filter%5Bmin%5D=1&x=1&y=2&color=r,1,g,2&q=a%2Fb',
      );
      assert.is(seen.headers['x-flags'], 'f1,f2');
      assert.is(seen.headers.cookie, 'prefs=p1,p%202');
      t.answer({ status: 204 });
      await t.client.styled.retrieve({
        m: [1, 2],
        me: { x: 1, y: 2 },
        l: ['a', 'b c'],
        s: { a: 'v' },
        'X-Obj': { a: 1, b: 2 },
      });
      assert.is(t.last().path, '/styled/;m=1,2/;x=1;y=2/.a.b%20c/a=v');
      assert.is(t.last().headers['x-obj'], 'a=1,b=2');
    },
  },

  'property-names': {
    async run(t) {
      const weird = { 'with-dash': 'd', '': 'empty', toString: 's', '*/': 'x' };
      t.answer(json(weird));
      assert.equal(await t.client.weird.update({ 'a.b': '1', 'x y': '2', '1st': '3', body: weird }), weird);
      assert.is(t.last().url, '/weird?a.b=1&x%20y=2&1st=3');
      assert.equal(bodyOf(t), weird);
    },
  },

  'readonly-writeonly': {
    async run(t) {
      const user = {
        id: 'u1',
        name: 'n',
        created_at: '2024-01-01T00:00:00Z',
        profile: { bio: 'b', score: 3 },
        teams: [{ team_id: 't', role: 'r' }],
      };
      t.answer(json(user, 201));
      const sent = { name: 'n', password: 'p', profile: { bio: 'b', secret: 's' }, teams: [{ role: 'r' }] };
      assert.equal(
        await t.client.users.create(sent),
        user,
        'nested read-only fields are not required by the checks',
      );
      assert.equal(bodyOf(t), sent, 'read-only fields are neither needed nor sent');
      const schemas = t.source('src/schemas.ts');
      // Each schema is a top-level interface of its own name.
      const block = (name: string): string =>
        /\nexport interface (\w+) \{[\s\S]*?\n\}/g.exec(
          schemas.slice(schemas.indexOf(`\nexport interface ${name} {`)),
        )?.[0] ?? '';
      assert.not.match(
        block('UserInput'),
        /\bid\b|created_at|team_id/,
        'the request type leaves out read-only fields, nested ones too',
      );
      assert.match(block('UserInput'), /password: string;/);
      assert.match(block('UserInput'), /profile\?: ProfileInput;/);
      assert.not.match(block('ProfileInput'), /score/);
      assert.match(block('ProfileInput'), /secret: string;/);
      assert.not.match(block('UserOutput'), /password/, 'the result type leaves out write-only fields');
      assert.match(block('UserOutput'), /readonly id: string;/);
      assert.match(block('UserOutput'), /readonly team_id: string;/);
      assert.not.match(block('ProfileOutput'), /secret/, 'nested ones too');
      assert.match(
        block('User'),
        /password: string;[\s\S]*readonly id: string;|readonly id: string;[\s\S]*password: string;/,
        'the schema itself keeps both',
      );
    },
  },

  recursive: {
    async run(t) {
      const tree = { value: 'root', children: [{ value: 'leaf', children: [] }] };
      t.answer((r) => json(JSON.parse(r.body)));
      assert.equal(await t.client.tree.update(tree), tree);
      const value = { a: [1, null, { b: true }], c: 'x' };
      assert.equal(await t.client.json.update({ body: value }), value);
    },
  },

  'refs-everywhere': {
    options: { auth: { bearerToken: 'ref-token' } },
    async run(t) {
      t.answer(json({ id: 't1', name: 'one' }));
      assert.equal(await t.client.things.get({ thing_id: 't1' }), { id: 't1', name: 'one' });
      assert.is(t.last().path, '/things/t1');
      assert.is(t.last().headers.authorization, 'Bearer ref-token', 'a security scheme by $ref');
      t.answer(json({ items: [] }));
      assert.equal(await t.client.things.list({ limit: 2, name: 'n' }), { items: [] });
      assert.is(t.last().url, '/things?limit=2&name=n');
      t.answer(json({ id: 't2', name: 'x' }, 201));
      await t.client.things.create({ name: 'x', tags: ['a'], limit: 3 });
      assert.is(t.last().url, '/things?limit=3');
      assert.equal(bodyOf(t), { name: 'x', tags: ['a'] });
      await refused(t, t.client.things.get({ thing_id: 'bad' }), 'thing_id', /^pattern/);
      t.answer({
        status: 404,
        body: { type: 'about:blank', title: 'Not Found' },
        headers: { 'content-type': 'application/problem+json' },
      });
      const error = await t.client.things.list().catch((e: unknown) => e as Dynamic);
      assert.equal([error.name, error.status, error.problem?.title], ['ApiError', 404, 'Not Found']);
    },
  },

  'reserved-names': {
    async run(t) {
      t.answer(json({ value: '2024-01-01' }));
      assert.equal(await t.client.default.delete({ default: 'd', class: 'c' }), { value: '2024-01-01' });
      assert.equal([t.last().method, t.last().url], ['DELETE', '/dates/d?class=c']);
      await t.client.default.core2();
      assert.is(t.last().path, '/cores');
      await t.client.constructorResource.constructor2();
      assert.is(t.last().path, '/constructors');
      t.answer({ status: 204 });
      // The body schema has a `__proto__` field, which no object literal can carry as a key: the body goes whole.
      await t.client.callResource.call({ body: { delete: true, class: 'x', constructor: 'c' } });
      assert.equal(bodyOf(t), { delete: true, class: 'x', constructor: 'c' });
      t.answer(json({}));
      await t.client.thenResource.then2();
      assert.is(t.last().path, '/thens');
      assert.is(t.client.then, undefined, 'the client is not thenable');
      assert.is(await Promise.resolve(t.client), t.client);
      // Awaiting a group (whose operation is named `then`) sends nothing: it is not a thenable.
      const before = t.server.requests.length;
      assert.is(await Promise.resolve(t.client.thenResource), t.client.thenResource);
      assert.is(t.client.thenResource.then, undefined);
      // Printing a group whose operations are named `toString` and `valueOf` sends nothing either.
      assert.type(String(t.client.toStringResource), 'string');
      assert.is(t.client.toStringResource.toString, Object.prototype.toString);
      assert.is(t.server.requests.length, before, 'nothing was sent');
      // `__proto__` is an entry of the operations table, not its prototype.
      assert.ok(Object.prototype.hasOwnProperty.call(t.pkg.operations, '__proto__'));
      assert.is(Object.getPrototypeOf(t.pkg.operations), Object.prototype);
      assert.is(t.pkg.operations.__proto__.path, '/protos/{__proto__}');
      t.answer({ status: 204 });
      await t.client.proto.proto({ path___proto__: 'p' });
      assert.is(
        t.last().url,
        '/protos/p',
        'an inherited toString or constructor is never sent as a query value',
      );
      await t.client.call('__proto__', { path___proto__: 'q', toString: 's', constructor: 'c' });
      assert.is(t.last().url, '/protos/q?toString=s&constructor=c');
      // A body field `__proto__` sends the body whole, under `body`.
      await t.client.toStringResource.toString2({ body: JSON.parse('{"__proto__":"x","valueOf":"v"}') });
      assert.equal(t.last().body, '{"__proto__":"x","valueOf":"v"}');
      await t.client.toStringResource.valueOf2();
      assert.is(t.last().path, '/values');
      // From plain JavaScript: an inherited name is no operation id.
      assert.throws(
        () => t.client.call('hasOwnProperty'),
        (e: Dynamic) => e.name === 'ValidationError' && e.rule === 'unknown-operation',
      );
      await t.client.call('delete', { default: 'x' });
      assert.is(t.last().path, '/dates/x');
      for (const name of [
        'DateSchema',
        'ErrorSchema',
        'Default',
        'Delete',
        'PromiseSchema',
        'ClientOptionsSchema',
        'OperationTypesSchema',
        'CorpusClient2',
      ])
        assertNamedType(t, name);
    },
  },

  'responses-status': {
    async run(t) {
      t.answer({ status: 204 });
      assert.is(await t.client.jobs.delete({ id: 'j' }), undefined);
      assert.is(await t.client.jobs.retrieve({ id: 'j' }), undefined, 'a 204 beside a 200');
      t.answer(json({ id: 'j', state: 'done' }));
      assert.equal(await t.client.jobs.retrieve({ id: 'j' }), { id: 'j', state: 'done' });
      t.answer(json({ id: 'j', state: 'queued' }, 202));
      assert.equal(await t.client.jobs.create(), { id: 'j', state: 'queued' });
      t.answer(json({ pong: true }));
      assert.equal(await t.client.ping.retrieve(), { pong: true });
      t.answer({ status: 201, headers: { location: '/created/1' } });
      assert.is(await t.client.created.update(), undefined);
      t.answer(json({ code: 404, message: 'no job' }, 404));
      const error = await t.client.jobs.retrieve({ id: 'x' }).catch((e: unknown) => e as Dynamic);
      assert.equal(
        [error.name, error.status, error.body],
        ['ApiError', 404, { code: 404, message: 'no job' }],
      );
      assert.match(
        t.source('src/resources/jobs.ts'),
        /retrieve\(params: GetJobParams, options\?: RequestOptions\): Promise<Job \| undefined>/,
      );
      // Bodies under several 2xx statuses: the result is their union (the same schema counted once).
      t.answer(json({ ticket: 't-1' }, 202));
      assert.equal(await t.client.imports.create(), { ticket: 't-1' });
      t.answer(json({ id: 'j', state: 'done' }));
      assert.equal(await t.client.imports.create(), { id: 'j', state: 'done' });
      assert.match(
        t.source('src/resources/imports.ts'),
        /create\(options\?: RequestOptions\): Promise<StartImportResponse>/,
      );
      const schemas = t.source('src/schemas.ts');
      assert.match(
        schemas.replace(/\s+/g, ' '),
        /export type StartImportResponse = \| Job \| \{ ticket: string; \};/,
      );
    },
  },

  'security-api-keys': {
    options: { auth: { apiKey: 'k 1' } },
    async run(t) {
      t.answer(json(['a']));
      assert.equal(await t.client.things.list({ q: 'x' }), ['a']);
      assert.equal(
        [...t.last().query.entries()],
        [
          ['q', 'x'],
          ['api_key', 'k 1'],
        ],
      );
      await t.client.header.retrieve();
      assert.equal([t.last().url, t.last().headers['x-key']], ['/header', 'k 1']);
      await t.client.cookie.retrieve({ session: 's' });
      assert.equal([t.last().url, t.last().headers.cookie], ['/cookie', 'session=s; key=k%201']);
    },
  },

  security: {
    options: { auth: { bearerToken: 'tok' } },
    async run(t) {
      t.answer(json({}));
      await t.client.defaultSecurity.retrieve();
      assert.is(t.last().headers.authorization, 'Bearer tok');
      const keyed = t.clientWith({ auth: { apiKey: 'secret' } });
      await keyed.defaultSecurity.retrieve();
      assert.is(t.last().headers['x-api-key'], 'secret');
      assert.is(t.last().headers.authorization, undefined);
      const basic = t.clientWith({ auth: { basic: { username: 'u', password: 'p' } } });
      await basic.basic.retrieve();
      assert.is(t.last().headers.authorization, 'Basic dTpw');
      await refused(t, t.client.basic.retrieve(), 'auth', /^unsupported-authentication$/);
      await refused(t, t.client.both.retrieve(), 'auth', /^unsupported-authentication$/);
      await t.clientWith({}).optional.retrieve();
      assert.is(t.last().headers.authorization, undefined);
      await t.client.optional.retrieve();
      assert.is(t.last().headers.authorization, 'Bearer tok');
      await t.client.public.retrieve();
      assert.is(t.last().headers.authorization, undefined, 'security: [] sends no credentials');
      await t.client.unsupported.retrieve();
      assert.is(t.last().headers.authorization, 'Bearer tok', 'OpenID Connect takes the bearer token');
    },
  },

  servers: {
    async run(t) {
      t.answer(json({ up: true }));
      assert.equal(await t.client.status.retrieve(), { up: true });
      assert.is(t.last().path, '/status');
      assert.match(t.source('src/runtime/http.ts'), "'https://eu.api.example.com:8443/v1'");
    },
  },

  tags: {
    async run(t) {
      t.answer(json({ ok: true }));
      const calls: [string, string, string][] = [
        ['petsOwners', 'listPetsAndOwners', '/a'],
        ['v20Admin', 'adminStats', '/b'],
        ['_123Numbers', 'countNumbers', '/c'],
        ['uberTag', 'getUeber', '/d'],
        ['dogs', 'list', '/e'],
        ['pets', 'lower', '/f'],
        // Tags that differ only in case are one group.
        ['pets', 'upper', '/g'],
        // An operation without a tag goes by its path.
        ['h', 'retrieve', '/h'],
        ['i', 'retrieve', '/i'],
        ['j', 'retrieve', '/j'],
        ['notDeclared', 'undeclaredTag', '/k'],
      ];
      for (const [group, method, path] of calls) {
        await t.client[group][method]();
        assert.is(t.last().path, path, `${group}.${method}`);
      }
      assert.is(t.pkg.operations.adminStats.tag, 'v2.0 / Admin');
    },
  },

  'type-arrays-31': {
    async run(t) {
      t.answer(json({ id: 1, label: null }));
      assert.equal(await t.client.items.create({ id: 1, label: null, tags: null }), {
        id: 1,
        label: null,
      });
      assert.equal(bodyOf(t), { id: 1, label: null, tags: null });
      t.answer(json(null));
      assert.is(await t.client.items.list({ limit: 3, key: 7 }), null);
      assert.is(t.last().url, '/items?limit=3&key=7');
      assert.equal([...t.pkg.Level], ['low', 'high', null]);
    },
  },

  'vendor-json': {
    async run(t) {
      const article = { data: { type: 'articles', attributes: { title: 'T' } } };
      t.answer({
        status: 201,
        body: JSON.stringify({ data: { id: 'a1' } }),
        headers: { 'content-type': 'application/vnd.api+json' },
      });
      assert.equal(await t.client.articles.create(article), { data: { id: 'a1' } });
      assert.is(t.last().headers['content-type'], 'application/vnd.api+json');
      assert.equal(bodyOf(t), article);
      t.answer({
        body: JSON.stringify({ _links: { self: { href: '/a1' } } }),
        headers: { 'content-type': 'application/hal+json; charset=utf-8' },
      });
      assert.equal(await t.client.articles.retrieve({ id: 'a1' }), { _links: { self: { href: '/a1' } } });
      t.answer({
        status: 422,
        body: JSON.stringify({ type: 'https://example.com/invalid', title: 'Invalid' }),
        headers: { 'content-type': 'application/problem+json' },
      });
      const error = await t.client.articles.create(article).catch((e: unknown) => e as Dynamic);
      assert.equal(
        [error.name, error.status, error.problem?.type],
        ['ApiError', 422, 'https://example.com/invalid'],
      );
    },
  },

  webhooks: {
    async run(t) {
      t.answer(json({ id: 'sub' }, 201));
      assert.equal(await t.client.subscriptions.create({ url: 'https://example.com/hook' }), { id: 'sub' });
      assert.equal(Object.keys(t.pkg.operations), ['subscribe'], 'webhooks are not operations of the client');
      assertNamedType(t, 'PetEvent');
    },
  },
};
