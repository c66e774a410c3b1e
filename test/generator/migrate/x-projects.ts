/**
 * A consumer project of X's published package (consumer-project.ts), without code yet: generated from
 * 2.147, and the same project regenerated from 2.159, as the migrate tests of the real pair start
 * from. Generated once per `npm test` (test/helpers/shared-fixture.ts) for every file that asks,
 * instead of once per file: each X generation costs seconds of processor. A test copies them.
 */
import { cpSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../../helpers/cli.ts';
import { sharedFixture } from '../../helpers/shared-fixture.ts';
import { copyProject, createProject, generateProjects, packageConfig } from './consumer-project.ts';

const REFERENCE = join(ROOT, 'test', 'fixtures', 'reference');
export const X_2147 = join(REFERENCE, 'x-openapi-2.147.json');
export const X_2159 = join(REFERENCE, 'x-openapi-2.159.json');

const built = new Map<string, Promise<string>>();

/**
 * The fixture's folder: `2.147/` (the project generated from 2.147) and `2.159/` (it, regenerated
 * from 2.159). Outside `npm test`'s shared folder, built once a process in the test's folder `work`.
 */
function xProjects(work: string): Promise<string> {
  const known = built.get(work);
  if (known) return known;
  const fixture = sharedFixture(
    'migrate: a consumer project of X 2.147, then regenerated from 2.159',
    async (dir) => {
      const old = join(dir, '2.147');
      const next = join(dir, '2.159');
      createProject(old, X_2147, {});
      await generateProjects([{ dir: old }]);
      copyProject(old, next);
      await generateProjects([{ dir: next, spec: X_2159 }]);
    },
    () => join(work, 'x-projects'),
  );
  built.set(work, fixture);
  return fixture;
}

/** A consumer project of X 2.147 in `dir` (inside the test's folder `work`), its package generated (a copy of the run's). */
export async function x2147Project(work: string, dir: string): Promise<void> {
  copyProject(join(await xProjects(work), '2.147'), dir);
}

/** The folder of the package generated from 2.147 in the run's copy: read-only (the examples read it). */
export async function x2147Package(work: string): Promise<string> {
  return packageConfig(join(await xProjects(work), '2.147')).out;
}

/**
 * Regenerates the project in `dir` (made by x2147Project) from 2.159: the spec and the package
 * that `generateProjects([{ dir, spec: X_2159 }])` gives it, taken from the run's copy.
 */
export async function upgradeTo2159(work: string, dir: string): Promise<void> {
  const from = join(await xProjects(work), '2.159');
  const out = packageConfig(dir).out;
  rmSync(out, { recursive: true, force: true });
  cpSync(packageConfig(from).out, out, { recursive: true, verbatimSymlinks: true });
  cpSync(packageConfig(from).spec, packageConfig(dir).spec);
}
