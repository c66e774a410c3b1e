/** The enums emitter: each enum as a union and a same-named array of its values. */
import { test } from '../../helpers/uvu.ts';
import * as assert from 'uvu/assert';
import { emitEnums } from '../../../generator/emit/enums.ts';
import { enumModel } from '../../helpers/enum-model.ts';

const text = emitEnums(
  enumModel({
    Field: { type: 'string', enum: ['created_at', 'author_id', "it's"] },
    Spaced: { type: 'string', enum: ['two words', 'one'] },
    Level: { type: 'integer', enum: [1, 2, 3] },
    Single: { type: 'string', enum: ['only'] },
  }),
);

test('string values without whitespace are one string of words; the type stays the union', () => {
  assert.ok(text.includes("import { words } from './runtime/words.js';"));
  assert.ok(
    text.includes(`export const Field = /* @__PURE__ */ words('created_at author_id it\\'s');`),
    text,
  );
  assert.ok(
    /export type Field =\s*\|?\s*["']created_at["']\s*\|\s*["']author_id["']/.test(text),
    'the union lists the values',
  );
});

test('values with whitespace, numbers and single values stay an array literal', () => {
  assert.match(text, /export const Spaced = \['two words', 'one'\] as const;/);
  assert.match(text, /export const Level = \[1, 2, 3\] as const;/);
  assert.match(text, /export const Single = \['only'\] as const;/);
});

test.run();
