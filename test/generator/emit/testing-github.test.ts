/**
 * The mock of a package from GitHub's spec (`@octokit/openapi`): every default answer validates
 * against the spec's own response schemas (Ajv).
 */
import { join } from 'node:path';
import { test } from '../../helpers/uvu.ts';
import * as assert from 'uvu/assert';
import { removeDir, ROOT, tempDir } from '../../helpers/cli.ts';
import { checkDefaults } from '../../helpers/mock-defaults.ts';

let work = '';
test.before(() => {
  work = tempDir('emit-testing-github');
});
test.after(() => removeDir(work));

const GITHUB = join(ROOT, 'node_modules/@octokit/openapi/generated/api.github.com.json');

test("GitHub's spec: every default answer validates against its response schema (Ajv)", async () => {
  const report = await checkDefaults(GITHUB, join(work, 'github'));
  assert.equal(report.failures, []);
  assert.ok(report.checked > 800, `checked ${report.checked} of ${report.operations}`);
});

test.run();
