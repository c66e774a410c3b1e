import { createRequire } from 'node:module';
import type * as OpenapiTypescript from 'openapi-typescript';
import type Typescript from 'typescript';

/**
 * TypeScript 5.9 and openapi-typescript, loaded by `require`. Both ship CommonJS, and an ESM import
 * of CommonJS first scans the whole file for its export names: for TypeScript's 9 MB that doubled
 * the cost of loading them (measured 1.5 s of CPU against 0.8 s for the two).
 */
const require = createRequire(import.meta.url);

export const typescript = require('typescript') as typeof Typescript;

const openapiTypescript = require('openapi-typescript') as typeof OpenapiTypescript;
export const openapiTS = openapiTypescript.default;
export const astToString = openapiTypescript.astToString;
