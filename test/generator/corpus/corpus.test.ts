/**
 * The spec corpus (test/fixtures/specs/corpus/): every spec generates a package that passes the
 * strict type-check (`generatePackage` compiles each package under `strict`,
 * `noUncheckedIndexedAccess` and `exactOptionalPropertyTypes`, and throws CompileError with the
 * diagnostics otherwise), and every package with operations passes its smoke test against a real
 * loopback server (smoke-cases.ts). All in this one process: specs are generated one after the
 * other, and each package is imported from its `src/index.ts`.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { test } from '../../helpers/uvu.ts';
import * as assert from 'uvu/assert';
import { removeDir, tempDir } from '../../helpers/cli.ts';
import { shareEmitThreads } from '../../helpers/emit-threads.ts';
import { type Reply, type SeenRequest, startServer, type TestServer } from '../../helpers/server.ts';
import { CLIENT, corpusSpecs, generateInto } from './corpus.ts';
import { type Dynamic, SMOKE, type SmokeRun } from './smoke-cases.ts';

const specs = corpusSpecs();
let work = '';
let server: TestServer;
let reply: (request: SeenRequest) => Reply = () => ({ status: 200 });
const started = performance.now();

shareEmitThreads(test);
test.before(async () => {
  work = tempDir('corpus');
  server = await startServer((request) => reply(request));
});
test.after(async () => {
  await server.close();
  removeDir(work);
  console.log(
    `\n  corpus: ${specs.length} specs generated, type-checked and smoke-tested in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
});

test('the corpus holds at least 40 specs, each with operations smoke-tested', () => {
  assert.ok(specs.length >= 40, `only ${specs.length} specs`);
  const unknown = Object.keys(SMOKE).filter((name) => !specs.some((s) => s.name === name));
  assert.equal(unknown, [], 'smoke cases for specs that do not exist');
});

for (const spec of specs) {
  test(`${spec.name}: generates a strict-clean package${SMOKE[spec.name] ? ' that works over loopback' : ''}`, async () => {
    const out = join(work, spec.name);
    const files = await generateInto(spec, out);
    assert.ok(files.has('dist/index.js') && files.has('dist/index.d.ts'), 'compiled to dist/');
    const pkg: Dynamic = await import(pathToFileURL(join(out, 'src', 'index.ts')).href);
    const client = (options: Record<string, unknown> = {}): Dynamic =>
      new pkg[CLIENT]({ baseUrl: server.url, maxRetries: 0, ...options });
    const smoke = SMOKE[spec.name];
    const operations = Object.keys(pkg.operations);
    if (!smoke) {
      assert.equal(operations, [], `${spec.name} has operations, so it needs a smoke case in smoke-cases.ts`);
      return;
    }
    assert.ok(operations.length > 0, 'a smoke-tested spec has operations');
    reply = () => ({ status: 200 });
    const run: SmokeRun = {
      client: client(smoke.options),
      pkg,
      server,
      clientWith: client,
      answer(next) {
        reply = typeof next === 'function' ? next : () => next;
      },
      last() {
        const seen = server.requests[server.requests.length - 1];
        if (!seen) throw new Error('the server saw no request');
        return seen;
      },
      source: (path) => readFileSync(join(out, path), 'utf8'),
    };
    await smoke.run(run);
  });
}

test.run();
