import { test } from '../helpers/uvu.ts';
import * as assert from 'uvu/assert';
import fc from 'fast-check';
import {
  asMicros,
  formatMicros,
  fromMicros,
  isMicros,
  toMicros,
  type MicrosRounding,
} from '../../generated/ads-v12/src/runtime/money.js';

// Type level: `Micros` is `number & { readonly [unique symbol]: 'micros' }`, so a plain
// `number` (say, dollars) is not assignable to a `Micros` field; only `toMicros`,
// `asMicros`, `isMicros` or a typed response produce one. `Micros` still widens to
// `number`, and nothing exists at run time. Checked by the type-level tests elsewhere.

const MAX = Number.MAX_SAFE_INTEGER;
const MIN = Number.MIN_SAFE_INTEGER;
const MODES: MicrosRounding[] = ['half-even', 'half-up', 'down', 'up', 'floor', 'ceil'];

/** Assert `fn` throws an instance of `type` whose message matches `message`. */
function throwsWith(fn: () => unknown, type: ErrorConstructor, message: RegExp): void {
  try {
    fn();
  } catch (error) {
    assert.instance(error, type, `expected ${type.name}, got ${String(error)}`);
    assert.match((error as Error).message, message);
    return;
  }
  assert.unreachable(`expected ${type.name} matching ${message}`);
}

test('toMicros: strings and numbers give the same exact micros', () => {
  assert.is(toMicros('5.50'), 5_500_000);
  assert.is(toMicros(5.5), 5_500_000);
  assert.is(toMicros(0.1), 100_000);
  assert.is(toMicros('0.1'), 100_000);
  assert.is(toMicros('0.000001'), 1);
  assert.is(toMicros(0.000001), 1);
  assert.is(toMicros('100'), 100_000_000);
  assert.is(toMicros(100), 100_000_000);
  assert.is(toMicros('1.0000000'), 1_000_000); // zeros past the sixth decimal are exact
  assert.is(toMicros('007.5'), 7_500_000);
  assert.is(toMicros('.5'), 500_000);
  assert.is(toMicros('5.'), 5_000_000);
  assert.is(toMicros(0.07), 70_000); // 0.07 * 1e6 === 70000.00000000001
  assert.is(toMicros(1.005), 1_005_000);
});

test('toMicros: negatives, sign, whitespace, zero', () => {
  assert.is(toMicros('-1.5'), -1_500_000);
  assert.is(toMicros(-1.5), -1_500_000);
  assert.is(toMicros('-0.000001'), -1);
  assert.is(toMicros('+1.5'), 1_500_000);
  assert.is(toMicros('  5.5\n'), 5_500_000);
  assert.is(toMicros('\t-2 '), -2_000_000);
  assert.ok(Object.is(toMicros('-0'), 0), "'-0' gives 0, not -0");
  assert.ok(Object.is(toMicros(-0), 0));
  assert.ok(Object.is(toMicros('-0.000000'), 0));
  assert.is(toMicros('0e999999999'), 0);
});

test('toMicros: exponent notation (what String(n) yields for small/large numbers)', () => {
  assert.is(toMicros(1e-6), 1);
  assert.is(toMicros(1.5e3), 1_500_000_000);
  assert.is(toMicros('1.5e3'), 1_500_000_000);
  assert.is(toMicros('1E-6'), 1);
  assert.is(toMicros('25e-7', { rounding: 'down' }), 2);
  assert.is(toMicros('1.5e+3'), 1_500_000_000);
  assert.is(toMicros(-2.5e-5), -25);
  throwsWith(() => toMicros(1e-7), RangeError, /1e-7.*more than 6 decimals/);
  assert.is(toMicros(1e-7, { rounding: 'up' }), 1);
});

test('toMicros: safe-integer boundary', () => {
  assert.is(toMicros('9007199254.740991'), MAX);
  assert.is(toMicros('-9007199254.740991'), MIN);
  throwsWith(() => toMicros('9007199254.740992'), RangeError, /9007199254\.740992.*safe range/);
  throwsWith(() => toMicros('-9007199254.740992'), RangeError, /safe range/);
  throwsWith(() => toMicros('10000000000'), RangeError, /safe range/);
  throwsWith(() => toMicros('1e999999999'), RangeError, /safe range/);
  // The literal 9007199254.740991 is stored as the double 9007199254.740992.
  throwsWith(() => toMicros(9007199254.740991), RangeError, /safe range/);
  throwsWith(() => toMicros(1e21), RangeError, /1e\+21/);
  // Rounding up past the limit is caught too.
  throwsWith(() => toMicros('9007199254.7409915', { rounding: 'half-up' }), RangeError, /safe range/);
  throwsWith(() => toMicros('9007199254.7409915', { rounding: 'half-even' }), RangeError, /safe range/);
  throwsWith(() => toMicros('-9007199254.7409911', { rounding: 'floor' }), RangeError, /safe range/);
  assert.is(toMicros('9007199254.7409905', { rounding: 'half-up' }), MAX);
  assert.is(toMicros('9007199254.7409905', { rounding: 'half-even' }), MAX - 1);
  assert.is(toMicros('9007199254.7409919', { rounding: 'down' }), MAX);
});

test('toMicros: more than six decimals needs a rounding mode', () => {
  throwsWith(() => toMicros('0.0000005'), RangeError, /"0\.0000005" has more than 6 decimals/);
  throwsWith(() => toMicros('1e-999999999'), RangeError, /more than 6 decimals/);
  const sum = 0.1 + 0.2; // 0.30000000000000004: 17 decimals
  throwsWith(() => toMicros(sum), RangeError, /0\.30000000000000004/);
  assert.is(toMicros(sum, { rounding: 'half-even' }), 300_000);
  assert.is(toMicros(sum, { rounding: 'up' }), 300_001);
  assert.is(toMicros('5.5', { rounding: 'up' }), 5_500_000, 'exact values are not rounded');
  throwsWith(() => toMicros('1.5', { rounding: 'nearest' as MicrosRounding }), RangeError, /"nearest"/);
});

test('toMicros: rounding modes at and around the half boundary', () => {
  const cases: Record<string, Record<MicrosRounding, number>> = {
    '0.0000005': { 'half-even': 0, 'half-up': 1, down: 0, up: 1, floor: 0, ceil: 1 },
    '0.0000015': { 'half-even': 2, 'half-up': 2, down: 1, up: 2, floor: 1, ceil: 2 },
    '0.0000025': { 'half-even': 2, 'half-up': 3, down: 2, up: 3, floor: 2, ceil: 3 },
    '-0.0000005': { 'half-even': 0, 'half-up': -1, down: 0, up: -1, floor: -1, ceil: 0 },
    '-0.0000015': { 'half-even': -2, 'half-up': -2, down: -1, up: -2, floor: -2, ceil: -1 },
    '0.00000050000001': { 'half-even': 1, 'half-up': 1, down: 0, up: 1, floor: 0, ceil: 1 },
    '0.00000049999999': { 'half-even': 0, 'half-up': 0, down: 0, up: 1, floor: 0, ceil: 1 },
    '1.0000001': {
      'half-even': 1_000_000,
      'half-up': 1_000_000,
      down: 1_000_000,
      up: 1_000_001,
      floor: 1_000_000,
      ceil: 1_000_001,
    },
    '1e-30': { 'half-even': 0, 'half-up': 0, down: 0, up: 1, floor: 0, ceil: 1 },
    '-1e-30': { 'half-even': 0, 'half-up': 0, down: 0, up: -1, floor: -1, ceil: 0 },
  };
  for (const [input, expected] of Object.entries(cases)) {
    for (const mode of MODES) {
      const got = toMicros(input, { rounding: mode });
      assert.ok(Object.is(got, expected[mode]), `${input} ${mode}: expected ${expected[mode]}, got ${got}`);
    }
  }
});

test('toMicros: rejects NaN, infinities, garbage and wrong types', () => {
  for (const bad of [NaN, Infinity, -Infinity]) {
    throwsWith(() => toMicros(bad), RangeError, new RegExp(`${String(bad)} is not a finite amount`));
  }
  const garbage = [
    '',
    ' ',
    '1,5',
    'abc',
    '1.2.3',
    '1 000',
    '- 5',
    '+-5',
    '0x10',
    '1_000',
    'Infinity',
    'NaN',
    '.',
    '+',
    '-',
    'e5',
    '1e',
    '1e+',
    '5$',
    '$5',
    '１',
  ];
  for (const bad of garbage) {
    throwsWith(
      () => toMicros(bad),
      SyntaxError,
      new RegExp(`${escape(JSON.stringify(bad))} is not a decimal number`),
    );
  }
  for (const bad of [null, undefined, 5n, {}, ['1']]) {
    throwsWith(() => toMicros(bad as unknown as string), TypeError, /expected a string or number/);
  }
  throwsWith(() => toMicros('9'.repeat(500)), RangeError, /\.\.\..*safe range/); // long values are cut short
});

test('fromMicros: shortest exact decimal string', () => {
  assert.is(fromMicros(5_500_000), '5.5');
  assert.is(fromMicros(1), '0.000001');
  assert.is(fromMicros(0), '0');
  assert.is(fromMicros(-0), '0');
  assert.is(fromMicros(-1_500_000), '-1.5');
  assert.is(fromMicros(100_000_000), '100');
  assert.is(fromMicros(-1), '-0.000001');
  assert.is(fromMicros(123), '0.000123');
  assert.is(fromMicros(1_000_010), '1.00001');
  assert.is(fromMicros(MAX), '9007199254.740991');
  assert.is(fromMicros(MIN), '-9007199254.740991');
  assert.is(fromMicros(toMicros('5.50')), '5.5');
});

test('fromMicros / asMicros: reject non-integers and unsafe integers', () => {
  for (const bad of [1.5, NaN, Infinity, -Infinity, 2 ** 53, -(2 ** 53), 1e21]) {
    throwsWith(() => fromMicros(bad), RangeError, /not a safe integer amount of micros/);
    throwsWith(() => asMicros(bad), RangeError, /asMicros/);
  }
  throwsWith(
    () => fromMicros('5' as unknown as number),
    TypeError,
    /expected micros as a number, got string/,
  );
  assert.is(asMicros(5_500_000), 5_500_000);
  assert.is(asMicros(-1), -1);
});

test('isMicros: safe integers only', () => {
  for (const ok of [0, 1, -1, MAX, MIN, 5_500_000]) assert.ok(isMicros(ok), String(ok));
  for (const bad of [1.5, NaN, Infinity, 2 ** 53, '1', null, undefined, 1n, {}])
    assert.not.ok(isMicros(bad), String(bad));
});

test('formatMicros: currency rules with exact input', () => {
  assert.is(formatMicros(5_500_000, 'USD', 'en-US'), '$5.50');
  assert.is(formatMicros(toMicros('5.5'), 'USD', 'en-US'), '$5.50');
  assert.is(formatMicros(-1_500_000, 'USD', 'en-US'), '-$1.50');
  assert.is(formatMicros(0, 'USD', 'en-US'), '$0.00');
  assert.is(formatMicros(1, 'USD', 'en-US'), '$0.00');
  assert.is(formatMicros(5_000, 'USD', 'en-US'), '$0.01', 'half a cent rounds away from zero');
  assert.is(formatMicros(15_000, 'USD', 'en-US'), '$0.02'); // 0.015 as a double is 0.01499999...
  assert.is(formatMicros(1_005_000, 'USD', 'en-US'), '$1.01');
  assert.is(formatMicros(1_234_567_890_000, 'USD', 'en-US'), '$1,234,567.89');
  assert.is(formatMicros(MAX, 'USD', 'en-US'), '$9,007,199,254.74');
  assert.is(formatMicros(5_500_000, 'JPY', 'en-US'), '¥6', 'JPY has no decimals');
  assert.is(formatMicros(2_500_000, 'JPY', 'en-US'), '¥3');
  assert.is(
    formatMicros(1_000_500, 'BHD', 'en-US'),
    new Intl.NumberFormat('en-US', { style: 'currency', currency: 'BHD' }).format(1.001),
  );
  assert.is(
    formatMicros(5_500_000, 'EUR', 'de-DE'),
    new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' }).format(5.5),
  );
  assert.is(formatMicros(5_500_000, 'usd', 'en-US'), '$5.50');
  assert.type(formatMicros(5_500_000, 'USD'), 'string'); // default locale
});

test('formatMicros: invalid currency, locale or amount', () => {
  for (const bad of ['US', 'US$', '', 'USDX', ' USD', '12A']) {
    throwsWith(
      () => formatMicros(1, bad, 'en-US'),
      RangeError,
      new RegExp(`invalid currency code ${escape(JSON.stringify(bad))}`),
    );
  }
  throwsWith(
    () => formatMicros(1, 123 as unknown as string, 'en-US'),
    RangeError,
    /invalid currency code 123/,
  );
  throwsWith(() => formatMicros(1, 'USD', 'xx-invalid-$$'), RangeError, /invalid locale "xx-invalid-\$\$"/);
  throwsWith(() => formatMicros(5.5, 'USD', 'en-US'), RangeError, /formatMicros: 5\.5 is not a safe integer/);
});

test('property: toMicros(fromMicros(m)) === m for every safe integer', () => {
  fc.assert(
    fc.property(fc.oneof(fc.maxSafeInteger(), fc.integer({ min: -10_000_000, max: 10_000_000 })), (m) => {
      assert.is(toMicros(fromMicros(m)), m);
      assert.ok(Object.is(toMicros(fromMicros(m)), m === 0 ? 0 : m));
    }),
    { numRuns: 2000 },
  );
});

test('property: decimal strings with <= 6 decimals are exact and print canonically', () => {
  const decimalString = fc.record({
    sign: fc.constantFrom('', '-', '+'),
    whole: fc.stringMatching(/^[0-9]{1,11}$/),
    fraction: fc.stringMatching(/^[0-9]{0,6}$/),
    dot: fc.boolean(),
  });
  fc.assert(
    fc.property(decimalString, ({ sign, whole, fraction, dot }) => {
      const input = `${sign}${whole}${dot || fraction ? '.' : ''}${fraction}`;
      // Oracle in BigInt, independent of the code under test.
      const micros = BigInt(whole) * 1_000_000n + BigInt(fraction.padEnd(6, '0'));
      const signed = sign === '-' ? -micros : micros;
      if (micros > BigInt(MAX)) {
        throwsWith(() => toMicros(input), RangeError, /safe range/);
        return;
      }
      assert.is(toMicros(input), Number(signed));
      const wholeCanon = whole.replace(/^0+(?=\d)/, '');
      const fractionCanon = fraction.replace(/0+$/, '');
      const canonical =
        micros === 0n
          ? '0'
          : `${sign === '-' ? '-' : ''}${wholeCanon}${fractionCanon ? `.${fractionCanon}` : ''}`;
      assert.is(fromMicros(toMicros(input)), canonical);
    }),
    { numRuns: 3000 },
  );
});

test('property: numbers with <= 6 decimals convert exactly (no float error)', () => {
  // n = i / 10^k with at most 15 significant digits, so String(n) is exactly that decimal.
  const arb = fc.integer({ min: 0, max: 6 }).chain((k) =>
    fc.tuple(
      fc.constant(k),
      fc.integer({
        min: -Math.min(1e15 - 1, Math.floor(MAX / 10 ** (6 - k))),
        max: Math.min(1e15 - 1, Math.floor(MAX / 10 ** (6 - k))),
      }),
    ),
  );
  fc.assert(
    fc.property(arb, ([k, i]) => {
      const n = i / 10 ** k;
      const expected = i * 10 ** (6 - k); // exact: |expected| <= MAX_SAFE_INTEGER
      assert.ok(
        Object.is(toMicros(n), expected === 0 ? 0 : expected),
        `${n}: ${toMicros(n)} !== ${expected}`,
      );
      // Where n * 1e6 carries less than half a micro of float error, naive rounding agrees.
      if (Math.abs(expected) < 1e15) assert.is(toMicros(n), Math.round(n * 1e6));
    }),
    { numRuns: 3000 },
  );
});

test('property: formatMicros rounds like Intl does on the exact decimal', () => {
  const currencies = ['USD', 'JPY', 'BHD', 'CLF', 'EUR'];
  fc.assert(
    fc.property(
      fc.oneof(fc.maxSafeInteger(), fc.integer({ min: -100_000_000, max: 100_000_000 })),
      fc.constantFrom(...currencies),
      (m, currency) => {
        // Node 20's Intl.NumberFormat (v3) reads a decimal string exactly.
        const intl = new Intl.NumberFormat('en-US', { style: 'currency', currency });
        assert.is(formatMicros(m, currency, 'en-US'), intl.format(fromMicros(m) as unknown as number));
      },
    ),
    { numRuns: 2000 },
  );
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

test.run();
