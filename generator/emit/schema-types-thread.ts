import { availableParallelism } from 'node:os';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { SchemaTypesInput } from './schema-types.ts';
import type { SchemaTypesReply, SchemaTypesRequest } from './schema-types-worker.ts';

/**
 * The schema types are rendered on a second thread. It is started when generation starts, so that
 * it loads TypeScript 5.9 and openapi-typescript (needed by nothing else; bench/RESULTS.md has what
 * that costs) while this thread reads the spec and builds the model, and it renders `schemas.ts`
 * while this thread loads ts-morph and runs the other emitters. On one core, or where a thread
 * cannot start, they run here instead: same text.
 */
interface Job {
  request: SchemaTypesRequest;
  resolve: (text: string) => void;
  reject: (error: Error) => void;
}

let thread: { worker: Worker; pending: Map<number, Job> } | null | undefined;
let nextId = 0;

/** Starts the thread (once per process); a no-op on one core or with XGEN_THREADS=0. */
export function startSchemaTypesThread(): void {
  if (thread !== undefined) return;
  thread = null;
  if (availableParallelism() < 2 || process.env.XGEN_THREADS === '0') return;
  try {
    const worker = startWorker();
    const pending = new Map<number, Job>();
    worker.unref();
    worker.on('message', (reply: SchemaTypesReply) => {
      const job = pending.get(reply.id);
      pending.delete(reply.id);
      if (pending.size === 0) worker.unref();
      if (!job) return;
      if ('text' in reply) job.resolve(reply.text);
      else job.reject(Object.assign(new Error(reply.error), { stack: reply.stack }));
    });
    // A thread that could not start (a loader this thread has and it lacks) or that died: what it
    // held, and every later package, renders here.
    const fallBack = (): void => {
      if (thread?.worker === worker) thread = null;
      for (const job of pending.values()) void here(job.request).then(job.resolve, job.reject);
      pending.clear();
    };
    worker.on('error', fallBack);
    worker.on('exit', fallBack);
    thread = { worker, pending };
  } catch {
    thread = null;
  }
}

/**
 * The worker beside this module: `schema-types-worker.js` in dist/; from the sources (run under tsx),
 * `schema-types-worker.ts` through tsx's API, since Node 20 does not give a thread the loader
 * hooks of `--import tsx`.
 */
function startWorker(): Worker {
  // XGEN_SCHEMA_WORKER: another entry file, for testing a thread that cannot start.
  const override = process.env.XGEN_SCHEMA_WORKER ? pathToFileURL(process.env.XGEN_SCHEMA_WORKER) : undefined;
  if (!import.meta.url.endsWith('.ts')) return new Worker(override ?? new URL('./schema-types-worker.js', import.meta.url));
  const entry = (override ?? new URL('./schema-types-worker.ts', import.meta.url)).href;
  const tsx = import.meta.resolve('tsx/esm/api');
  const boot = `import(${JSON.stringify(tsx)}).then((api) => api.tsImport(${JSON.stringify(entry)}, ${JSON.stringify(entry)}));`;
  return new Worker(boot, { eval: true });
}

/**
 * Forgets the thread, for tests: the next start makes a new one. The old one is not stopped (it is
 * idle and does not keep the process alive): terminating a thread that has tsx's loader ends the
 * whole process on Node 20.
 */
export function forgetSchemaTypesThread(): void {
  thread = undefined;
}

/** Whether the thread runs (it may still fall back if it cannot load). */
export function schemaTypesThreadRunning(): boolean {
  return Boolean(thread);
}

/** Renderings asked for ahead of the other emitters, by model. */
const requested = new WeakMap<SchemaTypesInput, Promise<string>>();

/**
 * Starts rendering a model's `schemas.ts` as soon as the model is built, before the other emitters
 * load: the thread renders while this one loads ts-morph and runs them. `schemaTypes` takes it up.
 */
export function requestSchemaTypes(model: SchemaTypesInput, openapiVersion: '3.0' | '3.1'): void {
  if (requested.has(model)) return;
  const text = render(model, openapiVersion);
  // Handled where schemaTypes hands it out; this keeps a failure from being unhandled until then.
  text.catch(() => {});
  requested.set(model, text);
}

/** `schemas.ts` for a model: the rendering requested for it, or a new one (on the thread when it runs, otherwise here). */
export function schemaTypes(model: SchemaTypesInput, openapiVersion: '3.0' | '3.1'): Promise<string> {
  const early = requested.get(model);
  if (early) {
    requested.delete(model);
    return early;
  }
  return render(model, openapiVersion);
}

async function render(model: SchemaTypesInput, openapiVersion: '3.0' | '3.1'): Promise<string> {
  // Only what the emitter reads crosses to the thread (a structured clone).
  const part: SchemaTypesInput = { schemas: model.schemas, enums: model.enums, title: model.title, version: model.version, hasMoney: model.hasMoney };
  if (thread) {
    const { worker, pending } = thread;
    const id = nextId++;
    const request: SchemaTypesRequest = { id, model: part, openapiVersion };
    return new Promise<string>((resolve, reject) => {
      pending.set(id, { request, resolve, reject });
      worker.ref();
      worker.postMessage(request);
    });
  }
  return here({ id: nextId++, model: part, openapiVersion });
}

async function here(request: SchemaTypesRequest): Promise<string> {
  const { emitSchemaTypes } = await import('./schema-types.ts');
  return emitSchemaTypes(request.model, request.openapiVersion);
}
