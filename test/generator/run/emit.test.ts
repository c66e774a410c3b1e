/**
 * The emit threads' lifetime: started for each package being generated (the schema types' only for
 * a big spec or beside other packages), they end once no package needs them (their memory is free
 * for compile and write), start again for a later package, and outlive every package after
 * keepEmitThreads (watch mode). Jobs a thread held when it ended, and the schema types of a package
 * that did not start their thread, are done on this thread.
 */
import { readFileSync, truncateSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parse } from 'yaml';
import { test } from '../../helpers/uvu.ts';
import * as assert from 'uvu/assert';
import { runEmitters } from '../../../generator/emit/emitters.ts';
import {
  emitted,
  emittersThreadRunning,
  forgetEmitThreads,
  prestartEmitThreads,
  releaseEmitThreads,
  schemaTypes,
  schemaTypesThreadRunning,
  startEmitThreads,
  startSchemaTypesThread,
  stopIdleEmitThreads,
} from '../../../generator/run/emit-threads.ts';
import { emitSchemaTypes } from '../../../generator/emit/schema-types.ts';
import { loadSpec } from '../../../generator/load/index.ts';
import { buildModel } from '../../../generator/model/index.ts';
import { removeDir, ROOT, runCli, tempDir } from '../../helpers/cli.ts';
import { generatePackage } from '../../../generator/generate.ts';
import { endSharedEmitThreads } from '../../helpers/emit-threads.ts';
import { filesHash } from '../../helpers/files-hash.ts';
import { runModule } from '../../helpers/module-process.ts';

// The threads' lifetimes are tested here: none an earlier file of the process shared.
test.before(() => endSharedEmitThreads());

const running = () => [schemaTypesThreadRunning(), emittersThreadRunning()];

/** Ads v12's model, built here. */
const adsModel = () =>
  buildModel(loadSpec(join(ROOT, 'spec/ads-v12.yaml')), {
    packageName: '@test/ads',
    clientName: 'AdsClient',
  });

test.before(() => {
  forgetEmitThreads();
});

/** What generatePackage starts for a package with a big spec, or beside another package. */
function startBoth(): void {
  startEmitThreads();
  startSchemaTypesThread();
}

test('a package starts the emitters thread; the schema types thread only when asked', () => {
  startEmitThreads();
  assert.equal(running(), [false, true]);
  startSchemaTypesThread();
  assert.equal(running(), [true, true]);
  releaseEmitThreads();
  assert.equal(running(), [false, false]);
});

test('two packages side by side: the threads end when the second one releases them', () => {
  startBoth();
  startBoth();
  assert.equal(running(), [true, true]);
  releaseEmitThreads();
  assert.equal(running(), [true, true], 'one package still emits');
  releaseEmitThreads();
  assert.equal(running(), [false, false]);
  startBoth();
  assert.equal(running(), [true, true], 'a later package starts them again');
  releaseEmitThreads();
  assert.equal(running(), [false, false]);
});

test('a job the thread held when it ended is done here', async () => {
  const model = adsModel();
  startEmitThreads();
  const files = emitted(model, {});
  releaseEmitThreads();
  assert.equal([...(await files)], [...runEmitters(model, {})]);
});

test('with one package emitting, each thread ends as soon as it has handed its result', async () => {
  const model = adsModel();
  startBoth();
  try {
    await schemaTypes(model, '3.1');
    assert.equal(running(), [false, true], 'the schema types are done, the emitters not yet asked');
    await emitted(model, {});
    assert.equal(running(), [false, false]);
  } finally {
    releaseEmitThreads();
  }
  startBoth();
  startBoth();
  await schemaTypes(model, '3.1');
  assert.equal(running(), [true, true], 'a second package may still ask');
  releaseEmitThreads();
  releaseEmitThreads();
});

test('the schema types of a package that did not start their thread are rendered here: the same text', async () => {
  const model = adsModel();
  startEmitThreads();
  try {
    const text = schemaTypes(model, '3.1');
    assert.equal(running(), [false, true], 'no thread was started for them');
    assert.is(await text, emitSchemaTypes(model, '3.1'));
  } finally {
    releaseEmitThreads();
  }
});

test("threads started ahead of the packages (the emitters') end with the last package, or unused", () => {
  prestartEmitThreads();
  assert.equal(running(), [false, true]);
  startEmitThreads();
  stopIdleEmitThreads();
  assert.equal(running(), [false, true], 'a package uses it');
  releaseEmitThreads();
  assert.equal(running(), [false, false], 'the last package ended it');
  prestartEmitThreads();
  stopIdleEmitThreads();
  assert.equal(running(), [false, false], 'no package came');
});

test('a cold run that fails before generating ends the threads it started ahead', async () => {
  const run = await runCli([
    'generate',
    '--config',
    join(ROOT, 'test/.tmp/no-such-config.yaml'),
    '--no-cache',
  ]);
  assert.is(run.code, 2, run.text);
  assert.equal(running(), [false, false]);
});

test('after keepEmitThreads, the threads outlive the packages', () => {
  const probe = `
    const emit = await import(${JSON.stringify(join(ROOT, 'generator/run/emit.ts'))});
    const { emittersThreadRunning } = await import(${JSON.stringify(join(ROOT, 'generator/run/emit-threads.ts'))});
    emit.keepEmitThreads();
    emit.startEmitThreads();
    emit.releaseEmitThreads();
    console.log(JSON.stringify(emittersThreadRunning()));
    process.exit(0);
  `;
  const run = runModule(probe);
  assert.is(run.status, 0, run.stderr);
  assert.is(run.stdout.trim(), 'true');
});

/** The size guard's refusal (load/limits.ts). */
const TOO_BIG = 'larger than 64 MB, the most a spec document may be: refused';

/**
 * What `xgen generate --watch` does, in a process of its own: keepEmitThreads, then one package a
 * run (generatePackage) for each step. Prints a line a step: the package's files (their hash) or the
 * first line of its refusal, and the jobs the threads still hold once the run's jobs are settled.
 * It must end by itself once done, its threads idle (no `process.exit`).
 */
function watchRuns(
  steps: { spec: string; strict?: boolean }[],
  timeout = 240_000,
): { status: number | null; lines: string[] } {
  const at = (file: string) => JSON.stringify(join(ROOT, file));
  const probe = `
    const { filesHash } = await import(${at('test/helpers/files-hash.ts')});
    const { keepEmitThreads } = await import(${at('generator/run/emit.ts')});
    const { emitThreadJobs } = await import(${at('generator/run/emit-threads.ts')});
    const { specThreadJobs } = await import(${at('generator/run/spec-thread.ts')});
    const { generatePackage } = await import(${at('generator/generate.ts')});
    keepEmitThreads();
    const held = () => emitThreadJobs() + specThreadJobs();
    for (const { spec, strict } of JSON.parse(process.env.XGEN_TEST_STEPS)) {
      const config = { spec, out: ${at('test/.tmp/watch-runs-out')}, name: '@test/ads', client: 'AdsClient', templates: {}, strict };
      let line;
      try {
        line = 'files ' + filesHash((await generatePackage(config)).files);
      } catch (error) {
        line = 'refused ' + error.message.split('\\n')[0];
      }
      // A big spec's snapshot and runtime may still be made on its thread when the run is refused
      // after its model: that job is answered, then none is held.
      for (let i = 0; i < 600 && held() > 0; i++) await new Promise((resolve) => setTimeout(resolve, 50));
      console.log(line + '; jobs held: ' + held());
    }
  `;
  const run = runModule(probe, {
    timeout,
    env: { XGEN_THREADS: '', XGEN_TEST_STEPS: JSON.stringify(steps) },
  });
  assert.not.ok(run.error, `${run.error}: the process did not end by itself\n${run.stdout}${run.stderr}`);
  assert.is(run.stderr, '');
  return { status: run.status, lines: run.stdout.trim().split('\n') };
}

test('under --watch, runs refused at every point a run can fail leave no job held, and the next run generates', async () => {
  const work = tempDir('watch-runs');
  try {
    // Over the size limit (sparse): a big spec, refused on the spec thread, the schema types' thread started.
    const huge = join(work, 'huge.yaml');
    writeFileSync(huge, '');
    truncateSync(huge, 65 * 1024 * 1024);
    // A spec with a warning, made big (over 1 MB): under strict it is refused once its model is built
    // on the spec thread, which is then making its snapshot.
    const lenient = join(ROOT, 'test/fixtures/specs/corpus/lenient/undeclared-path-param.yaml');
    const bigLenient = join(work, 'big-lenient.json');
    const parsed = parse(readFileSync(lenient, 'utf8')) as Record<string, unknown>;
    writeFileSync(bigLenient, JSON.stringify({ ...parsed, 'x-padding': 'x'.repeat(1 << 20) }));
    const yamlError = join(ROOT, 'test/fixtures/bad-specs/invalid-yaml-indent.yaml');
    const good = join(ROOT, 'spec/ads-v12.yaml');
    const run = watchRuns([
      { spec: huge },
      { spec: yamlError },
      { spec: lenient, strict: true },
      { spec: bigLenient, strict: true },
      { spec: good },
    ]);
    assert.is(run.status, 0, run.lines.join('\n'));
    const reference = filesHash(
      (
        await generatePackage({
          spec: good,
          out: join(ROOT, 'test/.tmp/watch-runs-out'),
          name: '@test/ads',
          client: 'AdsClient',
          templates: {},
        })
      ).files,
    );
    const undeclared =
      'path parameter "{toy_id}" of /pets/{pet_id}/toys/{toy_id} is not declared: assumed a required string (at #/paths/~1pets~1{pet_id}~1toys~1{toy_id}/get)';
    assert.equal(run.lines, [
      `refused ${relative(ROOT, huge)}:1:1: ${TOO_BIG}; jobs held: 0`,
      `refused ${relative(ROOT, yamlError)}:9:9: invalid YAML: bad indentation (this line is indented deeper than the key above, so it runs into that value) (at #/paths/~1pets/get/operationId); jobs held: 0`,
      `refused ${relative(ROOT, lenient)}:7:5: ${undeclared}; jobs held: 0`,
      `refused ${relative(ROOT, bigLenient)}:1:124: ${undeclared}; jobs held: 0`,
      `files ${reference}; jobs held: 0`,
    ]);
  } finally {
    removeDir(work);
  }
});

test('under --watch, a run refused before its threads had any job does not keep the process open', () => {
  const work = tempDir('watch-refused');
  try {
    const huge = join(work, 'huge.yaml');
    writeFileSync(huge, '');
    truncateSync(huge, 65 * 1024 * 1024);
    // Refused in well under a second: a minute is a process kept open.
    const run = watchRuns([{ spec: huge }], 60_000);
    assert.is(run.status, 0, run.lines.join('\n'));
    assert.equal(run.lines, [`refused ${relative(ROOT, huge)}:1:1: ${TOO_BIG}; jobs held: 0`]);
  } finally {
    removeDir(work);
  }
});

test.run();
