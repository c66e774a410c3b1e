import type { SchemaTypesInput } from './schema-types.ts';
import { EmitThread } from './thread.ts';

/** What the schema-types thread is sent: only what the emitter reads (a structured clone). */
export interface SchemaTypesJob {
  model: SchemaTypesInput;
  openapiVersion: '3.0' | '3.1';
}

/**
 * The schema types are rendered on a thread of their own (schema-types-worker.ts). It is started
 * when generation starts, so that it loads TypeScript 5.9 and openapi-typescript (needed by nothing
 * else; bench/RESULTS.md has what that costs) while this thread reads the spec and builds the
 * model, and it renders `schemas.ts` while the other emitters run. Where it does not run, the
 * rendering is done here: same text.
 */
const thread = new EmitThread<SchemaTypesJob, string>(
  'the schema types',
  'schema-types-worker',
  async ({ model, openapiVersion }) => (await import('./schema-types.ts')).emitSchemaTypes(model, openapiVersion),
  'XGEN_SCHEMA_WORKER',
);

/** Starts the thread (once per process); a no-op on one core or with XGEN_THREADS=0. */
export function startSchemaTypesThread(): void {
  thread.start();
}

/** Forgets the thread, for tests: the next start makes a new one (see EmitThread.forget). */
export function forgetSchemaTypesThread(): void {
  thread.forget();
}

/** Ends the thread, freeing its memory (see EmitThread.stop). */
export function stopSchemaTypesThread(): void {
  thread.stop();
}

/** Whether the thread runs (it may still fall back if it cannot load). */
export function schemaTypesThreadRunning(): boolean {
  return thread.running();
}

/** Renderings asked for ahead of the other emitters, by model. */
const requested = new WeakMap<SchemaTypesInput, Promise<string>>();

/**
 * Starts rendering a model's `schemas.ts` as soon as the model is built, before the other emitters
 * run. `schemaTypes` takes it up.
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

function render(model: SchemaTypesInput, openapiVersion: '3.0' | '3.1'): Promise<string> {
  const part: SchemaTypesInput = { schemas: model.schemas, enums: model.enums, title: model.title, version: model.version, hasMoney: model.hasMoney };
  return thread.run({ model: part, openapiVersion });
}
