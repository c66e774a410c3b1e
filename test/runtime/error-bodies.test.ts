/**
 * Error bodies a spec documents (generator/model/error-bodies.ts, `ApiError.body` in
 * templates/runtime/errors.ts.hbs): a consumer narrows Stripe's `{ error: { type, … } }` without a
 * cast, compiled strict, and a 402 sent over loopback arrives typed as the spec says.
 */
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { test } from '../helpers/uvu.ts';
import * as assert from 'uvu/assert';
import { generatePackage } from '../../generator/generate.ts';
import { emitSources } from '../helpers/consumer.ts';
import { ROOT, removeDir, tempDir, writeTree } from '../helpers/cli.ts';
import { startServer } from '../helpers/server.ts';
import { typecheck } from '../helpers/typecheck.ts';
import { secondPass } from '../helpers/passes.ts';

const FIXTURE = join(ROOT, 'test', 'fixtures', 'specs', 'stripe-like-errors.yaml');
const BY_STATUS_FIXTURE = join(ROOT, 'test', 'fixtures', 'specs', 'errors-by-status.yaml');
/** Stripe's own spec comes with the bench's peers (`npm ci --prefix bench`). */
const STRIPE = join(ROOT, 'bench', 'node_modules', '@opensdks', 'sdk-stripe', 'stripe.oas.json');

/** What a Stripe user writes in a `catch`; the marked lines must not compile. */
const CONSUMER = (index: string) => `import { ApiError, type ApiErrorBody } from ${JSON.stringify(index)};

export function declineCode(e: unknown): string | undefined {
  if (e instanceof ApiError && e.body?.error?.type === 'card_error') {
    const type: 'card_error' = e.body.error.type;
    return \`\${type}: \${e.body.error.code ?? ''} \${e.body.error.decline_code ?? ''}\`;
  }
  if (e instanceof ApiError) {
    // @ts-expect-error -- not one of the documented error types
    if (e.body?.error?.type === 'card_eror') return 'misspelt';
    // @ts-expect-error -- not a field of the documented error
    return e.body?.error?.reason;
  }
  return undefined;
}

// @ts-expect-error -- the body may be absent (an undocumented or non-JSON answer)
export const body = (e: InstanceType<typeof ApiError>): ApiErrorBody => e.body;
`;

/** What a user writes to tell an operation's errors apart by status; the marked lines must not compile. */
const BY_STATUS = (
  index: string,
) => `import { isApiError, type ApiErrorCase, type OperationErrors } from ${JSON.stringify(index)};

export function refundFailure(e: unknown): string {
  if (isApiError(e, 'DeleteRefundsRefund')) {
    if (e.status === 404) {
      const resource: string | undefined = e.body?.resource;
      // @ts-expect-error -- a 404's body is not a 409's
      return \`\${resource} \${e.body?.paid_at}\`;
    }
    if (e.status === 409) {
      const paidAt: number | undefined = e.body?.paid_at;
      // @ts-expect-error -- a 409's body is not a 404's
      return \`\${paidAt} \${e.body?.resource}\`;
    }
    if (e.status === 500) {
      // A status the operation documents no body for.
      const none: undefined = e.body;
      return String(none);
    }
    switch (e.status) {
      case 404:
        return e.body?.message ?? '';
      case 409:
        // @ts-expect-error -- a 409's body has no \`message\`
        return e.body?.message ?? '';
    }
  }
  // A \`default\` answer: any status, one body.
  if (isApiError(e, 'GetRefunds') && e.status === 402 && e.body?.error.type === 'api_error')
    return e.body.error.message ?? '';
  // @ts-expect-error -- not an operationId of the package
  if (isApiError(e, 'DeleteRefund')) return 'none';
  return '';
}

// The cases by name: the type of a function that handles one operation's errors.
export const handle = (e: OperationErrors['DeleteRefundsRefund']): ApiErrorCase<number, undefined> | undefined =>
  // @ts-expect-error -- a 404 carries a body
  e.status === 404 ? e : undefined;
`;

let dir = '';
test.before(() => {
  dir = tempDir('error-bodies');
});
test.after(() => removeDir(dir));

test('the Stripe-like fixture: `e.body?.error?.type` narrows without a cast, compiled strict', async () => {
  const out = join(dir, 'fixture');
  const { files } = await generatePackage({
    spec: FIXTURE,
    out,
    name: '@t/pay',
    client: 'PayClient',
    templates: {},
  });
  writeTree(out, files);
  writeFileSync(join(dir, 'fixture-consumer.ts'), CONSUMER('./fixture/src/index.js'));
  // The compile is the node pass's (test/helpers/passes.ts); the fetch pass needs the package only.
  if (!secondPass) assert.equal(typecheck([join(dir, 'fixture-consumer.ts')]), []);
});

test('`isApiError(e, id)` and `e.status` narrow the body per operation and status, compiled strict', async () => {
  const out = join(dir, 'by-status');
  const { files } = await generatePackage({
    spec: BY_STATUS_FIXTURE,
    out,
    name: '@t/refunds',
    client: 'RefundsClient',
    templates: {},
  });
  writeTree(out, files);
  writeFileSync(join(dir, 'by-status-consumer.ts'), BY_STATUS('./by-status/src/index.js'));
  if (!secondPass) assert.equal(typecheck([join(dir, 'by-status-consumer.ts')]), []);
});

test('over loopback: a documented status keeps its body, another status or a problem leaves `body` undefined', async () => {
  const answers: Record<string, { status: number; headers?: Record<string, string>; body: unknown }> = {
    r404: { status: 404, body: { resource: 'refund', message: 'No such refund' } },
    r409: { status: 409, body: { paid_at: 1700000000 } },
    r429: {
      status: 429,
      headers: { 'content-type': 'application/problem+json' },
      body: { type: 'about:blank', title: 'Too many requests' },
    },
    r500: { status: 500, body: { oops: true } },
  };
  const server = await startServer((req) => answers[req.path.split('/').pop()!]!);
  try {
    const pkg = (await import(pathToFileURL(join(dir, 'by-status', 'src', 'index.ts')).href)) as {
      RefundsClient: new (options: object) => { refunds: { delete(params: object): Promise<unknown> } };
      isApiError: (e: unknown, id: string) => boolean;
    };
    const client = new pkg.RefundsClient({ baseUrl: server.url, maxRetries: 0 });
    const fail = async (refund: string) =>
      (await client.refunds.delete({ refund }).catch((e: unknown) => e)) as {
        status: number;
        body: unknown;
        rawBody: unknown;
        problem: unknown;
      };
    const notFound = await fail('r404');
    assert.ok(pkg.isApiError(notFound, 'DeleteRefundsRefund'));
    assert.not.ok(pkg.isApiError(notFound, 'GetRefunds'));
    assert.not.ok(pkg.isApiError(new Error('no'), 'DeleteRefundsRefund'));
    assert.equal([notFound.status, notFound.body], [404, answers.r404!.body]);
    const conflict = await fail('r409');
    assert.equal([conflict.status, conflict.body], [409, answers.r409!.body]);
    const problem = await fail('r429');
    assert.equal([problem.status, problem.body, problem.problem], [429, undefined, answers.r429!.body]);
    const other = await fail('r500');
    assert.equal([other.status, other.body, other.rawBody], [500, undefined, answers.r500!.body]);
  } finally {
    await server.close();
  }
});

test('a 402 with a card error over loopback: `e.body.error.type` is `card_error`, the raw body kept', async () => {
  const answer = {
    error: {
      type: 'card_error',
      code: 'card_declined',
      decline_code: 'insufficient_funds',
      message: 'Your card has insufficient funds.',
    },
  };
  const server = await startServer(() => ({ status: 402, body: answer }));
  try {
    const pkg = (await import(pathToFileURL(join(dir, 'fixture', 'src', 'index.ts')).href)) as {
      PayClient: new (options: object) => { charges: { create(params: object): Promise<unknown> } };
      ApiError: new (...args: never[]) => Error & { status: number; body: unknown; rawBody: unknown };
    };
    const client = new pkg.PayClient({ baseUrl: server.url, maxRetries: 0 });
    const error = await client.charges.create({ amount: 100 }).catch((e: unknown) => e);
    assert.instance(error, pkg.ApiError);
    const e = error as InstanceType<typeof pkg.ApiError>;
    assert.is(e.status, 402);
    assert.equal(e.body, answer);
    assert.is((e.body as typeof answer).error.type, 'card_error');
    assert.equal(e.rawBody, answer);
  } finally {
    await server.close();
  }
});

test('a text answer to an error leaves `body` undefined and keeps the text in `rawBody`', async () => {
  const server = await startServer(() => ({
    status: 502,
    headers: { 'content-type': 'text/html' },
    body: '<h1>Bad gateway</h1>',
  }));
  try {
    const pkg = (await import(pathToFileURL(join(dir, 'fixture', 'src', 'index.ts')).href)) as {
      PayClient: new (options: object) => { charges: { retrieve(params: object): Promise<unknown> } };
    };
    const client = new pkg.PayClient({ baseUrl: server.url, maxRetries: 0 });
    const error = (await client.charges.retrieve({ charge: 'ch_1' }).catch((e: unknown) => e)) as {
      status: number;
      body: unknown;
      rawBody: unknown;
    };
    assert.is(error.status, 502);
    assert.is(error.body, undefined);
    assert.is(error.rawBody, '<h1>Bad gateway</h1>');
  } finally {
    await server.close();
  }
});

// A compile only: in the node pass (test/helpers/passes.ts).
if (!secondPass)
  test("Stripe's own spec: the same consumer compiles against its package", async () => {
    if (!existsSync(STRIPE)) {
      console.warn(`  ${STRIPE} is not installed (npm ci --prefix bench): skipped`);
      return;
    }
    // The sources as emitted (not compiled; the `#transport` import map needs the built package): the consumer's own errors count.
    await emitSources(STRIPE, join(dir, 'stripe'));
    const consumer = join(dir, 'stripe-consumer.ts');
    writeFileSync(consumer, CONSUMER('./stripe/src/index.js'));
    const own = typecheck([consumer]).filter((e) => e.startsWith(consumer.replace(`${process.cwd()}/`, '')));
    assert.equal(own, []);
  });

test.run();
