/** `x-rate-limit` read into the model, and refused with a located SpecError when malformed (generator/model/rate-limits.ts). */
import { test } from '../../helpers/uvu.ts';
import * as assert from 'uvu/assert';
import { SpecError } from '../../../generator/errors.ts';
import { loadSpec } from '../../../generator/load/index.ts';
import { buildModel } from '../../../generator/model/index.ts';

const spec = (limitA: string, limitB = '') => `
openapi: 3.1.0
info: { title: limits, version: '1' }
paths:
  /a:
    get:
      operationId: listA
      parameters:
        - { name: with_total_count, in: query, schema: { type: boolean } }
${limitA}
      responses: { '200': { description: ok } }
  /b:
    get:
      operationId: listB
${limitB}
      responses: { '200': { description: ok } }
`;
const build = (text: string) =>
  buildModel(loadSpec('limits.yaml', text), { packageName: 'limits', clientName: 'LimitsClient' });

test('limits become budgets: per operation by default, shared by key, a `when` limit apart', () => {
  const model = build(
    spec(
      `      x-rate-limit:\n        - { requests: 200, per: 15m, when: with_total_count }\n        - { requests: 10, per: 1s, key: shared }`,
      `      x-rate-limit: { requests: 10, per: 1s, key: shared }`,
    ),
  );
  assert.is(model.hasRateLimits, true);
  const [a, b] = model.operations;
  assert.equal(a?.rateLimits, [
    { key: 'listA?with_total_count', requests: 200, windowMs: 900_000, when: 'with_total_count' },
    { key: 'shared', requests: 10, windowMs: 1_000 },
  ]);
  assert.equal(b?.rateLimits, [{ key: 'shared', requests: 10, windowMs: 1_000 }]);
  assert.is(build(spec('')).hasRateLimits, false);
});

test('a malformed limit is a SpecError naming file, line and pointer', () => {
  const cases: [string, RegExp][] = [
    [`      x-rate-limit: { requests: 0, per: 1m }`, /"requests" must be a whole number/],
    [`      x-rate-limit: { requests: 5, per: 1 minute }`, /"per" must be a duration/],
    [`      x-rate-limit: { requests: 5, per: 1m, when: cursor }`, /no parameter "cursor"/],
    [`      x-rate-limit: { requests: 5, per: 1m, per_user: true }`, /takes no "per_user"/],
  ];
  for (const [limit, reason] of cases) {
    try {
      build(spec(limit));
      assert.unreachable(`accepted: ${limit}`);
    } catch (error) {
      assert.instance(error, SpecError);
      assert.match((error as SpecError).message, reason);
      assert.match(
        (error as SpecError).message,
        /^limits\.yaml:\d+:\d+: .*\(at #\/paths\/~1a\/get\/x-rate-limit/,
      );
    }
  }
  try {
    build(
      spec(
        `      x-rate-limit: { requests: 10, per: 1s, key: shared }`,
        `      x-rate-limit: { requests: 11, per: 1s, key: shared }`,
      ),
    );
    assert.unreachable('two limits under one key');
  } catch (error) {
    assert.match((error as SpecError).message, /shared with listA, which states a different limit/);
  }
});

test.run();
