import { parseVersion } from '../diff/change.ts';

/** Orders two semver versions by major, minor and patch (a prerelease suffix is not weighed); not semver sorts first. */
export function compareVersions(a: string, b: string): number {
  const x = parseVersion(a) ?? [-1, -1, -1];
  const y = parseVersion(b) ?? [-1, -1, -1];
  for (let i = 0; i < 3; i++) if (x[i] !== y[i]) return (x[i] as number) - (y[i] as number);
  return 0;
}
