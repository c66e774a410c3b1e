/**
 * The type text of an operation's function and resource method, which both emitters print alike:
 * its type parameters, parameters, per-call options, result and the type-only imports they need.
 */
import type { ApiModel, OperationModel } from '../model/types.ts';
import { narrowedPageItemType, narrowedResultType, paramValueType, withTypeArguments } from './selections.ts';
import { type ImportDeclarationStructure, importTypesFrom } from './structures.ts';

/**
 * What a method of this operation returns, as a type. `narrowed`: for an operation whose result
 * follows its params, the result for the type parameters of a generic method (one per list or
 * flag), or, with `args`, for the type arguments it gives each of those parameters.
 */
export function resultType(op: OperationModel, narrowed = false, args?: (param: string) => string): string {
  if (op.browserStep) return 'string';
  const body = narrowed && op.narrowing ? narrowedResultType(op.narrowing, args) : op.success.typeName;
  if (op.streaming) return `EventStream<${streamEventType(op, narrowed, args)}>`;
  const page =
    narrowed && op.narrowing?.pageTypeName
      ? `, ${withTypeArguments(op.narrowing.pageTypeName, op.narrowing, args)}`
      : '';
  if (op.pagination) return `PagePromise<${body}, ${pageItemType(op, narrowed, args)}${page}>`;
  return `Promise<${body}${op.success.mayBeEmpty ? ' | undefined' : ''}>`;
}

/** The item type of a paginated operation's pages: the selection itself when the items are a selected member. */
function pageItemType(op: OperationModel, narrowed: boolean, args?: (param: string) => string): string {
  const pagination = op.pagination;
  if (!pagination) return 'never';
  // Items that nothing selects are what they always are.
  return (narrowed && op.narrowing && narrowedPageItemType(op, op.narrowing, args)) || pagination.itemType;
}

/**
 * The type of one event of a stream: the body type of an NDJSON line (narrowed by the method's type
 * parameters where fields select), or a `ServerSentEvent` of its data type.
 */
export function streamEventType(
  op: OperationModel,
  narrowed = false,
  args?: (param: string) => string,
): string {
  const selected = narrowed && op.narrowing ? narrowedResultType(op.narrowing, args) : undefined;
  if (op.streaming === 'sse')
    return `ServerSentEvent<${selected ?? (op.success.typeName === 'void' ? 'string' : op.success.typeName)}>`;
  if (selected) return selected;
  return op.success.typeName === 'void' ? 'unknown' : op.success.typeName;
}

/** The per-call options type of an operation. */
export function optionsType(op: OperationModel): string {
  if (op.streaming) return 'StreamOptions';
  if (op.pagination) return 'PaginationOptions';
  return 'RequestOptions';
}

/** The type-only imports a module with these operations' signatures needs (models, enums, runtime types). */
export function signatureImports(
  model: ApiModel,
  ops: OperationModel[],
  from: string,
): ImportDeclarationStructure[] {
  const enumNames = new Set(model.enums.map((e) => e.name));
  const types = new Set<string>();
  for (const op of ops) {
    if (op.hasParams) types.add(op.paramsType);
    if (op.narrowing) types.add(op.narrowing.paramsTypeName);
    for (const name of op.resultTypes.narrowed) types.add(name);
  }
  const typeList = [...types].sort();
  const imports = [importTypesFrom(`${from}runtime/http.js`, ['ClientCore'])];
  if (ops.some((o) => optionsType(o) === 'RequestOptions'))
    imports.push(importTypesFrom(`${from}runtime/types.js`, ['RequestOptions']));
  if (ops.some((o) => o.pagination)) {
    const needsItem = ops.some((o) => o.pagination && resultType(o, true).includes('PageItem<'));
    imports.push(
      importTypesFrom(`${from}runtime/pagination.js`, [
        'PagePromise',
        ...(needsItem ? ['PageItem'] : []),
        'PaginationOptions',
      ]),
    );
  }
  if (ops.some((o) => o.streaming)) {
    const sse = ops.some((o) => o.streaming === 'sse') ? ['ServerSentEvent'] : [];
    imports.push(importTypesFrom(`${from}runtime/stream.js`, ['EventStream', ...sse, 'StreamOptions']));
  }
  const modelTypes = typeList.filter((n) => !enumNames.has(n));
  const enumTypes = typeList.filter((n) => enumNames.has(n));
  if (modelTypes.length > 0) imports.push(importTypesFrom(`${from}models.js`, modelTypes));
  if (enumTypes.length > 0) imports.push(importTypesFrom(`${from}enums.js`, enumTypes));
  return imports;
}

/**
 * The type parameters of an operation's function or method: an operation whose result follows its
 * params is generic in each value that decides it (a `*.fields` list, a flag), so that the result
 * follows the values passed and is keyed by them alone: a list seen before gives a result type tsc
 * has made before. A list's constraint admits an empty tuple, which makes tsc infer an inline list
 * as a tuple of its fields (field by field, as a selection needs) without `const`, which would also
 * infer every other value of the params literally. A value not passed is `never`: not sent.
 */
export function operationTypeParameters(
  op: OperationModel,
): { name: string; constraint: string; default: string }[] {
  if (!op.narrowing) return [];
  return op.narrowing.typeParameters.map((t) => {
    const own = paramValueType(op, t);
    return { name: t.name, constraint: t.kind === 'list' ? `readonly [] | ${own}` : own, default: 'never' };
  });
}

/** The params type of an operation's function or method: generic in its lists and flags where its result follows them. */
function paramsTypeOf(op: OperationModel): string {
  if (!op.narrowing) return op.paramsType;
  return withTypeArguments(op.narrowing.paramsTypeName, op.narrowing);
}

/** The parameters of an operation after the core (or on a resource method): params, then options. */
export function operationParameters(
  op: OperationModel,
): { name: string; type: string; initializer?: string; hasQuestionToken?: boolean }[] {
  const params = !op.hasParams
    ? []
    : op.narrowing
      ? [{ name: 'params', type: paramsTypeOf(op), ...(op.paramsOptional ? { hasQuestionToken: true } : {}) }]
      : [{ name: 'params', type: op.paramsType, ...(op.paramsOptional ? { initializer: '{}' } : {}) }];
  // A browser step builds a URL: no request, so no per-call options.
  return op.browserStep
    ? params
    : [...params, { name: 'options', type: optionsType(op), hasQuestionToken: true }];
}
