/**
 * The `testing` entry the emitter adds to every package: its files, its `exports` (with
 * `testing/msw` only when the config asks), and default answers that validate against X's published
 * spec (2.159) by an independent validator.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { setupServer } from 'msw/node';
import { test } from '../../helpers/uvu.ts';
import * as assert from 'uvu/assert';
import { generatePackage } from '../../../generator/generate.ts';
import { removeDir, ROOT, tempDir, writeTree } from '../../helpers/cli.ts';
import { checkDefaults } from '../../helpers/mock-defaults.ts';
import { shareEmitThreads } from '../../helpers/emit-threads.ts';

// Generates in this process: the test process's emit threads serve it (test/helpers/emit-threads.ts).
shareEmitThreads(test);

let work = '';
test.before(() => {
  work = tempDir('emit-testing');
});
test.after(() => removeDir(work));

const PETSTORE = readFileSync(join(ROOT, 'test', 'fixtures', 'mini', 'petstore.yaml'), 'utf8');

async function petstore(testing?: { msw?: boolean }) {
  const spec = join(work, 'petstore.yaml');
  writeFileSync(spec, PETSTORE);
  const { files } = await generatePackage({
    spec,
    out: join(work, 'out'),
    name: '@acme/pets',
    client: 'PetsClient',
    templates: {},
    ...(testing ? { testing } : {}),
  });
  return { files, pkg: JSON.parse(files.get('package.json')!) as Record<string, any> };
}

test('every package exports ./testing, outside the main entry; no msw unless asked', async () => {
  const { files, pkg } = await petstore();
  assert.equal(pkg.exports['./testing'], {
    types: './dist/testing/index.d.ts',
    import: './dist/testing/index.js',
    default: './dist/testing/index.js',
  });
  assert.is(pkg.exports['./testing/msw'], undefined);
  assert.is(pkg.peerDependencies, undefined);
  assert.is(pkg.dependencies, undefined);
  assert.ok(files.has('src/testing/index.ts') && files.has('src/testing/spec.ts'));
  assert.not.ok(files.has('src/testing/msw.ts'));
  // Nothing outside testing/ imports it.
  for (const [path, text] of files)
    if (path.startsWith('src/') && !path.startsWith('src/testing/'))
      assert.not.match(text, /testing\//, path);
});

test('testing/spec.ts declares a wire parameter several operations share once, and names it where used', () => {
  const text = readFileSync(join(ROOT, 'generated', 'core-v2', 'src', 'testing', 'spec.ts'), 'utf8');
  const declared = /^const tweetFieldsInQuery: MockParam = \{[^;]*\};$/m.exec(text);
  assert.ok(declared, 'tweet.fields is declared once as a constant');
  assert.is(text.split("key: 'tweet.fields'").length - 1, 1, 'its wire form is written once');
  assert.ok((text.match(/\btweetFieldsInQuery\b/g) ?? []).length > 2, 'operations name it');
  // No wire parameter is written out twice anywhere in the file.
  const forms = (text.match(/\{\s*key: '[^']*',\s*name: '[^']*',\s*in: '[a-z]+'[^}]*\}/g) ?? []).map((f) =>
    f.replace(/\s+/g, ' '),
  );
  assert.ok(forms.length > 10);
  assert.is(new Set(forms).size, forms.length);
});

test('testing: { msw: true } adds testing/msw, with msw an optional peer dependency', async () => {
  const { files, pkg } = await petstore({ msw: true });
  assert.equal(pkg.exports['./testing/msw'], {
    types: './dist/testing/msw.d.ts',
    import: './dist/testing/msw.js',
    default: './dist/testing/msw.js',
  });
  assert.equal(pkg.peerDependencies, { msw: '^2.0.0' });
  assert.equal(pkg.peerDependenciesMeta, { msw: { optional: true } });
  assert.ok(files.has('src/testing/msw.ts'));
  // Compiled against msw's own types (a devDependency here), and run through msw's node server.
  const dir = join(work, 'msw-package');
  writeTree(dir, files);
  const { createMock } = await import(pathToFileURL(join(dir, 'dist/testing/index.js')).href);
  const { mswHandlers } = await import(pathToFileURL(join(dir, 'dist/testing/msw.js')).href);
  const server = setupServer(...mswHandlers(createMock()));
  server.listen({ onUnhandledRequest: 'error' });
  try {
    const headers = { authorization: 'Bearer t' };
    const ok = await fetch('https://petstore.example.com/v1/pets?limit=5', { headers });
    assert.is(ok.status, 200);
    assert.ok(Array.isArray(await ok.json()));
    const refused = await fetch('https://petstore.example.com/v1/pets?limit=500', { headers });
    assert.is(refused.status, 400);
    assert.match(
      ((await refused.json()) as { detail: string }).detail,
      /listPets: parameter "limit" breaks rule maximum/,
    );
  } finally {
    server.close();
  }
});

test("X's published spec 2.159: every default answer validates against its response schema (Ajv)", async () => {
  const report = await checkDefaults(
    join(ROOT, 'test/fixtures/reference/x-openapi-2.159.json'),
    join(work, 'x'),
  );
  assert.equal(report.failures, []);
  assert.ok(report.checked > 100, `checked ${report.checked} of ${report.operations}`);
});

test.run();
