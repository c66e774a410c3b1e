/**
 * GitHub's published spec (the `@octokit/openapi` devDependency, 13 MB) pages by `Link` headers
 * and states no x-pagination. A small spec is derived from the real one at test time (a few list
 * operations and every component they reach, examples left out), generated, and one operation is
 * paged through over loopback by its `rel="next"` links.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { test } from '../../helpers/uvu.ts';
import * as assert from 'uvu/assert';
import { generatePackage, type GeneratedPackage } from '../../../generator/generate.ts';
import { removeDir, ROOT, tempDir, writeTree } from '../../helpers/cli.ts';
import { type Reply, type SeenRequest, startServer, type TestServer } from '../../helpers/server.ts';
import type { Dynamic } from './smoke-cases.ts';
import { shareEmitThreads } from '../../helpers/emit-threads.ts';

// Generates in this process: the test process's emit threads serve it (test/helpers/emit-threads.ts).
shareEmitThreads(test);

const GITHUB = join(ROOT, 'node_modules', '@octokit', 'openapi', 'generated', 'api.github.com.json');
const KEEP: [path: string, method: string][] = [
  ['/repos/{owner}/{repo}/issues', 'get'],
  ['/orgs/{org}/repos', 'get'],
  ['/repos/{owner}/{repo}', 'get'],
];

type Json = Record<string, unknown>;

/** The kept operations of GitHub's spec with every component they reach through `$ref`s; no examples. */
function derive(): Json {
  const full = JSON.parse(readFileSync(GITHUB, 'utf8')) as Json & {
    paths: Record<string, Json>;
    components: Record<string, Record<string, unknown>>;
  };
  const components: Record<string, Record<string, unknown>> = {};
  const pending: string[] = [];
  const strip = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(strip);
    if (node === null || typeof node !== 'object') return node;
    const out: Json = {};
    for (const [key, value] of Object.entries(node)) {
      if (key === 'examples' || key === 'example') continue;
      if (key === '$ref' && typeof value === 'string') pending.push(value);
      out[key] = strip(value);
    }
    return out;
  };
  const paths: Record<string, Json> = {};
  for (const [path, method] of KEEP)
    paths[path] = { ...paths[path], [method]: strip(full.paths[path]?.[method]) };
  for (let ref = pending.pop(); ref !== undefined; ref = pending.pop()) {
    const [, , kind = '', name = ''] = ref.split('/');
    if (components[kind]?.[name] !== undefined) continue;
    (components[kind] ??= {})[name] = strip(full.components[kind]?.[name]);
  }
  return { openapi: full.openapi, info: full.info, servers: full.servers, paths, components };
}

let work = '';
let server: TestServer;
let reply: (request: SeenRequest) => Reply = () => ({ status: 500 });
let generated: GeneratedPackage;
let pkg: Dynamic;

test.before(async () => {
  work = tempDir('github-link');
  server = await startServer((request) => reply(request));
  const spec = join(work, 'github.json');
  writeFileSync(spec, JSON.stringify(derive(), null, 2));
  generated = await generatePackage({
    spec,
    out: join(work, 'out'),
    name: '@t/github',
    client: 'GitHubClient',
    templates: {},
  });
  writeTree(join(work, 'out'), generated.files);
  pkg = await import(pathToFileURL(join(work, 'out', 'src', 'index.ts')).href);
});
test.after(async () => {
  await server.close();
  removeDir(work);
});

test('the list operations page by Link headers; the single-object one does not page', () => {
  const table = pkg.operations as Record<string, { pagination?: { style: string; items: string } }>;
  assert.equal(table['issues/list-for-repo']?.pagination, {
    style: 'link',
    limit: 'per_page',
    token: 'page',
    items: '',
  });
  assert.equal(table['repos/list-for-org']?.pagination?.style, 'link');
  assert.is(table['repos/get']?.pagination, undefined);
  assert.equal(generated.report.inferred, { paginated: 2, streams: 0 });
  assert.match(
    generated.files.get('dist/functions.d.ts') ?? '',
    /function issuesListForRepo\([^;]*\): PagePromise<IssuesListForRepoResponse, PageItem<IssuesListForRepoResponse, ''>>/,
  );
});

test('issues.listForRepo pages through every issue by rel="next" links over loopback', async () => {
  // GitHub's links point at the repository by id, with the caller's query carried along.
  reply = (r) => {
    const page = Number(r.query.get('page') ?? '1');
    const link = (p: number, rel: string) =>
      `<${server.url}/repositories/1300192/issues?state=open&per_page=2&page=${p}>; rel="${rel}"`;
    const links = page < 3 ? [link(page + 1, 'next'), link(3, 'last')] : [link(1, 'first'), link(2, 'prev')];
    const issue = (n: number) => ({ id: n, number: n, title: `issue ${n}`, state: 'open' });
    return {
      headers: { link: links.join(', ') },
      body: page < 3 ? [issue(page * 2 - 1), issue(page * 2)] : [issue(5)],
    };
  };
  server.requests.length = 0;
  const client = new pkg.GitHubClient({ baseUrl: server.url, auth: { bearerToken: 'ghp_test' } });
  const numbers: number[] = [];
  for await (const issue of client.issues.listForRepo({
    owner: 'octocat',
    repo: 'hello-world',
    state: 'open',
    per_page: 2,
  }))
    numbers.push(issue.number);
  assert.equal(numbers, [1, 2, 3, 4, 5]);
  assert.equal(
    server.requests.map((r) => r.url),
    [
      '/repos/octocat/hello-world/issues?state=open&per_page=2',
      '/repos/octocat/hello-world/issues?state=open&per_page=2&page=2',
      '/repos/octocat/hello-world/issues?state=open&per_page=2&page=3',
    ],
  );
  const pages: number[] = [];
  for await (const page of client.issues
    .listForRepo({ owner: 'octocat', repo: 'hello-world', per_page: 2 }, { maxPages: 2 })
    .pages())
    pages.push(page.items.length);
  assert.equal(pages, [2, 2]);
});

test.run();
