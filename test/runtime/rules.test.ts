/** The x-validation rules (spec/ads-validation-rules.md) as rendered into @xgen/ads-v12's runtime. */
import { test } from '../helpers/uvu.ts';
import * as assert from 'uvu/assert';
import { checkRules } from '../../generated/ads-v12/src/runtime/rules.js';
import { ValidationError } from '../../generated/ads-v12/src/runtime/errors.js';
import { encodeForm, encodeJson } from '../../generated/ads-v12/src/runtime/serialize.js';
import type { BodySpec, OperationSpec, RuleSpec } from '../../generated/ads-v12/src/runtime/types.js';

const NOW = Date.parse('2024-05-10T12:00:00Z');
const clock = (): number => NOW;

function op(rules: RuleSpec[], body?: BodySpec): OperationSpec {
  return {
    id: 'testOp',
    method: 'POST',
    path: '/t',
    tag: 'Test',
    response: 'json',
    rules,
    ...(body && { body }),
  };
}

const run = (
  rules: RuleSpec[],
  params: Record<string, unknown>,
  now: () => number = clock,
  body?: BodySpec,
): Record<string, unknown> => checkRules(op(rules, body), params, now);

/** Runs the rules and asserts a ValidationError naming `parameter` and `rule`. */
function fails(
  rules: RuleSpec[],
  params: Record<string, unknown>,
  parameter: string,
  rule: string,
  now: () => number = clock,
  body?: BodySpec,
): ValidationError {
  try {
    run(rules, params, now, body);
  } catch (error) {
    assert.instance(error, ValidationError, `expected ValidationError, got ${String(error)}`);
    const v = error as ValidationError;
    assert.is(v.parameter, parameter);
    assert.is(v.rule, rule);
    assert.ok(v.message.startsWith('testOp: '), v.message);
    assert.ok(v.message.includes(parameter), `message names ${parameter}: ${v.message}`);
    return v;
  }
  throw new assert.Assertion({
    message: `expected ${rule} to fail on ${parameter}`,
    generated: false,
    operator: 'fails',
    expects: 'throw',
    actual: 'no throw',
  });
}

/** Runs the rules and asserts they pass. */
function passes(
  rules: RuleSpec[],
  params: Record<string, unknown>,
  now: () => number = clock,
  body?: BodySpec,
): Record<string, unknown> {
  return run(rules, params, now, body);
}

/** Asserts a plain Error (a misstated rule), not a ValidationError. */
function specError(rules: RuleSpec[], params: Record<string, unknown>, message: RegExp): void {
  try {
    run(rules, params);
  } catch (error) {
    assert.instance(error, Error);
    assert.not.instance(error, ValidationError);
    assert.match((error as Error).message, message);
    return;
  }
  assert.unreachable('should throw');
}

// ------------------------------------------------------------------ set / absent

test('no rules: the same params object comes back', () => {
  const params = { a: 1 };
  assert.is(checkRules({ id: 'x', method: 'GET', path: '/', tag: 'T', response: 'json' }, params), params);
  assert.is(passes([{ rule: 'mutuallyExclusive', fields: ['a', 'b'] }], params), params);
});

test('mutuallyExclusive: two set fields fail naming the second, in fields order', () => {
  const rules = [{ rule: 'mutuallyExclusive', fields: ['with_total_count', 'cursor'] }];
  fails(rules, { with_total_count: true, cursor: 'c1' }, 'cursor', 'mutuallyExclusive');
  const v = fails(
    [{ rule: 'mutuallyExclusive', fields: ['cursor', 'with_total_count'] }],
    { with_total_count: true, cursor: 'c1' },
    'with_total_count',
    'mutuallyExclusive',
  );
  assert.match(v.message, /cursor/);
  passes(rules, { cursor: 'c1' });
  passes(rules, { with_total_count: true });
  passes(rules, {});
});

test('set/absent: false is not set; undefined and null are absent; 0, "" and [] are set', () => {
  const rules = [{ rule: 'mutuallyExclusive', fields: ['a', 'b'] }];
  passes(rules, { a: false, b: 'x' });
  passes(rules, { a: undefined, b: 'x' });
  passes(rules, { a: null, b: 'x' });
  fails(rules, { a: 0, b: 'x' }, 'b', 'mutuallyExclusive');
  fails(rules, { a: '', b: 'x' }, 'b', 'mutuallyExclusive');
  fails(rules, { a: [], b: 'x' }, 'b', 'mutuallyExclusive');
  fails(rules, { a: true, b: 0 }, 'b', 'mutuallyExclusive');
});

test('the rule message is used when given, after the operation id and parameter', () => {
  const v = fails(
    [{ rule: 'mutuallyExclusive', fields: ['a', 'b'], message: 'Pick one.' }],
    { a: 1, b: 2 },
    'b',
    'mutuallyExclusive',
  );
  assert.match(v.message, /^testOp: .*"b".*Pick one\.$/);
});

// ------------------------------------------------------------------ exactlyOne, atLeastOne

test('exactlyOne: none names fields[0]; two name the second set field; one passes', () => {
  const rules = [{ rule: 'exactlyOne', fields: ['components', 'slides'] }];
  fails(rules, {}, 'components', 'exactlyOne');
  fails(rules, { components: false, slides: null }, 'components', 'exactlyOne');
  fails(rules, { components: [], slides: [] }, 'slides', 'exactlyOne');
  passes(rules, { slides: [] });
  passes(rules, { components: [1], slides: false });
});

test('atLeastOne with at fan-out and when: names the concrete path of fields[0]', () => {
  const rules = [
    {
      rule: 'atLeastOne',
      at: 'components[].destination',
      when: { field: 'type', in: ['APP'] },
      fields: ['androidstore_app_id', 'ios_app_store_identifier'],
    },
  ];
  const website = { type: 'DETAILS', destination: { type: 'WEBSITE', url: 'https://e.com' } };
  const app = (extra: Record<string, unknown>) => ({
    type: 'BUTTON',
    destination: { type: 'APP', country_code: 'US', ...extra },
  });
  fails(
    rules,
    { components: [website, app({})] },
    'components[1].destination.androidstore_app_id',
    'atLeastOne',
  );
  passes(rules, { components: [website, app({ ios_app_store_identifier: '333903271' })] });
  passes(rules, { components: [website, app({ androidstore_app_id: 'com.example' })] });
  // `when` does not hold for WEBSITE destinations, and components without a destination drop out.
  passes(rules, { components: [{ type: 'MEDIA', media_key: 'm' }, website] });
  passes(rules, {});
});

test('double fan-out: slides[][].destination names slide and component indexes', () => {
  const rules = [
    {
      rule: 'atLeastOne',
      at: 'slides[][].destination',
      when: { field: 'type', in: ['APP'] },
      fields: ['a', 'b'],
    },
  ];
  const ok = [{ type: 'MEDIA' }, { type: 'BUTTON', destination: { type: 'APP', a: '1' } }];
  const bad = [{ type: 'MEDIA' }, { type: 'BUTTON', destination: { type: 'APP' } }];
  fails(rules, { slides: [ok, ok, bad] }, 'slides[2][1].destination.a', 'atLeastOne');
  passes(rules, { slides: [ok, ok] });
  // `[]` on a value that is not an array drops it.
  passes(rules, { slides: { 0: bad } });
});

// ------------------------------------------------------------------ requiredWhen, forbiddenWhen

test('requiredWhen with `when in`: names the first field that is not set', () => {
  const rules = [
    {
      rule: 'requiredWhen',
      fields: ['bid_amount_local_micro', 'x'],
      when: { field: 'bid_strategy', in: ['MAX', 'TARGET'] },
    },
  ];
  fails(rules, { bid_strategy: 'MAX' }, 'bid_amount_local_micro', 'requiredWhen');
  fails(rules, { bid_strategy: 'TARGET', bid_amount_local_micro: 5 }, 'x', 'requiredWhen');
  fails(
    rules,
    { bid_strategy: 'MAX', bid_amount_local_micro: false, x: 1 },
    'bid_amount_local_micro',
    'requiredWhen',
  );
  passes(rules, { bid_strategy: 'AUTO' });
  passes(rules, {});
  passes(rules, { bid_strategy: 'MAX', bid_amount_local_micro: 1, x: 0 });
});

test('requiredWhen with `present: true` and `present: false`', () => {
  const present = [
    { rule: 'requiredWhen', fields: ['third_choice'], when: { field: 'fourth_choice', present: true } },
  ];
  fails(present, { fourth_choice: 'D' }, 'third_choice', 'requiredWhen');
  passes(present, { fourth_choice: 'D', third_choice: 'C' });
  passes(present, { fourth_choice: false });
  passes(present, {});
  const absent = [{ rule: 'requiredWhen', fields: ['end'], when: { field: 'duration', present: false } }];
  fails(absent, {}, 'end', 'requiredWhen');
  fails(absent, { duration: false }, 'end', 'requiredWhen');
  passes(absent, { duration: 5 });
});

test('requiredWhen with at: the deep link needs its own platform app id', () => {
  const rules = [
    {
      rule: 'requiredWhen',
      at: 'components[].destination',
      fields: ['androidstore_app_id'],
      when: { field: 'googleplay_deep_link', present: true },
    },
  ];
  const dest = (d: Record<string, unknown>) => ({
    components: [{ type: 'MEDIA' }, { type: 'BUTTON', destination: { type: 'APP', ...d } }],
  });
  fails(
    rules,
    dest({ ios_app_store_identifier: '1', googleplay_deep_link: 'g://x' }),
    'components[1].destination.androidstore_app_id',
    'requiredWhen',
  );
  passes(rules, dest({ androidstore_app_id: 'com.x', googleplay_deep_link: 'g://x' }));
  passes(rules, dest({ ios_app_store_identifier: '1' }));
});

test('forbiddenWhen: with values only those values fail; without values any set value fails', () => {
  const withValues = [
    {
      rule: 'forbiddenWhen',
      field: 'pay_by',
      values: ['IMPRESSION'],
      when: { field: 'bid_strategy', in: ['TARGET'] },
    },
  ];
  fails(withValues, { bid_strategy: 'TARGET', pay_by: 'IMPRESSION' }, 'pay_by', 'forbiddenWhen');
  passes(withValues, { bid_strategy: 'TARGET', pay_by: 'ENGAGEMENT' });
  passes(withValues, { bid_strategy: 'MAX', pay_by: 'IMPRESSION' });
  passes(withValues, { bid_strategy: 'TARGET' });
  const any = [{ rule: 'forbiddenWhen', field: 'x', when: { field: 'y', present: true } }];
  fails(any, { y: 1, x: 0 }, 'x', 'forbiddenWhen');
  passes(any, { y: 1, x: false });
  passes(any, { x: 1 });
});

test('`when in` uses strict equality: "1" is not 1', () => {
  const rules = [{ rule: 'requiredWhen', fields: ['b'], when: { field: 'a', in: [1] } }];
  fails(rules, { a: 1 }, 'b', 'requiredWhen');
  passes(rules, { a: '1' });
});

// ------------------------------------------------------------------ compare

test('compare lte on numbers, exact for int64 strings and bigints', () => {
  const rules = [{ rule: 'compare', field: 'daily', op: 'lte', other: 'total' }];
  passes(rules, { daily: 50, total: 50 });
  fails(rules, { daily: 51, total: 50 }, 'daily', 'compare');
  // 2^63 - 1 and 2^63 - 2 are the same float; compared exactly they differ.
  fails(rules, { daily: '9223372036854775807', total: '9223372036854775806' }, 'daily', 'compare');
  passes(rules, { daily: '9223372036854775806', total: '9223372036854775807' });
  fails(rules, { daily: 9223372036854775807n, total: '9223372036854775806' }, 'daily', 'compare');
  passes(rules, { daily: 1.5, total: 2 });
  fails(rules, { daily: 2.5, total: 2n }, 'daily', 'compare');
  // Does not apply when either side is not set, or the kinds differ.
  passes(rules, { daily: 51 });
  passes(rules, { total: 50 });
  passes(rules, { daily: 51, total: false });
  passes(rules, { daily: 51, total: '2024-01-01T00:00:00Z' });
  passes(rules, { daily: 'lots', total: 1 });
});

test('compare every op', () => {
  const cmp = (op: string, a: number, b: number): boolean => {
    try {
      passes([{ rule: 'compare', field: 'a', op, other: 'b' }], { a, b });
      return true;
    } catch (error) {
      assert.instance(error, ValidationError);
      return false;
    }
  };
  assert.equal(
    [cmp('lt', 1, 2), cmp('lt', 2, 2), cmp('lte', 2, 2), cmp('lte', 3, 2)],
    [true, false, true, false],
  );
  assert.equal(
    [cmp('gt', 3, 2), cmp('gt', 2, 2), cmp('gte', 2, 2), cmp('gte', 1, 2)],
    [true, false, true, false],
  );
});

test('compare gt on instants across offsets, with otherDefault now, under body[].params', () => {
  const rules = [
    {
      rule: 'compare',
      at: 'body[].params',
      field: 'expires_at',
      op: 'gt',
      other: 'effective_at',
      otherDefault: 'now',
    },
  ];
  const item = (params: Record<string, unknown>) => ({
    operation_type: 'Update',
    params: { users: [], ...params },
  });
  // 14:00+02:00 is 12:00Z, the same instant: not later.
  fails(
    rules,
    { body: [item({ effective_at: '2024-06-01T12:00:00Z', expires_at: '2024-06-01T14:00:00+02:00' })] },
    'body[0].params.expires_at',
    'compare',
  );
  passes(rules, {
    body: [item({ effective_at: '2024-06-01T12:00:00Z', expires_at: '2024-06-01T14:00:00.001+02:00' })],
  });
  // effective_at absent: compared with now (2024-05-10T12:00Z).
  fails(
    rules,
    { body: [item({}), item({ expires_at: '2024-05-10T11:59:59Z' })] },
    'body[1].params.expires_at',
    'compare',
  );
  passes(rules, { body: [item({ expires_at: '2024-05-10T12:00:01Z' })] });
  passes(rules, { body: [item({})] });
  // Not an instant: skipped (schema validation reports it).
  passes(rules, { body: [item({ expires_at: 'tomorrow' })] });
});

// ------------------------------------------------------------------ itemCount

test('itemCount with where: exactly one media component', () => {
  const rules = [
    {
      rule: 'itemCount',
      fields: ['components'],
      where: { field: 'type', in: ['MEDIA', 'SWIPEABLE_MEDIA'] },
      min: 1,
      max: 1,
    },
  ];
  passes(rules, { components: [{ type: 'MEDIA' }, { type: 'DETAILS' }] });
  fails(rules, { components: [{ type: 'DETAILS' }, { type: 'BUTTON' }] }, 'components', 'itemCount');
  fails(rules, { components: [{ type: 'MEDIA' }, { type: 'SWIPEABLE_MEDIA' }] }, 'components', 'itemCount');
  fails(rules, { components: [] }, 'components', 'itemCount');
  // Only elements that are objects count.
  fails(rules, { components: ['MEDIA', { type: 'DETAILS' }] }, 'components', 'itemCount');
  // Applies only when the field is set.
  passes(rules, {});
  passes(rules, { components: false });
});

test('itemCount at slides[] with fields [$] names the slide', () => {
  const rules = [
    {
      rule: 'itemCount',
      at: 'slides[]',
      fields: ['$'],
      where: { field: 'type', in: ['DETAILS', 'BUTTON'] },
      min: 1,
      max: 1,
    },
  ];
  const good = [{ type: 'MEDIA' }, { type: 'DETAILS' }];
  fails(rules, { slides: [good, [{ type: 'MEDIA' }, { type: 'MEDIA' }]] }, 'slides[1]', 'itemCount');
  passes(rules, { slides: [good, good] });
});

test('itemCount counts several fields together and names the first set one', () => {
  const rules = [{ rule: 'itemCount', fields: ['keywords', 'negative_keywords'], max: 10 }];
  const words = (n: number) => Array.from({ length: n }, (_, i) => `k${i}`);
  passes(rules, { keywords: words(6), negative_keywords: words(4) });
  fails(rules, { keywords: words(6), negative_keywords: words(5) }, 'keywords', 'itemCount');
  fails(rules, { negative_keywords: words(11) }, 'negative_keywords', 'itemCount');
  passes(rules, { keywords: words(10) });
  passes(rules, { keywords: 'not an array' });
});

// ------------------------------------------------------------------ granularity

test('granularity hour reject: minutes, seconds and fractions must be zero as written', () => {
  const rules = [{ rule: 'granularity', fields: ['start_time', 'end_time'], unit: 'hour', mode: 'reject' }];
  passes(rules, { start_time: '2024-04-01T00:00:00Z', end_time: '2024-04-08T05:00:00.000+05:30' });
  fails(rules, { start_time: '2024-04-01T00:30:00Z' }, 'start_time', 'granularity');
  fails(
    rules,
    { start_time: '2024-04-01T00:00:00Z', end_time: '2024-04-08T00:00:01Z' },
    'end_time',
    'granularity',
  );
  fails(rules, { end_time: '2024-04-08T00:00:00.5Z' }, 'end_time', 'granularity');
  passes(rules, { start_time: 'not a time' });
  const minute = [{ rule: 'granularity', fields: ['t'], unit: 'minute', mode: 'reject' }];
  passes(minute, { t: '2024-04-01T00:30:00Z' });
  fails(minute, { t: '2024-04-01T00:30:07Z' }, 't', 'granularity');
});

test('granularity truncate rewrites a copy, keeping the offset as written; the input is not mutated', () => {
  const rules = [{ rule: 'granularity', fields: ['scheduled_at'], unit: 'minute', mode: 'truncate' }];
  const input = { scheduled_at: '2024-05-10T16:00:59.250+02:00', as_user_id: '1' };
  const out = passes(rules, input);
  assert.is.not(out, input);
  assert.equal(out, { scheduled_at: '2024-05-10T16:00:00+02:00', as_user_id: '1' });
  assert.is(input.scheduled_at, '2024-05-10T16:00:59.250+02:00');
  const hour = passes([{ rule: 'granularity', fields: ['t'], unit: 'hour', mode: 'truncate' }], {
    t: '2024-05-10T16:42:13Z',
  });
  assert.is(hour.t, '2024-05-10T16:00:00Z');
  // Already whole: nothing rewritten, the same object comes back.
  const whole = { scheduled_at: '2024-05-10T16:01:00Z' };
  assert.is(passes(rules, whole), whole);
});

test('granularity truncate under a fan-out copies only the path it rewrites', () => {
  const rules = [{ rule: 'granularity', at: 'items[]', fields: ['at'], unit: 'minute', mode: 'truncate' }];
  const untouched = { at: '2024-05-10T16:00:00Z', extra: { deep: true } };
  const rewritten = { at: '2024-05-10T16:00:30Z', extra: { deep: true } };
  const items = [untouched, rewritten];
  const input = { items, other: { keep: 1 } };
  const out = passes(rules, input);
  assert.is(rewritten.at, '2024-05-10T16:00:30Z');
  assert.is(input.items, items);
  assert.is(items[1], rewritten);
  const outItems = out.items as (typeof untouched)[];
  assert.is.not(outItems, items);
  assert.is(outItems[0], untouched);
  assert.is(outItems[1]?.at, '2024-05-10T16:00:00Z');
  assert.is(outItems[1]?.extra, rewritten.extra);
  assert.is(out.other, input.other);
});

// ------------------------------------------------------------------ durations: maxSpan, maxAhead

test('maxSpan P7D: the boundary passes, one second more fails naming to', () => {
  const rules = [{ rule: 'maxSpan', from: 'start_time', to: 'end_time', toDefault: 'now', max: 'P7D' }];
  passes(rules, { start_time: '2024-05-01T00:00:00Z', end_time: '2024-05-08T00:00:00Z' });
  fails(
    rules,
    { start_time: '2024-05-01T00:00:00Z', end_time: '2024-05-08T00:00:01Z' },
    'end_time',
    'maxSpan',
  );
  // Offsets are instants: 2024-05-08T02:00+02:00 is exactly 7 days after.
  passes(rules, { start_time: '2024-05-01T00:00:00Z', end_time: '2024-05-08T02:00:00+02:00' });
  // `to` earlier than `from` is not this rule's concern.
  passes(rules, { start_time: '2024-05-09T00:00:00Z', end_time: '2024-05-01T00:00:00Z' });
  passes(rules, { end_time: '2024-05-08T00:00:00Z' });
});

test('maxSpan with toDefault now names from', () => {
  const rules = [{ rule: 'maxSpan', from: 'start_time', to: 'end_time', toDefault: 'now', max: 'P7D' }];
  passes(rules, { start_time: '2024-05-03T12:00:00Z' });
  fails(rules, { start_time: '2024-05-03T11:59:59Z' }, 'start_time', 'maxSpan');
  // Without toDefault, an absent `to` means the rule does not apply.
  passes([{ rule: 'maxSpan', from: 'start_time', to: 'end_time', max: 'P7D' }], {
    start_time: '2020-01-01T00:00:00Z',
  });
});

test('durations: time part, weeks and days', () => {
  const rules = (max: string) => [{ rule: 'maxSpan', from: 'a', to: 'b', max }];
  passes(rules('PT1H30M'), { a: '2024-05-01T00:00:00Z', b: '2024-05-01T01:30:00Z' });
  fails(rules('PT1H30M'), { a: '2024-05-01T00:00:00Z', b: '2024-05-01T01:30:01Z' }, 'b', 'maxSpan');
  passes(rules('P1W1D'), { a: '2024-05-01T00:00:00Z', b: '2024-05-09T00:00:00Z' });
  fails(rules('P1W1D'), { a: '2024-05-01T00:00:00Z', b: '2024-05-09T00:00:00.001Z' }, 'b', 'maxSpan');
  passes(rules('PT45S'), { a: '2024-05-01T00:00:00Z', b: '2024-05-01T00:00:45Z' });
});

test('month addition clamps to the end of the month (leap and non-leap years)', () => {
  const rules = [{ rule: 'maxAhead', field: 't', max: 'P1M' }];
  const jan31 = (year: number) => () => Date.parse(`${year}-01-31T10:00:00Z`);
  passes(rules, { t: '2024-02-29T10:00:00Z' }, jan31(2024));
  fails(rules, { t: '2024-02-29T10:00:01Z' }, 't', 'maxAhead', jan31(2024));
  passes(rules, { t: '2023-02-28T10:00:00Z' }, jan31(2023));
  fails(rules, { t: '2023-02-28T10:00:00.001Z' }, 't', 'maxAhead', jan31(2023));
  const years = [{ rule: 'maxAhead', field: 't', max: 'P1Y' }];
  const leapDay = () => Date.parse('2024-02-29T00:00:00Z');
  passes(years, { t: '2025-02-28T00:00:00Z' }, leapDay);
  fails(years, { t: '2025-03-01T00:00:00Z' }, 't', 'maxAhead', leapDay);
  // Years first, then months: Jan 31 + P1Y1M is Feb 28 of the next year.
  passes([{ rule: 'maxAhead', field: 't', max: 'P1Y1M' }], { t: '2025-02-28T10:00:00Z' }, jan31(2024));
  fails(
    [{ rule: 'maxAhead', field: 't', max: 'P1Y1M' }],
    { t: '2025-03-01T00:00:00Z' },
    't',
    'maxAhead',
    jan31(2024),
  );
  // Each step clamps: Feb 29 + P1Y is Feb 28, + P1M is Mar 28 (not Mar 29).
  passes([{ rule: 'maxAhead', field: 't', max: 'P1Y1M' }], { t: '2025-03-28T00:00:00Z' }, leapDay);
  fails(
    [{ rule: 'maxAhead', field: 't', max: 'P1Y1M' }],
    { t: '2025-03-28T00:00:00.001Z' },
    't',
    'maxAhead',
    leapDay,
  );
});

test('maxAhead P1Y: one year ahead passes, later fails, past and non-instants pass', () => {
  const rules = [{ rule: 'maxAhead', field: 'scheduled_at', max: 'P1Y' }];
  passes(rules, { scheduled_at: '2025-05-10T12:00:00Z' });
  fails(rules, { scheduled_at: '2025-05-10T12:01:00Z' }, 'scheduled_at', 'maxAhead');
  passes(rules, { scheduled_at: '2020-01-01T00:00:00Z' });
  passes(rules, { scheduled_at: 12 });
  passes(rules, {});
});

test('maxAhead runs on the value as truncated by an earlier granularity rule', () => {
  const rules = [
    { rule: 'granularity', fields: ['t'], unit: 'minute', mode: 'truncate' },
    { rule: 'maxAhead', field: 't', max: 'PT1M' },
  ];
  // 12:01:30 is past now + 1 minute, 12:01:00 is not.
  const out = passes(rules, { t: '2024-05-10T12:01:30Z' });
  assert.is(out.t, '2024-05-10T12:01:00Z');
  fails(rules.slice(1), { t: '2024-05-10T12:01:30Z' }, 't', 'maxAhead');
});

// ------------------------------------------------------------------ maxBodyBytes

test('maxBodyBytes counts UTF-8 bytes of the JSON body exactly as serialised', () => {
  const body: BodySpec = {
    contentType: 'application/json',
    encoding: 'json',
    encode: encodeJson,
    mode: 'whole',
  };
  const value = ['é', '😀'];
  const size = new TextEncoder().encode(JSON.stringify(value)).length;
  assert.is(size, 13); // ["é","😀"]: 8 ASCII + 2 + 4 - not the 10 UTF-16 units
  passes([{ rule: 'maxBodyBytes', max: size }], { body: value }, clock, body);
  fails([{ rule: 'maxBodyBytes', max: size - 1 }], { body: value }, 'body', 'maxBodyBytes', clock, body);
});

test('maxBodyBytes measures a form body percent-encoded, after an earlier truncate', () => {
  const body: BodySpec = {
    contentType: 'application/x-www-form-urlencoded',
    encoding: 'form',
    encode: encodeForm,
    mode: 'fields',
  };
  // scheduled_at=2024-05-10T16%3A00%3A00Z once truncated: 37 bytes; 41 before.
  const params = { scheduled_at: '2024-05-10T16:00:59.250Z' };
  passes(
    [
      { rule: 'granularity', fields: ['scheduled_at'], unit: 'minute', mode: 'truncate' },
      { rule: 'maxBodyBytes', max: 37 },
    ],
    params,
    clock,
    body,
  );
  passes([{ rule: 'maxBodyBytes', max: 41 }], params, clock, body);
  fails([{ rule: 'maxBodyBytes', max: 40 }], params, 'body', 'maxBodyBytes', clock, body);
});

// ------------------------------------------------------------------ views, order, misstated rules

test('an object body passed whole under body is merged into the view, and rewritten in place of it', () => {
  const body: BodySpec = {
    contentType: 'application/json',
    encoding: 'json',
    encode: encodeJson,
    mode: 'whole',
  };
  const rules = [
    { rule: 'granularity', fields: ['t'], unit: 'minute', mode: 'truncate' },
    { rule: 'mutuallyExclusive', fields: ['id', 'x'] },
  ];
  const input = { id: '7', body: { t: '2024-05-10T16:00:30Z', y: 1 } };
  const out = passes(rules, input, clock, body);
  assert.equal(out, { id: '7', body: { t: '2024-05-10T16:00:00Z', y: 1 } });
  assert.is(input.body.t, '2024-05-10T16:00:30Z');
  fails(rules, { id: '7', body: { x: 1 } }, 'x', 'mutuallyExclusive', clock, body);
});

test('rules run in order: the first failure is the one thrown', () => {
  const rules = [
    { rule: 'atLeastOne', fields: ['a', 'b'] },
    { rule: 'mutuallyExclusive', fields: ['c', 'd'] },
  ];
  fails(rules, { c: 1, d: 1 }, 'a', 'atLeastOne');
  fails(rules, { a: 1, c: 1, d: 1 }, 'd', 'mutuallyExclusive');
});

test('a misstated rule is a plain Error, never silently ignored', () => {
  specError([{ rule: 'noSuchRule', fields: ['a'] }], {}, /testOp.*noSuchRule.*unknown rule/);
  specError([{ rule: 'mutuallyExclusive', fields: ['a', 'b'], extra: 1 }], {}, /no argument "extra"/);
  specError([{ rule: 'mutuallyExclusive', fields: ['a[]', 'b'] }], { a: [1] }, /cannot fan out/);
  specError([{ rule: 'requiredWhen', fields: ['a'] }], {}, /needs "when"/);
  specError(
    [{ rule: 'maxAhead', field: 'a', max: '7 days' }],
    { a: '2024-01-01T00:00:00Z' },
    /ISO 8601 duration/,
  );
  specError([{ rule: 'compare', field: 'a', op: 'eq', other: 'b' }], { a: 1, b: 1 }, /"op"/);
  specError([{ rule: 'granularity', fields: ['a'], unit: 'second', mode: 'reject' }], {}, /"unit"/);
});

test.run();
