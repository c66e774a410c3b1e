import { UsageError } from '../errors.ts';
import { isIdentifier } from '../model/names.ts';
import type { ApiModel } from '../model/types.ts';
import { emitClient } from './client.ts';
import { emitEnums } from './enums.ts';
import { emitFunctions } from './functions.ts';
import { emitIndex } from './index-file.ts';
import { emitModels } from './models.ts';
import { emitOperations } from './operations.ts';
import { emitPackageJson, emitTsconfig, type PackageJsonOptions } from './package-files.ts';
import { emitProblems } from './problems.ts';
import { emitReadme } from './readme.ts';
import { emitResource } from './resources.ts';
import { renderRuntime, type TemplateOverrides } from './runtime.ts';
import { schemaTypes } from './schema-types-thread.ts';

/** Files of a package by path inside it, before formatting. */
export type PackageFiles = Map<string, string>;

/** Runs every emitter over the model. */
export async function emitPackage(
  model: ApiModel,
  openapiVersion: '3.0' | '3.1',
  overrides?: TemplateOverrides,
  packageJson: PackageJsonOptions = {},
): Promise<PackageFiles> {
  // The client's name is the one identifier that comes from the command line or config, not the name table.
  if (!isIdentifier(model.clientName)) throw new UsageError(`the client name must be a JavaScript identifier, got ${JSON.stringify(model.clientName)}`);
  // Rendered on the schema-types thread (when it runs) while the other emitters run here.
  const schemas = schemaTypes(model, openapiVersion);
  const files: PackageFiles = new Map();
  files.set('package.json', emitPackageJson(model, packageJson));
  files.set('tsconfig.json', emitTsconfig());
  files.set('README.md', emitReadme(model));
  files.set('src/schemas.ts', ''); // its place in the file order; the text comes from the thread below
  files.set('src/models.ts', emitModels(model));
  files.set('src/enums.ts', emitEnums(model));
  if (model.problems) files.set('src/problems.ts', emitProblems(model, model.problems));
  files.set('src/operations.ts', emitOperations(model));
  files.set('src/functions.ts', emitFunctions(model));
  for (const group of model.groups) files.set(`src/resources/${group.fileName}.ts`, emitResource(model, group));
  files.set('src/client.ts', emitClient(model));
  files.set('src/index.ts', emitIndex(model));
  for (const rendered of renderRuntime(model, overrides)) files.set(rendered.path, rendered.text);
  files.set('src/schemas.ts', await schemas);
  return files;
}
