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
import { emitTesting } from './testing.ts';

/** Files of a package by path inside it, before formatting. */
export type PackageFiles = Map<string, string>;

/**
 * Every emitter built on ts-morph structures, and the package files: the package's files but the
 * schema types (rendered on their own thread) and the runtime (rendered by emitPackage meanwhile),
 * with `src/schemas.ts` empty in its place in the file order.
 */
export function runEmitters(model: ApiModel, packageJson: PackageJsonOptions = {}): PackageFiles {
  const files: PackageFiles = new Map();
  files.set('package.json', emitPackageJson(model, packageJson));
  files.set('tsconfig.json', emitTsconfig());
  files.set('README.md', emitReadme(model));
  files.set('src/schemas.ts', '');
  files.set('src/models.ts', emitModels(model));
  files.set('src/enums.ts', emitEnums(model));
  if (model.problems) files.set('src/problems.ts', emitProblems(model, model.problems));
  for (const [path, text] of emitOperations(model)) files.set(path, text);
  files.set('src/functions.ts', emitFunctions(model));
  for (const group of model.groups)
    files.set(`src/resources/${group.fileName}.ts`, emitResource(model, group));
  files.set('src/client.ts', emitClient(model));
  files.set('src/index.ts', emitIndex(model));
  for (const [path, text] of emitTesting(model, packageJson.testing)) files.set(path, text);
  return files;
}
