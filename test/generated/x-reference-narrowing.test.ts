/**
 * Field selection on X's own published spec (test/fixtures/reference/x-openapi-2.159.json), which
 * has no `x-field-selection`: xgen infers the pairings, says so in located notes (`--verbose`; one line
 * a package without it) that `--strict` does not refuse, and the generated client narrows `getPostsByIds` by `tweet.fields`. Generated
 * once per run through the command line (test/helpers/x-reference.ts); the result is driven over loopback and consumer programs are
 * type-checked against its built `.d.ts`.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { test } from '../helpers/uvu.ts';
import * as assert from 'uvu/assert';
import { type CliRun, removeDir, tempDir } from '../helpers/cli.ts';
import { type Reply, type SeenRequest, startServer, type TestServer } from '../helpers/server.ts';
import { typecheck } from '../helpers/typecheck.ts';
import { X_REFERENCE_SPEC, xReferencePackage } from '../helpers/x-reference.ts';
import { shareEmitThreads } from '../helpers/emit-threads.ts';

// Generates in this process: the test process's emit threads serve it (test/helpers/emit-threads.ts).
shareEmitThreads(test);

const SPEC = X_REFERENCE_SPEC;
const TOKEN = 'xref-narrowing-token';

let work = '';
let run: CliRun;
/** The package's folder (test/helpers/x-reference.ts: generated once per run, read-only). */
let out = '';
let server: TestServer;
let reply: (request: SeenRequest) => Reply = () => ({ status: 500 });

test.before(async () => {
  work = tempDir('x-reference-narrowing');
  server = await startServer((request) => reply(request));
  ({ run, out } = await xReferencePackage(work));
});
test.after(async () => {
  await server.close();
  removeDir(work);
});

test('generates under --strict, with one located note per inferred pairing', () => {
  assert.is(run.code, 0, run.text);
  const notes = run.err.filter((line) => line.includes(': note: '));
  // Besides the notes, only --verbose's stage timings.
  assert.equal(
    run.err.filter(
      (line) => !notes.includes(line) && !/ (fetch|load|model|emit|format|compile): \d+ ms$/.test(line),
    ),
    [],
    'nothing but notes on stderr',
  );
  const tweet = notes.filter((line) => line.includes('"tweet.fields"'));
  assert.equal(tweet, [
    `${relative(process.cwd(), SPEC)}:25077:7: note: field selection inferred: "tweet.fields" selects the fields of Tweet in results (its values name 28 of the 29 properties of Tweet); Tweet has no required list, so a requested field is present and every other one optional. State x-field-selection on the parameter, or false to switch this off (at #/components/parameters/TweetFieldsParameter)`,
  ]);
  assert.ok(
    notes.some(
      (line) =>
        line.includes('"user.fields" selects the fields of User') &&
        line.includes('defaults from its required list (id, name, username)'),
    ),
  );
  assert.is(new Set(notes).size, notes.length, 'each once');
});

test('the generated README says which operations narrow, by which parameter', () => {
  const readme = readFileSync(join(out, 'README.md'), 'utf8');
  assert.match(readme, /## Field selection/);
  assert.match(
    readme,
    /\| `tweet\.fields` +\| `Tweet` +\| none stated: fields not requested are optional +\|/,
  );
  assert.match(
    readme,
    /\| `user\.fields` +\| `User` +\| `id`, `name`, `username` \(its `required` list\) +\|/,
  );
  assert.match(
    readme,
    /- `getPostsByIds`: `tweet\.fields`, `media\.fields`, `poll\.fields`, `user\.fields`, `place\.fields`\n/,
  );
});

test('getPostsByIds sends the fields asked for and returns what the server answers, over loopback', async () => {
  reply = () => ({
    body: {
      data: [{ id: '20', text: 'hello', created_at: '2026-11-25T00:00:00.000Z', author_id: '7' }],
      includes: { users: [{ id: '7', name: 'A', username: 'a', verified: true }] },
    },
  });
  server.requests.length = 0;
  const pkg = await import(pathToFileURL(join(out, 'src', 'index.ts')).href);
  const client = new pkg.XClient({ baseUrl: server.url, auth: { bearerToken: TOKEN } });
  const result = await client.tweets.getPostsByIds({
    ids: ['20'],
    'tweet.fields': ['created_at'],
    expansions: ['author_id'],
    'user.fields': ['verified'],
  });
  assert.is(result.data[0].created_at, '2026-11-25T00:00:00.000Z');
  assert.is(result.includes.users[0].verified, true);
  const seen = server.requests[0];
  assert.is(seen?.path, '/2/tweets');
  assert.is(seen?.query.get('tweet.fields'), 'created_at');
  assert.is(seen?.query.get('expansions'), 'author_id');
  assert.is(seen?.query.get('user.fields'), 'verified');
  assert.is(seen?.headers.authorization, `Bearer ${TOKEN}`);
});

/** A consumer program against the generated package's `.d.ts`; every `@ts-expect-error` must stay an error. */
const PROGRAM = `
import { ApiError, isProblem, ProblemTypes, XClient, type ActivityStreamingResponse, type NewsActivityResponsePayload } from './out/dist/index.js';
import { getPostsByIds, createCore } from './out/dist/functions.js';

const client = new XClient({ auth: { bearerToken: 'token' } });
function use<T>(value: T): T {
  return value;
}

export async function requested(): Promise<void> {
  const result = await client.tweets.getPostsByIds({ ids: ['20'], 'tweet.fields': ['created_at'], expansions: ['author_id'], 'user.fields': ['verified'] });
  for (const post of result.data ?? []) {
    use<string>(post.created_at); // requested: present
    // @ts-expect-error -- not requested, and Tweet states no defaults: optional
    use<string>(post.author_id);
    use<string | undefined>(post.author_id);
    // @ts-expect-error -- even id and text: the spec does not say the server always sends them
    use<string>(post.text);
    use<string | undefined>(post.id);
  }
  for (const user of result.includes?.users ?? []) {
    use<boolean>(user.verified); // requested
    use<string>(user.username); // a default: User's required list
    // @ts-expect-error -- neither a default nor requested: absent
    void user.description;
  }
}

export async function nothingAsked(): Promise<void> {
  const result = await client.tweets.getPostsByIds({ ids: ['20'] });
  // @ts-expect-error -- nothing requested: optional
  use<string>(result.data![0]!.created_at);
  const user = result.includes?.users?.[0];
  // @ts-expect-error -- not requested: absent
  void user?.location;
}

export async function functionsAndCall(): Promise<void> {
  const core = createCore({ auth: { bearerToken: 'token' } });
  const viaFunction = await getPostsByIds(core, { ids: ['1'], 'tweet.fields': ['lang', 'created_at'] });
  use<string>(viaFunction.data![0]!.lang);
  const viaCall = await client.call('getPostsByIds', { ids: ['1'], 'tweet.fields': ['conversation_id'] });
  use<string>(viaCall.data![0]!.conversation_id);
  // @ts-expect-error -- not a parameter of getPostsByIds
  await client.tweets.getPostsByIds({ ids: ['1'], 'tweet.feilds': ['lang'] });
}

// X declares its problems as a base Problem whose mapping names allOf children: a union all the same.
export function problems(error: ApiError): string | undefined {
  const problem = error.problem;
  if (problem?.type === 'https://api.twitter.com/2/problems/resource-not-found') return problem.resource_id;
  // @ts-expect-error -- only a resource-not-found problem names a resource
  void problem?.resource_id;
  if (isProblem(problem, ProblemTypes.UsageCapExceededProblem)) return problem.title;
  return undefined;
}

// The payload's discriminator is '../event_type': the data is a union keyed by its event_type.
export function activity(event: ActivityStreamingResponse): NewsActivityResponsePayload | undefined {
  const data = event.data;
  if (data?.event_type === 'news.new') return data.payload;
  // @ts-expect-error -- a follow's payload is not news
  if (data?.event_type === 'follow.follow') return data.payload;
  return undefined;
}

export async function pages(): Promise<void> {
  for await (const post of client.tweets.searchPostsRecent({ query: 'x', 'tweet.fields': ['created_at'] })) {
    use<string>(post.created_at);
    // @ts-expect-error -- not requested
    use<string>(post.lang);
  }
}
`;

/** A program of `work` importing `./out/`, made to import the package where the fixture is. */
function againstPackage(program: string): string {
  const path = relative(work, out);
  return program.replaceAll("'./out/", `'${path.startsWith('.') ? path : `./${path}`}/`);
}

test('results follow tweet.fields and user.fields in types (tsc on a consumer program)', () => {
  const file = join(work, 'consumer.ts');
  writeFileSync(file, againstPackage(PROGRAM));
  assert.equal(typecheck([file]), []);
});

test('the consumer program fails where a field is read that was not asked for', () => {
  const file = join(work, 'consumer-wrong.ts');
  writeFileSync(
    file,
    againstPackage(
      PROGRAM.replace("'tweet.fields': ['created_at'], expansions", "'tweet.fields': ['lang'], expansions"),
    ),
  );
  const errors = typecheck([file]);
  assert.ok(
    errors.some((e) =>
      e.includes("Argument of type 'string | undefined' is not assignable to parameter of type 'string'"),
    ),
    errors.join('\n'),
  );
});

test.run();
