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
  // Fields are assigned in constructors, not declared again on the class: smaller bundles, same objects.
  useDefineForClassFields: false,
} as const;

/**
 * What the generator compiles a package with (in a folder without its package.json): the package's
 * settings, `#transport` pointing at the fetch transport (its type is the node one's). Not in the
 * shipped tsconfig: esbuild reads `paths` and would send every bundle to the fetch transport.
 */
export const BUILD_COMPILER_OPTIONS = {
  ...PACKAGE_COMPILER_OPTIONS,
  paths: { '#transport': ['./src/runtime/fetch-transport.ts'] },
} as const;
