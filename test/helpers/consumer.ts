/**
 * The consumer program of the diff ground truth: from an old package's API snapshot, a program that
 * calls every operation with every parameter (each value typed as the OLD package types it) through
 * `client.<group>.<method>`, and reads every result field (as the primitive the old package gave it).
 * Compiled against the NEW package, each error it gives is a change a consumer would see.
 */
import { resolve } from 'node:path';
import { writeTree } from './cli.ts';
import type { Field, Shape } from '../../generator/diff/shapes.ts';
import type { ApiSnapshot, OperationSnapshot } from '../../generator/diff/snapshot.ts';
import { loadSpec } from '../../generator/load/index.ts';
import { buildModel } from '../../generator/model/index.ts';
import { apiSnapshot } from '../../generator/diff/snapshot.ts';
import { CONSUMER_OPTIONS, typecheck } from './typecheck.ts';

export const CLIENT = 'ApiClient';

/**
 * Emits a spec's package sources (no formatting or compiling: tsc reads them as they are) into `dir`.
 * Returns its snapshot, and the operations whose params type is a union (a `oneOf` body sent field by
 * field): no one object literal with every key fits those, so their consumer passes a whole params value.
 */
export async function emitSources(
  spec: string,
  dir: string,
): Promise<{ snapshot: ApiSnapshot; unionParams: Set<string> }> {
  const loaded = loadSpec(spec);
  const model = buildModel(loaded, { packageName: '@test/diff', clientName: CLIENT });
  const { emitPackage } = await import('../../generator/run/emit.ts');
  writeTree(dir, await emitPackage(model, loaded.version));
  const schemas = new Map(model.schemas.map((x) => [x.name, x.schema]));
  const isUnion = (schema: Record<string, unknown> | undefined, depth = 0): boolean => {
    if (!schema || depth > 8) return false;
    if (typeof schema.$ref === 'string')
      return isUnion(schemas.get(schema.$ref.replace('#/components/schemas/', '')), depth + 1);
    if (Array.isArray(schema.oneOf) || Array.isArray(schema.anyOf)) return true;
    return (
      Array.isArray(schema.allOf) &&
      schema.allOf.some((part) => isUnion(part as Record<string, unknown>, depth + 1))
    );
  };
  const unionParams = new Set(
    model.operations
      .filter((o) => o.body?.mode === 'fields' && isUnion(schemas.get(o.body.typeName)))
      .map((o) => o.id),
  );
  return { snapshot: apiSnapshot(model), unionParams };
}

export interface ConsumerProgram {
  text: string;
  /** Lines (1-based, inclusive) of each operation's function, and of each problem type's (see `PROBLEM`). */
  ranges: { operationId: string; from: number; to: number }[];
}

/** The consumer of the package whose snapshot is `old`, importing old types from `oldIndex` and the client from `newIndex`. */
export function consumerProgram(
  old: ApiSnapshot,
  oldIndex: string,
  newIndex: string,
  unionParams: ReadonlySet<string> = new Set(),
): ConsumerProgram {
  const readsErrors = Object.values(old.operations).some((op) => op.errors !== undefined);
  const problems = Object.entries(old.problemShapes ?? {});
  const lines = [
    `import type { OperationTypes as Old } from '${oldIndex}';`,
    `import { ${[CLIENT, ...(readsErrors ? ['isApiError'] : []), ...(problems.length > 0 ? ['isProblem'] : [])].join(', ')} } from '${newIndex}';`,
    '',
    `declare const client: ${CLIENT};`,
    'declare function given<T>(): T;',
    'declare function read<T>(value: T): void;',
    '',
  ];
  const ranges: ConsumerProgram['ranges'] = [];
  let n = 0;
  for (const [id, op] of Object.entries(old.operations)) {
    const from = lines.length + 1;
    lines.push(`export async function call${n++}(): Promise<void> {`);
    operationCall(id, op, old, lines, unionParams.has(id));
    errorReads(id, op, old, lines);
    lines.push('}', '');
    ranges.push({ operationId: id, from, to: lines.length });
  }
  // Each problem type's fields, after `isProblem` narrowed to it: no operation's, the package's own.
  for (const [type, shape] of problems) {
    const from = lines.length + 1;
    lines.push(
      `export function problem${n++}(): void {`,
      '  const problem = given<unknown>();',
      `  if (isProblem(problem, ${JSON.stringify(type)})) {`,
    );
    new Reader(old, lines).read('problem', shape, '    ');
    lines.push('  }', '}', '');
    ranges.push({ operationId: `${PROBLEM} ${type}`, from, to: lines.length });
  }
  return { text: lines.join('\n'), ranges };
}

/** How `ranges` name a problem type's reads (`problem https://.../not-found`): a package-wide change explains them. */
export const PROBLEM = 'problem';

function operationCall(
  id: string,
  op: OperationSnapshot,
  old: ApiSnapshot,
  lines: string[],
  wholeParams: boolean,
): void {
  const keys = Object.keys(op.params);
  const params = `Old[${JSON.stringify(id)}]['params']`;
  const literal = `{ ${keys.map((k) => `${JSON.stringify(k)}: given<Exclude<${params}[${JSON.stringify(k)}], undefined>>()`).join(', ')} }`;
  const args = keys.length === 0 ? '' : wholeParams ? `given<${params}>()` : literal;
  const invoke = `client.${op.group}.${op.method}(${args})`;
  const reader = new Reader(old, lines);
  switch (op.kind) {
    case 'browser-step':
      lines.push(`  read<string>(${invoke});`);
      return;
    case 'stream':
      lines.push(`  for await (const result of ${invoke}) {`);
      reader.read(op.events === 'sse' ? 'result.data' : 'result', op.result, '    ');
      lines.push('    break;', '  }');
      return;
    default:
      if ('kind' in op.result && op.result.kind === 'void') {
        lines.push(`  await ${invoke};`);
        return;
      }
      lines.push(`  const result = await ${invoke};`);
      if (op.resultMayBeEmpty) {
        lines.push('  if (result !== undefined) {');
        reader.read('result', op.result, '    ');
        lines.push('  }');
      } else reader.read('result', op.result, '  ');
  }
}

/**
 * Reads the error body of each status the old package typed on its own (`error.status === 404`
 * narrows to that body alone when no range or `default` with another body answers 404 too), field by
 * field, after `isApiError` as a consumer writes it.
 */
function errorReads(id: string, op: OperationSnapshot, old: ApiSnapshot, lines: string[]): void {
  const errors = Object.entries(op.errors ?? {});
  const name = (shape: Shape) => ('ref' in shape ? shape.ref : JSON.stringify(shape));
  const ranges = errors.filter(([status]) => !/^\d+$/.test(status));
  for (const [status, shape] of errors) {
    if (!/^\d+$/.test(status) || ranges.some(([, other]) => name(other) !== name(shape))) continue;
    const error = `error${status}`;
    lines.push(
      `  const ${error} = given<unknown>();`,
      `  if (isApiError(${error}, ${JSON.stringify(id)}) && ${error}.status === ${status} && ${error}.body !== undefined) {`,
    );
    new Reader(old, lines).read(`${error}.body`, shape, '    ');
    lines.push('  }');
  }
}

/**
 * Reads a value and, in turn, every field it has: each named type once per operation. `dotAccess`
 * writes `v.name` where the name is an identifier (the code a person writes; migrate's consumer),
 * else every read is `v["name"]`.
 */
export class Reader {
  private readonly expanded = new Set<string>();
  private count = 0;

  constructor(
    private readonly snapshot: ApiSnapshot,
    private readonly lines: string[],
    private readonly dotAccess = false,
  ) {}

  read(expr: string, shape: Shape, indent: string): void {
    if ('ref' in shape) {
      const target = this.snapshot.types[shape.ref]?.shape ?? { kind: 'unknown' as const };
      if (this.expanded.has(shape.ref)) {
        this.lines.push(`${indent}read<unknown>(${expr});`);
        return;
      }
      this.expanded.add(shape.ref);
      this.read(expr, shape.nullable && !('ref' in target) ? { ...target, nullable: true } : target, indent);
      return;
    }
    if (shape.nullable) {
      const v = this.fresh();
      this.lines.push(`${indent}const ${v} = ${expr};`, `${indent}if (${v} !== null) {`);
      this.read(v, { ...shape, nullable: undefined } as Shape, `${indent}  `);
      this.lines.push(`${indent}}`);
      return;
    }
    switch (shape.kind) {
      case 'object':
      case 'all': {
        const fields = this.fieldsOf(shape);
        if (!fields || Object.keys(fields).length === 0) {
          this.lines.push(`${indent}read<unknown>(${expr});`);
          return;
        }
        const v = this.fresh();
        this.lines.push(`${indent}const ${v} = ${expr};`);
        for (const [name, field] of Object.entries(fields)) this.field(v, name, field, indent);
        return;
      }
      case 'array': {
        const item = this.fresh();
        this.lines.push(`${indent}for (const ${item} of ${expr}) {`);
        this.read(item, shape.items, `${indent}  `);
        this.lines.push(`${indent}  break;`, `${indent}}`);
        return;
      }
      case 'string':
      case 'boolean':
      case 'null':
        this.lines.push(`${indent}read<${shape.kind}>(${expr});`);
        return;
      case 'number':
      case 'integer':
        this.lines.push(`${indent}read<number>(${expr});`);
        return;
      case 'blob':
        this.lines.push(`${indent}read<Blob>(${expr});`);
        return;
      case 'void':
      case 'never':
        return;
      default:
        // A union (or an unknown): the consumer narrows it itself; what it reads is that it is there.
        this.lines.push(`${indent}read<unknown>(${expr});`);
    }
  }

  private field(object: string, name: string, field: Field, indent: string): void {
    const access =
      this.dotAccess && /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(name)
        ? `${object}.${name}`
        : `${object}[${JSON.stringify(name)}]`;
    if (field.required) {
      this.read(access, field.type, indent);
      return;
    }
    const v = this.fresh();
    this.lines.push(`${indent}const ${v} = ${access};`, `${indent}if (${v} !== undefined) {`);
    this.read(v, field.type, `${indent}  `);
    this.lines.push(`${indent}}`);
  }

  private fieldsOf(shape: Shape, depth = 0): Record<string, Field> | undefined {
    if (depth > 8) return undefined;
    if ('ref' in shape) {
      const target = this.snapshot.types[shape.ref]?.shape;
      return target ? this.fieldsOf(target, depth + 1) : undefined;
    }
    if (shape.kind === 'object') return shape.fields;
    if (shape.kind !== 'all') return undefined;
    const out: Record<string, Field> = {};
    for (const part of shape.of) {
      const fields = this.fieldsOf(part, depth + 1);
      if (!fields) return undefined;
      for (const [name, field] of Object.entries(fields))
        out[name] = out[name]?.required ? { ...field, required: true } : field;
    }
    return out;
  }

  private fresh(): string {
    return `v${this.count++}`;
  }
}

/**
 * Type-checks consumer files in one program (the native tsc: `typecheck`); returns each file's errors
 * by operationId (`''` for errors outside any operation).
 */
export function compileErrors(
  files: { path: string; program: ConsumerProgram }[],
): Map<string, Map<string, string[]>> {
  const errors = typecheck(
    files.map((f) => f.path),
    { ...CONSUMER_OPTIONS, skipLibCheck: true },
  );
  const out = new Map<string, Map<string, string[]>>();
  for (const { path } of files) out.set(path, new Map());
  for (const error of errors) {
    const [, file = '', at = '0', message = error] = /^(.*?):(\d+): (.*)$/.exec(error) ?? [];
    const path = file ? resolve(file) : '';
    const consumer = files.find((f) => f.path === path);
    const byOperation = out.get(path);
    if (!consumer || !byOperation) continue; // an error in a package: each consumer shows its own
    const line = Number(at);
    const id = consumer.program.ranges.find((r) => line >= r.from && line <= r.to)?.operationId ?? '';
    const list = byOperation.get(id) ?? [];
    list.push(`line ${line}: ${message}`);
    byOperation.set(id, list);
  }
  return out;
}
