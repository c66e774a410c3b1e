/** Which operations reach a named type: what a change of that type is reported under. */
import { refsOf } from './shapes.ts';
import type { ApiSnapshot } from './snapshot.ts';

/** Which operations reach a named type, through their params, result and error bodies and the types between. */
export class Reach {
  private readonly closure = new Map<string, Set<string>>();
  private readonly byOperation: [string, Set<string>][];

  constructor(private readonly snapshot: ApiSnapshot) {
    this.byOperation = Object.entries(snapshot.operations).map(([id, op]) => {
      const direct = new Set<string>();
      for (const param of Object.values(op.params)) refsOf(param.type, direct);
      refsOf(op.result, direct);
      for (const body of Object.values(op.errors ?? {})) refsOf(body, direct);
      const all = new Set<string>();
      for (const name of direct) for (const n of this.typesFrom(name)) all.add(n);
      return [id, all];
    });
  }

  operationsReaching(name: string): string[] {
    return this.byOperation.filter(([, names]) => names.has(name)).map(([id]) => id);
  }

  private typesFrom(name: string): Set<string> {
    const known = this.closure.get(name);
    if (known) return known;
    const out = new Set<string>();
    const pending = [name];
    while (pending.length > 0) {
      const n = pending.pop() as string;
      if (out.has(n)) continue;
      out.add(n);
      const shape = this.snapshot.types[n]?.shape;
      if (shape) for (const r of refsOf(shape)) if (!out.has(r)) pending.push(r);
    }
    this.closure.set(name, out);
    return out;
  }
}
