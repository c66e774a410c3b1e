/**
 * X's published spec 2.159 generated through the command line (`xgen generate --strict --verbose`, as
 * `@t/x-reference` with the client `XClient`): the package in `out/` and what the command printed in
 * `run.json`. Once per `npm test` (shared-fixture.ts) for the files that read it (field selection,
 * pagination inferred, the examples), instead of once a file: an X generation costs about 4 s of
 * processor. Read-only to its users.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type CliRun, ROOT, runCli } from './cli.ts';
import { sharedFixture } from './shared-fixture.ts';

export const X_REFERENCE_SPEC = join(ROOT, 'test', 'fixtures', 'reference', 'x-openapi-2.159.json');
export const X_REFERENCE_NAME = '@t/x-reference';
export const X_REFERENCE_CLIENT = 'XClient';

export interface XReferencePackage {
  /** The package's folder. */
  out: string;
  /** What `xgen generate` printed and returned. */
  run: CliRun;
}

/** The fixture; outside `npm test`'s shared folder, generated in `work` (the test's own folder). */
export async function xReferencePackage(work: string): Promise<XReferencePackage> {
  const dir = await sharedFixture(
    `x-reference: X 2.159 by xgen generate --strict --verbose as ${X_REFERENCE_NAME}`,
    async (into) => {
      mkdirSync(into, { recursive: true });
      const run = await runCli([
        'generate',
        '--spec',
        X_REFERENCE_SPEC,
        '--out',
        join(into, 'out'),
        '--name',
        X_REFERENCE_NAME,
        '--client',
        X_REFERENCE_CLIENT,
        '--no-cache',
        '--strict',
        '--verbose',
      ]);
      writeFileSync(join(into, 'run.json'), JSON.stringify(run));
    },
    () => join(work, 'x-reference'),
  );
  return { out: join(dir, 'out'), run: JSON.parse(readFileSync(join(dir, 'run.json'), 'utf8')) as CliRun };
}
