/** Field selection narrows result types (seed 2.10): checked by compiling a consumer program with tsc. */
import { test } from '../helpers/uvu.ts';
import * as assert from 'uvu/assert';
import { typecheck } from '../helpers/typecheck.js';

test('results follow the *.fields asked for, through methods, client.call, /functions, pages and streams', () => {
  const diagnostics = typecheck(['test/types/programs/core-v2-narrowing.ts']);
  assert.equal(diagnostics, []);
});

test.run();
