import { loadSpec } from '../load/index.ts';
import { buildModel, type ModelOptions } from '../model/index.ts';
import { bumpOf } from './change.ts';
import { SpecLocator } from './locate.ts';
import type { DiffReport } from './render.ts';
import { diffSnapshots } from './rules.ts';
import { apiSnapshot } from './snapshot.ts';

/**
 * Compares the clients two specs produce: each is loaded and modelled as `xgen generate` would
 * (with a package's `names:`, when given)
 * (a bad spec throws the same located SpecError), reduced to its API snapshot, and the snapshots
 * are compared. Each change is located in the spec where it shows: the old one for what went.
 */
export function diffSpecs(
  oldPath: string,
  newPath: string,
  names: Pick<ModelOptions, 'names' | 'namesAt'> = {},
): DiffReport {
  const sides = [oldPath, newPath].map((path, side) => {
    const spec = loadSpec(path);
    // Names inside the client do not depend on the package's name; any will do. A package's
    // `names:` are those of its current spec: on the old one, an operation added since is passed over.
    const model = buildModel(spec, {
      packageName: 'api',
      clientName: 'ApiClient',
      ...names,
      namesOfOtherVersion: side === 0,
    });
    return { snapshot: apiSnapshot(model), locator: new SpecLocator(spec, model) };
  });
  const [old, next] = sides as [(typeof sides)[0], (typeof sides)[0]];
  const changes = diffSnapshots(old.snapshot, next.snapshot).map(({ where, rename, ...change }) => {
    const location = where ? (where.side === 'old' ? old : next).locator.locate(where) : undefined;
    return { ...change, ...(location ? { location } : {}), ...(rename ? { rename } : {}) };
  });
  return { bump: bumpOf(changes), changes };
}
