import { createRequire } from 'node:module';
import type * as OpenapiTypescript from 'openapi-typescript';
import type Typescript from 'typescript';
import { discriminatorScope } from './schema-discriminators.ts';

/**
 * TypeScript and openapi-typescript, loaded by `require`. Both ship CommonJS, and an ESM import
 * of CommonJS first scans the whole file for its export names: for TypeScript's 9 MB that doubled
 * the cost of loading them (bench/RESULTS.md, "Measurements behind design choices").
 */
const require = createRequire(import.meta.url);

/**
 * TypeScript 5.9, the version openapi-typescript declares it works with (its peer range is 5.x):
 * the schema types are built and printed with it, beside the copy ts-morph bundles for the emitters.
 */
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
> & { createRef: CreateRef };

/** openapi-typescript's `createRef`: the JSON pointer of a node from the parts of its path. */
type CreateRef = (parts: unknown[]) => string;

/** What `openapiTS()` does after redocly: the options' defaults, the discriminators, then the transform. */
export function openapiTS(
  document: OpenapiTypescript.OpenAPI3,
  options: OpenapiTypescript.OpenAPITSOptions,
): Typescript.Node[] {
  const silent = options.silent ?? false;
  const scope = discriminatorScope(document as never);
  const context: OpenapiTypescript.GlobalContext = {
    additionalProperties: options.additionalProperties ?? false,
    alphabetize: options.alphabetize ?? false,
    arrayLength: options.arrayLength ?? false,
    defaultNonNullable: options.defaultNonNullable ?? true,
    discriminators: scope
      ? utils.scanDiscriminators(scope as never, options)
      : { objects: {}, refsHandled: [] },
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
  const createRef = utils.createRef;
  utils.createRef = rememberedRefs(createRef);
  try {
    return transformSchema(document, context);
  } finally {
    utils.createRef = createRef;
  }
}

/**
 * `createRef` remembering what each part of a path adds to the pointer. The transform asks for
 * `createRef([path, key])` at every property, and `createRef` parses `path` (the parent's whole
 * pointer, unescaping and URI-decoding each segment) anew every time: quadratic in the depth, the
 * most of its cost on a big spec. Each part's contribution depends on that part alone, so the
 * parent's is worked out once and reused for all its children: the same pointers, the same errors.
 */
function rememberedRefs(createRef: CreateRef): CreateRef {
  const added = new Map<string, string>();
  return (parts) => {
    let pointer = '#';
    for (const part of parts) {
      if (part === undefined || part === null || part === '') continue;
      const key = String(part);
      let suffix = added.get(key);
      if (suffix === undefined) {
        suffix = createRef([part]).slice(1);
        added.set(key, suffix);
      }
      pointer += suffix;
    }
    return pointer;
  };
}
