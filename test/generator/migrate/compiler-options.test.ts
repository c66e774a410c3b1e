/** migrate type-checks with ts-morph's TypeScript 6 the way the user's TypeScript 5 does: its defaults where the tsconfig says nothing. */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from '../../helpers/uvu.ts';
import * as assert from 'uvu/assert';
import { typescript5Defaults } from '../../../generator/migrate/compiler-options.ts';
import { removeDir, tempDir } from '../../helpers/cli.ts';

let dir = '';
test.before(() => {
  // Under the checkout: node_modules/@types (with @types/node) is in a folder above, as in a user's repository.
  dir = tempDir('migrate-options');
});
test.after(() => removeDir(dir));

test('a tsconfig without strict or types: not strict, every @types package above it included', () => {
  writeFileSync(
    join(dir, 'tsconfig.json'),
    '{ "compilerOptions": { "module": "ESNext", "moduleResolution": "Bundler" } }\n',
  );
  const options = typescript5Defaults(join(dir, 'tsconfig.json'));
  assert.is(options.strict, false);
  assert.ok(options.types?.includes('node'), String(options.types));
});

test('what the tsconfig sets stays as it is', () => {
  writeFileSync(join(dir, 'tsconfig.json'), '{ "compilerOptions": { "strict": true, "types": [] } }\n');
  const options = typescript5Defaults(join(dir, 'tsconfig.json'));
  assert.is(options.strict, undefined);
  assert.is(options.types, undefined);
});

test.run();
