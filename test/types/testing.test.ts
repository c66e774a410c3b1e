/** The `testing` entries are typed by operation: checked by compiling a consumer program with tsc. */
import { test } from '../helpers/uvu.ts';
import * as assert from 'uvu/assert';
import { typecheck } from '../helpers/typecheck.js';

test('the testing consumer program compiles strict, and every @ts-expect-error line is an error', () => {
  assert.equal(typecheck(['test/types/programs/testing.ts']), []);
});

test.run();
