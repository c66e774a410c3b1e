/** Which enums are written as one string of words, and that a package ships `runtime/words.ts` exactly when one is. */
import { test } from '../../helpers/uvu.ts';
import * as assert from 'uvu/assert';
import { usesWords } from '../../../generator/emit/enum-words.ts';
import { emitEnums } from '../../../generator/emit/enums.ts';
import { runtimeFilesFor } from '../../../generator/emit/runtime-files.ts';
import { enumModel } from '../../helpers/enum-model.ts';

test('enums of numbers, spaced values or one value: no words helper imported, none shipped', () => {
  const model = enumModel({
    Level: { type: 'integer', enum: [1, 2, 3] },
    Spaced: { type: 'string', enum: ['two words', 'one'] },
    Single: { type: 'string', enum: ['only'] },
  });
  assert.ok(model.enums.length > 0, 'the spec has enums');
  assert.is(usesWords(model), false);
  assert.not.ok(emitEnums(model).includes('runtime/words.js'));
  assert.not.ok(runtimeFilesFor(model).includes('words'));
});

test('an enum of plain words: the helper is imported and shipped', () => {
  const model = enumModel({
    Field: { type: 'string', enum: ['created_at', 'author_id'] },
    Level: { type: 'integer', enum: [1, 2] },
  });
  assert.is(usesWords(model), true);
  assert.ok(emitEnums(model).includes("import { words } from './runtime/words.js';"));
  assert.ok(runtimeFilesFor(model).includes('words'));
});

test.run();
