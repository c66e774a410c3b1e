/**
 * The generated packages in a real browser: test/browser/app.ts, bundled with esbuild (from
 * generated/*\/src), runs in headless Chromium (the one @sparticuz/chromium ships, or XGEN_CHROMIUM; see
 * test/helpers/chromium.ts) against
 * this test's loopback server, which serves the page and plays the API:
 * - a bearer call (the server requires the token),
 * - an OAuth 1.0a-signed PUT with a form body (the server recomputes the signature),
 * - a paginated iteration over three pages,
 * - an audience upload hashed with WebCrypto (the server compares with Node's SHA-256),
 * - an ApiError narrowed on its problem type,
 * - redirects, which the browser follows (the `browser` condition of `#transport`): one within the
 *   origin, which keeps the bearer token, and one to a second loopback server (another port: another
 *   origin), which gets no Authorization header.
 * The page writes `window.__results`; the test asserts them. Every canned API body is checked against
 * the spec's response schema first, so this fake API cannot drift from the spec unnoticed.
 */
import { createHash } from 'node:crypto';
import { resolve } from 'node:path';
import { build } from 'esbuild';
import type { Browser } from 'playwright-core';
import { test } from '../helpers/uvu.ts';
import * as assert from 'uvu/assert';
import { launchChromium } from '../helpers/chromium.ts';
import { verifyOAuth1 } from '../helpers/oauth1-verify.ts';
import { startServer, type Reply, type SeenRequest, type TestServer } from '../helpers/server.ts';
import { ADS_SPEC, CORE_SPEC } from '../contract/targets.ts';
import { deref, readSpec, SpecSchemas } from '../contract/spec-schemas.ts';
import { specOperations } from '../contract/harness.ts';
import { BROWSER_SECRETS, type BrowserResults } from './secrets.ts';

const here = import.meta.dirname;

const core = new SpecSchemas(readSpec(CORE_SPEC), 'core-v2-browser');
const ads = new SpecSchemas(readSpec(ADS_SPEC), 'ads-v12-browser');

/** A JSON reply for `operationId`, after checking the body against the spec's schema for `status`. */
function conforming(
  schemas: SpecSchemas,
  operationId: string,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): Reply {
  const op = specOperations(schemas.doc).find((o) => o.id === operationId);
  if (!op) throw new Error(`no operation ${operationId}`);
  const responses = op.op.responses;
  const response = deref(
    schemas.doc,
    responses[String(status)] ?? responses[`${String(status)[0]}XX`] ?? responses.default,
  );
  // A problem body goes out as application/problem+json where the spec has it, anything else as the first type.
  const entries = Object.entries<any>(response.content);
  const isProblem = typeof (body as { type?: unknown }).type === 'string';
  const [type, media] = entries.find(([t]) => isProblem && t === 'application/problem+json') ?? entries[0]!;
  const problems = schemas.check(media.schema, body);
  if (problems.length)
    throw new Error(`canned ${operationId} ${status} body breaks the spec: ${problems.join('; ')}`);
  return { status, body: JSON.stringify(body), headers: { 'content-type': type, ...headers } };
}

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

const POSTS = Array.from({ length: 12 }, (_, i) => ({
  id: String(1_400_000_000_000_000_000n - BigInt(i)),
  text: `post ${i}`,
  edit_history_tweet_ids: [String(1_400_000_000_000_000_000n - BigInt(i))],
}));

let server: TestServer;
let other: TestServer;
let bundle = '';
const failures: string[] = [];

function api(req: SeenRequest): Reply | Promise<Reply> {
  const unauthorized = (why: string): Reply => {
    failures.push(`${req.method} ${req.path}: ${why}`);
    return conforming(core, 'getPostsByIds', 401, {
      type: 'https://api.twitter.com/2/problems/unsupported-authentication',
      title: 'Unauthorized',
      detail: why,
      status: 401,
    });
  };
  const oauth1 = async () => verifyOAuth1(req, server.url, BROWSER_SECRETS.oauth1);

  if (req.method === 'GET' && req.path === '/') {
    return {
      headers: { 'content-type': 'text/html; charset=utf-8' },
      body: '<!doctype html><meta charset="utf-8"><title>xgen browser test</title><script type="module" src="/app.js"></script>',
    };
  }
  if (req.method === 'GET' && req.path === '/app.js')
    return { headers: { 'content-type': 'text/javascript; charset=utf-8' }, body: bundle };
  if (req.method === 'GET' && req.path === '/favicon.ico') return { status: 204 };

  if (req.method === 'GET' && req.path === '/2/tweets') {
    if (req.headers.authorization !== `Bearer ${BROWSER_SECRETS.bearerToken}`)
      return unauthorized('bearer token missing or wrong');
    if (req.query.get('ids') === '7001') return { status: 302, headers: { location: '/2/tweets?ids=7002' } };
    if (req.query.get('ids') === '8001')
      return { status: 307, headers: { location: `${other.url}/2/tweets?ids=8002` } };
    const ids = (req.query.get('ids') ?? '').split(',');
    return conforming(core, 'getPostsByIds', 200, {
      data: ids.map((id) => ({
        id,
        text: `post ${id}`,
        edit_history_tweet_ids: [id],
        created_at: '2021-01-06T18:40:40.000Z',
      })),
    });
  }
  if (req.method === 'PUT' && req.path === '/12/accounts/18ce54d4x5t') {
    return oauth1().then((valid) => {
      if (!valid)
        return unauthorized(
          `OAuth 1.0a signature does not verify (${req.headers.authorization?.slice(0, 40)}...)`,
        );
      const form = new URLSearchParams(req.body);
      return conforming(ads, 'updateAccount', 200, {
        request: { params: { account_id: '18ce54d4x5t', ...Object.fromEntries(form) } },
        data: {
          id: '18ce54d4x5t',
          name: form.get('name') ?? '',
          timezone: 'America/Los_Angeles',
          timezone_switch_at: '2016-07-21T07:00:00Z',
          approval_status: 'ACCEPTED',
          industry_type: form.get('industry_type') ?? 'OTHER',
          created_at: '2016-07-21T22:42:09Z',
          updated_at: '2024-05-02T18:20:31Z',
          deleted: false,
        },
      });
    });
  }
  if (req.method === 'GET' && req.path === '/2/users/2244994945/tweets') {
    if (req.headers.authorization !== `Bearer ${BROWSER_SECRETS.bearerToken}`)
      return unauthorized('bearer token missing or wrong');
    const size = Number(req.query.get('max_results'));
    const page = Number((req.query.get('pagination_token') ?? 'page-0').slice(5));
    const data = POSTS.slice(page * size, page * size + size);
    const last = (page + 1) * size >= POSTS.length;
    return conforming(core, 'getUsersPosts', 200, {
      data,
      meta: {
        result_count: data.length,
        newest_id: data[0]!.id,
        oldest_id: data.at(-1)!.id,
        ...(last ? {} : { next_token: `page-${page + 1}` }),
        ...(page ? { previous_token: `page-${page - 1}` } : {}),
      },
    });
  }
  if (req.method === 'POST' && req.path === '/12/accounts/18ce54d4x5t/custom_audiences/2906h/users') {
    return oauth1().then((valid) => {
      if (!valid) return unauthorized('OAuth 1.0a signature does not verify');
      const body = JSON.parse(req.body) as {
        operation_type: string;
        params: { users: Record<string, string[]>[] };
      }[];
      const users = body.flatMap((op) => op.params.users);
      const expected = [
        { email: [sha256('jane.doe@example.com')], partner_user_id: ['crm-1'] },
        { email: [sha256('john@example.com')], handle: [sha256('johnx')] },
        { phone_number: [sha256('15550109999')] },
      ];
      if (JSON.stringify(users) !== JSON.stringify(expected)) {
        failures.push(`audience users hashed differently from Node's SHA-256: ${JSON.stringify(users)}`);
        return conforming(ads, 'updateCustomAudienceUsers', 400, {
          errors: [{ code: 'INVALID_PARAMETER', message: 'users are not hashed as expected' }],
        });
      }
      return conforming(ads, 'updateCustomAudienceUsers', 200, {
        request: { params: { account_id: '18ce54d4x5t', custom_audience_id: '2906h' } },
        data: { success_count: users.length, total_count: users.length },
      });
    });
  }
  if (req.method === 'GET' && req.path === '/2/news/1922474542427246592') {
    if (req.headers.authorization !== `Bearer ${BROWSER_SECRETS.bearerToken}`)
      return unauthorized('bearer token missing or wrong');
    return conforming(core, 'getNews', 404, {
      type: 'https://api.twitter.com/2/problems/resource-not-found',
      title: 'Not Found Error',
      detail: 'Could not find news with id: [1922474542427246592].',
      parameter: 'id',
      value: '1922474542427246592',
      resource_id: '1922474542427246592',
      resource_type: 'tweet',
    });
  }
  failures.push(`unexpected request ${req.method} ${req.url}`);
  return { status: 404, body: { error: 'not part of the browser test' } };
}

/** The other origin a redirect leads to: it answers without credentials, and lets the page read it (CORS). */
function otherOrigin(req: SeenRequest): Reply {
  const cors = { 'access-control-allow-origin': server.url, 'access-control-allow-headers': 'accept' };
  if (req.method === 'OPTIONS') return { status: 204, headers: cors };
  if (req.method === 'GET' && req.path === '/2/tweets' && req.query.get('ids') === '8002') {
    const reply = conforming(core, 'getPostsByIds', 200, {
      data: [{ id: '8002', text: 'post 8002', edit_history_tweet_ids: ['8002'] }],
    });
    return { ...reply, headers: { ...reply.headers, ...cors } };
  }
  failures.push(`unexpected request to the other origin ${req.method} ${req.url}`);
  return { status: 404, headers: cors, body: { error: 'not part of the browser test' } };
}

let browser: Browser | undefined;

test.before(async () => {
  const built = await build({
    entryPoints: [resolve(here, 'app.ts')],
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    sourcemap: 'inline',
    logLevel: 'silent',
  });
  bundle = built.outputFiles[0]!.text;
  server = await startServer(api);
  other = await startServer(otherOrigin);
});

test.after(async () => {
  await browser?.close().catch(() => {});
  await server?.close();
  await other?.close();
});

test('the generated clients work in headless Chromium: bearer, OAuth 1.0a, pagination, WebCrypto audience upload, narrowed ApiError, redirects followed by the browser', async () => {
  browser = await launchChromium();
  const page = await browser.newPage();
  const console: string[] = [];
  page.on('console', (m) => console.push(`${m.type()}: ${m.text()}`));
  page.on('pageerror', (e) => console.push(`pageerror: ${e.message}`));
  await page.goto(server.url, { waitUntil: 'load' });
  try {
    await page.waitForFunction(
      () => (window as unknown as { __results?: unknown }).__results !== undefined,
      null,
      { timeout: 30_000 },
    );
  } catch (error) {
    throw new Error(
      `the page never reported results: ${(error as Error).message}\n${console.join('\n')}\n${failures.join('\n')}`,
    );
  }
  const results = (await page.evaluate(
    () => (window as unknown as { __results: unknown }).__results,
  )) as BrowserResults;
  const explain = `\nresults: ${JSON.stringify(results, null, 1)}\nserver: ${failures.join('\n')}\nconsole: ${console.join('\n')}`;

  assert.equal(failures, [], explain);
  for (const [name, result] of Object.entries(results)) assert.ok(result.ok, `${name} failed${explain}`);

  assert.equal(
    results.bearer,
    { ok: true, ids: ['1346889436626259968', '1293593516040269825'], createdAt: '2021-01-06T18:40:40.000Z' },
    explain,
  );
  assert.equal(results.oauth1, { ok: true, name: 'Café & Co. (ünïcode)', industry: 'RETAIL' }, explain);
  assert.equal(results.pagination, { ok: true, ids: POSTS.map((p) => p.id) }, explain);
  const pageRequests = server.requests
    .filter((r) => r.path === '/2/users/2244994945/tweets')
    .map((r) => r.query.get('pagination_token'));
  assert.equal(pageRequests, [null, 'page-1', 'page-2'], 'three pages, each token once');
  assert.equal(results.audience, { ok: true, users: 3, batches: 1 }, explain);
  assert.equal(
    results.problem,
    { ok: true, narrowed: true, status: 404, resourceId: '1922474542427246592', parameter: 'id' },
    explain,
  );
  assert.ok((results.done as { webCrypto?: boolean }).webCrypto, 'WebCrypto available in the page');
  assert.equal(results.redirectSameOrigin, { ok: true, ids: ['7002'] }, explain);
  assert.equal(results.redirectOtherOrigin, { ok: true, ids: ['8002'] }, explain);
  // The page's origin got both first requests and the same-origin redirect's, all with the token (the
  // handler refuses any without); the other origin got the redirected request, without it.
  assert.equal(
    server.requests
      .filter((r) => r.path === '/2/tweets')
      .map((r) => r.query.get('ids'))
      .filter((ids) => /^[78]00/.test(ids ?? '')),
    ['7001', '7002', '8001'],
  );
  const crossed = other.requests.filter((r) => r.method === 'GET');
  assert.equal(
    crossed.map((r) => r.url),
    ['/2/tweets?ids=8002'],
    'the cross-origin redirect was followed once',
  );
  for (const r of other.requests) {
    assert.is(r.headers.authorization, undefined, `the bearer token reached the other origin (${r.method})`);
    assert.not.ok(
      JSON.stringify(r.headers).includes(BROWSER_SECRETS.bearerToken),
      'no header carries the token',
    );
  }
  const signed = server.requests.filter((r) => r.path.startsWith('/12/'));
  assert.is(signed.length, 2);
  for (const r of signed) assert.match(String(r.headers.authorization), /^OAuth .*oauth_signature=/);
  process.stdout.write(`  browser: ${String((results.done as { userAgent?: string }).userAgent)}\n`);
});

test.run();
