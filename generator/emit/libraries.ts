import { createRequire } from 'node:module';
import type * as OpenapiTypescript from 'openapi-typescript';
import type Typescript from 'typescript';

/**
 * TypeScript 5.9 and openapi-typescript, loaded by `require`. Both ship CommonJS, and an ESM import
 * of CommonJS first scans the whole file for its export names: for TypeScript's 9 MB that doubled
 * the cost of loading them (bench/RESULTS.md, "Measurements behind design choices").
 */
const require = createRequire(import.meta.url);

export const typescript = require('typescript') as typeof Typescript;

/*
 * openapi-typescript's transform and printer, without its entry module: `openapiTS()` first has
 * redocly (loaded with the entry) validate and bundle the document a second time, and ours is
 * a document the load stage validated and the model rebuilt with local `$ref`s only. The paths are
 * those of the pinned version (package.json), which exports every file (`./*`).
 */
const transformSchema =
  require('openapi-typescript/dist/transform/index.cjs') as typeof OpenapiTypescript.transformSchema;
const utils = require('openapi-typescript/dist/lib/utils.cjs') as Pick<
  typeof OpenapiTypescript,
  'resolveRef' | 'scanDiscriminators'
>;

/** What `openapiTS()` does after redocly: the options' defaults, the discriminators, then the transform. */
export function openapiTS(
  document: OpenapiTypescript.OpenAPI3,
  options: OpenapiTypescript.OpenAPITSOptions,
): Typescript.Node[] {
  const silent = options.silent ?? false;
  const context: OpenapiTypescript.GlobalContext = {
    additionalProperties: options.additionalProperties ?? false,
    alphabetize: options.alphabetize ?? false,
    arrayLength: options.arrayLength ?? false,
    defaultNonNullable: options.defaultNonNullable ?? true,
    discriminators: utils.scanDiscriminators(document, options),
    emptyObjectsUnknown: options.emptyObjectsUnknown ?? false,
    enum: options.enum ?? false,
    enumValues: options.enumValues ?? false,
    conditionalEnums: options.conditionalEnums ?? false,
    dedupeEnums: options.dedupeEnums ?? false,
    excludeDeprecated: options.excludeDeprecated ?? false,
    exportType: options.exportType ?? false,
    immutable: options.immutable ?? false,
    rootTypes: options.rootTypes ?? false,
    rootTypesNoSchemaPrefix: options.rootTypesNoSchemaPrefix ?? false,
    rootTypesKeepCasing: options.rootTypesKeepCasing ?? false,
    injectFooter: [],
    pathParamsAsTypes: options.pathParamsAsTypes ?? false,
    postTransform: options.postTransform,
    propertiesRequiredByDefault: options.propertiesRequiredByDefault ?? false,
    // Read only by the redocly step skipped here.
    redoc: undefined as never,
    silent,
    inject: options.inject,
    transform: options.transform,
    transformProperty: options.transformProperty,
    makePathsEnum: options.makePathsEnum ?? false,
    generatePathParams: options.generatePathParams ?? false,
    readWriteMarkers: options.readWriteMarkers ?? false,
    resolve: ($ref) => utils.resolveRef(document, $ref, { silent }),
  };
  return transformSchema(document, context);
}
