/**
 * How a text enters generated code as a string literal: single-quoted, with JSON's escapes (`"` left
 * bare, `'` escaped) and U+2028/U+2029 escaped too, whether or not the text needs any escape.
 */
import { test } from '../../helpers/uvu.ts';
import * as assert from 'uvu/assert';
import { stringLiteral } from '../../../generator/emit/source.ts';

/** The literal as JSON spells the text, requoted: what `stringLiteral` writes for every text. */
function byJson(text: string): string {
  const inner = JSON.stringify(text).slice(1, -1).replace(/\\"/g, '"').replace(/'/g, "\\'");
  return `'${inner.replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029')}'`;
}

test('every UTF-16 code unit, alone and inside a text, is written as JSON would escape it', () => {
  for (let code = 0; code <= 0xffff; code++) {
    const char = String.fromCharCode(code);
    for (const text of [char, `a${char}b`])
      assert.is(stringLiteral(text), byJson(text), `U+${code.toString(16)}`);
  }
});

test('plain texts as they are; quotes, backslashes, line breaks and surrogate pairs escaped as JSON does', () => {
  assert.is(stringLiteral('/2/tweets/{id}'), "'/2/tweets/{id}'");
  assert.is(stringLiteral(''), "''");
  for (const text of [
    "it's",
    'say "hi"',
    'a\\b',
    'line\nbreak',
    'tab\there',
    '😀 emoji',
    '\ud83d alone',
    'x\u2028y',
  ])
    assert.is(stringLiteral(text), byJson(text), text);
});

test.run();
