/** The line `xgen generate` ends with after a major version: breaking changes, some of which migrate can apply. */
export const MIGRATE_HINT =
  'A major version: run `xgen migrate` to rewrite your code for the renames (`--dry-run` to preview); it lists what it cannot migrate.';
