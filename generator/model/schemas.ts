import { type DocumentSet, isObject, isRef, type Location, type ResolvedRef } from '../load/index.ts';
import { toPointer } from '../load/pointer.ts';
import { NameTable, typeName } from './names.ts';
import type { Deprecation, JsonSchema, NamedSchema } from './types.ts';

/** Keys whose values are schemas, or maps or lists of schemas, in JSON Schema / OpenAPI. */
export const SCHEMA_KEYS = new Set([
  'items',
  'additionalProperties',
  'not',
  'contains',
  'propertyNames',
  'unevaluatedProperties',
  'unevaluatedItems',
  'if',
  'then',
  'else',
]);
export const SCHEMA_MAP_KEYS = new Set([
  'properties',
  'patternProperties',
  '$defs',
  'definitions',
  'dependentSchemas',
]);
export const SCHEMA_LIST_KEYS = new Set(['allOf', 'oneOf', 'anyOf', 'prefixItems']);
/** Annotation keys that say nothing about the value's type: dropped when they are all a schema holds besides a $ref. */
const DROP_KEYS = new Set(['example', 'examples', 'externalDocs', 'xml']);
/** Extensions about a property in its object (not about its type), kept beside a `$ref`: `x-sometimes-absent`. */
const PROPERTY_EXTENSIONS = new Set(['x-sometimes-absent']);

/**
 * Turns spec schemas into model schemas: every `$ref` becomes `#/components/schemas/<Name>`,
 * schemas reached from other files or other places get a name of their own, and names are
 * made safe and unique once, here.
 */
export class SchemaRegistry {
  private readonly names: NameTable;
  private readonly byLocation = new Map<string, string>();
  private readonly schemas = new Map<string, NamedSchema>();
  private readonly order: string[] = [];
  /** Variants without read-only or write-only properties, by schema name and side; null where none is needed. */
  private readonly variants = new Map<string, string | null>();
  /** The key a component schema has in the spec, by the name it was given (`Oauth1Problem` for `OAuth1Problem`). */
  private readonly specKeys = new Map<string, string>();
  /** The final answers of `hides`, by side (see there). */
  private readonly hiding: Record<Visibility, Map<string, boolean>> = {
    readOnly: new Map(),
    writeOnly: new Map(),
  };
  /** The names of the variants made so far. */
  private readonly variantNames = new Set<string>();

  /** `reserved`: names no schema may take (the client class). */
  constructor(
    private readonly docs: DocumentSet,
    reserved: string[] = [],
  ) {
    this.names = new NameTable(reserved);
  }

  /** Registers the root's `components.schemas` first, so their names win over hoisted ones. */
  registerComponents(): void {
    const root = this.docs.root as Record<string, unknown>;
    const components = isObject(root.components) ? root.components : {};
    const schemas = isObject(components.schemas) ? components.schemas : {};
    const pending: [string, Location][] = [];
    for (const key of Object.keys(schemas)) {
      const at: Location = { file: this.docs.rootFile, tokens: ['components', 'schemas', key] };
      const name = this.names.claim(typeName(key));
      this.byLocation.set(locationKey(at), name);
      this.specKeys.set(name, key);
      pending.push([key, at]);
    }
    // A component that is only a `$ref` to a schema outside `components.schemas` (in another file,
    // say) names that schema: other references to the same place get the component's name.
    for (const [, at] of pending) {
      const target = this.docs.deref(schemas[at.tokens[2] ?? ''], at, { cycle: 'unknown' });
      const key = locationKey(target);
      if (!this.byLocation.has(key)) this.byLocation.set(key, this.byLocation.get(locationKey(at)) ?? '');
    }
    for (const [, at] of pending) this.define(this.byLocation.get(locationKey(at)) ?? '', at, 'spec');
  }

  /** All named schemas in order of registration. */
  all(): NamedSchema[] {
    return this.order.map((name) => this.schemas.get(name)).filter((s): s is NamedSchema => s !== undefined);
  }

  get(name: string): NamedSchema | undefined {
    return this.schemas.get(name);
  }

  /** The key of a component schema as the spec writes it (what an implicit discriminator value is), else its name. */
  specKey(name: string): string {
    return this.specKeys.get(name) ?? name;
  }

  /** The name a `$ref` target has (registering it on first sight). */
  nameFor(target: Location, suggestion: string): string {
    const key = locationKey(target);
    const known = this.byLocation.get(key);
    if (known) return known;
    const name = this.names.claim(typeName(suggestion));
    this.byLocation.set(key, name);
    this.define(name, target, 'inline');
    return name;
  }

  /** A type name no schema takes, derived from `suggestion` (for generated types that are not schemas). */
  claimName(suggestion: string): string {
    return this.names.claim(typeName(suggestion));
  }

  /** Whether a schema or claimed type already has this name. */
  isTaken(name: string): boolean {
    return this.names.has(name);
  }

  /** Adds a schema under a new name derived from `suggestion` (for hoisted params, bodies, responses). */
  hoist(suggestion: string, schema: JsonSchema, origin: NamedSchema['origin'], description?: string): string {
    const name = this.names.claim(typeName(suggestion));
    this.add({ name, schema, origin, description, unspecified: schema['x-unspecified'] === true });
    return name;
  }

  /**
   * The schema as one side of the wire sees it: without the properties marked `hidden` (`readOnly`
   * ones in what a client sends, `writeOnly` ones in what it receives) at any depth. A named schema
   * that holds such a property somewhere gets a variant of its own (`PetInput` without the read-only
   * fields, `PetOutput` without the write-only ones), so a nested server-set `id` is neither
   * required in a request's type nor by its checks. Undefined when nothing is hidden.
   */
  visible(schema: JsonSchema, hidden: Visibility): JsonSchema | undefined {
    if (typeof schema.$ref === 'string') {
      const variant = this.variantOf(refName(schema.$ref), hidden);
      return variant === undefined ? undefined : { ...schema, $ref: `#/components/schemas/${variant}` };
    }
    // The copy is made on the first change: most of a schema hides nothing.
    let out: JsonSchema | undefined;
    const change = (key: string, value: unknown): void => {
      out ??= copyOf(schema);
      out[key] = value;
    };
    let removed: Set<string> | undefined;
    for (const key in schema) {
      const value = schema[key];
      if (key === 'properties' && isObject(value)) {
        let kept: Record<string, unknown> | undefined;
        for (const name in value) {
          const prop = value[name];
          const hides = isObject(prop) && prop[hidden] === true;
          const next = hides ? undefined : (isObject(prop) && this.visible(prop, hidden)) || prop;
          if (next !== prop && !kept) {
            kept = {};
            for (const before in value) {
              if (before === name) break;
              kept[before] = value[before];
            }
          }
          if (hides) (removed ??= new Set()).add(name);
          else if (kept) kept[name] = next;
        }
        if (kept) change('properties', kept);
      } else if (SCHEMA_KEYS.has(key) && isObject(value)) {
        const inner = this.visible(value, hidden);
        if (inner) change(key, inner);
      } else if (SCHEMA_MAP_KEYS.has(key) && key !== 'properties' && isObject(value)) {
        const entries = Object.entries(value).map(
          ([k, v]) => [k, (isObject(v) && this.visible(v, hidden)) || v] as const,
        );
        if (entries.some(([k, v]) => v !== value[k])) change(key, Object.fromEntries(entries));
      } else if (SCHEMA_LIST_KEYS.has(key) && Array.isArray(value)) {
        const items = value.map((v: unknown) => (isObject(v) && this.visible(v, hidden)) || v);
        if (items.some((v, i) => v !== value[i])) change(key, items);
        // Fields hidden in an allOf part are no longer required by the whole either.
        if (key === 'allOf')
          for (const part of value)
            for (const name of this.hiddenHere(part, hidden)) (removed ??= new Set()).add(name);
      }
    }
    if (!removed) return out;
    out ??= copyOf(schema);
    if (Array.isArray(schema.required)) {
      const gone = removed;
      const required = schema.required.filter((name) => !gone.has(String(name)));
      if (required.length > 0) out.required = required;
      else delete out.required;
    }
    return out;
  }

  /** The name of a named schema's variant without `hidden` properties (made on first use), or undefined when it has none. */
  private variantOf(name: string, hidden: Visibility): string | undefined {
    const key = `${name}\0${hidden}`;
    if (this.variants.has(key)) return this.variants.get(key) ?? undefined;
    const named = this.schemas.get(name);
    if (!named || !this.hides(name, hidden, new Set())) {
      this.variants.set(key, null);
      return undefined;
    }
    // Claimed before the variant is built, so a schema that refers to itself refers to its variant.
    const variant = this.names.claim(`${name}${hidden === 'readOnly' ? 'Input' : 'Output'}`);
    this.variants.set(key, variant);
    this.variantNames.add(variant);
    const placeholder: NamedSchema = { ...named, name: variant, origin: 'inline' };
    this.add(placeholder);
    placeholder.schema = this.visible(named.schema, hidden) ?? named.schema;
    return variant;
  }

  /**
   * Whether a named schema holds a `hidden` property anywhere it reaches. Each answer is kept when it
   * is final: a schema found to hide, or every schema a walk that found nothing went through (a
   * nested `false` in a walk that found something may only mean a cycle was cut). Without that,
   * every schema asked walked all it reaches again: quadratic in a spec whose schemas refer to each
   * other (Stripe's). A variant's answers are not kept: its body changes once built.
   */
  private hides(name: string, hidden: Visibility, seen: Set<string>): boolean {
    const known = this.hiding[hidden];
    const kept = known.get(name);
    if (kept !== undefined) return kept;
    if (seen.has(name)) return false;
    const whole = seen.size === 0;
    seen.add(name);
    const walk = (node: unknown): boolean => {
      if (Array.isArray(node)) {
        for (const item of node) if (walk(item)) return true;
        return false;
      }
      if (!isObject(node)) return false;
      if (
        typeof node.$ref === 'string' &&
        node.$ref.startsWith('#/components/schemas/') &&
        this.hides(refName(node.$ref), hidden, seen)
      )
        return true;
      const properties = node.properties;
      if (isObject(properties))
        for (const key in properties) {
          const p = properties[key];
          if (isObject(p) && p[hidden] === true) return true;
        }
      for (const key in node)
        if (key !== 'enum' && key !== 'const' && key !== 'default' && key !== 'examples' && walk(node[key]))
          return true;
      return false;
    };
    const found = walk(this.schemas.get(name)?.schema);
    if (found) {
      if (!this.variantNames.has(name)) known.set(name, true);
    } else if (whole) {
      // Nothing the whole walk reached hides: each schema it went through is answered too.
      for (const reached of seen) if (!this.variantNames.has(reached)) known.set(reached, false);
    }
    return found;
  }

  /** The names of the top-level properties of a schema (or the named one it refers to) marked `hidden`. */
  private hiddenHere(node: unknown, hidden: Visibility): string[] {
    const target =
      isObject(node) && typeof node.$ref === 'string' ? this.schemas.get(refName(node.$ref))?.schema : node;
    if (!isObject(target) || !isObject(target.properties)) return [];
    return Object.entries(target.properties)
      .filter(([, p]) => isObject(p) && p[hidden] === true)
      .map(([name]) => name);
  }

  /** Converts the schema at `at` (following refs to named schemas). */
  convert(schema: unknown, at: Location): JsonSchema {
    if (isRef(schema)) {
      const target = this.docs.resolveRef(schema.$ref, at);
      // A $ref to a $ref: name the final target.
      const final = isRef(target.value)
        ? this.docs.deref(target.value, target, { cycle: 'unknown' })
        : target;
      const name = this.nameFor(final, suggestName(final));
      const siblings = Object.fromEntries(
        // Of the extensions, only the ones that describe the property rather than its type stay beside a $ref.
        Object.entries(schema).filter(
          ([k]) => k !== '$ref' && !DROP_KEYS.has(k) && (!k.startsWith('x-') || PROPERTY_EXTENSIONS.has(k)),
        ),
      );
      return { ...siblings, $ref: `#/components/schemas/${name}` };
    }
    if (!isObject(schema)) return typeof schema === 'boolean' ? (schema ? {} : falseSchema()) : {};
    const out: JsonSchema = {};
    const childAt = (key: string, ...t: string[]): Location => ({
      file: at.file,
      tokens: [...at.tokens, key, ...t],
    });
    for (const key in schema) {
      const value = schema[key];
      if (DROP_KEYS.has(key)) continue;
      if (key === 'discriminator' && isObject(value)) {
        out[key] = this.convertDiscriminator(value, childAt(key));
      } else if (SCHEMA_KEYS.has(key) && (isObject(value) || typeof value === 'boolean')) {
        out[key] = typeof value === 'boolean' ? value : this.convert(value, childAt(key));
      } else if (SCHEMA_MAP_KEYS.has(key) && isObject(value)) {
        out[key] = Object.fromEntries(
          Object.entries(value).map(([k, v]) => [k, this.convert(v, childAt(key, k))]),
        );
      } else if (SCHEMA_LIST_KEYS.has(key) && Array.isArray(value)) {
        out[key] = value.map((v, i) => this.convert(v, childAt(key, String(i))));
      } else {
        out[key] = value;
      }
    }
    return out;
  }

  private convertDiscriminator(value: Record<string, unknown>, at: Location): JsonSchema {
    if (!isObject(value.mapping)) return value;
    const mapping: Record<string, string> = {};
    for (const [key, ref] of Object.entries(value.mapping)) {
      if (typeof ref !== 'string') continue;
      // A mapping value may be a schema name instead of a reference.
      const refText =
        ref.includes('#') || ref.includes('/') || ref.includes('.') ? ref : `#/components/schemas/${ref}`;
      const target = this.docs.resolveRef(refText, { file: at.file, tokens: [...at.tokens, 'mapping', key] });
      mapping[key] = `#/components/schemas/${this.nameFor(target, suggestName(target))}`;
    }
    return { ...value, mapping };
  }

  private define(name: string, at: Location, origin: NamedSchema['origin']): void {
    // Reserve the entry before converting so recursive references find it.
    const placeholder: NamedSchema = { name, schema: {}, origin, unspecified: false };
    this.add(placeholder);
    let source: ResolvedRef = this.docs.resolveRef('#' + toPointer(at.tokens), { file: at.file, tokens: [] });
    if (isRef(source.value)) {
      // A reference: an alias of the schema it names, unless that schema carries this very name
      // (a component standing for a schema in another file), which is then read where it lives.
      const target = this.docs.deref(source.value, source, { cycle: 'unknown' });
      if (this.byLocation.get(locationKey(target)) === name) source = target;
    }
    const schema = this.convert(source.value, source);
    placeholder.schema = schema;
    placeholder.description = typeof schema.description === 'string' ? schema.description : undefined;
    placeholder.unspecified = schema['x-unspecified'] === true;
    placeholder.deprecated = deprecationOf(schema);
  }

  private add(schema: NamedSchema): void {
    this.schemas.set(schema.name, schema);
    this.order.push(schema.name);
  }
}

/** A schema's shallow copy with its own `properties` map, as `visible` changes it. */
function copyOf(schema: JsonSchema): JsonSchema {
  const copy: JsonSchema = { ...schema };
  if (isObject(schema.properties)) copy.properties = { ...schema.properties };
  return copy;
}

/** Which properties a side of the wire leaves out: `readOnly` ones in requests, `writeOnly` ones in responses. */
export type Visibility = 'readOnly' | 'writeOnly';

/** `false` as the model writes it (`{ not: {} }`, an object like every other schema): no value matches. */
export function falseSchema(): JsonSchema {
  return { not: {} };
}

/** Whether no value matches a schema: `false`, or the model's `{ not: {} }` (a property no value may have). */
export function isFalseSchema(schema: unknown): boolean {
  return (
    schema === false || (isObject(schema) && isObject(schema.not) && Object.keys(schema.not).length === 0)
  );
}

/** The schema name a model `$ref` (`#/components/schemas/<Name>`) points at. */
export function refName(ref: string): string {
  return ref.replace('#/components/schemas/', '');
}

function locationKey(at: Location): string {
  return at.file + '#' + toPointer(at.tokens);
}

/** A name for a schema found away from `components.schemas`: its last pointer word or its file name. */
function suggestName(at: Location): string {
  const meaningful = at.tokens.filter(
    (t) => !['schema', 'content', 'items', 'properties', 'application/json'].includes(t),
  );
  const last = meaningful[meaningful.length - 1];
  if (last) return last;
  const base = at.file.split(/[\\/]/).pop() ?? 'Schema';
  return base.replace(/\.(ya?ml|json)$/i, '');
}

/** Reads `deprecated` and `x-deprecation` into the model's Deprecation. */
export function deprecationOf(node: Record<string, unknown>): Deprecation | undefined {
  if (node.deprecated !== true && node['x-deprecation'] === undefined) return undefined;
  const ext = isObject(node['x-deprecation']) ? node['x-deprecation'] : {};
  const text = (v: unknown): string | undefined =>
    typeof v === 'string' || typeof v === 'number'
      ? String(v)
      : v instanceof Date
        ? v.toISOString().slice(0, 10)
        : undefined;
  return { since: text(ext.since), replacement: text(ext.replacement), note: text(ext.note) };
}

/** The doc sentence for a deprecation: `Deprecated since 2026-03-25; use createWebhookReplayJob. <note>` */
export function deprecationText(d: Deprecation): string {
  const parts = [
    `Deprecated${d.since ? ` since ${d.since}` : ''}${d.replacement ? `; use ${d.replacement} instead` : ''}.`,
  ];
  if (d.note) parts.push(d.note.endsWith('.') ? d.note : `${d.note}.`);
  return parts.join(' ');
}
