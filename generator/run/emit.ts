import { UsageError } from '../errors.ts';
import { isIdentifier } from '../model/names.ts';
import type { ApiModel } from '../model/types.ts';
import type { PackageFiles } from '../emit/emitters.ts';
import type { PackageJsonOptions } from '../emit/package-files.ts';
import { renderRuntime, type TemplateOverrides } from '../emit/runtime.ts';
import { ModelHandle } from './model-bytes.ts';
import { type EmitModel, emitted, requestEmit as requestOnThreads, schemaTypes } from './emit-threads.ts';

/*
 * The emit stage: what it makes of a model, in parts (emitParts) or whole (emitPackage). The
 * schema types and the ts-morph emitters run on threads (emit-emit-threads.ts has their lifetimes); this
 * module loads neither library and renders the runtime (handlebars) while they work.
 */

export type { PackageFiles } from '../emit/emitters.ts';
export { ModelHandle } from './model-bytes.ts';
export type { EmitModel } from './emit-threads.ts';
export { warnThreadFailures } from './thread.ts';
export {
  keepEmitThreads,
  prestartEmitThreads,
  releaseEmitThreads,
  startEmitThreads,
  startSchemaTypesThread,
  stopIdleEmitThreads,
} from './emit-threads.ts';

/**
 * Starts emitting a model as soon as it is built; `emitParts` takes the results up. A model whose
 * client name `emitParts` refuses is not sent.
 */
export async function requestEmit(
  model: EmitModel,
  openapiVersion: '3.0' | '3.1',
  packageJson: PackageJsonOptions = {},
): Promise<void> {
  if (isIdentifier(model.clientName)) await requestOnThreads(model, openapiVersion, packageJson);
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
  model: EmitModel,
  openapiVersion: '3.0' | '3.1',
  overrides?: TemplateOverrides,
  packageJson: PackageJsonOptions = {},
  runtime?: Promise<PackageFiles>,
): EmittedParts {
  // The client's name is the one identifier that comes from the command line or config, not the name table.
  if (!isIdentifier(model.clientName))
    throw new UsageError(
      `the client name must be a JavaScript identifier, got ${JSON.stringify(model.clientName)}`,
    );
  const schemas = schemaTypes(model, openapiVersion);
  const structured = emitted(model, packageJson);
  // Rendered here while the threads work; until it is done, a failure of theirs waits to be taken up.
  schemas.catch(() => {});
  structured.catch(() => {});
  runtime ??= Promise.resolve(
    new Map(
      renderRuntime(ModelHandle.from(model).model(), overrides).map((rendered) => [
        rendered.path,
        rendered.text,
      ]),
    ),
  );
  return { runtime, structured, schemas };
}

/** The files of the parts, in the order `emitPackage` gives them. */
export async function joinParts(parts: {
  runtime: PackageFiles | Promise<PackageFiles>;
  structured: Promise<PackageFiles>;
  schemas: Promise<string>;
}): Promise<PackageFiles> {
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
