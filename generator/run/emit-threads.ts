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
 * spec and builds the model. The schema types (openapi-typescript and TypeScript 5.9:
 * emit/libraries.ts) get a thread of their own only where the main thread has other work
 * meanwhile: a big spec (whose load and model run on the spec thread, spec-thread.ts) or packages
 * generated side by side. For one small spec the emitters' thread renders them too, once its
 * emitters are done: the main thread, which formats and compiles, then loads no TypeScript (its
 * memory while the native compiler runs is what the process tree's peak is made of). A thread ends
 * once no package needs it and it has no job left.
 * Where a thread does not run, its work is done on the main thread: same files.
 */

/** A schema types job: the model's part their emitter reads (see model-bytes.ts), and the spec's version. */
interface SchemaTypesRequest {
  model: ModelHandle;
  openapiVersion: '3.0' | '3.1';
}

/** What the schema-types thread is sent: the model's bytes, of which it reads only the schema types' part. */
export interface SchemaTypesJob {
  kind: 'schema-types';
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
  kind: 'emitters';
  model: ModelBytes;
  packageJson: PackageJsonOptions;
}

/** What the emitters' thread does: its emitters, or a small spec's schema types. */
type EmittersThreadRequest =
  | ({ kind: 'emitters' } & EmittersRequest)
  | ({ kind: 'schema-types' } & SchemaTypesRequest);

/** Which emitter a thread serves (worker.ts loads that one's libraries as it starts). */
export type EmitWork = 'schema-types' | 'emitters';

/** An emit thread, and the jobs asked of it as soon as a model was built, by model, until taken up. */
class Emitter<J extends { model: ModelHandle }, R> {
  private readonly requested = new WeakMap<ModelHandle, Promise<R>>();

  /** @param run does a job on the thread (or here, where it does not run) */
  constructor(
    private readonly thread: { stop(): void; busy(): boolean },
    private readonly run: (job: J) => Promise<R>,
  ) {}

  /** Starts the job for its model now; `take` hands it out. */
  request(job: J): void {
    const model = job.model;
    if (this.requested.has(model)) return;
    const result = this.run(job);
    // Handled where `take` hands it out; this keeps a failure from being unhandled until then.
    result.catch(() => {});
    this.requested.set(model, result);
  }

  /** Whether a job was requested for the model and not yet taken. */
  holds(model: ModelHandle): boolean {
    return this.requested.has(model);
  }

  /** The result for a model: the job requested for it, or a new one (on the thread when it runs, otherwise here). */
  take(job: J): Promise<R> {
    const model = job.model;
    const early = this.requested.get(model);
    if (early) this.requested.delete(model);
    const result = early ?? this.run(job);
    result.then(
      () => endWhenNotNeeded(this.thread),
      () => {},
    );
    return result;
  }
}

const schemaTypesThread = new EmitThread<SchemaTypesRequest, string>(
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
  ({ model, openapiVersion }): SchemaTypesJob => ({
    kind: 'schema-types',
    model: model.bytes(),
    openapiVersion,
  }),
);

const emittersThread = new EmitThread<EmittersThreadRequest, PackageFiles | string>(
  'the emitters',
  'emit-worker',
  async (job) => {
    if (job.kind === 'emitters')
      return (await import('../emit/emitters.ts')).runEmitters(job.model.model(), job.packageJson);
    const { emitSchemaTypes } = await import('../emit/schema-types.ts');
    await yieldToSignals();
    return emitSchemaTypes(job.model.schemaPart(), job.openapiVersion);
  },
  'XGEN_EMITTERS_WORKER',
  'emitters' satisfies EmitWork,
  (job): EmittersJob | SchemaTypesJob =>
    job.kind === 'emitters'
      ? { kind: 'emitters', model: job.model.bytes(), packageJson: job.packageJson }
      : { kind: 'schema-types', model: job.model.bytes(), openapiVersion: job.openapiVersion },
);

/** The schema types on their own thread (a big spec, packages side by side), or here where no thread runs. */
const schemaTypesApart = new Emitter<SchemaTypesRequest, string>(schemaTypesThread, (job) =>
  schemaTypesThread.run(job),
);

/** A small spec's schema types, on the emitters' thread after its emitters. */
const schemaTypesBeside = new Emitter<SchemaTypesRequest, string>(
  emittersThread,
  (job) => emittersThread.run({ kind: 'schema-types', ...job }) as Promise<string>,
);

const emitters = new Emitter<EmittersRequest, PackageFiles>(
  emittersThread,
  (job) => emittersThread.run({ kind: 'emitters', ...job }) as Promise<PackageFiles>,
);

/** Where a model's schema types are rendered: on their own thread when it runs, else beside the emitters when theirs runs. */
function schemaTypesEmitter(model: ModelHandle): Emitter<SchemaTypesRequest, string> {
  if (schemaTypesBeside.holds(model)) return schemaTypesBeside;
  if (schemaTypesApart.holds(model)) return schemaTypesApart;
  return !schemaTypesThread.running() && emittersThread.running() ? schemaTypesBeside : schemaTypesApart;
}

const both = [schemaTypesThread, emittersThread];

/** The packages being generated that may still emit, and whether the threads outlive them. */
let users = 0;
let kept = false;

/**
 * Starts the emitters' thread for a package about to be generated, to load ts-morph while this
 * thread loads the spec and builds the model. Each start is paired with `releaseEmitThreads`.
 */
export function startEmitThreads(): void {
  users++;
  emittersThread.start();
}

/**
 * Starts the schema types' thread, for a package whose spec is big (spec-thread.ts isBigSpec) or that
 * is generated beside others; its release is the package's `releaseEmitThreads`.
 */
export function startSchemaTypesThread(): void {
  schemaTypesThread.start();
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
  emittersThread.start();
}

/**
 * A thread has handed its result to the one package emitting, and holds no other job of it (the
 * emitters' thread may still be rendering the schema types): nothing more will be asked of it, so it
 * ends now, and its memory (its TypeScript, its copy of the model, what it built) is free while the
 * other thread still works and the format stage starts. A later package starts a new one.
 */
function endWhenNotNeeded(thread: { stop(): void; busy(): boolean }): void {
  if (users === 1 && !kept && !thread.busy()) thread.stop();
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
  (work === 'schema-types' ? schemaTypesThread : emittersThread).start();
}

/** Whether each thread runs (it may still fall back if it cannot load), for tests. */
export function schemaTypesThreadRunning(): boolean {
  return schemaTypesThread.running();
}
export function emittersThreadRunning(): boolean {
  return emittersThread.running();
}

/** How many jobs the threads hold unanswered, for tests: none once every package that sent one has settled. */
export function emitThreadJobs(): number {
  return both.reduce((sum, thread) => sum + thread.jobs(), 0);
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
  if (schemaTypesThread.running() || emittersThread.running()) {
    shared.bytes();
    await new Promise((resolve) => setImmediate(resolve));
  }
  // The emitters first: where the schema types are rendered on their thread, they come next.
  emitters.request({ model: shared, packageJson });
  schemaTypesEmitter(shared).request({ model: shared, openapiVersion });
}

/** `schemas.ts` for a model: the rendering requested for it, or a new one. */
export function schemaTypes(
  model: EmitModel | SchemaTypesInput,
  openapiVersion: '3.0' | '3.1',
): Promise<string> {
  const shared = handle(model);
  return schemaTypesEmitter(shared).take({ model: shared, openapiVersion });
}

/** The ts-morph emitters' files for a model: those requested for it, or new ones. */
export function emitted(model: EmitModel, packageJson: PackageJsonOptions): Promise<PackageFiles> {
  return emitters.take({ model: handle(model), packageJson });
}
