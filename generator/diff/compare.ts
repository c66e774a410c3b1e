import { loadSpec } from '../load/index.ts';
import { buildModel } from '../model/index.ts';
import { bumpOf } from './change.ts';
import { SpecLocator } from './locate.ts';
import type { DiffReport } from './render.ts';
import { diffSnapshots } from './rules.ts';
import { apiSnapshot } from './snapshot.ts';

/**
 * Compares the clients two specs produce: each is loaded and modelled as `xgen generate` would
 * (a bad spec throws the same located SpecError), reduced to its API snapshot, and the snapshots
 * are compared. Each change is located in the spec where it shows: the old one for what went.
 */
export function diffSpecs(oldPath: string, newPath: string): DiffReport {
  const sides = [oldPath, newPath].map((path) => {
    const spec = loadSpec(path);
    // Names inside the client do not depend on the package's name; any will do.
    const model = buildModel(spec, { packageName: 'api', clientName: 'ApiClient' });
    return { snapshot: apiSnapshot(model), locator: new SpecLocator(spec, model) };
  });
  const [old, next] = sides as [(typeof sides)[0], (typeof sides)[0]];
  const changes = diffSnapshots(old.snapshot, next.snapshot).map(({ where, rename, ...change }) => {
    const location = where ? (where.side === 'old' ? old : next).locator.locate(where) : undefined;
    return { ...change, ...(location ? { location } : {}), ...(rename ? { rename } : {}) };
  });
  return { bump: bumpOf(changes), changes };
}
