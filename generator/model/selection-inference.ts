import { type DocumentSet, isObject, type Location } from '../load/index.ts';
import { fieldType, fieldValues, propertiesOf } from './selection-schema.ts';
import { refName, type SchemaRegistry } from './schemas.ts';
import type { FieldSelectionModel, JsonSchema, OperationModel, ParamModel } from './types.ts';

type ReadOperation = Omit<OperationModel, 'methodName' | 'group' | 'functionName' | 'resultTypes'>;

/** What the inference found for one operation: the pairings, and the `includes` members expansions fill. */
export interface InferredSelection {
  entries: FieldSelectionModel[];
  /** The keys of the result's `includes` object, when the operation has an `expansions` parameter. */
  includes?: Set<string>;
}

/** A share of an object's properties a `*.fields` parameter must name to be paired with it. */
const MIN_NAMED = 2 / 3;

/**
 * Field selection where the spec does not state it (`x-field-selection`), read from its shape as X's
 * published spec has it: a `<object>.fields` query parameter whose values (an enum) name the
 * properties of an object the result carries, in `data` (an object or an array of them) or, when the
 * operation has an `expansions` parameter, in an array of `includes`. A pairing needs the values to
 * name at least two of the object's properties and two thirds of them (X's `tweet.fields` names 28
 * of `Tweet`'s 29); among several objects, the one the parameter is named after wins, then the one
 * whose properties and the values most overlap (shared names over all names of either). The
 * defaults are the object's `required` list; without one, nothing is a default and every field not
 * requested stays optional, since the server may leave it out.
 * Each pairing is noted once, located at the parameter. `x-field-selection: false` on the
 * parameter or on the operation switches the inference off there.
 */
export function inferFieldSelection(
  op: ReadOperation,
  registry: SchemaRegistry,
  docs: DocumentSet,
): InferredSelection {
  if (op.browserStep || op.success.encoding !== 'json') return { entries: [] };
  const raw = rawOperation(op, docs);
  if (raw?.value['x-field-selection'] === false) return { entries: [] };
  const body = registry.get(op.success.typeName)?.schema;
  const properties = body && propertiesOf(body);
  if (!properties) return { entries: [] };
  const expansions = op.params.some((p) => p.name === 'expansions' && p.in === 'query');
  const carried = carriedObjects(properties, expansions, registry);
  if (carried.objects.size === 0) return { entries: [] };

  const declared = new Set(op.fieldSelection.map((f) => f.param));
  const candidates: { param: ParamModel; object: string; score: number[]; matched: number; of: number }[] =
    [];
  for (const param of op.params) {
    if (param.in !== 'query' || !param.name.endsWith('.fields') || declared.has(param.name)) continue;
    if (param.schema['x-field-selection'] !== undefined) continue; // stated (an object), or `false`
    const values = fieldValues(fieldType(param.checks), registry);
    if (!values) continue;
    const prefix = squash(param.name.slice(0, -'.fields'.length));
    let best: (typeof candidates)[number] | undefined;
    let tied = false;
    for (const [object, names] of carried.objects) {
      const matched = names.filter((n) => values.has(n)).length;
      if (matched < 2 || matched < MIN_NAMED * names.length) continue;
      // Overlap over the union: values naming nothing on the object count against it, so `list.fields`
      // (8 values) stays with a renamed `List` rather than `Topic`, 3 of whose 3 properties it names.
      const score = [
        squash(object) === prefix ? 1 : 0,
        matched / (names.length + values.size - matched),
        matched / names.length,
      ];
      const order = best ? compareScores(score, best.score) : 1;
      if (order > 0) [best, tied] = [{ param, object, score, matched, of: names.length }, false];
      else if (order === 0) tied = true;
    }
    if (best && !tied) candidates.push(best);
  }
  // An object follows one parameter: the best paired (in parameter order on a tie).
  const taken = new Set(op.fieldSelection.map((f) => f.object));
  const entries: FieldSelectionModel[] = [];
  for (const c of [...candidates].sort((a, b) => compareScores(b.score, a.score))) {
    if (taken.has(c.object)) continue;
    taken.add(c.object);
    const schema = registry.get(c.object)?.schema ?? {};
    const names = Object.keys(propertiesOf(schema) ?? {});
    const required = Array.isArray(schema.required)
      ? schema.required.filter((r): r is string => typeof r === 'string' && names.includes(r))
      : [];
    const defaultsKnown = required.length > 0;
    entries.push({ param: c.param.name, object: c.object, defaults: required, inferred: { defaultsKnown } });
    const at = raw && parameterLocation(raw, c.param, docs);
    if (at)
      docs.note(
        pairingNote(c.param.name, c.object, c.matched, c.of, defaultsKnown ? required : undefined),
        at,
      );
  }
  // Keep the parameters' order, as stated selections do.
  entries.sort(
    (a, b) => op.params.findIndex((p) => p.name === a.param) - op.params.findIndex((p) => p.name === b.param),
  );
  return { entries, ...(expansions && carried.includes ? { includes: carried.includes } : {}) };
}

function pairingNote(
  param: string,
  object: string,
  matched: number,
  of: number,
  defaults: string[] | undefined,
): string {
  const why = `its values name ${matched} of the ${of} properties of ${object}`;
  const rule = defaults
    ? `defaults from its required list (${defaults.join(', ')}), other fields present only when requested`
    : `${object} has no required list, so a requested field is present and every other one optional`;
  return `field selection inferred: "${param}" selects the fields of ${object} in results (${why}); ${rule}. State x-field-selection on the parameter, or false to switch this off`;
}

/**
 * The objects a result carries, by schema name, with their property names: `data` (an object or an
 * array of them) and, where expansions can fill it, each array of `includes`.
 */
function carriedObjects(
  properties: Record<string, JsonSchema>,
  expansions: boolean,
  registry: SchemaRegistry,
): { objects: Map<string, string[]>; includes?: Set<string> } {
  const objects = new Map<string, string[]>();
  const add = (schema: unknown): void => {
    const name = objectRef(schema);
    const props = name ? propertiesOf(registry.get(name)?.schema ?? {}) : undefined;
    if (name && props && !objects.has(name)) objects.set(name, Object.keys(props));
  };
  add(properties.data);
  const includesName =
    expansions && isObject(properties.includes) && typeof properties.includes.$ref === 'string'
      ? refName(properties.includes.$ref)
      : undefined;
  const includes = includesName ? propertiesOf(registry.get(includesName)?.schema ?? {}) : undefined;
  if (!includes) return { objects };
  for (const member of Object.values(includes)) add(member);
  return { objects, includes: new Set(Object.keys(includes)) };
}

/** The schema name of a `$ref`, or of an array's `$ref` items. */
function objectRef(schema: unknown): string | undefined {
  if (!isObject(schema)) return undefined;
  const target = schema.type === 'array' && isObject(schema.items) ? schema.items : schema;
  return typeof target.$ref === 'string' ? refName(target.$ref) : undefined;
}

/** Lower case letters and digits only: `dm_event` and `DmEvent` meet. */
function squash(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]/g, '');
}

function compareScores(a: number[], b: number[]): number {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return (a[i] ?? 0) - (b[i] ?? 0);
  return 0;
}

/** The operation as written, with its place (for the switch and for locating the notes). */
function rawOperation(
  op: ReadOperation,
  docs: DocumentSet,
):
  | { value: Record<string, unknown>; item: Location & { value: Record<string, unknown> }; at: Location }
  | undefined {
  const root = docs.root;
  const paths = isObject(root) && isObject(root.paths) ? root.paths : undefined;
  if (!paths || paths[op.path] === undefined) return undefined;
  const item = docs.deref(paths[op.path], { file: docs.rootFile, tokens: ['paths', op.path] });
  const method = op.method.toLowerCase();
  if (!isObject(item.value) || !isObject(item.value[method])) return undefined;
  return {
    value: item.value[method],
    item: { ...item, value: item.value },
    at: { file: item.file, tokens: [...item.tokens, method] },
  };
}

/** Where the parameter is defined: the operation's own entry, else the path item's (a `$ref` followed). */
function parameterLocation(
  raw: NonNullable<ReturnType<typeof rawOperation>>,
  param: ParamModel,
  docs: DocumentSet,
): Location | undefined {
  const lists: [unknown, Location][] = [
    [raw.value.parameters, { ...raw.at, tokens: [...raw.at.tokens, 'parameters'] }],
    [raw.item.value.parameters, { ...raw.item, tokens: [...raw.item.tokens, 'parameters'] }],
  ];
  for (const [list, at] of lists) {
    if (!Array.isArray(list)) continue;
    for (const [i, entry] of list.entries()) {
      const resolved = docs.deref(entry, { ...at, tokens: [...at.tokens, String(i)] });
      if (isObject(resolved.value) && resolved.value.name === param.name && resolved.value.in === 'query')
        return { file: resolved.file, tokens: resolved.tokens };
    }
  }
  return undefined;
}
