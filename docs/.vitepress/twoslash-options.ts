import { join } from 'node:path';
import ts from 'typescript';

/**
 * The compiler options the docs' samples are checked with: strict, as a consumer's project should be,
 * with the two generated packages resolved from generated/ by their names (their committed dist/).
 */
export function twoslashCompilerOptions(root: string): ts.CompilerOptions {
  const pkg = (name: string, entry: string) => [join(root, 'generated', name, 'dist', `${entry}.d.ts`)];
  return {
    strict: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    lib: ['lib.es2023.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
    types: ['node'],
    skipLibCheck: true,
    paths: {
      '@xgen/core-v2': pkg('core-v2', 'index'),
      '@xgen/core-v2/functions': pkg('core-v2', 'functions'),
      '@xgen/core-v2/testing': pkg('core-v2', 'testing/index'),
      '@xgen/ads-v12': pkg('ads-v12', 'index'),
      '@xgen/ads-v12/functions': pkg('ads-v12', 'functions'),
      '@xgen/ads-v12/testing': pkg('ads-v12', 'testing/index'),
    },
  };
}
