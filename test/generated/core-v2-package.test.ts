/** The built package as plain Node sees it: exports map, ESM, no dependencies. */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { test } from '../helpers/uvu.ts';
import * as assert from 'uvu/assert';

const pkg = JSON.parse(readFileSync('generated/core-v2/package.json', 'utf8')) as Record<string, unknown>;

test('package.json: name, ESM, exports map, side-effect free, no dependencies', () => {
  assert.is(pkg.name, '@xgen/core-v2');
  // The version moves by semver from 2.165.0 (see CHANGELOG.md); the spec's own version is recorded beside it.
  assert.match(String(pkg.version), /^\d+\.\d+\.\d+$/);
  assert.is(pkg['x-spec-version'], '2.165');
  assert.is(pkg.type, 'module');
  assert.is(pkg.sideEffects, false);
  assert.equal((pkg.exports as Record<string, unknown>)['.'], {
    types: './dist/index.d.ts',
    import: './dist/index.js',
    default: './dist/index.js',
  });
  assert.is(pkg.dependencies, undefined);
  assert.is(pkg.peerDependencies, undefined);
});

test('plain node imports the compiled package and builds a URL with it', () => {
  const script = `
    import { CoreClient, operations, ValidationError } from './generated/core-v2/dist/index.js';
    const client = new CoreClient();
    console.log(client.oauth.authorize({ oauth_token: 'abc' }));
    console.log(Object.keys(operations).length);
    try { client.oauth.authorize({}); } catch (e) { console.log(e instanceof ValidationError); }
  `;
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' })
    .trim()
    .split('\n');
  assert.equal(out, ['https://api.x.com/oauth/authorize?oauth_token=abc', '31', 'true']);
});

test.run();
