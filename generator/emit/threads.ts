import type { ApiModel } from '../model/types.ts';
import type { PackageFiles } from './emitters.ts';
import { type ModelBytes, ModelHandle } from './model-bytes.ts';
import type { PackageJsonOptions } from './package-files.ts';
import type { SchemaTypesInput } from './schema-types.ts';
import { EmitThread } from './thread.ts';

/*
 * The emit threads' lifetimes. Emitting runs on two threads beside the main one (worker.ts, see
 * EmitThread): the schema types' (TypeScript 5.9 and openapi-typescript, needed by nothing else;
 * bench/RESULTS.md has what that costs) and the ts-morph emitters'. Each is started when
 * generation starts, to load its libraries while the main thread reads the spec and builds the
 * model; it ends once no package needs it. Where a thread does not run, its work is done on the
 * main thread: same files.
 */

/** A schema types job: the model's part their emitter reads (see model-bytes.ts), and the spec's version. */
interface SchemaTypesRequest {
  model: ModelHandle;
  openapiVersion: '3.0' | '3.1';
}

/** What the schema-types thread is sent: the model's bytes, of which it reads only the schema types' part. */
export interface SchemaTypesJob {
  model: ModelBytes;
  openapiVersion: '3.0' | '3.1';
}

/** An emitters job: the model and the package.json options. */
interface EmittersRequest {
  model: ModelHandle;
  packageJson: PackageJsonOptions;
}

/** What the emitters' thread is sent: the model's bytes (shared, not copied). */
export interface EmittersJob {
  model: ModelBytes;
  packageJson: PackageJsonOptions;
}

/** Which emitter a thread serves (worker.ts loads that one's libraries as it starts). */
export type EmitWork = 'schema-types' | 'emitters';

/** An emit thread, and the jobs asked of it as soon as a model was built, by model, until taken up. */
class Emitter<J extends { model: ModelHandle }, R> {
  private readonly requested = new WeakMap<ModelHandle, Promise<R>>();

  constructor(readonly thread: EmitThread<J, R>) {}

  /** Starts the job for its model now; `take` hands it out. */
  request(job: J): void {
    const model = job.model;
    if (this.requested.has(model)) return;
    const result = this.thread.run(job);
    // Handled where `take` hands it out; this keeps a failure from being unhandled until then.
    result.catch(() => {});
    this.requested.set(model, result);
  }

  /** The result for a model: the job requested for it, or a new one (on the thread when it runs, otherwise here). */
  take(job: J): Promise<R> {
    const model = job.model;
    const early = this.requested.get(model);
    if (early) this.requested.delete(model);
    const result = early ?? this.thread.run(job);
    result.then(
      () => endWhenNotNeeded(this.thread),
      () => {},
    );
    return result;
  }
}

const schemaTypesThread = new Emitter(
  new EmitThread<SchemaTypesRequest, string>(
    'the schema types',
    'worker',
    async ({ model, openapiVersion }) =>
      (await import('./schema-types.ts')).emitSchemaTypes(model.schemaPart(), openapiVersion),
    'XGEN_SCHEMA_WORKER',
    'schema-types' satisfies EmitWork,
    ({ model, openapiVersion }): SchemaTypesJob => ({ model: model.bytes(), openapiVersion }),
  ),
);

const emittersThread = new Emitter(
  new EmitThread<EmittersRequest, PackageFiles>(
    'the emitters',
    'worker',
    async ({ model, packageJson }) => (await import('./emitters.ts')).runEmitters(model.model(), packageJson),
    'XGEN_EMITTERS_WORKER',
    'emitters' satisfies EmitWork,
    ({ model, packageJson }): EmittersJob => ({ model: model.bytes(), packageJson }),
  ),
);

const both = [schemaTypesThread.thread, emittersThread.thread];

/** The packages being generated that may still emit, and whether the threads outlive them. */
let users = 0;
let kept = false;

/**
 * Starts the emit threads for a package about to be generated, to load their libraries while this
 * thread loads the spec and builds the model. Each start is paired with `releaseEmitThreads`.
 */
export function startEmitThreads(): void {
  users++;
  for (const thread of both) thread.start();
}

/**
 * A package no longer needs the emit threads (it is emitted, or it failed). When no package does,
 * they end, and their memory (a TypeScript each, the copies of the model) is free for the
 * compile and write stages; unless `keepEmitThreads` was called.
 */
export function releaseEmitThreads(): void {
  users = Math.max(0, users - 1);
  stopIdleEmitThreads();
}

/**
 * Starts the emit threads ahead of any package, when every package of the run will be generated
 * (no result cache): they load their libraries while this thread loads the rest of the generator
 * and the config. The packages' `startEmitThreads`/`releaseEmitThreads` then end them as usual;
 * `stopIdleEmitThreads` ends them when no package came to use them.
 */
export function prestartEmitThreads(): void {
  for (const thread of both) thread.start();
}

/**
 * A thread has handed its result to the one package emitting: nothing more will be asked of it, so it
 * ends now, and its memory (its TypeScript, its copy of the model, what it built) is free while the
 * other thread still works and the format stage starts. A later package starts a new one.
 */
function endWhenNotNeeded(thread: { stop(): void }): void {
  if (users === 1 && !kept) thread.stop();
}

/** Ends the emit threads when no package is using them (and they are not kept): a run that failed before generating. */
export function stopIdleEmitThreads(): void {
  if (users > 0 || kept) return;
  for (const thread of both) thread.stop();
}

/** Keeps the emit threads for the life of the process (`--watch`: each regeneration finds their libraries loaded). */
export function keepEmitThreads(): void {
  kept = true;
}

/** Starts one of the threads alone, for tests of that thread. */
export function startEmitThread(work: EmitWork): void {
  (work === 'schema-types' ? schemaTypesThread : emittersThread).thread.start();
}

/** Whether each thread runs (it may still fall back if it cannot load), for tests. */
export function schemaTypesThreadRunning(): boolean {
  return schemaTypesThread.thread.running();
}
export function emittersThreadRunning(): boolean {
  return emittersThread.thread.running();
}

/** Forgets the threads, for tests: the next start makes new ones (see EmitThread.forget). */
export function forgetEmitThreads(): void {
  for (const thread of both) thread.forget();
}

/** A model built here, or one received as bytes (the spec thread's). */
export type EmitModel = ApiModel | ModelHandle;

function handle(model: EmitModel | SchemaTypesInput): ModelHandle {
  return ModelHandle.from(model as EmitModel);
}

/**
 * Starts emitting a model as soon as it is built; `schemaTypes` and `emitted` take the results up.
 * Both threads are sent the same bytes: received from the spec thread, or serialized here once
 * (between that and sending them the event loop takes a signal in).
 */
export async function requestEmit(
  model: EmitModel,
  openapiVersion: '3.0' | '3.1',
  packageJson: PackageJsonOptions,
): Promise<void> {
  const shared = handle(model);
  if (schemaTypesThread.thread.running() || emittersThread.thread.running()) {
    shared.bytes();
    await new Promise((resolve) => setImmediate(resolve));
  }
  schemaTypesThread.request({ model: shared, openapiVersion });
  emittersThread.request({ model: shared, packageJson });
}

/** `schemas.ts` for a model: the rendering requested for it, or a new one. */
export function schemaTypes(
  model: EmitModel | SchemaTypesInput,
  openapiVersion: '3.0' | '3.1',
): Promise<string> {
  return schemaTypesThread.take({ model: handle(model), openapiVersion });
}

/** The ts-morph emitters' files for a model: those requested for it, or new ones. */
export function emitted(model: EmitModel, packageJson: PackageJsonOptions): Promise<PackageFiles> {
  return emittersThread.take({ model: handle(model), packageJson });
}
