/**
 * A consumer program derived from a package's API snapshot, written as a user writes against that
 * package: each operation called once with literal params (its required ones, and every value of
 * its `*.fields` and `expansions` lists, so each result carries every field), in turn through
 * `client.<group>.<method>`, `client.call('<operationId>', ...)` and the `/functions` export; every
 * field of the result read as the type the package gave it; every exported type imported and used.
 * What the package it was written against does not accept as derived (a params union no literal
 * fits, a type name it does not export) is left to `given<T>()` or out, as the caller says after
 * compiling it against that package.
 */
import type { Shape } from '../../../generator/diff/shapes.ts';
import type { ApiSnapshot, OperationSnapshot } from '../../../generator/diff/snapshot.ts';
import { memberName } from '../../../generator/model/names.ts';
import { Reader } from '../../helpers/consumer.ts';

export interface DerivedProgram {
  text: string;
  /** Lines (1-based, inclusive) of each operation's function. */
  ranges: { operationId: string; from: number; to: number }[];
  /** The lines of the type imports, by type name. */
  typeLines: Map<number, string>;
}

export interface DeriveOptions {
  /** The package specifier (`@test/api`). */
  specifier: string;
  client: string;
  /** Operations whose params are passed as `given<OperationTypes[id]['params']>()`: no literal fits them. */
  givenParams?: ReadonlySet<string>;
  /** Type names left out (the package does not export them under that name). */
  skipTypes?: ReadonlySet<string>;
}

export function deriveConsumer(snapshot: ApiSnapshot, options: DeriveOptions): DerivedProgram {
  const ids = Object.keys(snapshot.operations);
  const viaFunction = ids.filter((_, i) => i % 3 === 2);
  const types = Object.keys(snapshot.types).filter(
    (name) => /^[A-Z][A-Za-z0-9_]*$/.test(name) && !options.skipTypes?.has(name),
  );
  const lines: string[] = [`import { ${options.client}, type OperationTypes } from '${options.specifier}';`];
  const typeLines = new Map<number, string>();
  for (const name of types) {
    lines.push(`import type { ${name} } from '${options.specifier}';`);
    typeLines.set(lines.length, name);
  }
  lines.push(
    `import { createCore, ${viaFunction.map(memberName).join(', ')} } from '${options.specifier}/functions';`,
    '',
    `declare const client: ${options.client};`,
    'const core = createCore();',
    'declare function given<T>(): T;',
    'declare function read<T>(value: T): void;',
    '',
    `export type Everything = [${types.join(', ')}];`,
    '',
  );
  const ranges: DerivedProgram['ranges'] = [];
  ids.forEach((id, n) => {
    const op = snapshot.operations[id] as OperationSnapshot;
    const from = lines.length + 1;
    lines.push(`export async function call${n}(): Promise<void> {`);
    const params = options.givenParams?.has(id)
      ? `given<OperationTypes[${JSON.stringify(id)}]['params']>()`
      : paramsLiteral(op, snapshot);
    const via = n % 3 === 0 ? 'method' : n % 3 === 1 ? 'call' : 'function';
    const args = params === '' ? '' : params;
    const invoke =
      via === 'method'
        ? `client.${op.group}.${op.method}(${args})`
        : via === 'call'
          ? `client.call(${JSON.stringify(id)}${args ? `, ${args}` : ''})`
          : `${memberName(id)}(core${args ? `, ${args}` : ''})`;
    const reader = new Reader(snapshot, lines, true);
    switch (op.kind) {
      case 'browser-step':
        lines.push(`  read<string>(${invoke});`);
        break;
      case 'stream':
        lines.push(`  for await (const result of ${invoke}) {`);
        reader.read(op.events === 'sse' ? 'result.data' : 'result', op.result, '    ');
        lines.push('    break;', '  }');
        break;
      default:
        if ('kind' in op.result && op.result.kind === 'void') lines.push(`  await ${invoke};`);
        else {
          lines.push(`  const result = await ${invoke};`);
          if (op.resultMayBeEmpty) {
            lines.push('  if (result !== undefined) {');
            reader.read('result', op.result, '    ');
            lines.push('  }');
          } else reader.read('result', op.result, '  ');
        }
    }
    lines.push('}', '');
    ranges.push({ operationId: id, from, to: lines.length });
  });
  return { text: lines.join('\n'), ranges, typeLines };
}

/** The params as a literal: required keys, and every value of the field and expansion lists. */
export function paramsLiteral(op: OperationSnapshot, snapshot: ApiSnapshot): string {
  const entries = Object.entries(op.params).filter(
    ([key, p]) => p.required || key.endsWith('.fields') || key === 'expansions',
  );
  if (entries.length === 0) return Object.values(op.params).some((p) => p.required) ? '{}' : '';
  return `{ ${entries.map(([key, p]) => `${propertyKey(key)}: ${valueOf(p.type, snapshot, key.endsWith('.fields') || key === 'expansions', 0)}`).join(', ')} }`;
}

function propertyKey(key: string): string {
  return /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(key) ? key : `'${key}'`;
}

/** A literal of a shape: the first enum value (all of them for a list that selects), the lower bound, one item. */
function valueOf(shape: Shape, snapshot: ApiSnapshot, every: boolean, depth: number): string {
  if (depth > 6) return '{}';
  if ('ref' in shape) {
    const target = snapshot.types[shape.ref]?.shape;
    return target ? valueOf(target, snapshot, every, depth + 1) : '{}';
  }
  switch (shape.kind) {
    case 'string':
    case 'number':
    case 'integer':
    case 'boolean': {
      if (shape.enum && shape.enum.length > 0)
        return JSON.stringify(shape.enum[0]).replace(/^"(.*)"$/, "'$1'");
      if (shape.kind === 'string') return shape.format === 'date-time' ? "'2025-01-01T00:00:00Z'" : "'1'";
      if (shape.kind === 'boolean') return 'true';
      return String(shape.bounds?.minimum ?? 1);
    }
    case 'array': {
      const items = 'ref' in shape.items ? snapshot.types[shape.items.ref]?.shape : shape.items;
      if (every && items && 'enum' in items && items.enum)
        return `[${items.enum.map((v) => JSON.stringify(v).replace(/^"(.*)"$/, "'$1'")).join(', ')}]`;
      return `[${valueOf(shape.items, snapshot, false, depth + 1)}]`;
    }
    case 'object': {
      const required = Object.entries(shape.fields).filter(([, f]) => f.required);
      return `{ ${required.map(([name, f]) => `${propertyKey(name)}: ${valueOf(f.type, snapshot, false, depth + 1)}`).join(', ')} }`;
    }
    case 'union':
      return shape.of[0] ? valueOf(shape.of[0], snapshot, every, depth + 1) : '{}';
    case 'null':
      return 'null';
    case 'blob':
      return 'new Blob([])';
    default:
      return '{}';
  }
}
