/**
 * String literals of declaration files spelled one way: prettier's quotes, minimal escapes, the
 * same for every spelling of a value; comments and template literal types untouched.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { canonicalStringQuotes, quote } from '../../../generator/compile/declaration-quotes.ts';

test('every spelling of a value comes out the same', () => {
  for (const spelling of ['"abc"', "'abc'", "'\\x61bc'", "'\\u0061bc'", "'\\u{61}bc'"]) {
    assert.is(canonicalStringQuotes(`type T = ${spelling};`), "type T = 'abc';", spelling);
  }
  assert.is(canonicalStringQuotes(`type T = "it's" | 'say "hi"' | "é" | "\\u00e9" | "a\\nb" | "\\\\" | "\\u2028" | "\\0";`), `type T = "it's" | 'say "hi"' | 'é' | 'é' | 'a\\nb' | '\\\\' | '\\u2028' | '\\x00';`);
});

test('comments, template literal types and what is not a string stay as written', () => {
  const text = [
    '/** Don\'t "touch" this. */',
    "// it's a comment with \"quotes\"",
    'export type Path = `/users/${string}/it\'s` | `a${`n"e${"x"}`}`;',
    'export declare const x: { readonly "a b": "c" };',
    "export type Legacy = '\\101';",
  ].join('\n');
  assert.is(
    canonicalStringQuotes(text),
    [
      '/** Don\'t "touch" this. */',
      "// it's a comment with \"quotes\"",
      "export type Path = `/users/${string}/it's` | `a${`n\"e${'x'}`}`;",
      "export declare const x: { readonly 'a b': 'c' };",
      "export type Legacy = '\\101';",
    ].join('\n'),
  );
});

test('quote gives back a literal JavaScript reads as the same value', () => {
  for (const value of ['', "'", '"', '\'"\'', 'a\\b', '\n\r\t\b\f\v\0\x01\x7f', '\u2028\u2029', '\ud83d\ude00', '\ud83d', 'é']) {
    assert.is(new Function(`return ${quote(value)};`)(), value, JSON.stringify(value));
  }
});

test.run();
