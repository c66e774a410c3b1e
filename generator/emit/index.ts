import { UsageError } from '../errors.ts';
import { isIdentifier } from '../model/names.ts';
import type { ApiModel } from '../model/types.ts';
import type { PackageFiles } from './emitters.ts';
import { emitted, requestEmitters, startEmittersThread, stopEmittersThread } from './emitters-thread.ts';
import type { PackageJsonOptions } from './package-files.ts';
import { renderRuntime, type TemplateOverrides } from './runtime.ts';
import { requestSchemaTypes, schemaTypes, startSchemaTypesThread, stopSchemaTypesThread } from './schema-types-thread.ts';

export type { PackageFiles } from './emitters.ts';
export { warnThreadFailures } from './thread.ts';

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

/**
 * Starts emitting a model as soon as it is built; `emitPackage` takes the result up. Sending a big
 * model to a thread copies it on this thread (a tenth of a second for GitHub's): between the two
 * copies the event loop takes a signal in.
 */
export async function requestEmit(model: ApiModel, openapiVersion: '3.0' | '3.1', packageJson: PackageJsonOptions = {}): Promise<void> {
  if (!isIdentifier(model.clientName)) return; // emitPackage refuses it
  requestSchemaTypes(model, openapiVersion);
  await new Promise((resolve) => setImmediate(() => setImmediate(resolve)));
  requestEmitters(model, packageJson);
}

/**
 * A package's emitted files in three parts, each ready when its maker is done: the runtime (rendered
 * here at once), the ts-morph emitters' files (`src/schemas.ts` empty in its place in their order) and
 * `src/schemas.ts` (both from their threads). The next stage may start on one part while another is made.
 */
export interface EmittedParts {
  runtime: Promise<PackageFiles>;
  structured: Promise<PackageFiles>;
  schemas: Promise<string>;
}

/**
 * Starts every emitter over the model (see EmittedParts). `runtime`: the runtime's files where they
 * are being made elsewhere (the spec thread); otherwise rendered here.
 */
export function emitParts(
  model: ApiModel,
  openapiVersion: '3.0' | '3.1',
  overrides?: TemplateOverrides,
  packageJson: PackageJsonOptions = {},
  runtime?: Promise<PackageFiles>,
): EmittedParts {
  // The client's name is the one identifier that comes from the command line or config, not the name table.
  if (!isIdentifier(model.clientName)) throw new UsageError(`the client name must be a JavaScript identifier, got ${JSON.stringify(model.clientName)}`);
  const schemas = schemaTypes(model, openapiVersion);
  const structured = emitted(model, packageJson);
  // Rendered here while the threads work; until it is done, a failure of theirs waits to be taken up.
  schemas.catch(() => {});
  structured.catch(() => {});
  runtime ??= Promise.resolve(new Map(renderRuntime(model, overrides).map((rendered) => [rendered.path, rendered.text])));
  return { runtime, structured, schemas };
}

/** The files of the parts, in the order `emitPackage` gives them. */
export async function joinParts(parts: { runtime: PackageFiles | Promise<PackageFiles>; structured: Promise<PackageFiles>; schemas: Promise<string> }): Promise<PackageFiles> {
  const files = new Map(await parts.structured);
  for (const [path, text] of await parts.runtime) files.set(path, text);
  files.set('src/schemas.ts', await parts.schemas);
  return files;
}

/** Runs every emitter over the model. */
export async function emitPackage(
  model: ApiModel,
  openapiVersion: '3.0' | '3.1',
  overrides?: TemplateOverrides,
  packageJson: PackageJsonOptions = {},
): Promise<PackageFiles> {
  return joinParts(emitParts(model, openapiVersion, overrides, packageJson));
}
