import { printSourceFile, type StatementStructures, StructureKind, VariableDeclarationKind } from './structures.ts';
import { memberName, NameTable } from '../model/names.ts';
import type { ApiModel, OperationModel, ValueChecks } from '../model/types.ts';
import { PARAMS_TYPE_PARAMETER, selectionType } from './selections.ts';
import { docText, GENERATED_HEADER, literal, propertyKey, Raw, stringLiteral } from './source.ts';

/** The name of an operation's descriptor constant in `operations.ts`. */
export function descriptorName(op: OperationModel): string {
  return op.constName;
}

/**
 * What a method of this operation returns, as a type. `narrowed`: for an operation whose result
 * holds selected objects, the result for the params type parameter `P` of a generic method.
 */
export function resultType(op: OperationModel, narrowed = false): string {
  if (op.browserStep) return 'string';
  const body = narrowed && op.narrowing ? `${op.narrowing.typeName}<${PARAMS_TYPE_PARAMETER}>` : op.success.typeName;
  if (op.streaming) return `EventStream<${streamEventType(op, narrowed)}>`;
  if (op.pagination) return `PagePromise<${body}, ${pageItemType(op, narrowed)}>`;
  return `Promise<${body}${op.success.mayBeEmpty ? ' | undefined' : ''}>`;
}

/** The item type of a paginated operation's pages: the selection itself when the items are a selected member. */
function pageItemType(op: OperationModel, narrowed: boolean): string {
  const pagination = op.pagination;
  if (!pagination) return 'never';
  if (!narrowed || !op.narrowing) return pagination.itemType;
  const member = op.narrowing.members.find((m) => m.property === pagination.items && m.array && m.selection);
  if (member?.selection) return selectionType(member.selection);
  // Items that nothing selects are what they always are.
  if (!op.narrowing.members.some((m) => m.property === pagination.items.split('.')[0])) return pagination.itemType;
  return `PageItem<${op.narrowing.typeName}<${PARAMS_TYPE_PARAMETER}>, ${stringLiteral(pagination.items)}>`;
}

/**
 * The type of one event of a stream: the body type of an NDJSON line (for the params `P` where
 * fields select), or a `ServerSentEvent` of its data type.
 */
export function streamEventType(op: OperationModel, narrowed = false): string {
  const selected = narrowed && op.narrowing ? `${op.narrowing.typeName}<${PARAMS_TYPE_PARAMETER}>` : undefined;
  if (op.streaming === 'sse') return `ServerSentEvent<${selected ?? (op.success.typeName === 'void' ? 'string' : op.success.typeName)}>`;
  if (selected) return selected;
  return op.success.typeName === 'void' ? 'unknown' : op.success.typeName;
}

/** The per-call options type of an operation. */
export function optionsType(op: OperationModel): string {
  if (op.streaming) return 'StreamOptions';
  if (op.pagination) return 'PaginationOptions';
  return 'RequestOptions';
}

/**
 * `operations.ts`: one descriptor per operation (what the runtime needs to send it), the
 * `operations` table by operationId, and `OperationTypes`, which types `client.call`.
 */
export function emitOperations(model: ApiModel): string {
  const enumNames = new Set(model.enums.map((e) => e.name));
  const usedEnums = new Set<string>();
  const taken = [...model.operations.map(descriptorName), ...enumNames, 'operations'];
  const shared = new SharedChecks(taken);
  // A first pass, with throwaway state, finds the checks that repeat.
  const repeated = repeatedParameterChecks(model, { enumNames, usedEnums: new Set(), shared: new SharedChecks(taken), repeated: new Set() });
  const render: CheckRenderer = { enumNames, usedEnums, shared, repeated };
  const typeNames = new Set<string>();
  const statements: StatementStructures[] = [];
  for (const op of model.operations) {
    statements.push({
      kind: StructureKind.VariableStatement,
      isExported: true,
      declarationKind: VariableDeclarationKind.Const,
      docs: [{ description: docText(`\`${op.method} ${op.path}\`${op.summary ? `: ${op.summary}` : ''}`) }],
      declarations: [{ name: descriptorName(op), type: op.pagination ? 'PaginatedOperationSpec' : 'OperationSpec', initializer: literal(descriptor(op, render, model.authKinds.includes('basic'))) }],
    });
    if (op.hasParams) typeNames.add(op.paramsType);
    for (const name of resultTypeNames(op)) typeNames.add(name);
  }
  statements.push({
    kind: StructureKind.VariableStatement,
    isExported: true,
    declarationKind: VariableDeclarationKind.Const,
    docs: [{ description: 'Every operation by operationId: method, path, tag and what the runtime needs to send it.' }],
    declarations: [
      {
        name: 'operations',
        initializer: `{\n${model.operations.map((op) => (op.id === descriptorName(op) ? `  ${op.id},` : `  ${propertyKey(op.id)}: ${descriptorName(op)},`)).join('\n')}\n} as const satisfies Record<string, OperationSpec>`,
      },
    ],
  });
  statements.push({
    kind: StructureKind.Interface,
    isExported: true,
    name: 'OperationTypes',
    docs: [{ description: 'The params, per-call options and result of each operation, by operationId (types `client.call`).' }],
    properties: model.operations.map((op) => ({
      name: stringLiteral(op.id),
      type: `{ params: ${op.hasParams ? op.paramsType : 'Record<string, never>'}; options: ${optionsType(op)}; result: ${resultType(op)}; paramsRequired: ${!op.paramsOptional} }`,
    })),
  });
  statements.push({
    kind: StructureKind.Interface,
    isExported: true,
    name: 'OperationResults',
    typeParameters: [{ name: PARAMS_TYPE_PARAMETER, default: '{}' }],
    docs: [{ description: 'What each operation returns for the params `P` (types `client.call`): results that hold selected objects follow the `*.fields` values in `P`.' }],
    properties: model.operations.map((op) => ({ name: stringLiteral(op.id), type: resultType(op, true) })),
  });
  for (const op of model.operations) if (op.narrowing) typeNames.add(op.narrowing.typeName);
  for (const s of model.selections) typeNames.add(s.name);
  statements.push({
    kind: StructureKind.TypeAlias,
    isExported: true,
    name: 'OperationId',
    docs: [{ description: 'Every operationId of the spec.' }],
    type: 'keyof typeof operations',
  });
  const runtimeTypes = [
    'OperationSpec',
    'RequestOptions',
    ...(model.hasPagination ? ['PaginatedOperationSpec'] : []),
    ...(shared.statements.length > 0 ? ['ValueChecks'] : []),
  ];
  const imports: StatementStructures[] = [
    { kind: StructureKind.ImportDeclaration, moduleSpecifier: './runtime/types.js', isTypeOnly: true, namedImports: runtimeTypes },
  ];
  for (const module of [...new Set([...shared.imports.values()].map((i) => i.module))].sort()) {
    const named = [...shared.imports].filter(([, i]) => i.module === module).sort(([a], [b]) => (a < b ? -1 : 1));
    imports.push({
      kind: StructureKind.ImportDeclaration,
      moduleSpecifier: `./runtime/${module}.js`,
      namedImports: named.map(([name, { local }]) => (name === local ? name : { name, alias: local })),
    });
  }
  if (model.hasPagination) {
    imports.push({ kind: StructureKind.ImportDeclaration, moduleSpecifier: './runtime/pagination.js', isTypeOnly: true, namedImports: ['PageItem', 'PagePromise', 'PaginationOptions'] });
  }
  if (model.hasStreaming) {
    const sse = model.operations.some((o) => o.streaming === 'sse') ? ['ServerSentEvent'] : [];
    imports.push({ kind: StructureKind.ImportDeclaration, moduleSpecifier: './runtime/stream.js', isTypeOnly: true, namedImports: ['EventStream', ...sse, 'StreamOptions'] });
  }
  if (model.operations.some((o) => o.narrowing)) {
    imports.push({ kind: StructureKind.ImportDeclaration, moduleSpecifier: './runtime/selection.js', isTypeOnly: true, namedImports: ['FieldsParam'] });
  }
  const modelTypes = [...typeNames].filter((n) => !BUILTIN_TYPES.has(n)).sort();
  const enumTypes = modelTypes.filter((n) => enumNames.has(n));
  const schemaTypes = modelTypes.filter((n) => !enumNames.has(n));
  if (schemaTypes.length > 0) imports.push({ kind: StructureKind.ImportDeclaration, moduleSpecifier: './models.js', isTypeOnly: true, namedImports: schemaTypes });
  const enumImports = [...new Set([...usedEnums, ...enumTypes])].sort();
  if (enumImports.length > 0) {
    imports.push({
      kind: StructureKind.ImportDeclaration,
      moduleSpecifier: './enums.js',
      namedImports: enumImports.map((name) => ({ name, isTypeOnly: !usedEnums.has(name) })),
    });
  }
  return printSourceFile({ leadingTrivia: `/** ${GENERATED_HEADER} */\n\n`, statements: [...imports, ...shared.statements, ...statements] });
}

const BUILTIN_TYPES = new Set(['void', 'Blob', 'string', 'unknown']);

/** The model type names a result type mentions (`narrowed`: as `resultType(op, true)` writes it). */
export function resultTypeNames(op: OperationModel, narrowed = false): string[] {
  if (op.browserStep) return [];
  if (narrowed && op.narrowing) {
    const items = op.pagination && op.narrowing.members.find((m) => m.property === op.pagination?.items && m.array && m.selection);
    // Page items nothing selects keep their type, `PageItem<Body, path>`.
    const wideItems = op.pagination && pageItemType(op, true) === op.pagination.itemType;
    return [op.narrowing.typeName, ...(items && items.selection ? [items.selection.name] : []), ...(wideItems ? [op.success.typeName] : [])];
  }
  return BUILTIN_TYPES.has(op.success.typeName) ? [] : [op.success.typeName];
}

function descriptor(op: OperationModel, render: CheckRenderer, packageHasBasic: boolean): Record<string, unknown> {
  const checks = (c: ValueChecks): unknown => renderChecks(c, render);
  const params = op.params
    .filter((p) => p.in !== 'body')
    .map((p) => ({
      name: p.name,
      key: p.key === p.name ? undefined : p.key,
      in: p.in,
      required: p.required || undefined,
      style: p.style === (p.in === 'query' || p.in === 'cookie' ? 'multi' : 'simple') ? undefined : p.style,
      explode: p.explode,
      checks: parameterChecks(p.name, p.checks, render),
    }));
  const checksOrEmpty = (c: (ValueChecks & { required?: boolean }) | undefined): unknown => (c ? (checks(c) ?? {}) : {});
  const body = op.body && {
    contentType: op.body.contentType,
    encoding: op.body.encoding,
    encode: render.shared.runtime(ENCODERS[op.body.encoding], 'serialize'),
    mode: op.body.mode,
    required: op.body.required || undefined,
    // Every field, checked or not: a params key that is neither a parameter nor a field is refused.
    fields: op.body.mode === 'fields' && op.body.fieldNames.length > 0 ? Object.fromEntries(op.body.fieldNames.map((k) => [k, checksOrEmpty(op.body?.fieldChecks[k])])) : undefined,
    open: op.body.mode === 'fields' && op.body.open ? true : undefined,
    exclusive: op.body.mode === 'fields' ? op.body.exclusive : undefined,
    checks: op.body.checks && checks(op.body.checks),
  };
  return {
    id: op.id,
    method: op.method,
    path: op.path,
    tag: op.tags[0],
    params: params.length > 0 ? params : undefined,
    body,
    response: op.success.encoding,
    mayBeEmpty: op.success.mayBeEmpty || undefined,
    security: op.security,
    apiKey: op.apiKey,
    pagination: op.pagination && {
      style: op.pagination.style,
      limit: op.pagination.limit,
      token: op.pagination.token,
      next: op.pagination.next,
      previous: op.pagination.previous,
      items: op.pagination.items,
      hasMore: op.pagination.hasMore,
      total: op.pagination.total,
    },
    streaming: op.streaming,
    browserStep: op.browserStep || undefined,
    sandboxOnly: op.sandboxOnly || undefined,
    requireHttps: op.requireHttps ? render.shared.runtime('requireSecureUrl', 'auth') : undefined,
    // Where Basic may be sent (its security allows it, or states none): the function that makes the header.
    basic:
      packageHasBasic && (!op.security || op.security.some((a) => a.includes('basic')))
        ? render.shared.runtime(op.basicEncoding === 'form' ? 'formBasicAuthorization' : 'basicAuthorization', 'auth')
        : undefined,
    rules: op.rules.length > 0 ? op.rules : undefined,
    pacing: op.rateLimits.length > 0 ? { pace: render.shared.runtime('paceRequest', 'pacing'), limits: op.rateLimits } : undefined,
  };
}

interface CheckRenderer {
  enumNames: ReadonlySet<string>;
  usedEnums: Set<string>;
  shared: SharedChecks;
  /** Rendered parameter checks that occur in more than one operation and are long enough to share. */
  repeated: ReadonlySet<string>;
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
      const rendered = renderChecks(p.checks, dryRun);
      if (rendered === undefined || rendered instanceof Raw) continue;
      const code = literal(rendered);
      if (code.length < MIN_SHARED_LENGTH) continue;
      if (seen.has(code)) repeated.add(code);
      seen.add(code);
    }
  }
  return repeated;
}

/** A parameter's rendered checks, or the shared constant that holds them when they repeat. */
function parameterChecks(name: string, c: ValueChecks, render: CheckRenderer): unknown {
  const rendered = renderChecks(c, render);
  if (rendered === undefined || rendered instanceof Raw) return rendered;
  const code = literal(rendered);
  return render.repeated.has(code) ? render.shared.share(`${memberName(name)}Checks`, code, `What the \`${name}\` parameter must meet before it is sent.`) : rendered;
}

/**
 * Renders checks as a literal. Enum values refer to the exported enum arrays; the checks of a named
 * object schema (a card component, say) are written once as a constant and referred to wherever used.
 */
function renderChecks(c: ValueChecks & { required?: boolean }, render: CheckRenderer): unknown {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(c)) {
    if (key === 'schema') continue;
    if (key === 'enumRef') {
      if (typeof value === 'string' && render.enumNames.has(value)) {
        render.usedEnums.add(value);
        out.enum = new Raw(value);
      }
    } else if (key === 'items') {
      const items = renderChecks(value as ValueChecks, render);
      if (items) out.items = items;
    } else if (key === 'properties') {
      out.properties = Object.fromEntries(
        Object.entries(value as Record<string, ValueChecks>).map(([name, inner]) => [name, renderChecks(inner, render) ?? {}]),
      );
    } else if (key === 'oneOf') {
      out.oneOf = (value as ValueChecks[]).map((inner) => renderChecks(inner, render) ?? {});
    } else if (key === 'format' && value !== 'date-time' && value !== 'date') {
      continue;
    } else out[key] = value;
  }
  if (Object.keys(out).length === 0) return undefined;
  // Objects are checked by code the descriptor refers to: bundles without object params leave it out.
  if (out.properties || out.requiredProperties || out.oneOf) out.object = render.shared.runtime('checkObject', 'validate');
  if (c.schema && !('required' in c) && (out.properties || out.oneOf)) return render.shared.refer(c.schema, out);
  return out;
}

/** The body encoder of each encoding (exported by `runtime/serialize.ts`). */
const ENCODERS: Record<'json' | 'form' | 'multipart' | 'binary' | 'text', string> = {
  json: 'encodeJson',
  form: 'encodeForm',
  multipart: 'encodeMultipart',
  binary: 'encodeBytes',
  text: 'encodeText',
};

/**
 * Checks of named schemas, each written once as a `const` before the descriptors that use it; and
 * the runtime values descriptors refer to (body encoders), imported under names no descriptor takes.
 */
class SharedChecks {
  readonly statements: StatementStructures[] = [];
  /** Runtime values imported from `runtime/<module>.ts`, by name: module and local name. */
  readonly imports = new Map<string, { module: string; local: string }>();
  private readonly byContent = new Map<string, string>();
  private readonly names: NameTable;

  constructor(taken: Iterable<string>) {
    this.names = new NameTable(taken);
  }

  /** A runtime value the descriptors refer to, by its local name. */
  runtime(name: string, module: string): Raw {
    let entry = this.imports.get(name);
    if (!entry) this.imports.set(name, (entry = { module, local: this.names.claim(name) }));
    return new Raw(entry.local);
  }

  /** The constant holding these checks (the same content, depth-limited or not, always gets one name). */
  refer(schema: string, checks: Record<string, unknown>): Raw {
    return this.share(`${memberName(schema)}Checks`, literal(checks), `What a \`${schema}\` value must meet before it is sent.`);
  }

  /** The constant holding checks rendered as `code`, declared (as `name`, or a free variant of it) on first use. */
  share(name: string, code: string, description: string): Raw {
    let claimed = this.byContent.get(code);
    if (!claimed) {
      claimed = this.names.claim(name);
      this.byContent.set(code, claimed);
      this.statements.push({
        kind: StructureKind.VariableStatement,
        declarationKind: VariableDeclarationKind.Const,
        docs: [{ description }],
        declarations: [{ name: claimed, type: 'ValueChecks', initializer: code }],
      });
    }
    return new Raw(claimed);
  }
}

/** The doc comment of a method: summary, description, the wire call, deprecation, docs link. */
export function methodDocs(op: OperationModel): { description: string; tags: { tagName: string; text?: string }[] } {
  const tags: { tagName: string; text?: string }[] = [];
  if (op.deprecated) {
    const d = op.deprecated;
    tags.push({ tagName: 'deprecated', text: [`Since ${d.since ?? 'an unstated date'}`, d.replacement && `use \`${d.replacement}\` instead`, d.note].filter(Boolean).join('; ') });
  }
  if (op.externalDocs) tags.push({ tagName: 'see', text: op.externalDocs });
  const description = docText(
    op.summary,
    op.description !== op.summary && op.description,
    `\`${op.method} ${op.path}\` (operationId \`${op.id}\`)`,
    op.browserStep && 'A browser step: this builds the URL to send the user to and makes no request.',
  );
  return { description, tags };
}
