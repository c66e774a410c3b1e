import type { ApiModel } from '../model/types.ts';
import type { PackageFiles } from '../emit/emitters.ts';
import { type ModelBytes, ModelHandle } from './model-bytes.ts';
import type { PackageJsonOptions } from '../emit/package-files.ts';
import type { SchemaTypesInput } from '../emit/schema-types.ts';
import { EmitThread } from './thread.ts';
import { yieldToSignals } from '../interrupt.ts';

/*
 * The emit threads' lifetimes. The ts-morph emitters run on a thread beside the main one (worker.ts,
 * see EmitThread), started when generation starts, to load ts-morph while the main thread reads the
 * spec and builds the model. The schema types (TypeScript 5.9 and openapi-typescript, needed by
 * nothing else) get a thread of their own only where the main thread has other work meanwhile: a big
 * spec (whose load and model run on the spec thread, spec-thread.ts) or packages generated side by
 * side. For one small spec the main thread renders them itself once the emitters' thread has the
 * model: it would otherwise only wait, and a third thread loading its libraries beside the model being
 * built left two cores to three threads (on X's spec, rendering them here was 0.96x the wall time and
 * 0.95x the CPU, 14 paired rounds; bench/RESULTS.md). A thread ends once no package needs it. Where a
 * thread does not run, its work is done on the main thread: same files.
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
    'emit-worker',
    async ({ model, openapiVersion }) => {
      const { emitSchemaTypes } = await import('../emit/schema-types.ts');
      // Loading TypeScript here took this thread a while: a signal meanwhile is answered first.
      await yieldToSignals();
      return emitSchemaTypes(model.schemaPart(), openapiVersion);
    },
    'XGEN_SCHEMA_WORKER',
    'schema-types' satisfies EmitWork,
    ({ model, openapiVersion }): SchemaTypesJob => ({ model: model.bytes(), openapiVersion }),
  ),
);

const emittersThread = new Emitter(
  new EmitThread<EmittersRequest, PackageFiles>(
    'the emitters',
    'emit-worker',
    async ({ model, packageJson }) =>
      (await import('../emit/emitters.ts')).runEmitters(model.model(), packageJson),
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
 * Starts the emitters' thread for a package about to be generated, to load ts-morph while this
 * thread loads the spec and builds the model. Each start is paired with `releaseEmitThreads`.
 */
export function startEmitThreads(): void {
  users++;
  emittersThread.thread.start();
}

/**
 * Starts the schema types' thread, for a package whose spec is big (spec-thread.ts isBigSpec) or that
 * is generated beside others; its release is the package's `releaseEmitThreads`.
 */
export function startSchemaTypesThread(): void {
  schemaTypesThread.thread.start();
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
 * Starts the emitters' thread ahead of any package, when every package of the run will be generated
 * (no result cache): it loads ts-morph while this thread loads the rest of the generator and the
 * config. The packages' `startEmitThreads`/`releaseEmitThreads` then end it as usual;
 * `stopIdleEmitThreads` ends it when no package came to use it. (The schema types' thread waits for
 * a package that needs it: see the top of this file.)
 */
export function prestartEmitThreads(): void {
  emittersThread.thread.start();
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
  // The emitters' thread first: where the schema types are rendered here, it works meanwhile.
  emittersThread.request({ model: shared, packageJson });
  schemaTypesThread.request({ model: shared, openapiVersion });
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
