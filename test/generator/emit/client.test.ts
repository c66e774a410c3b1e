/**
 * The client emitter: `client.call`, generic in the operationId, must not make the type-check of
 * `client.ts` grow with the square of the operation count (GitHub's spec has a thousand). TypeScript
 * reduces a union by subtype by comparing its members pairwise; the subtype relations it caches
 * count those comparisons, whatever the machine's speed.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import ts from 'typescript';
import { test } from '../../helpers/uvu.ts';
import * as assert from 'uvu/assert';
import { generatePackage } from '../../../generator/generate.ts';
import { BUILD_COMPILER_OPTIONS } from '../../../generator/package-compiler-options.ts';
import { removeDir, tempDir } from '../../helpers/cli.ts';
import { shareEmitThreads } from '../../helpers/emit-threads.ts';

// Generates in this process: the test process's emit threads serve it (test/helpers/emit-threads.ts).
shareEmitThreads(test);

const OPERATIONS = 60;

/** Operations whose params are each a different object type (one required query parameter of its own). */
const SPEC = JSON.stringify({
  openapi: '3.1.0',
  info: { title: 'Many', version: '1' },
  paths: Object.fromEntries(
    Array.from({ length: OPERATIONS }, (_, i) => [
      `/things${i}`,
      {
        get: {
          operationId: `getThing${i}`,
          parameters: [
            { name: `filter_${i}`, in: 'query', required: i % 2 === 0, schema: { type: 'string' } },
          ],
          responses: {
            '200': { description: 'ok', content: { 'application/json': { schema: { type: 'object' } } } },
          },
        },
      },
    ]),
  ),
});

test('checking client.call compares no pair of operations by subtype', async () => {
  const work = tempDir('client-call');
  try {
    const spec = join(work, 'many.json');
    writeFileSync(spec, SPEC);
    const { files } = await generatePackage({
      spec,
      out: join(work, 'out'),
      name: 'many',
      client: 'ManyClient',
      templates: {},
    });
    const root = join(work, 'pkg');
    for (const [path, text] of files) {
      if (!path.startsWith('src/')) continue;
      mkdirSync(dirname(join(root, path)), { recursive: true });
      writeFileSync(join(root, path), text);
    }
    const { options } = ts.convertCompilerOptionsFromJson(
      { ...BUILD_COMPILER_OPTIONS, noEmit: true, declaration: false },
      root,
    );
    const client = join(root, 'src/client.ts');
    const program = ts.createProgram({ rootNames: [client], options });
    assert.equal(program.getSemanticDiagnostics(program.getSourceFile(client)), []);
    // Without the widening, `params ?? {}` related every operation's params to every other's
    // (1,772 strict subtype relations for 60 operations).
    const { subtype, strictSubtype } = program.getRelationCacheSizes();
    assert.ok(
      subtype + strictSubtype < OPERATIONS,
      `${subtype + strictSubtype} subtype relations for ${OPERATIONS} operations`,
    );
  } finally {
    removeDir(work);
  }
});

test.run();
