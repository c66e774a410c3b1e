/** Type-level behaviour of @xgen/ads-v12, checked by compiling a consumer program with tsc. */
import { test } from '../helpers/uvu.ts';
import * as assert from 'uvu/assert';
import { typecheck } from '../helpers/typecheck.js';

test('the ads-v12 consumer program compiles, and every @ts-expect-error line is an error', () => {
  assert.equal(typecheck(['test/types/programs/ads-v12.ts']), []);
});

test.run();
