/** The generated `license` is an SPDX identifier whatever the spec's `info.license` says. */
import { test } from '../helpers/uvu.ts';
import * as assert from 'uvu/assert';
import { packageLicense } from '../../generator/license.ts';

test("an SPDX identifier (3.1's identifier, else a name that is one) is the license", () => {
  assert.is(packageLicense({ identifier: 'Apache-2.0', name: 'Apache 2.0' }), 'Apache-2.0');
  assert.is(packageLicense({ name: 'MIT' }), 'MIT');
  assert.is(packageLicense({ name: ' MIT OR Apache-2.0 ' }), 'MIT OR Apache-2.0');
  assert.is(packageLicense({ name: 'Apache License 2.0', identifier: 'Apache-2.0' }), 'Apache-2.0');
});

test("a license named in words (X's spec) is UNLICENSED; none stated gives none", () => {
  assert.is(
    packageLicense({ name: 'X Developer Agreement and Policy', url: 'https://developer.x.com/' } as never),
    'UNLICENSED',
  );
  assert.is(packageLicense({ name: '' }), undefined);
  assert.is(packageLicense({}), undefined);
  assert.is(packageLicense(undefined), undefined);
});

test.run();
