/**
 * The compiler settings a generated package is built with. Shared by two stages: emit writes them
 * into the package's tsconfig.json (so the package can be rebuilt), and compile builds with them.
 * A leaf module, so that neither stage imports the other.
 */
export const PACKAGE_COMPILER_OPTIONS = {
  target: 'ES2022',
  module: 'ES2022',
  moduleResolution: 'Bundler',
  lib: ['ES2022', 'DOM'],
  types: [],
  strict: true,
  noUncheckedIndexedAccess: true,
  exactOptionalPropertyTypes: true,
  noImplicitOverride: true,
  declaration: true,
  skipLibCheck: true,
  rootDir: 'src',
  outDir: 'dist',
  newLine: 'lf',
} as const;
