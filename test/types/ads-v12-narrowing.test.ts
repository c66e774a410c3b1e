/** @xgen/ads-v12: `total_count` follows `with_total_count` (checked by compiling a consumer program with tsc). */
import { test } from '../helpers/uvu.ts';
import * as assert from 'uvu/assert';
import { typecheck } from '../helpers/typecheck.js';

test('total_count is present with with_total_count: true, absent without, optional when unknown', () => {
  assert.equal(typecheck(['test/types/programs/ads-v12-total-count.ts']), []);
});

test.run();
