/** Type-level behaviour of activity events and stream rules in @xgen/core-v2: open response enums, payloads narrowed by event type. */
import { test } from '../helpers/uvu.ts';
import * as assert from 'uvu/assert';
import { typecheck } from '../helpers/typecheck.js';

test('unlisted event kinds type, payloads narrow by event_type, requests stay closed', () => {
  const diagnostics = typecheck(['test/types/programs/core-v2-events.ts']);
  assert.equal(diagnostics, []);
});

test.run();
