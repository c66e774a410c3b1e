import { printSourceFile, type StatementStructures, StructureKind, VariableDeclarationKind } from './structures.ts';
import { memberName, NameTable } from '../model/names.ts';
import type { ApiModel, OperationModel, ValueChecks } from '../model/types.ts';
import { narrowedPageItemType, narrowedResultType, withTypeArguments } from './selections.ts';
import { docText, GENERATED_HEADER, literal, propertyKey, PURE, Raw, stringLiteral } from './source.ts';

/** The name of an operation's descriptor constant in `operations.ts`. */
export function descriptorName(op: OperationModel): string {
  return op.constName;
}

/** The params type parameter of `OperationResults` (`client.call`), and each parameter's value in it. */
const CALL_PARAMS = 'P';
const callArgument = (param: string): string => `FieldsParam<${CALL_PARAMS}, ${stringLiteral(param)}>`;

/**
 * What a method of this operation returns, as a type. `narrowed`: for an operation whose result
 * follows its params, the result for the type parameters of a generic method (one per list or
 * flag), or, with `args`, for the type arguments it gives each of those parameters.
 */
export function resultType(op: OperationModel, narrowed = false, args?: (param: string) => string): string {
  if (op.browserStep) return 'string';
  const body = narrowed && op.narrowing ? narrowedResultType(op.narrowing, args) : op.success.typeName;
  if (op.streaming) return `EventStream<${streamEventType(op, narrowed, args)}>`;
  const page = narrowed && op.narrowing?.pageTypeName ? `, ${withTypeArguments(op.narrowing.pageTypeName, op.narrowing, args)}` : '';
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
export function streamEventType(op: OperationModel, narrowed = false, args?: (param: string) => string): string {
  const selected = narrowed && op.narrowing ? narrowedResultType(op.narrowing, args) : undefined;
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
  const dryRun = (): CheckRenderer => ({ enumNames, usedEnums: new Set(), shared: new SharedChecks(taken), repeated: new Set(), makers: new Map() });
  const render: CheckRenderer = { enumNames, usedEnums, shared, repeated: new Set(), makers: new Map() };
  // Rendered again here, so that the makers' own imports are the package's.
  for (const [code, c] of repeatedEnumTemplates(model, dryRun())) render.makers.set(code, shared.maker(enumTemplate(c, render)!.code));
  render.repeated = repeatedParameterChecks(model, { ...dryRun(), makers: render.makers });
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
    for (const name of op.resultTypes.declared) typeNames.add(name);
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
    typeParameters: [{ name: CALL_PARAMS, default: '{}' }],
    docs: [{ description: 'What each operation returns for the params `P` (types `client.call`): results that hold selected objects follow the `*.fields` values in `P`.' }],
    properties: model.operations.map((op) => ({ name: stringLiteral(op.id), type: resultType(op, true, callArgument) })),
  });
  for (const op of model.operations) {
    if (op.narrowing) typeNames.add(op.narrowing.typeName);
    if (op.narrowing?.pageTypeName) typeNames.add(op.narrowing.pageTypeName);
  }
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
    ...(shared.statements.length > 0 ? ['ValueCheck'] : []),
  ];
  if (render.makers.size > 0) runtimeTypes.push('EnumValue');
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

function descriptor(op: OperationModel, render: CheckRenderer, packageHasBasic: boolean): Record<string, unknown> {
  const check = (c: ValueChecks | undefined): Raw | undefined => {
    const code = c && renderCheck(c, render);
    return code === undefined ? undefined : new Raw(code);
  };
  const params = op.params
    .filter((p) => p.in !== 'body')
    .map((p) => ({
      name: p.name,
      key: p.key === p.name ? undefined : p.key,
      in: p.in,
      required: p.required || undefined,
      nullable: p.checks.nullable || undefined,
      style: paramStyle(p, render),
      explode: p.explode,
      // The next page's URL of a `Link` header gives every query value as text: the runtime types it back.
      type: op.pagination?.style === 'link' && p.in === 'query' && p.checks.type !== 'string' && p.checks.type !== 'object' ? p.checks.type : undefined,
      check: p.in === 'path' ? pathCheck(parameterCheck(p.name, p.checks, render), render) : parameterCheck(p.name, p.checks, render),
    }));
  const field = (c: (ValueChecks & { required?: boolean }) | undefined): Record<string, unknown> => ({
    required: c?.required || undefined,
    nullable: c?.nullable || undefined,
    check: check(c),
  });
  const body = op.body && {
    contentType: op.body.contentType,
    encoding: op.body.encoding,
    encode: render.shared.runtime(ENCODERS[op.body.encoding], 'serialize'),
    mode: op.body.mode,
    required: op.body.required || undefined,
    nullable: op.body.checks?.nullable || undefined,
    // Every field, checked or not: a params key that is neither a parameter nor a field is refused.
    fields: op.body.mode === 'fields' && op.body.fieldNames.length > 0 ? Object.fromEntries(op.body.fieldNames.map((k) => [k, field(op.body?.fieldChecks[k])])) : undefined,
    open: op.body.mode === 'fields' && op.body.open ? true : undefined,
    exclusive: op.body.mode === 'fields' && op.body.exclusive ? new Raw(`${PURE}${render.shared.runtime('oneShape', 'validate').code}(${literal(op.body.exclusive)})`) : undefined,
    check: check(op.body.checks),
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
        ? render.shared.runtime(op.basicEncoding === 'form' ? 'formBasicCredentials' : 'basicCredentials', 'auth')
        : undefined,
    rules: op.rules.length > 0 ? op.rules : undefined,
    pacing: op.rateLimits.length > 0 ? { pace: render.shared.runtime('paceRequest', 'pacing'), limits: op.rateLimits } : undefined,
  };
}

/** Query styles whose values are lists: a value that may be an object needs `withEntries` around them. */
const LIST_STYLES: ReadonlySet<string> = new Set(['multi', 'csv', 'ssv', 'pipes']);

/** The runtime style of a parameter (`runtime/serialize.ts`). */
function paramStyle(p: OperationModel['params'][number], render: CheckRenderer): Raw {
  // A cookie value is sent in the simple style, whatever its parameter says (a cookie has no `&`).
  const style = render.shared.runtime(p.in === 'cookie' ? 'simple' : p.style, 'serialize');
  const mayBeObject = p.checks.type === undefined || p.checks.type === 'object';
  if (p.in !== 'query' || !mayBeObject || !LIST_STYLES.has(p.style)) return style;
  return new Raw(`${PURE}${render.shared.runtime('withEntries', 'serialize').code}(${style.code})`);
}

interface CheckRenderer {
  enumNames: ReadonlySet<string>;
  usedEnums: Set<string>;
  shared: SharedChecks;
  /** Rendered parameter checks that occur in more than one operation and are long enough to share. */
  repeated: ReadonlySet<string>;
  /** The local makers of checks that differ only in their enum (`enumListChecks(TweetField)`), by template. */
  makers: Map<string, Raw>;
  /** Set while rendering a template: enum refs are written as this parameter and collected. */
  enumParameter?: { readonly name: string; readonly refs: string[] };
}

/** The parameter of a check maker that stands for its enum. */
const ENUM_PARAMETER = 'values';

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
 * A check rendered with its one enum ref as the maker's parameter, and that ref; undefined for a
 * check that refers to no enum or several, or that has object shapes (those are shared by name).
 */
function enumTemplate(c: ValueChecks, render: CheckRenderer): { code: string; enumRef: string } | undefined {
  if (!plainChecks(c)) return undefined;
  const refs: string[] = [];
  const code = renderCheck(c, { ...render, usedEnums: new Set(), enumParameter: { name: ENUM_PARAMETER, refs } });
  return code !== undefined && refs.length === 1 ? { code, enumRef: refs[0]! } : undefined;
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
function pathCheck(check: Raw | undefined, render: CheckRenderer): Raw {
  return new Raw(`${PURE}${render.shared.runtime('segment', 'validate').code}(${check ? check.code : ''})`);
}

/** A parameter's check, or the shared constant that holds it when it repeats. */
function parameterCheck(name: string, c: ValueChecks, render: CheckRenderer): Raw | undefined {
  const template = render.makers.size > 0 ? enumTemplate(c, render) : undefined;
  const maker = template && render.makers.get(template.code);
  if (template && maker) {
    render.usedEnums.add(template.enumRef);
    return new Raw(`${PURE}${maker.code}(${template.enumRef})`);
  }
  const code = renderCheck(c, render);
  if (code === undefined) return undefined;
  return render.repeated.has(code) ? render.shared.share(`${memberName(name)}Checks`, code, `What the \`${name}\` parameter must meet before it is sent.`) : new Raw(code);
}

/** The maker of `runtime/validate.ts` for each type, and the rules it reads. */
const MAKERS: Record<NonNullable<ValueChecks['type']> | 'any', { maker: string; rules: readonly string[] }> = {
  string: { maker: 'string', rules: ['minLength', 'maxLength', 'pattern'] },
  integer: { maker: 'integer', rules: ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum'] },
  number: { maker: 'number', rules: ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum'] },
  boolean: { maker: 'boolean', rules: [] },
  array: { maker: 'array', rules: ['minItems', 'maxItems', 'uniqueItems', 'items'] },
  object: { maker: 'object', rules: ['properties', 'requiredProperties', 'oneOf'] },
  any: {
    maker: 'value',
    rules: ['minLength', 'maxLength', 'pattern', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'minItems', 'maxItems', 'uniqueItems', 'items', 'properties', 'requiredProperties', 'oneOf'],
  },
};

/**
 * A value's check as code: a call of the maker of its type (`string({ pattern: '^[0-9]+$' })`) with
 * the rules that type has; undefined when nothing is checked. Enum values refer to the exported enum
 * arrays; the checks of a named object schema (a card component, say) are written once as a
 * constant and referred to wherever used.
 */
function renderCheck(c: ValueChecks & { required?: boolean }, render: CheckRenderer): string | undefined {
  const { maker, rules } = MAKERS[c.type ?? 'any'];
  const out: Record<string, unknown> = {};
  if (c.enumRef !== undefined && render.enumNames.has(c.enumRef)) {
    if (render.enumParameter) {
      render.enumParameter.refs.push(c.enumRef);
      out.enum = new Raw(render.enumParameter.name);
    } else {
      render.usedEnums.add(c.enumRef);
      out.enum = new Raw(c.enumRef);
    }
  } else if (c.enum) out.enum = c.enum;
  for (const rule of rules) {
    const value = c[rule as keyof ValueChecks];
    if (value === undefined) continue;
    if (rule === 'items') {
      const items = renderCheck(value as ValueChecks, render);
      if (items !== undefined) out.items = new Raw(items);
    } else if (rule === 'properties') {
      // A property without rules needs no check.
      const properties = Object.entries(value as Record<string, ValueChecks>).flatMap(([name, inner]) => {
        const code = renderCheck(inner, render);
        return code === undefined ? [] : [[name, new Raw(code)] as const];
      });
      if (properties.length > 0) out.properties = Object.fromEntries(properties);
    } else if (rule === 'requiredProperties') out.required = value;
    else if (rule === 'oneOf') {
      // A shape without rules takes any value.
      const shapes = (value as ValueChecks[]).map((inner) => new Raw(renderCheck(inner, render) ?? `${render.shared.runtime('value', 'validate').code}()`));
      const property = c.discriminator;
      if (property === undefined) out.oneOf = shapes;
      else out.discriminator = { property, shapes: (value as ValueChecks[]).map((inner, i) => [inner.properties?.[property]?.enum ?? [], shapes[i]]) };
    } else out[rule] = value;
  }
  if (c.nullable) out.nullable = true;
  if (c.type === undefined && Object.keys(out).length === 0) return undefined;
  const options = Object.keys(out).length > 0 ? literal(out) : '';
  const code = `${PURE}${render.shared.runtime(maker, 'validate').code}(${options})`;
  if (c.schema && (out.properties || out.oneOf || out.discriminator)) return render.shared.refer(c.schema, code).code;
  return code;
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

  /**
   * A local maker of the checks rendered as `template`, whose enum is its parameter: declared here,
   * called by each parameter that has these checks with its own enum.
   */
  maker(template: string): Raw {
    const name = this.names.claim(template.startsWith(`${PURE}array(`) ? 'enumListChecks' : 'enumChecks');
    this.statements.push({
      kind: StructureKind.VariableStatement,
      declarationKind: VariableDeclarationKind.Const,
      docs: [{ description: `The checks that several parameters share, each with its own enum as \`${ENUM_PARAMETER}\`.` }],
      declarations: [{ name, initializer: `(${ENUM_PARAMETER}: readonly EnumValue[]): ValueCheck => ${template.slice(PURE.length)}` }],
    });
    return new Raw(name);
  }

  /** The constant holding these checks (the same content, depth-limited or not, always gets one name). */
  refer(schema: string, code: string): Raw {
    return this.share(`${memberName(schema)}Checks`, code, `What a \`${schema}\` value must meet before it is sent.`);
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
        declarations: [{ name: claimed, type: 'ValueCheck', initializer: code }],
      });
    }
    return new Raw(claimed);
  }
}

/** The doc comment of a method: summary, description, the wire call, deprecation, docs link, an example call. */
export function methodDocs(op: OperationModel, example?: string): { description: string; tags: { tagName: string; text?: string }[] } {
  const tags: { tagName: string; text?: string }[] = [];
  if (op.deprecated) {
    const d = op.deprecated;
    tags.push({ tagName: 'deprecated', text: [`Since ${d.since ?? 'an unstated date'}`, d.replacement && `use \`${d.replacement}\` instead`, d.note].filter(Boolean).join('; ') });
  }
  if (op.externalDocs) tags.push({ tagName: 'see', text: op.externalDocs });
  // On the lines below the tag, as editors show an example's code.
  if (example) tags.push({ tagName: 'example', text: `\n${example}` });
  const description = docText(
    op.summary,
    op.description !== op.summary && op.description,
    `\`${op.method} ${op.path}\` (operationId \`${op.id}\`)`,
    op.browserStep && 'A browser step: this builds the URL to send the user to and makes no request.',
  );
  return { description, tags };
}
