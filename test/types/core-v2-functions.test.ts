/** Type-level behaviour of @xgen/core-v2/functions, checked by compiling a consumer program with tsc. */
import { test } from '../helpers/uvu.ts';
import * as assert from 'uvu/assert';
import { typecheck } from '../helpers/typecheck.js';

test('the core-v2 functions consumer program compiles, and every @ts-expect-error line is an error', () => {
  const diagnostics = typecheck(['test/types/programs/core-v2-functions.ts']);
  assert.equal(diagnostics, []);
});

test.run();
