/**
 * A consumer program as users write it against a package, for measuring what `xgen migrate` lists:
 * every operation called in the three idioms (`client.<group>.<method>`, `client.call`, the
 * `/functions` export), and its result read up to 3 properties deep (array items by `[0]`), in
 * turn as an annotated local (`const v: string | undefined = res?.data?.[0]?.author?.name`), a
 * typed read (`read<T>(...)`), a destructuring of the parent, and, for a closed enum, a local
 * switched on with a case per value. Types are written as the old package gave them: a literal
 * union for an enum, `unknown` where a read stops at an object.
 */
import type { Field, Shape } from '../../../generator/diff/shapes.ts';
import type { ApiSnapshot, OperationSnapshot } from '../../../generator/diff/snapshot.ts';
import { memberName } from '../../../generator/model/names.ts';
import { paramsLiteral, type DeriveOptions, type DerivedProgram } from './derived-consumer.ts';

/** How deep a read goes: properties after the result (array items do not count). */
const DEPTH = 3;

export interface DeepOptions extends DeriveOptions {
  /** Lines (1-based) left out: they do not compile against the package the program is written for. */
  skipLines?: ReadonlySet<number>;
}

export function deepConsumer(snapshot: ApiSnapshot, options: DeepOptions): DerivedProgram {
  const ids = Object.keys(snapshot.operations);
  const lines: string[] = [
    `import { ${options.client}, type OperationTypes } from '${options.specifier}';`,
    `import { createCore, ${ids.map(memberName).join(', ')} } from '${options.specifier}/functions';`,
    '',
    `declare const client: ${options.client};`,
    'const core = createCore();',
    'declare function given<T>(): T;',
    'declare function read<T>(value: T): void;',
    '',
  ];
  const ranges: DerivedProgram['ranges'] = [];
  const skip = options.skipLines ?? new Set<number>();
  // A line the caller found broken against the old package stays in as a comment: line numbers hold.
  const push = (line: string): void => {
    lines.push(skip.has(lines.length + 1) ? `// ${line.trim()}` : line);
  };
  ids.forEach((id, n) => {
    const op = snapshot.operations[id] as OperationSnapshot;
    const from = lines.length + 1;
    const params = options.givenParams?.has(id)
      ? `given<OperationTypes[${JSON.stringify(id)}]['params']>()`
      : paramsLiteral(op, snapshot);
    const reads = new Paths(snapshot).of(op.result, op.resultMayBeEmpty === true);
    (['method', 'call', 'function'] as const).forEach((via, k) => {
      const invoke =
        via === 'method'
          ? `client.${op.group}.${op.method}(${params})`
          : via === 'call'
            ? `client.call(${JSON.stringify(id)}${params ? `, ${params}` : ''})`
            : `${memberName(id)}(core${params ? `, ${params}` : ''})`;
      push(`export async function op${n}${via[0]?.toUpperCase()}${via.slice(1)}(): Promise<void> {`);
      const mine = reads.filter((_, i) => i % 3 === k);
      if (op.kind === 'browser-step') push(`  read<string>(${invoke});`);
      else if (op.kind === 'stream') {
        push(`  for await (const res of ${invoke}) {`);
        mine.forEach((path, i) => push(`    ${statement(path, i + k, `v${i}`)}`));
        push('    break;');
        push('  }');
      } else if ('kind' in op.result && op.result.kind === 'void') push(`  await ${invoke};`);
      else {
        push(`  const res = await ${invoke};`);
        mine.forEach((path, i) => push(`  ${statement(path, i + k, `v${i}`)}`));
      }
      push('}');
      push('');
    });
    ranges.push({ operationId: id, from, to: lines.length });
  });
  return { text: lines.join('\n'), ranges, typeLines: new Map() };
}

/** Names a binding cannot take (strict mode), though a property can. */
const RESERVED = new Set([
  'implements',
  'interface',
  'let',
  'package',
  'private',
  'protected',
  'public',
  'static',
  'yield',
  'await',
  'arguments',
  'eval',
]);

/** One read: `steps` from `res`, and the type the old package gives the value there. */
interface Path {
  steps: string[];
  /** By step: the value before it may be missing (an optional or nullable field, an array item, a result that may be empty). */
  maybe: boolean[];
  type: string;
  /** The value read may be missing though the step to it is not (an optional field). */
  lastMaybe: boolean;
  /** The values of a closed enum there. */
  values?: string[];
}

/** A read of the first `count` steps: `?.` after what may be missing (every step in turn 0 of 4, as in `res?.data?.[0]?.id`). */
function chainOf(path: Path, count: number, turn: number): { text: string; optional: boolean } {
  let text = 'res';
  let optional = false;
  path.steps.slice(0, count).forEach((step, i) => {
    const maybe = turn % 4 === 0 || path.maybe[i] === true;
    optional ||= maybe;
    text += maybe ? `?.${step}` : step.startsWith('[') ? step : `.${step}`;
  });
  return { text, optional };
}

function statement(path: Path, turn: number, name: string): string {
  const { text: chain, optional } = chainOf(path, path.steps.length, turn);
  if (path.values && turn % 2 === 0) {
    return `const ${name} = ${chain}; switch (${name}) { ${path.values.map((v) => `case ${JSON.stringify(v)}:`).join(' ')} break; }`;
  }
  const type =
    path.type === 'unknown' || !(optional || path.lastMaybe) ? path.type : `${path.type} | undefined`;
  const last = path.steps.at(-1) as string;
  switch (turn % 3) {
    case 0:
      return `const ${name}: ${type} = ${chain};`;
    case 1:
      return `read<${type}>(${chain});`;
    default: {
      if (last.startsWith('[') || path.steps.length < 2) return `const ${name}: ${type} = ${chain};`;
      const parent = chainOf(path, path.steps.length - 1, turn).text;
      const key = /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(last) && !RESERVED.has(last) ? last : `${last}: ${name}`;
      const bound = key === last ? last : name;
      const own = path.type === 'unknown' || !path.lastMaybe ? path.type : `${path.type} | undefined`;
      return `const ${name}p = ${parent}; if (${name}p) { const { ${key} } = ${name}p; read<${own}>(${bound}); }`;
    }
  }
}

/** The paths of a result's reads, up to DEPTH properties deep: every scalar on the way, and what is there at the end. */
class Paths {
  constructor(private readonly snapshot: ApiSnapshot) {}

  of(result: Shape, mayBeEmpty: boolean): Path[] {
    const out: Path[] = [];
    this.walk(result, { steps: [], maybe: [], missing: mayBeEmpty }, 0, out);
    return out;
  }

  private resolve(shape: Shape, depth = 0): Exclude<Shape, { ref: string }> {
    if (!('ref' in shape)) return shape;
    const target = this.snapshot.types[shape.ref]?.shape ?? { kind: 'unknown' as const };
    const resolved = depth < 16 ? this.resolve(target, depth + 1) : { kind: 'unknown' as const };
    return shape.nullable ? ({ ...resolved, nullable: true } as typeof resolved) : resolved;
  }

  /** `at`: the steps so far, whether the value before each may be missing, and whether the value at the end may. */
  private walk(
    shape: Shape,
    at: { steps: string[]; maybe: boolean[]; missing: boolean },
    depth: number,
    out: Path[],
  ): void {
    const resolved = this.resolve(shape);
    const missing = at.missing || resolved.nullable === true;
    const fields = this.fieldsOf(resolved);
    if (fields && depth < DEPTH) {
      for (const [name, field] of Object.entries(fields)) {
        const step = /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(name) ? name : `[${JSON.stringify(name)}]`;
        this.walk(
          field.type,
          { steps: [...at.steps, step], maybe: [...at.maybe, missing], missing: !field.required },
          depth + 1,
          out,
        );
      }
      return;
    }
    if (resolved.kind === 'array' && !resolved.nullable) {
      const items = this.resolve(resolved.items);
      if ((this.fieldsOf(items) || items.kind === 'array') && depth < DEPTH) {
        this.walk(
          resolved.items,
          { steps: [...at.steps, '[0]'], maybe: [...at.maybe, at.missing], missing: true },
          depth,
          out,
        );
        return;
      }
    }
    if (at.steps.length === 0) return;
    const type = this.typeOf(resolved);
    const values =
      resolved.kind === 'string' && resolved.enum && !resolved.open && !resolved.nullable
        ? resolved.enum.filter((v): v is string => typeof v === 'string')
        : undefined;
    out.push({
      steps: at.steps,
      maybe: at.maybe,
      lastMaybe: at.missing,
      type,
      ...(values && values.length > 0 ? { values } : {}),
    });
  }

  private fieldsOf(shape: Shape, depth = 0): Record<string, Field> | undefined {
    const resolved = this.resolve(shape);
    if (depth > 8) return undefined;
    if (resolved.kind === 'object')
      return Object.keys(resolved.fields).length > 0 ? resolved.fields : undefined;
    if (resolved.kind !== 'all') return undefined;
    const out: Record<string, Field> = {};
    for (const part of resolved.of) {
      const fields = this.fieldsOf(part, depth + 1);
      if (!fields) return undefined;
      Object.assign(out, fields);
    }
    return out;
  }

  /** The type text of a value as the old package gives it; `unknown` where it is an object or a union. */
  private typeOf(shape: Exclude<Shape, { ref: string }>, depth = 0): string {
    const base = ((): string => {
      switch (shape.kind) {
        case 'string':
          return shape.enum && !shape.open
            ? shape.enum.map((v) => JSON.stringify(v)).join(' | ') || 'string'
            : 'string';
        case 'number':
        case 'integer':
          return 'number';
        case 'boolean':
          return 'boolean';
        case 'null':
          return 'null';
        case 'blob':
          return 'Blob';
        case 'array': {
          if (depth > 4) return 'unknown';
          const items = this.typeOf(this.resolve(shape.items), depth + 1);
          return items === 'unknown' ? 'unknown' : `(${items})[]`;
        }
        default:
          return 'unknown';
      }
    })();
    return base !== 'unknown' && shape.nullable && shape.kind !== 'null' ? `${base} | null` : base;
  }
}
