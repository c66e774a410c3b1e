/**
 * The rules for how a result follows its params (field selection, flags): which fields code may read
 * after asking for them, and the narrowed result type's type arguments.
 */
import type { Level, Where } from './change.ts';
import type { FieldRenames } from './found.ts';
import { camelCase } from '../model/names.ts';
import type { Field, Shape } from './shapes.ts';
import type { ApiSnapshot, NarrowingSnapshot, OperationSnapshot, SelectionSnapshot } from './snapshot.ts';

/**
 * How the result follows the params (field selection, flags): what `result.data.x` compiles to. Each
 * cause once: a result path that stops following its parameter in many operations (X's
 * `includes.tweets[]` in 45) is one entry listing them.
 * A field leaving the defaults, or one that may now be missing when asked for, is a compile
 * error where code reads it; so is a result that starts or stops following a parameter (fields
 * absent unless asked for, or optional again where they were present). A new default is a feature.
 */
export function compareNarrowing(
  id: string,
  before: OperationSnapshot,
  after: OperationSnapshot,
  next: ApiSnapshot,
  report: (level: Level, message: string, where?: Where) => void,
  shared: (level: Level, message: string, where?: Where) => void,
  fieldRenames: FieldRenames,
): void {
  const a: NarrowingSnapshot = renamedNarrowing(before.narrowing ?? {}, after.narrowing ?? {}, fieldRenames);
  const b: NarrowingSnapshot = after.narrowing ?? {};
  const paramAt = (key: string): Where => {
    const param = after.params[key];
    return param
      ? { side: 'new', operationId: id, param: { in: param.in, wire: param.wire } }
      : { side: 'new', operationId: id };
  };
  const fieldAt = (object: string, field: string, key: string): Where =>
    next.types[object] ? { side: 'new', operationId: id, type: object, field } : paramAt(key);
  const sa = a.selected ?? {};
  const sb = b.selected ?? {};
  for (const path of union(Object.keys(sa), Object.keys(sb))) {
    const x = sa[path];
    const y = sb[path];
    const label = `result field ${path}`;
    if (x && !y) {
      shared(
        'breaking',
        `${label} no longer follows ${x.param}: the fields it asks for are optional again, as the schema states them`,
        paramAt(x.param),
      );
      continue;
    }
    if (!x && y) {
      // Defaults unknown: the asked-for fields become present and every other one stays optional, so nothing read before stops compiling.
      if (y.defaultsUnknown)
        shared(
          'feature',
          `${label} now follows ${y.param}: the fields it asks for are present; the spec states no defaults, so the others stay optional`,
          paramAt(y.param),
        );
      else
        shared(
          'breaking',
          `${label} now follows ${y.param}: it carries only its default fields (${y.defaults.join(', ') || 'none'}) and the fields ${y.param} asks for; reading any other is a compile error`,
          paramAt(y.param),
        );
      continue;
    }
    if (!x || !y) continue;
    if (x.param !== y.param)
      shared('breaking', `${label} now follows ${y.param} (was ${x.param})`, paramAt(y.param));
    // A field gone from the object altogether is reported as removed already.
    const fields = objectFields(next, y.object);
    const still = (f: string): boolean => fields === undefined || f in fields;
    // The selection is the object's (its defaults, its sometimes-absent fields): one cause wherever it is returned.
    const selected = `selected ${y.object} field`;
    if (x.defaultsUnknown && !y.defaultsUnknown) {
      // Unknown defaults meant optional fields where the spec now says absent.
      shared(
        'breaking',
        `${selected}s not asked for are now absent: the spec now states the defaults (${y.defaults.join(', ') || 'none'}), and reading any other field is a compile error unless ${y.param} asks for it`,
        paramAt(y.param),
      );
    }
    if (!x.defaultsUnknown && y.defaultsUnknown) {
      for (const f of x.defaults.filter((d) => still(d))) {
        shared(
          'breaking',
          `${selected} ${f} is no longer known to be returned by default: the spec states no defaults now, so it is optional unless ${y.param} asks for it`,
          paramAt(y.param),
        );
      }
      shared(
        'feature',
        `${selected}s not asked for may now be read (optional): the spec no longer states the defaults`,
        paramAt(y.param),
      );
    } else {
      for (const f of x.defaults.filter((d) => !y.defaults.includes(d) && still(d))) {
        shared(
          'breaking',
          `${selected} ${f} is no longer returned by default: reading it is a compile error unless ${y.param} asks for it`,
          paramAt(y.param),
        );
      }
    }
    for (const f of y.defaults.filter((d) => !x.defaults.includes(d))) {
      shared(
        'feature',
        `${selected} ${f} is now returned by default, without ${y.param} asking for it`,
        paramAt(y.param),
      );
    }
    const xs = x.sometimesAbsent ?? [];
    const ys = y.sometimesAbsent ?? [];
    for (const f of ys.filter((v) => !xs.includes(v))) {
      shared(
        'breaking',
        `${selected} ${f} may now be missing even when ${y.param} asks for it (optional)`,
        fieldAt(y.object, f, y.param),
      );
    }
    for (const f of xs.filter((v) => !ys.includes(v) && still(v))) {
      shared(
        'patch',
        `${selected} ${f} is now always present when ${y.param} asks for it`,
        fieldAt(y.object, f, y.param),
      );
    }
  }
  const ga = a.generic;
  const gb = b.generic;
  // Both narrowed, the type written differently: code naming it with type arguments must write them anew.
  if (before.narrowing && gb && !ga) {
    // Every narrowed result changed form at once (format 6): one cause, its operations listed, with
    // the same example in each (the first such operation of the package).
    const first =
      Object.keys(next.operations)
        .sort()
        .map((k) => next.operations[k]?.narrowing?.generic)
        .find((g) => g !== undefined) ?? gb;
    const example = `${first.type}<${first.parameters.map((p, i) => (i === 0 ? `typeof ${camelCase(p.param)}` : 'never')).join(', ')}>`;
    shared(
      'breaking',
      `narrowed result types take one type argument per value that decides them (each *.fields list or flag, in the order the type declares them; never for one not sent) instead of the params object: where code wrote ${first.type}<typeof params>, write the values' types, as in ${example}`,
    );
  } else if (ga && gb && JSON.stringify(ga) !== JSON.stringify(gb)) {
    const written = (g: typeof gb): string => `${g.type}<${g.parameters.map((p) => p.name).join(', ')}>`;
    const meaning = gb.parameters.map((p) => `${p.name}: ${p.param}`).join(', ');
    report(
      'breaking',
      `result type is now ${written(gb)} (was ${written(ga)}; ${meaning}): code naming it with type arguments must write them in this order`,
    );
  }
  const fa = a.flags ?? {};
  const fb = b.flags ?? {};
  const body = objectFields(next, after.result);
  for (const property of union(Object.keys(fa), Object.keys(fb))) {
    const x = fa[property];
    const y = fb[property];
    const label = `result field ${property}`;
    if (y && x !== y)
      shared(
        'breaking',
        `${label} is now present only when ${y} is true${x ? ` (was ${x})` : ''}: reading it otherwise is a compile error`,
        paramAt(y),
      );
    else if (x && !y && (body === undefined || property in body))
      shared(
        'breaking',
        `${label} no longer follows ${x}: it may be missing even when ${x} is true`,
        paramAt(x),
      );
  }
}

/**
 * The old narrowing in the new names of the fields renamed (see `diffSnapshots`): a renamed default is
 * the same default, and a result path through a renamed field (`includes.tweets[]` -> `includes.posts[]`)
 * the same path, so that neither is reported again as gone and come.
 */
function renamedNarrowing(
  old: NarrowingSnapshot,
  now: NarrowingSnapshot,
  fieldRenames: FieldRenames,
): NarrowingSnapshot {
  if (fieldRenames.size === 0 || !old.selected) return old;
  const inline = fieldRenames.get('') ?? new Map<string, string>();
  // A path segment follows the one rename of that name, wherever its type: only where the old path went and the new one came.
  const anywhere = new Map<string, Set<string>>();
  for (const renames of fieldRenames.values())
    for (const [from, to] of renames) anywhere.set(from, (anywhere.get(from) ?? new Set()).add(to));
  const segment = (name: string): string => {
    const bare = name.replace(/\[\]$/, '');
    const to =
      inline.get(bare) ??
      (anywhere.get(bare)?.size === 1 ? [...(anywhere.get(bare) as Set<string>)][0] : undefined);
    return to === undefined ? name : name.replace(bare, to);
  };
  const selected: Record<string, SelectionSnapshot> = {};
  for (const [path, selection] of Object.entries(old.selected)) {
    const moved = path.split('.').map(segment).join('.');
    const key =
      path in (now.selected ?? {}) || !(moved in (now.selected ?? {})) || moved in old.selected
        ? path
        : moved;
    const renames = fieldRenames.get(selection.object) ?? new Map<string, string>();
    const follow = (list: string[]): string[] => list.map((f) => renames.get(f) ?? f).sort();
    selected[key] = {
      ...selection,
      defaults: follow(selection.defaults),
      ...(selection.sometimesAbsent ? { sometimesAbsent: follow(selection.sometimesAbsent) } : {}),
    };
  }
  return { ...old, selected };
}

function union(a: string[], b: string[]): string[] {
  return [...new Set([...a, ...b])];
}

/** The fields of a named object type (or of an object result shape), or undefined when it is not a plain object. */
function objectFields(snapshot: ApiSnapshot, of: string | Shape): Record<string, Field> | undefined {
  let shape: Shape | undefined = typeof of === 'string' ? { ref: of } : of;
  for (let depth = 0; shape && 'ref' in shape && depth < 16; depth++)
    shape = snapshot.types[shape.ref]?.shape;
  return shape && 'kind' in shape && shape.kind === 'object' ? shape.fields : undefined;
}
