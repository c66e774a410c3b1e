/**
 * A big spec (1 MB or more) is loaded and modelled on the spec thread: the same model, warnings and
 * snapshot as here; a bad spec's located errors cross the thread as SpecError(s) with their file,
 * line, column and pointer; a thread that cannot start leaves the work to this thread, with a warning
 * for --verbose.
 */
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { test } from '../../helpers/uvu.ts';
import * as assert from 'uvu/assert';
import { warnThreadFailures } from '../../../generator/run/thread.ts';
import { SpecError, SpecErrors } from '../../../generator/errors.ts';
import { loadAndModel, loadModel, rest } from '../../../generator/run/spec-thread.ts';
import { removeDir, ROOT, tempDir } from '../../helpers/cli.ts';
import { endSharedEmitThreads } from '../../helpers/emit-threads.ts';

// The threads' lifetimes are tested here: none an earlier file of the process shared.
test.before(() => endSharedEmitThreads());

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

let work = '';
let big = '';
let broken = '';
let small = '';

/** A spec over 1 MB (a long description), with a duplicate operationId: one located warning. */
function spec(extra: Record<string, unknown> = {}): string {
  const operation = (id: string) => ({
    operationId: id,
    tags: ['Pets'],
    responses: {
      '200': {
        description: 'ok',
        content: { 'application/json': { schema: { $ref: '#/components/schemas/Pet' } } },
      },
    },
  });
  return JSON.stringify(
    {
      openapi: '3.1.0',
      info: { title: 'Big', version: '1.0.0', description: 'A long description. '.repeat(60_000) },
      servers: [{ url: 'https://api.example.com' }],
      paths: {
        '/pets': { get: operation('getPet') },
        '/pets/{id}': {
          get: {
            ...operation('getPet'),
            parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
          },
        },
      },
      components: { schemas: { Pet: { type: 'object', properties: { name: { type: 'string' } } } } },
      ...extra,
    },
    null,
    1,
  );
}

test.before(() => {
  work = tempDir('spec-thread');
  big = join(work, 'big.json');
  writeFileSync(big, spec());
  small = join(work, 'small.json');
  writeFileSync(small, spec({ info: { title: 'Small', version: '1.0.0' } }));
  broken = join(work, 'broken.json');
  writeFileSync(broken, spec({ components: { schemas: { Pet: { $ref: '#/components/schemas/Missing' } } } }));
});
test.after(() => {
  warnThreadFailures(undefined);
  removeDir(work);
});

const job = (file: string) => ({
  spec: file,
  overlays: [],
  remote: undefined,
  packageName: '@test/big',
  clientName: 'BigClient',
});

test('a big spec on the thread: the model, warnings, snapshot and runtime made here', async () => {
  const warnings: string[] = [];
  warnThreadFailures((line) => warnings.push(line));
  const stages: string[] = [];
  const loaded = await loadModel(job(big), {}, (stage) => stages.push(stage));
  const here = loadAndModel({ ...job(big), kind: 'load', key: -1 }, () => {});
  assert.ok('model' in here);
  assert.equal(loaded.model.model(), here.model, 'the model read from the bytes the thread sent');
  assert.equal(loaded.facts, here.facts);
  assert.equal(stages, ['model'], 'the thread tells when modelling starts');
  assert.is(loaded.warnings.length, 1);
  assert.instance(loaded.warnings[0], SpecError);
  assert.equal(
    loaded.warnings.map((w) => w.message),
    here.warnings.map((w) => new SpecError(w.reason, w.file, w.pointer, w.line, w.column).message),
  );
  assert.match(loaded.warnings[0]!.message, /big\.json:\d+:\d+: duplicate operationId "getPet"/);
  const made = { snapshot: await loaded.snapshot(), runtime: await loaded.runtime! };
  const expected = rest(here.model, {});
  assert.is(made.snapshot, expected.snapshot);
  assert.equal([...made.runtime], [...expected.runtime]);
  // The spec's text stays on the thread: its hash comes with the snapshot, as the result cache records it.
  assert.equal(
    here.inputs.map((input) => input.file),
    [big],
  );
  assert.equal(await loaded.inputs(), [{ file: big, sha256: sha256(readFileSync(big, 'utf8')) }]);
  assert.equal(warnings, [], 'the thread started');
});

test('a small spec, loaded here: its snapshot is made when asked, after the emitters have the model', async () => {
  const loaded = await loadModel(job(small), {}, () => {});
  assert.is(loaded.runtime, undefined, 'the emit stage renders the runtime');
  // Nothing is made before the emit stage asks: an operation gone from the model since is not in it.
  const dropped = loaded.model.model().operations.pop()!;
  const snapshot = await loaded.snapshot();
  assert.is(snapshot, await loaded.snapshot(), 'made once');
  assert.not.match(snapshot, `"${dropped.id}"`);
  assert.is(snapshot, rest(loaded.model.model(), {}).snapshot);
  assert.equal(await loaded.inputs(), [{ file: small, sha256: sha256(readFileSync(small, 'utf8')) }]);
});

test('a bad big spec: its located error crosses the thread as a SpecError', async () => {
  const refused = loadAndModel({ ...job(broken), kind: 'load', key: -1 }, () => {});
  assert.ok('refused' in refused, 'loadAndModel answers with the errors as data');
  const expected = refused.refused
    .map((e) => new SpecError(e.reason, e.file, e.pointer, e.line, e.column).message)
    .join('\n');
  try {
    await loadModel(job(broken), {}, () => {});
    assert.unreachable('a missing $ref is refused');
  } catch (error) {
    assert.ok(error instanceof SpecError || error instanceof SpecErrors, String(error));
    assert.match((error as Error).message, /broken\.json:\d+:\d+: .*Missing/);
    assert.is((error as Error).message, expected, 'the message is the one made here');
  }
});

test('a spec thread that cannot start: the work is done here, and --verbose is told', async () => {
  const warnings: string[] = [];
  warnThreadFailures((line) => warnings.push(line));
  process.env.XGEN_SPEC_WORKER = join(work, 'no-such-worker.ts');
  try {
    const loaded = await loadModel(job(big), {}, () => {});
    assert.is(loaded.model.clientName, 'BigClient');
    assert.match(
      warnings.join('\n'),
      /^xgen: warning: the thread for loading the spec did not run \(.*no-such-worker\.ts.*\); its work is done on the main thread, slower$/m,
    );
  } finally {
    delete process.env.XGEN_SPEC_WORKER;
  }
});

test('a spec thread that fails after the model: the rest is made here from its bytes, the inputs never reused', async () => {
  // A spec thread that loads and models, then fails every rest job (as one that died would leave it).
  const worker = join(work, 'no-rest-worker.ts');
  writeFileSync(
    worker,
    `import { serveJobs } from ${JSON.stringify(pathToFileURL(join(ROOT, 'generator/run/thread.ts')).href)};
import { specThreadJob } from ${JSON.stringify(pathToFileURL(join(ROOT, 'generator/run/spec-thread.ts')).href)};
serveJobs((job, progress) => {
  if (job.kind === 'rest') throw new Error('no rest on this thread');
  return specThreadJob(job, progress);
});
`,
  );
  const warnings: string[] = [];
  warnThreadFailures((line) => warnings.push(line));
  process.env.XGEN_SPEC_WORKER = worker;
  try {
    const loaded = await loadModel(job(big), {}, () => {});
    const here = loadAndModel({ ...job(big), kind: 'load', key: -1 }, () => {});
    assert.ok('model' in here);
    const expected = rest(here.model, {});
    assert.is(await loaded.snapshot(), expected.snapshot);
    assert.equal([...(await loaded.runtime!)], [...expected.runtime]);
    // The text stayed on the thread: a hash that matches no text, so the result cache never reuses it.
    assert.equal(await loaded.inputs(), [{ file: big, sha256: '' }]);
    assert.equal(warnings, [], 'the thread ran (and modelled)');
  } finally {
    delete process.env.XGEN_SPEC_WORKER;
  }
});

test.run();
