import { type StatementStructures, StructureKind } from './structures.ts';
import type {
  ApiModel,
  NarrowedMember,
  NarrowingModel,
  NarrowingTypeParameter,
  OperationModel,
  SelectionModel,
} from '../model/types.ts';
import { docText, propertyKey, stringLiteral } from './source.ts';

/** A union of string literals (`never` when empty). */
function union(values: readonly string[]): string {
  return values.length > 0 ? values.map((v) => stringLiteral(v)).join(' | ') : 'never';
}

function fieldTypeOf(selection: SelectionModel): string {
  if ('enum' in selection.field) return selection.field.enum;
  return selection.field.values.length > 0 ? union(selection.field.values) : 'string';
}

/**
 * The schema types the declarations of `selectionStatements` name (imported in `models.ts` from
 * `schemas.ts`): selected objects and their field enums, and each narrowed operation's params,
 * body, objects holding selections and page items.
 */
export function selectionSchemaNames(model: ApiModel): string[] {
  const names = new Set<string>();
  for (const s of model.selections) {
    names.add(s.object);
    if ('enum' in s.field) names.add(s.field.enum);
  }
  const addMember = (m: NarrowedMember): void => {
    if (!m.object) return;
    if (m.object.others) names.add(m.object.schema);
    m.object.members.forEach(addMember);
  };
  for (const op of model.operations) {
    if (!op.narrowing) continue;
    names.add(op.paramsType).add(op.narrowing.body);
    op.narrowing.members.forEach(addMember);
    if (op.narrowing.pageTypeName && op.pagination) names.add(op.pagination.itemType);
  }
  return [...names];
}

/** The `SelectionRules` of `runtime/selection.ts` for one selected object, as an object type of named keys. */
function selectionRules(s: SelectionModel, field: string, optional: readonly string[]): string {
  const rules: [string, string][] = [
    ['defaults', union(s.defaults)],
    ['sometimesAbsent', union(s.sometimesAbsent)],
    ['presentWhenAsked', union(s.presentWhenAsked)],
    ['nonDefaults', union(s.nonDefaults)],
    ['fields', field],
    ...(optional.length > 0 ? [['alwaysOptional', union(optional)] as [string, string]] : []),
  ];
  return `{ ${rules.map(([key, type]) => `${key}: ${type};`).join(' ')} }`;
}

function list(values: readonly string[]): string {
  return values.map((v) => `\`${v}\``).join(', ');
}

/**
 * The declarations `models.ts` adds for field selection: one generic type per selected object
 * (`TweetSelection<V>`), and for each operation whose result follows its params, the result and the
 * params generic in the values that decide it (`GetPostsByIdsResponse<TweetFields, …>`,
 * `GetPostsByIdsParamsOf<TweetFields, …>`).
 */
export function selectionStatements(model: ApiModel): StatementStructures[] {
  const statements: StatementStructures[] = [];
  for (const s of model.selections) {
    const field = fieldTypeOf(s);
    // Defaults unknown (an inferred pairing, no `required`): every field may be absent unless requested.
    const optional = s.defaultsUnknown
      ? [...new Set([...s.presentWhenAsked, ...s.sometimesAbsent, ...s.unselectable])]
      : s.unselectable;
    statements.push({
      kind: StructureKind.TypeAlias,
      isExported: true,
      name: s.name,
      typeParameters: [{ name: 'V', default: `readonly ${field.includes('|') ? `(${field})` : field}[]` }],
      type: `FieldSelection<${s.object}, V, ${selectionRules(s, field, optional)}>`,
      docs: [
        {
          description: docText(
            s.defaultsUnknown
              ? `A \`${s.object}\` as the \`${s.param}\` value \`V\` selects it: the requested fields are present; the spec states no defaults (\`${s.object}\` has no \`required\` list), so every other field is optional.`
              : `A \`${s.object}\` as the \`${s.param}\` value \`V\` selects it: the default fields${s.defaults.length > 0 ? ` (${list(s.defaults)})` : ''} and the requested ones are present, every other field is absent.`,
            s.sometimesAbsent.length > 0 &&
              `The API leaves these out of some objects even when asked, so they stay optional: ${list(s.sometimesAbsent)}.`,
            s.unselectable.length > 0 &&
              `\`${s.param}\` cannot ask for these, so they are optional whatever it asks: ${list(s.unselectable)}.`,
            `A list that may hold any field (typed \`${field.includes('|') ? 'string' : field}[]\`) gives \`${s.object}\` as the schema states it.`,
          ),
        },
      ],
    });
  }
  for (const op of model.operations) {
    if (!op.narrowing) continue;
    statements.push(narrowedParams(op, op.narrowing), narrowedResult(op, op.narrowing));
    if (op.narrowing.pageTypeName) statements.push(narrowedPage(op, op.narrowing, op.narrowing.pageTypeName));
  }
  return statements;
}

/**
 * The type of a parameter's value in the operation's params (`GetPostsByIdsParams['tweet.fields']`):
 * a type parameter's constraint, and what an unnamed type argument stands for (it may hold every
 * field, or be either flag value, so the result is the body as the schema states it).
 */
export function paramValueType(op: OperationModel, t: NarrowingTypeParameter): string {
  return `${op.paramsType}[${stringLiteral(t.param)}]`;
}

/** The type parameters of the result type and the generic params type, each defaulting to its parameter's own type. */
function declaredTypeParameters(op: OperationModel, n: NarrowingModel): { name: string; default: string }[] {
  return n.typeParameters.map((t) => ({ name: t.name, default: paramValueType(op, t) }));
}

/**
 * `name` applied to the narrowing's type arguments (`GetPostsByIdsResponse<TweetFields, …>`): its
 * type parameters, or what `args` gives for each parameter (`client.call`'s `FieldsParam<P, …>`).
 */
export function withTypeArguments(name: string, n: NarrowingModel, args?: (param: string) => string): string {
  return `${name}<${n.typeParameters.map((t) => (args ? args(t.param) : t.name)).join(', ')}>`;
}

/**
 * The params of an operation whose result follows them, generic in the values that decide it. A
 * method takes them as its params type: tsc infers each list alone (an inline list as a tuple of its
 * fields), and checks the rest of the literal as it checks any object, excess properties included.
 */
function narrowedParams(op: OperationModel, n: NarrowingModel): StatementStructures {
  const keys = n.typeParameters.map((t) => t.param);
  return {
    kind: StructureKind.Interface,
    isExported: true,
    name: n.paramsTypeName,
    typeParameters: declaredTypeParameters(op, n),
    extends: [`Omit<${op.paramsType}, ${union(keys)}>`],
    properties: n.typeParameters.map((t) => ({
      name: propertyKey(t.param),
      hasQuestionToken: !op.params.some((p) => p.key === t.param && p.required),
      type: t.name,
    })),
    docs: [
      {
        description: docText(
          `\`${op.paramsType}\` with the values that decide what \`${op.id}\` returns as type parameters: ${n.typeParameters.map((t) => `\`${t.param}\` (\`${t.name}\`)`).join(', ')}.`,
          `Without type arguments, it is \`${op.paramsType}\`.`,
        ),
      },
    ],
  };
}

function narrowedResult(op: OperationModel, n: NarrowingModel): StatementStructures {
  const flags = n.members.filter((m) => m.flag);
  if (flags.length > 0) {
    // A property present or absent by a flag cannot be an interface member: an intersection.
    const selected = n.members.filter((m) => !m.flag);
    const parts = [
      `Omit<${n.body}, ${union(n.members.map((m) => m.property))}>`,
      ...(selected.length > 0
        ? [
            `{ ${selected.map((m) => `${propertyKey(m.property)}${m.required ? '' : '?'}: ${memberType(m, n)};`).join(' ')} }`,
          ]
        : []),
      ...flags.map(
        (m) => `Flagged<${n.body}, ${stringLiteral(m.property)}, ${typeParameterOf(n, m.flag?.param ?? '')}>`,
      ),
    ];
    return {
      kind: StructureKind.TypeAlias,
      isExported: true,
      name: n.typeName,
      typeParameters: declaredTypeParameters(op, n),
      type: parts.join(' & '),
      docs: [
        {
          description: docText(
            `\`${n.body}\` as \`${op.id}\` returns it for the values of ${n.typeParameters.map((t) => `\`${t.param}\` (\`${t.name}\`)`).join(', ')}: ${flags.map((m) => `\`${m.property}\` is present when \`${m.flag?.param}\` is \`true\`, absent when it is not sent`).join('; ')}${selected.length > 0 ? '; its objects carry the fields the `*.fields` lists ask for, beside their defaults' : ''}.`,
            'Without type arguments, it is the type as the schema states it.',
          ),
        },
      ],
    };
  }
  return {
    kind: StructureKind.Interface,
    isExported: true,
    name: n.typeName,
    typeParameters: declaredTypeParameters(op, n),
    extends: [`Omit<${n.body}, ${union(n.members.map((m) => m.property))}>`],
    properties: n.members.map((m) => ({
      name: propertyKey(m.property),
      hasQuestionToken: !m.required,
      type: memberType(m, n),
    })),
    docs: [
      {
        description: docText(
          `\`${n.body}\` as \`${op.id}\` returns it for the lists ${n.typeParameters.map((t) => `\`${t.param}\` (\`${t.name}\`)`).join(', ')}: its objects carry the fields those lists ask for, beside their defaults (see ${[...new Set(n.members.flatMap(selectionNames))].map((s) => `\`${s}\``).join(', ')}).`,
          'Without type arguments, every selectable field is optional, as the schema states it.',
        ),
      },
    ],
  };
}

/**
 * A paginated operation's page: the narrowed result and what a page adds, as one interface (tsc
 * resolves its members once per list, where `Page<Body, Item>`'s intersection is reduced property by
 * property when each new result is awaited).
 */
function narrowedPage(op: OperationModel, n: NarrowingModel, name: string): StatementStructures {
  const self = withTypeArguments(name, n);
  return {
    kind: StructureKind.Interface,
    isExported: true,
    name,
    typeParameters: declaredTypeParameters(op, n),
    extends: [narrowedResultType(n), `PageMembers<${pageInterfaceItem(op, n)}, ${self}>`],
    docs: [
      {
        description: docText(
          `A page of \`${op.id}\`: \`${n.typeName}\` with its items and the way to the pages around it.`,
        ),
      },
    ],
  };
}

/**
 * The item type of a narrowed operation's pages: the selection itself when the items are a selected
 * member, the item found in the narrowed result when they sit in one (`PageItem<…>`); undefined
 * when nothing selects them.
 */
export function narrowedPageItemType(
  op: OperationModel,
  n: NarrowingModel,
  args?: (param: string) => string,
): string | undefined {
  const pagination = op.pagination;
  if (!pagination) return undefined;
  const member = n.members.find((m) => m.property === pagination.items && m.array && m.selection);
  if (member?.selection) return selectionType(member.selection, n, args);
  if (!n.members.some((m) => m.property === pagination.items.split('.')[0])) return undefined;
  return `PageItem<${narrowedResultType(n, args)}, ${stringLiteral(pagination.items)}>`;
}

/** The item type a page interface names: narrowed, else the operation's own (`PageItem<Body, path>`). */
function pageInterfaceItem(op: OperationModel, n: NarrowingModel): string {
  return narrowedPageItemType(op, n) ?? op.pagination?.itemType ?? 'never';
}

/**
 * The pagination helpers (`runtime/pagination.ts`) that `models.ts` names for page interfaces,
 * read from the very item types they print: a page whose items nothing selects names `PageItem` too.
 */
export function pageHelpers(model: ApiModel): string[] {
  const ops = model.operations.filter((o) => o.narrowing?.pageTypeName);
  if (ops.length === 0) return [];
  return [
    ...(ops.some((o) => o.narrowing && pageInterfaceItem(o, o.narrowing).includes('PageItem<'))
      ? ['PageItem']
      : []),
    'PageMembers',
  ];
}

/** The field-selection helpers (`runtime/selection.ts`) that `models.ts` names. */
export function selectionHelpers(model: ApiModel): string[] {
  const members = model.operations.flatMap((o) => o.narrowing?.members ?? []);
  return [
    ...(model.selections.length > 0 ? ['FieldSelection'] : []),
    ...(members.some((m) => m.flag) ? ['Flagged'] : []),
  ];
}

function selectionNames(m: NarrowedMember): string[] {
  return m.selection ? [m.selection.name] : (m.object?.members ?? []).flatMap(selectionNames);
}

/** A member's type: the selection of its objects, or an object whose members are selections. */
function memberType(m: NarrowedMember, n: NarrowingModel): string {
  let type: string;
  if (m.selection) type = selectionType(m.selection, n);
  else {
    const inner = m.object?.members ?? [];
    type = `{ ${inner.map((i) => `${propertyKey(i.property)}${i.required ? '' : '?'}: ${memberType(i, n)};`).join(' ')} }`;
    if (m.object?.others) type = `Omit<${m.object.schema}, ${union(inner.map((i) => i.property))}> & ${type}`;
  }
  return m.array ? `${type}[]` : type;
}

/** The type parameter standing for the value of the params key `param`. */
export function typeParameterOf(n: NarrowingModel, param: string): string {
  const t = n.typeParameters.find((p) => p.param === param);
  if (!t) throw new Error(`no type parameter for ${param}`);
  return t.name;
}

/**
 * The selected object of a member, e.g. `TweetSelection<TweetFields>`; `args` gives each parameter's
 * type argument where it is not the type parameter itself (`client.call`'s `FieldsParam<P, 'tweet.fields'>`).
 */
export function selectionType(
  selection: { name: string; param: string },
  n: NarrowingModel,
  args?: (param: string) => string,
): string {
  return `${selection.name}<${args ? args(selection.param) : typeParameterOf(n, selection.param)}>`;
}

/** The narrowed result type of an operation with its type arguments: its type parameters, or what `args` gives for each parameter. */
export function narrowedResultType(n: NarrowingModel, args?: (param: string) => string): string {
  return withTypeArguments(n.typeName, n, args);
}
