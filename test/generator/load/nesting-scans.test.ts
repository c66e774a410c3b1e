/**
 * The load stage's nesting scans (limits.ts) skip what cannot nest: `bracketsTooDeep` jumps over a
 * double-quoted string to its closing quote, `tooDeep` keeps no path until it finds the value.
 * Each must answer as the plain character-by-character and path-keeping scans do, on any text and
 * any data, and the offsets and tokens must be the same ones.
 */
import fc from 'fast-check';
import { test } from '../../helpers/uvu.ts';
import * as assert from 'uvu/assert';
import { bracketsTooDeep, MAX_NESTING, tooDeep } from '../../../generator/load/limits.ts';

/** The scan as first written: one character at a time, a quote state, `\` escaping inside `"`. */
function bracketsReference(text: string, limit: number): number | undefined {
  let depth = 0;
  let quote: string | undefined;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quote) {
      if (c === '\\' && quote === '"') i++;
      else if (c === quote) quote = undefined;
    } else if (c === '"') quote = c;
    else if (c === "'" && /[\s,:[{]/.test(text[i - 1] ?? ' ')) quote = c;
    else if (c === '{' || c === '[') {
      if (++depth > limit) return i;
    } else if (c === '}' || c === ']') depth = Math.max(0, depth - 1);
  }
  return undefined;
}

/** The walk as first written: every value with its tokens, depth first in document order. */
function tooDeepReference(data: unknown, limit: number): string[] | undefined {
  const stack: { value: unknown; tokens: string[] }[] = [{ value: data, tokens: [] }];
  while (stack.length > 0) {
    const { value, tokens } = stack.pop()!;
    if (typeof value !== 'object' || value === null) continue;
    if (tokens.length >= limit) return tokens;
    const entries = Array.isArray(value)
      ? value.map((v, i) => [String(i), v] as const)
      : Object.entries(value);
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, child] = entries[i]!;
      if (typeof child === 'object' && child !== null) stack.push({ value: child, tokens: [...tokens, key] });
    }
  }
  return undefined;
}

/** Text near the limit: mostly brackets, with quotes, escapes and the characters that open a `'` string. */
const nearLimit = fc
  .array(
    fc.oneof(
      { weight: 6, arbitrary: fc.constantFrom('{', '[', '{[', '[[[[') },
      fc.constantFrom('}', ']', '"', "'", '\\', ' ', ':', ',', '\n', 'a', '\\"', "''", '\u00a0', '\u3000'),
    ),
    { maxLength: 400 },
  )
  .map((parts) => parts.join(''));

test('bracketsTooDeep finds the offset the character-by-character scan finds', () => {
  fc.assert(
    fc.property(nearLimit, (text) => {
      // Over the limit, or not, depending on where the quotes fall.
      const padded = '['.repeat(MAX_NESTING - 20) + text;
      assert.is(bracketsTooDeep(padded), bracketsReference(padded, MAX_NESTING), JSON.stringify(text));
    }),
    { numRuns: 3000 },
  );
});

test('bracketsTooDeep: quotes and escapes at the edges', () => {
  const deep = '['.repeat(MAX_NESTING + 1);
  for (const text of [
    deep,
    `"${deep}"`,
    `"\\"${deep}`,
    `"\\\\"${deep}`,
    `'${deep}`,
    `a'${deep}`,
    ` '${deep}'${deep}`,
    `"${deep}`,
    `"\\`,
    `'it''s' ${deep}`,
    `"a\\\\\\"b" ${deep}`,
    `\u3000'${deep}`,
  ]) {
    assert.is(bracketsTooDeep(text), bracketsReference(text, MAX_NESTING), JSON.stringify(text.slice(0, 20)));
  }
  assert.is(bracketsTooDeep(deep), MAX_NESTING);
  assert.is(bracketsTooDeep(`"${deep}"`), undefined);
});

/** Data nested around the limit: objects and arrays, with scalars beside them. */
const nested: fc.Arbitrary<unknown> = fc.letrec<{ node: unknown }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constantFrom(1, 'x', null, true),
    fc.array(tie('node'), { maxLength: 3 }),
    fc.dictionary(fc.constantFrom('a', 'b', '0', '10', '__proto__', 'constructor'), tie('node'), {
      maxKeys: 3,
    }),
  ),
})).node;

/** `value` below `levels` single-member objects and arrays. */
function wrap(value: unknown, levels: number): unknown {
  let out = value;
  for (let i = 0; i < levels; i++) out = i % 3 === 0 ? [1, out] : { k: out, z: 2 };
  return out;
}

test('tooDeep finds the tokens the path-keeping walk finds, the first in document order', () => {
  fc.assert(
    fc.property(
      fc.array(nested, { maxLength: 3 }),
      fc.integer({ min: MAX_NESTING - 8, max: MAX_NESTING }),
      (values, levels) => {
        const data = {
          first: wrap(values[0], levels),
          rest: values.slice(1).map((v, i) => wrap(v, levels - i)),
        };
        assert.equal(tooDeep(data), tooDeepReference(data, MAX_NESTING));
      },
    ),
    { numRuns: 500 },
  );
  assert.is(tooDeep('a string'), undefined);
  assert.is(tooDeep(null), undefined);
  assert.equal(tooDeep(wrap({}, MAX_NESTING)), tooDeepReference(wrap({}, MAX_NESTING), MAX_NESTING));
  assert.is(tooDeep(wrap({}, MAX_NESTING))?.length, MAX_NESTING);
});

test.run();
