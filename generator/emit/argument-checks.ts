import { memberName } from '../model/names.ts';
import type { ApiModel, ValueChecks } from '../model/types.ts';
import { ENUM_PARAMETER, SharedChecks } from './shared-checks.ts';
import { repeatedShapes, shapeKey } from './repeated-shapes.ts';
import { literal, PURE, Raw } from './source.ts';

/**
 * The argument checks of `operations.ts`: each parameter's and body's documented limits (length,
 * range, pattern, enum, shape) as a call of a `runtime/validate.ts` maker, with the checks that
 * repeat written once.
 */
export interface CheckRenderer {
  enumNames: ReadonlySet<string>;
  /** The shared constants and runtime imports, and the record of which names rendered code refers to. */
  shared: SharedChecks;
  /** Rendered parameter checks that occur in more than one operation and are long enough to share. */
  repeated: ReadonlySet<string>;
  /** Unnamed checks inside bodies that repeat, by shapeKey: each written once as a constant. */
  shapes: ReadonlySet<string>;
  /** The local makers of checks that differ only in their enum (`enumListChecks(TweetField)`), by template. */
  makers: Map<string, Raw>;
  /** Set while rendering a template: enum refs are written as this parameter and collected. */
  enumParameter?: { readonly name: string; readonly refs: string[] };
}

/**
 * The renderer of a package's checks: a first pass, with throwaway state, finds the checks that
 * repeat (the makers of enum templates, the parameter checks worth a constant).
 */
export function checkRenderer(model: ApiModel, taken: readonly string[]): CheckRenderer {
  const enumNames = new Set(model.enums.map((e) => e.name));
  const shared = new SharedChecks(taken);
  const dryRun = (): CheckRenderer => ({
    enumNames,
    shared: new SharedChecks(taken),
    repeated: new Set(),
    shapes: new Set(),
    makers: new Map(),
  });
  const render: CheckRenderer = {
    enumNames,
    shared,
    repeated: new Set(),
    shapes: repeatedShapes(model),
    makers: new Map(),
  };
  // Rendered again here, so that the makers' own imports are the package's.
  for (const [code, c] of repeatedEnumTemplates(model, dryRun())) {
    const template = enumTemplate(c, render)!;
    render.makers.set(code, shared.maker(template.code, template.uses));
  }
  render.repeated = repeatedParameterChecks(model, { ...dryRun(), makers: render.makers });
  return render;
}

/** Templates shorter than this are left inline: a maker would not pay for itself. */
const MIN_TEMPLATE_LENGTH = 80;

/**
 * Parameter checks that differ only in the enum they refer to, in more than one place: X's
 * `*.fields` and `expansions` lists are each `array({ minItems: 1, uniqueItems: true, items:
 * string({ enum: ... }) })`, 30 times in core v2. Each such template becomes one local maker, so
 * every operation (and so every bundle) carries a call of it instead of the whole check.
 */
function repeatedEnumTemplates(model: ApiModel, dryRun: CheckRenderer): Map<string, ValueChecks> {
  const seen = new Set<string>();
  const repeated = new Map<string, ValueChecks>();
  for (const op of model.operations) {
    for (const p of op.params) {
      if (p.in === 'body') continue;
      const template = enumTemplate(p.checks, dryRun);
      if (template === undefined || template.code.length < MIN_TEMPLATE_LENGTH) continue;
      if (seen.has(template.code) && !repeated.has(template.code)) repeated.set(template.code, p.checks);
      seen.add(template.code);
    }
  }
  return repeated;
}

/**
 * A check rendered with its one enum ref as the maker's parameter, that ref, and the names the
 * template refers to (recorded apart: the caller refers to the maker instead); undefined for a check
 * that refers to no enum or several, or that has object shapes (those are shared by name).
 */
function enumTemplate(
  c: ValueChecks,
  render: CheckRenderer,
): { code: string; enumRef: string; uses: ReadonlySet<string> } | undefined {
  if (!plainChecks(c)) return undefined;
  const refs: string[] = [];
  const { value: code, uses } = render.shared.capture(() =>
    renderCheck(c, { ...render, enumParameter: { name: ENUM_PARAMETER, refs } }),
  );
  return code !== undefined && refs.length === 1 ? { code, enumRef: refs[0]!, uses } : undefined;
}

/** Checks without properties or shapes, at any depth. */
function plainChecks(c: ValueChecks): boolean {
  return !c.properties && !c.oneOf && (!c.items || plainChecks(c.items));
}

/** Shorter parameter checks stay inline, where they read best. */
const MIN_SHARED_LENGTH = 120;

/**
 * The parameter checks worth writing once: a spec that repeats a parameter with a long inline enum
 * (X's published spec has the 20-value `tweet.fields` list in 46 operations) would otherwise carry
 * each copy, in the source, the bundle and the type-check.
 */
function repeatedParameterChecks(model: ApiModel, dryRun: CheckRenderer): Set<string> {
  const seen = new Set<string>();
  const repeated = new Set<string>();
  for (const op of model.operations) {
    for (const p of op.params) {
      if (p.in === 'body') continue;
      const code = renderCheck(p.checks, dryRun);
      if (code === undefined || !code.startsWith(PURE) || code.length < MIN_SHARED_LENGTH) continue;
      if (seen.has(code)) repeated.add(code);
      seen.add(code);
    }
  }
  return repeated;
}

/** A path parameter's check: its value's, and that the value stays in its path segment (`segment`). */
export function pathCheck(check: Raw | undefined, render: CheckRenderer): Raw {
  return new Raw(`${PURE}${render.shared.runtime('segment', 'validate').code}(${check ? check.code : ''})`);
}

/** A parameter's check, or the shared constant that holds it when it repeats. */
export function parameterCheck(name: string, c: ValueChecks, render: CheckRenderer): Raw | undefined {
  const template = render.makers.size > 0 ? enumTemplate(c, render) : undefined;
  const maker = template && render.makers.get(template.code);
  if (template && maker) {
    render.shared.use(maker.code);
    render.shared.use(template.enumRef);
    return new Raw(`${PURE}${maker.code}(${template.enumRef})`);
  }
  const { value: code, uses } = render.shared.capture(() => renderCheck(c, render));
  if (code === undefined) return undefined;
  if (render.repeated.has(code))
    return render.shared.share(
      `${memberName(name)}Checks`,
      code,
      `What the \`${name}\` parameter must meet before it is sent.`,
      uses,
    );
  render.shared.useAll(uses);
  return new Raw(code);
}

/** The maker of `runtime/validate.ts` for each type, and the rules it reads. */
const MAKERS: Record<NonNullable<ValueChecks['type']> | 'any', { maker: string; rules: readonly string[] }> =
  {
    string: { maker: 'string', rules: ['minLength', 'maxLength', 'pattern'] },
    integer: { maker: 'integer', rules: ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum'] },
    number: { maker: 'number', rules: ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum'] },
    boolean: { maker: 'boolean', rules: [] },
    array: { maker: 'array', rules: ['minItems', 'maxItems', 'uniqueItems', 'items'] },
    object: { maker: 'object', rules: ['properties', 'requiredProperties', 'oneOf'] },
    any: {
      maker: 'value',
      rules: [
        'minLength',
        'maxLength',
        'pattern',
        'minimum',
        'maximum',
        'exclusiveMinimum',
        'exclusiveMaximum',
        'minItems',
        'maxItems',
        'uniqueItems',
        'items',
        'properties',
        'requiredProperties',
        'oneOf',
      ],
    },
  };

/**
 * A value's check as code: a call of the maker of its type (`string({ pattern: '^[0-9]+$' })`) with
 * the rules that type has; undefined when nothing is checked. Enum values refer to the exported enum
 * arrays; the checks of a named object schema (a card component, say) are written once as a
 * constant and referred to wherever used. Inside a body (`name`: the field's, then each property's),
 * so are unnamed checks that repeat (`render.shapes`).
 */
export function renderCheck(
  c: ValueChecks & { required?: boolean },
  render: CheckRenderer,
  name?: string,
): string | undefined {
  const { value: code, uses } = render.shared.capture(() => renderMakerCall(c, render, name));
  if (code === undefined) return undefined;
  if (c.schema && code.shape) return render.shared.refer(c.schema, code.text, uses).code;
  if (name !== undefined && !render.enumParameter && c.schema === undefined && render.shapes.has(shapeKey(c)))
    return render.shared.share(
      `${memberName(name)}Checks`,
      code.text,
      `What a \`${name}\` value must meet before it is sent (in several operations).`,
      uses,
    ).code;
  render.shared.useAll(uses);
  return code.text;
}

/** A value's check as the call of its type's maker, and whether it checks a shape (properties or variants). */
function renderMakerCall(
  c: ValueChecks & { required?: boolean },
  render: CheckRenderer,
  name: string | undefined,
): { text: string; shape: boolean } | undefined {
  const { maker, rules } = MAKERS[c.type ?? 'any'];
  const out: Record<string, unknown> = {};
  if (c.enumRef !== undefined && render.enumNames.has(c.enumRef)) {
    if (render.enumParameter) {
      render.enumParameter.refs.push(c.enumRef);
      out.enum = new Raw(render.enumParameter.name);
    } else {
      render.shared.use(c.enumRef);
      out.enum = new Raw(c.enumRef);
    }
  } else if (c.enum) out.enum = c.enum;
  for (const rule of rules) {
    const value = c[rule as keyof ValueChecks];
    if (value === undefined) continue;
    if (rule === 'items') {
      const items = renderCheck(value as ValueChecks, render, name);
      if (items !== undefined) out.items = new Raw(items);
    } else if (rule === 'properties') {
      // A property without rules needs no check.
      const properties = Object.entries(value as Record<string, ValueChecks>).flatMap(([key, inner]) => {
        const code = renderCheck(inner, render, name === undefined ? undefined : key);
        return code === undefined ? [] : [[key, new Raw(code)] as const];
      });
      if (properties.length > 0) out.properties = Object.fromEntries(properties);
    } else if (rule === 'requiredProperties') out.required = value;
    else if (rule === 'oneOf') {
      // A shape without rules takes any value.
      const shapes = (value as ValueChecks[]).map(
        (inner) =>
          new Raw(renderCheck(inner, render, name) ?? `${render.shared.runtime('value', 'validate').code}()`),
      );
      const property = c.discriminator;
      if (property === undefined) out.oneOf = shapes;
      else
        out.discriminator = {
          property,
          shapes: (value as ValueChecks[]).map((inner, i) => [
            inner.properties?.[property]?.enum ?? [],
            shapes[i],
          ]),
        };
    } else out[rule] = value;
  }
  if (c.nullable) out.nullable = true;
  if (c.type === undefined && Object.keys(out).length === 0) return undefined;
  const options = Object.keys(out).length > 0 ? literal(out) : '';
  return {
    text: `${PURE}${render.shared.runtime(maker, 'validate').code}(${options})`,
    shape: Boolean(out.properties || out.oneOf || out.discriminator),
  };
}
