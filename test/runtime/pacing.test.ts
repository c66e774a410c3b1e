/**
 * Pacing for documented rate limits (templates/runtime/pacing.ts.hbs), through @xgen/ads-v12 against a
 * loopback server that enforces the seed's limits on a fake clock shared with the client: custom audience
 * users 1,500 requests per minute, `with_total_count` 200 requests per 15 minutes.
 */
import { test } from '../helpers/uvu.ts';
import * as assert from 'uvu/assert';
import {
  AdsClient,
  ApiError,
  AudienceUploadError,
  uploadAudienceUsers,
} from '../../generated/ads-v12/src/index.js';
import { type Reply, type SeenRequest, startServer, type TestServer } from '../helpers/server.js';

const SECRETS = {
  consumerKey: 'ck-ads',
  consumerSecret: 'cs-secret-ads',
  token: 'tok-ads',
  tokenSecret: 'ts-secret-ads',
};
const USERS_PATH = /^\/12\/accounts\/[^/]+\/custom_audiences\/[^/]+\/users$/;
const MINUTE = 60_000;

/** The fake clock: `sleep` moves it forward instead of waiting (concurrent sleepers move it once). */
let clock = 0;
const now = (): number => clock;
const sleep = async (ms: number, signal?: AbortSignal): Promise<void> => {
  signal?.throwIfAborted();
  const until = clock + ms;
  await Promise.resolve();
  clock = Math.max(clock, until);
};

/** When the server saw each request of a budget, and the 429s it gave. */
let seen: { users: number[]; totals: number[]; rejected: number };
let server: TestServer;

/** At most `requests` requests in any window of `windowMs` (a sliding window: stricter than fixed ones). */
function admit(log: number[], requests: number, windowMs: number): boolean {
  const recent = log.filter((t) => t > clock - windowMs).length;
  if (recent >= requests) return false;
  log.push(clock);
  return true;
}

/** The server's `x-rate-limit-*` figures for a budget: what is left of it, and when its oldest request leaves the window. */
function figures(log: number[], requests: number, windowMs: number): Record<string, string> {
  const recent = log.filter((t) => t > clock - windowMs);
  const reset = (recent.length > 0 ? Math.min(...recent) : clock) + windowMs;
  return {
    'x-rate-limit-limit': String(requests),
    'x-rate-limit-remaining': String(requests - recent.length),
    'x-rate-limit-reset': String(Math.ceil(reset / 1000)),
  };
}

function limitedServer(request: SeenRequest): Reply {
  const tooMany = (reset: number): Reply => {
    seen.rejected++;
    return {
      status: 429,
      headers: { 'x-rate-limit-reset': String(Math.ceil(reset / 1000)) },
      body: { errors: [{ code: 'TOO_MANY_REQUESTS', message: 'Rate limit exceeded' }] },
    };
  };
  if (USERS_PATH.test(request.path)) {
    if (!admit(seen.users, 1_500, MINUTE)) return tooMany(clock + MINUTE);
    const body = JSON.parse(request.body) as { params: { users: unknown[] } }[];
    const users = body.reduce((n, op) => n + op.params.users.length, 0);
    return {
      headers: figures(seen.users, 1_500, MINUTE),
      body: { request: { params: {} }, data: { success_count: users, total_count: users } },
    };
  }
  if (request.query.get('with_total_count') === 'true' && !admit(seen.totals, 200, 15 * MINUTE))
    return tooMany(clock + 15 * MINUTE);
  return { body: { request: { params: {} }, data: [], next_cursor: null, total_count: 0 } };
}

test.before(async () => {
  server = await startServer(limitedServer);
});
test.after(async () => {
  await server.close();
});
test.before.each(() => {
  clock = Date.UTC(2026, 3, 2, 10, 0, 0);
  seen = { users: [], totals: [], rejected: 0 };
  server.requests.length = 0;
});

const client = (extra: Partial<ConstructorParameters<typeof AdsClient>[0]> = {}) =>
  new AdsClient({ baseUrl: server.url, auth: { oauth1: SECRETS }, maxRetries: 0, now, sleep, ...extra });

const users = (n: number, prefix = 'u') =>
  Array.from({ length: n }, (_, i) => ({ email: [`${prefix}${i}@example.com`] }));
const hashed = '973dfe463ec85785f5f95af5ba3906eedb2d931c24e69824a89ea65dba4e813b';

/** Spends `n` requests of the audience-users budget, 100 at a time, without moving the clock. */
async function spend(ads: AdsClient, n: number): Promise<void> {
  for (let done = 0; done < n; done += 100) {
    const batch = Array.from({ length: Math.min(100, n - done) }, () =>
      ads.call('updateCustomAudienceUsers', {
        account_id: 'a1',
        custom_audience_id: 'c1',
        body: [{ operation_type: 'Update', params: { users: [{ email: [hashed] }] } }],
      }),
    );
    await Promise.all(batch);
  }
}

test('uploadAudienceUsers of 10,000 users finishes without one 429 when the minute is nearly spent', async () => {
  const ads = client();
  const start = clock;
  await spend(ads, 1_498);
  assert.is(clock, start, 'no wait while the budget has room');
  const result = await uploadAudienceUsers(ads, {
    account_id: 'a1',
    custom_audience_id: 'c1',
    operation_type: 'Update',
    users: users(10_000),
  });
  assert.equal(
    result.batches.map((b) => b.users),
    [2500, 2500, 2500, 2500],
  );
  assert.is(seen.rejected, 0);
  assert.is(seen.users.length, 1_502);
  // Two batches fit in the first minute; the other two waited for it to pass.
  assert.is(seen.users.filter((t) => t === start).length, 1_500);
  assert.ok(clock >= start + MINUTE, `the clock moved by ${clock - start} ms`);
  assert.ok(clock < start + 2 * MINUTE);
});

test('without pacing (pacing: false) the same upload runs into the 429 the pacing avoids', async () => {
  const ads = client({ pacing: false });
  await spend(ads, 1_498);
  try {
    await uploadAudienceUsers(ads, {
      account_id: 'a1',
      custom_audience_id: 'c1',
      operation_type: 'Update',
      users: users(10_000),
    });
    assert.unreachable('the third batch should have got a 429');
  } catch (error) {
    assert.instance(error, AudienceUploadError);
    assert.is((error as AudienceUploadError).batch, 2);
    assert.instance((error as AudienceUploadError).cause, ApiError);
    assert.is(((error as AudienceUploadError).cause as ApiError).status, 429);
  }
  assert.is(seen.rejected, 1);
});

test('two concurrent uploads share one budget', async () => {
  const ads = client();
  const start = clock;
  await spend(ads, 1_496);
  const upload = (prefix: string) =>
    uploadAudienceUsers(ads, {
      account_id: 'a1',
      custom_audience_id: 'c1',
      operation_type: 'Update',
      users: users(10_000, prefix),
    });
  const [a, b] = await Promise.all([upload('a'), upload('b')]);
  assert.is(a.users + b.users, 20_000);
  assert.is(seen.rejected, 0);
  assert.is(seen.users.length, 1_504);
  // Four of the eight batches had room in the first minute, whichever upload sent them.
  assert.is(seen.users.filter((t) => t === start).length, 1_500);
  assert.ok(clock >= start + MINUTE);
});

test('a budget spent elsewhere, as x-rate-limit-remaining tells, is waited for instead of run into', async () => {
  // Another process with the same credentials sent 1,450 requests this minute: the documented
  // budget alone would let this client send 1,500 more and meet a 429 at the 51st.
  const started = clock;
  for (let i = 0; i < 1_450; i++) seen.users.push(clock);
  const ads = client();
  for (let i = 0; i < 100; i++) {
    await ads.call('updateCustomAudienceUsers', {
      account_id: 'a1',
      custom_audience_id: 'c1',
      body: [{ operation_type: 'Update', params: { users: [{ email: [hashed] }] } }],
    });
  }
  assert.is(seen.rejected, 0, 'no 429');
  assert.is(server.requests.length, 100);
  // The 51st waited for the other process's requests to leave the server's window.
  assert.ok(clock >= started + MINUTE, `waited until the reset (${clock - started} ms)`);
  assert.ok(clock < started + 2 * MINUTE, 'and no longer');
});

test('an aborted signal stops a pacing wait, and nothing is sent', async () => {
  const pending = (_ms: number, signal?: AbortSignal): Promise<void> =>
    new Promise((_, reject) =>
      signal?.addEventListener('abort', () => reject(signal.reason), { once: true }),
    );
  const ads = client({ sleep: pending });
  for (let i = 0; i < 200; i += 50)
    await Promise.all(Array.from({ length: 50 }, () => ads.accounts.list({ with_total_count: true })));
  const controller = new AbortController();
  const call = ads.accounts.list({ with_total_count: true }, { signal: controller.signal });
  await new Promise((r) => setTimeout(r, 20));
  controller.abort(new Error('stop waiting'));
  try {
    await call;
    assert.unreachable('the call should have been aborted');
  } catch (error) {
    assert.is((error as Error).message, 'stop waiting');
  }
  assert.is(server.requests.length, 200, 'the aborted call sent nothing');
  // The aborted wait took nothing from the budget: once the window has passed, 200 calls go at once
  // (a token held by the aborted call would leave the last one waiting for ever).
  clock += 15 * MINUTE;
  const after = clock;
  const calls = Promise.all(Array.from({ length: 200 }, () => ads.accounts.list({ with_total_count: true })));
  const stuck = new Promise((_, reject) =>
    setTimeout(() => reject(new Error('a call is still waiting for the budget')), 10_000).unref(),
  );
  await Promise.race([calls, stuck]);
  assert.is(clock, after);
});

test('with_total_count requests wait after 200 in 15 minutes; requests without it are not counted', async () => {
  const ads = client();
  const start = clock;
  for (let i = 0; i < 200; i += 50) {
    await Promise.all(Array.from({ length: 50 }, () => ads.accounts.list({ with_total_count: true })));
  }
  assert.is(clock, start);
  await ads.accounts.list();
  await ads.accounts.list({ with_total_count: false });
  assert.is(clock, start, 'requests without with_total_count do not wait');
  await ads.accounts.list({ with_total_count: true });
  assert.ok(clock >= start + 15 * MINUTE, 'the 201st waited for the window');
  assert.is(seen.rejected, 0);
  assert.is(seen.totals.length, 201);
});

test.run();
