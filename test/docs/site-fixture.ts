/**
 * The docs site as a fixture of the run (test/helpers/shared-fixture.ts): its name, which built-site.ts
 * builds it under, and the files that read it, which test/run.ts keeps queued while one of them builds it
 * (a second test process would only wait for it).
 */
export const SITE_FIXTURE = 'docs site: npm run docs:build';

/** The test files (by name under test/) that read the site the run builds once. */
export const SITE_READERS = /^docs\/(links|site[^/]*)\.test\.ts$/;
