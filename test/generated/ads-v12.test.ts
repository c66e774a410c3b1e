/** @xgen/ads-v12 over real HTTP on loopback: hosts, versions, OAuth 1.0a, errors, audience uploads. */
import { createHash } from 'node:crypto';
import { test } from '../helpers/uvu.ts';
import * as assert from 'uvu/assert';
import {
  AdsClient,
  ApiError,
  AudienceUploadError,
  hashAudienceUser,
  operations,
  uploadAudienceUsers,
} from '../../generated/ads-v12/src/index.js';
import { verifyOAuth1 } from '../helpers/oauth1-verify.js';
import { type Reply, type SeenRequest, startServer, type TestServer } from '../helpers/server.js';

const SECRETS = {
  consumerKey: 'ck-ads',
  consumerSecret: 'cs-secret-ads',
  token: 'tok-ads',
  tokenSecret: 'ts-secret-ads',
};
let production: TestServer;
let sandbox: TestServer;
let reply: (req: SeenRequest) => Reply;

test.before(async () => {
  production = await startServer((req) => reply(req));
  sandbox = await startServer((req) => reply(req));
});
test.after(async () => {
  await production.close();
  await sandbox.close();
});
test.before.each(() => {
  production.requests.length = 0;
  sandbox.requests.length = 0;
  reply = () => ({ body: { request: { params: {} }, data: [], next_cursor: null } });
});

const client = (extra: Partial<ConstructorParameters<typeof AdsClient>[0]> = {}) =>
  new AdsClient({
    baseUrl: production.url,
    sandboxBaseUrl: sandbox.url,
    auth: { oauth1: SECRETS },
    maxRetries: 0,
    ...extra,
  });

test('the default origins are the production and sandbox hosts; paths carry /12 (seen through the fetch option)', async () => {
  const urls: string[] = [];
  const fetch = async (url: string): Promise<Response> => {
    urls.push(url);
    return new Response(JSON.stringify({ request: { params: {} }, data: [], next_cursor: null }), {
      headers: { 'content-type': 'application/json' },
    });
  };
  await new AdsClient({ fetch, auth: { oauth1: SECRETS } }).accounts.list();
  await new AdsClient({ fetch, auth: { oauth1: SECRETS } }).accounts.createSandboxAccount();
  await new AdsClient({ fetch, auth: { oauth1: SECRETS }, sandbox: true }).accounts.list();
  assert.equal(urls, [
    'https://ads-api.x.com/12/accounts',
    'https://ads-api-sandbox.twitter.com/12/accounts',
    'https://ads-api-sandbox.twitter.com/12/accounts',
  ]);
  assert.is(operations.listTailoredAudiencePermissions.path.startsWith('/5/'), true);
});

test('a list call with count, cursor and with_deleted reaches /12/accounts on production, OAuth 1.0a signed', async () => {
  reply = () => ({
    body: { request: { params: {} }, data: [{ id: '18ce54d4x5t', name: 'Acme' }], next_cursor: null },
  });
  const page = await client().accounts.list({ count: 5, cursor: 'c1', with_deleted: true });
  assert.is(page.items.length, 1);
  const seen = production.requests[0];
  assert.ok(seen);
  assert.is(seen.path, '/12/accounts');
  assert.is(seen.query.get('count'), '5');
  assert.is(seen.query.get('cursor'), 'c1');
  assert.is(seen.query.get('with_deleted'), 'true');
  assert.ok(await verifyOAuth1(seen, production.url, SECRETS), 'the OAuth 1.0a signature verifies');
  assert.is(sandbox.requests.length, 0);
});

test('sandbox: true sends every operation to the sandbox host', async () => {
  await client({ sandbox: true }).accounts.list({ count: 5, cursor: 'c1', with_deleted: true });
  assert.is(production.requests.length, 0);
  assert.is(sandbox.requests[0]?.path, '/12/accounts');
  assert.is(sandbox.requests[0]?.query.get('with_deleted'), 'true');
});

test('sandbox-only operations always use the sandbox host', async () => {
  reply = () => ({ body: { request: { params: {} }, data: [{ id: 'gq1abc', name: 'Sandbox account' }] } });
  await client().accounts.createSandboxAccount();
  assert.is(production.requests.length, 0);
  assert.is(sandbox.requests[0]?.method, 'POST');
  assert.is(sandbox.requests[0]?.path, '/12/accounts');
});

test('a tailored-audience permission call reaches /5/...', async () => {
  await client().audiences.listTailoredPermissions({
    account_id: '18ce54d4x5t',
    tailored_audience_id: '1nmth',
  });
  assert.is(production.requests[0]?.path, '/5/accounts/18ce54d4x5t/tailored_audiences/1nmth/permissions');
});

test('a second DELETE of a line item gives ApiError 404', async () => {
  let deleted = false;
  reply = (req) => {
    if (req.method !== 'DELETE') return { status: 405 };
    if (deleted)
      return {
        status: 404,
        body: { errors: [{ code: 'NOT_FOUND', message: 'Line item not found' }], request: { params: {} } },
      };
    deleted = true;
    return { body: { request: { params: {} }, data: { id: '8v7jo', deleted: true } } };
  };
  const first = await client().lineItems.delete({ account_id: '18ce54d4x5t', line_item_id: '8v7jo' });
  assert.is(first.data?.deleted, true);
  try {
    await client().lineItems.delete({ account_id: '18ce54d4x5t', line_item_id: '8v7jo' });
    assert.unreachable('the second delete should fail');
  } catch (error) {
    assert.instance(error, ApiError);
    assert.is((error as ApiError).status, 404);
    assert.is((error as ApiError).legacyErrors?.[0]?.code, 'NOT_FOUND');
  }
  assert.is(production.requests.length, 2);
});

const sha = (s: string): string => createHash('sha256').update(s).digest('hex');

test('hashAudienceUser normalises each identifier kind, then hashes it; partner ids stay as they are', async () => {
  const hashed = await hashAudienceUser({
    email: ['  Jane.Doe@Example.COM '],
    phone_number: ['+1 (555) 010-9999'],
    handle: ['@JaneDoe'],
    device_id: ['AEBE52E7-03EE-455A-B3C4-E57283966239'],
    twitter_id: ['783214'],
    partner_user_id: ['crm-42'],
  });
  assert.equal(hashed, {
    email: [sha('jane.doe@example.com')],
    phone_number: [sha('15550109999')],
    handle: [sha('janedoe')],
    device_id: [sha('aebe52e7-03ee-455a-b3c4-e57283966239')],
    twitter_id: [sha('783214')],
    partner_user_id: ['crm-42'],
  });
});

test('a 12,000-user upload becomes 5 requests whose bodies hold hashed values only', async () => {
  reply = (req) => {
    const body = JSON.parse(req.body) as { params: { users: unknown[] } }[];
    const users = body.reduce((n, op) => n + op.params.users.length, 0);
    return { body: { request: { params: {} }, data: { success_count: users, total_count: users } } };
  };
  const users = Array.from({ length: 12_000 }, (_, i) => ({
    email: [`user${i}@example.com`],
    partner_user_id: [`p${i}`],
  }));
  const result = await uploadAudienceUsers(client(), {
    account_id: '18ce54d4x5t',
    custom_audience_id: '2906h',
    operation_type: 'Update',
    users,
  });
  assert.is(production.requests.length, 5);
  assert.equal(
    result.batches.map((b) => b.users),
    [2500, 2500, 2500, 2500, 2000],
  );
  for (const request of production.requests) {
    assert.is(request.path, '/12/accounts/18ce54d4x5t/custom_audiences/2906h/users');
    assert.not.ok(request.body.includes('@example.com'), 'no plain email on the wire');
    const body = JSON.parse(request.body) as {
      operation_type: string;
      params: { users: { email: string[] }[] };
    }[];
    assert.is(body[0]?.operation_type, 'Update');
    for (const user of body[0]?.params.users ?? []) assert.match(user.email[0] ?? '', /^[0-9a-f]{64}$/);
  }
  assert.is(
    JSON.parse(production.requests[0]?.body ?? '[]')[0].params.users[0].email[0],
    sha('user0@example.com'),
  );
});

test('a count mismatch fails naming the batch', async () => {
  let call = 0;
  reply = () => {
    call++;
    return {
      body: { request: { params: {} }, data: { success_count: call === 2 ? 2499 : 2500, total_count: 2500 } },
    };
  };
  const users = Array.from({ length: 6000 }, (_, i) => ({ handle: [`u${i}`] }));
  try {
    await uploadAudienceUsers(client(), {
      account_id: 'a1',
      custom_audience_id: 'c1',
      operation_type: 'Delete',
      users,
    });
    assert.unreachable('should fail');
  } catch (error) {
    assert.instance(error, AudienceUploadError);
    const e = error as AudienceUploadError;
    assert.is(e.batch, 1);
    assert.match(e.message, /batch 2 of 3/);
  }
  assert.is(production.requests.length, 2);
});

test('a rejected batch exposes errors and operation_errors', async () => {
  reply = () => ({
    status: 400,
    body: {
      operation_errors: [[{ code: 'INVALID_PARAMETER', message: 'bad user', parameter: 'users' }]],
      request: { params: {} },
    },
  });
  try {
    await uploadAudienceUsers(client(), {
      account_id: 'a1',
      custom_audience_id: 'c1',
      operation_type: 'Update',
      users: [{ email: ['x@y.z'] }],
    });
    assert.unreachable('should fail');
  } catch (error) {
    assert.instance(error, AudienceUploadError);
    const batch = (error as AudienceUploadError).batchErrors;
    assert.equal(batch?.operation_errors, [
      [{ code: 'INVALID_PARAMETER', message: 'bad user', parameter: 'users' }],
    ]);
  }
});

test('no error text carries the OAuth secrets', async () => {
  reply = () => ({
    status: 401,
    body: {
      errors: [{ code: 'UNAUTHORIZED_ACCESS', message: 'This request is not properly authenticated' }],
    },
  });
  const error = await client()
    .accounts.get({ account_id: '18ce54d4x5t' })
    .then(
      () => new Error('expected a failure'),
      (e: unknown) => e as Error,
    );
  assert.instance(error, ApiError);
  for (const text of [error.message, String(error), JSON.stringify(error), error.stack ?? '']) {
    for (const secret of [SECRETS.consumerSecret, SECRETS.tokenSecret]) assert.not.ok(text.includes(secret));
  }
});

test.run();
