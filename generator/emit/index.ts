import { UsageError } from '../errors.ts';
import { isIdentifier } from '../model/names.ts';
import type { ApiModel } from '../model/types.ts';
import type { PackageFiles } from './emitters.ts';
import { emitted, requestEmitters, startEmittersThread, stopEmittersThread } from './emitters-thread.ts';
import type { PackageJsonOptions } from './package-files.ts';
import { renderRuntime, type TemplateOverrides } from './runtime.ts';
import { requestSchemaTypes, schemaTypes, startSchemaTypesThread, stopSchemaTypesThread } from './schema-types-thread.ts';

export type { PackageFiles } from './emitters.ts';

/*
 * Emitting runs on two threads beside this one (see EmitThread): the schema types' (openapi-typescript
 * and TypeScript 5.9) and the ts-morph emitters'. This module loads neither library: it starts the
 * threads and renders the runtime (handlebars) while they work; the emitters run here only where
 * the threads do not run.
 */

/** The packages being generated that may still emit, and whether the threads outlive them. */
let users = 0;
let kept = false;

/**
 * Starts the emit threads for a package about to be generated, to load their libraries while this
 * thread loads the spec and builds the model. Each start is paired with `releaseEmitThreads`.
 */
export function startEmitThreads(): void {
  users++;
  startSchemaTypesThread();
  startEmittersThread();
}

/**
 * A package no longer needs the emit threads (it is emitted, or it failed). When no package does,
 * they end, and their memory (a TypeScript each, the copies of the model) is free for the
 * compile and write stages; unless `keepEmitThreads` was called.
 */
export function releaseEmitThreads(): void {
  users = Math.max(0, users - 1);
  if (users > 0 || kept) return;
  stopSchemaTypesThread();
  stopEmittersThread();
}

/**
 * Starts the emit threads ahead of any package, when every package of the run will be generated
 * (no result cache): they load their libraries while this thread loads the rest of the generator
 * and the config. The packages' `startEmitThreads`/`releaseEmitThreads` then end them as usual;
 * `stopIdleEmitThreads` ends them when no package came to use them.
 */
export function prestartEmitThreads(): void {
  startSchemaTypesThread();
  startEmittersThread();
}

/** Ends the emit threads when no package is using them (and they are not kept): a run that failed before generating. */
export function stopIdleEmitThreads(): void {
  if (users > 0 || kept) return;
  stopSchemaTypesThread();
  stopEmittersThread();
}

/** Keeps the emit threads for the life of the process (`--watch`: each regeneration finds their libraries loaded). */
export function keepEmitThreads(): void {
  kept = true;
}

/** Starts emitting a model as soon as it is built; `emitPackage` takes the result up. */
export function requestEmit(model: ApiModel, openapiVersion: '3.0' | '3.1', packageJson: PackageJsonOptions = {}): void {
  if (!isIdentifier(model.clientName)) return; // emitPackage refuses it
  requestSchemaTypes(model, openapiVersion);
  requestEmitters(model, packageJson);
}

/** Runs every emitter over the model. */
export async function emitPackage(
  model: ApiModel,
  openapiVersion: '3.0' | '3.1',
  overrides?: TemplateOverrides,
  packageJson: PackageJsonOptions = {},
): Promise<PackageFiles> {
  // The client's name is the one identifier that comes from the command line or config, not the name table.
  if (!isIdentifier(model.clientName)) throw new UsageError(`the client name must be a JavaScript identifier, got ${JSON.stringify(model.clientName)}`);
  const schemas = schemaTypes(model, openapiVersion);
  const structured = emitted(model, packageJson);
  // Rendered here while the threads work.
  const runtime = renderRuntime(model, overrides);
  const files = await structured;
  for (const rendered of runtime) files.set(rendered.path, rendered.text);
  files.set('src/schemas.ts', await schemas);
  return files;
}
