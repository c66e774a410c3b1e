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
 * The TypeScript the schema types are built and printed with: the copy ts-morph bundles (in
 * `@ts-morph/common`), which the emitters load anyway, not the `typescript` package (5.9, kept for
 * the in-process compiler and the lint). One thread then renders the schema types and runs the
 * emitters with one TypeScript in memory instead of two (9 MB of source each, and what compiling
 * it holds): run/emit-threads.ts. openapi-typescript's own `require('typescript')` is answered
 * with it too, while its modules load (they all load here, and keep what they were given), so that
 * its nodes and ours come from one TypeScript. The output is the same byte for byte
 * (X's, Stripe's and GitHub's specs, core-v2 and ads-v12 compared with the files 5.9 made).
 */
export const typescript = require(
  createRequire(require.resolve('ts-morph')).resolve('@ts-morph/common/dist/typescript.js'),
) as typeof Typescript;

/** Requires `id` with every `require('typescript')` of the files it loads answered with `typescript`. */
function requireWithOurTypescript<T>(id: string): T {
  const own = createRequire(require.resolve(id)).resolve('typescript');
  const before = require.cache[own];
  require.cache[own] = { id: own, filename: own, loaded: true, exports: typescript } as NodeJS.Module;
  try {
    return require(id) as T;
  } finally {
    // Anyone else's `require('typescript')` (the in-process compiler's) gets the package again.
    if (before) require.cache[own] = before;
    else delete require.cache[own];
  }
}

/*
 * openapi-typescript's transform and printer, without its entry module: `openapiTS()` first has
 * redocly (loaded with the entry) validate and bundle the document a second time, and ours is
 * a document the load stage validated and the model rebuilt with local `$ref`s only. The paths are
 * those of the pinned version (package.json), which exports every file (`./*`).
 */
const transformSchema = requireWithOurTypescript<typeof OpenapiTypescript.transformSchema>(
  'openapi-typescript/dist/transform/index.cjs',
);
const utils = requireWithOurTypescript<
  Pick<typeof OpenapiTypescript, 'resolveRef' | 'scanDiscriminators'> & { createRef: CreateRef }
>('openapi-typescript/dist/lib/utils.cjs');

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
