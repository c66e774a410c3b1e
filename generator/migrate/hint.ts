/** The line `xgen generate` ends with after a major version whose breaking changes include renames `xgen migrate` applies. */
export const MIGRATE_HINT =
  'A major version: run `xgen migrate` to rewrite your code for the renames (`--dry-run` to preview); it lists what it cannot migrate.';

/** The line after a major version without such renames: nothing for `xgen migrate` to rewrite, the changelog says what to change. */
export const CHANGELOG_HINT =
  'A major version: its CHANGELOG.md entry says what to change in code that uses the package (no rename for `xgen migrate` to apply).';
