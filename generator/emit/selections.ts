import { type StatementStructures, StructureKind } from './structures.ts';
import type { ApiModel, NarrowedMember, NarrowingModel, OperationModel, SelectionModel } from '../model/types.ts';
import { docText, propertyKey, stringLiteral } from './source.ts';

/** The type parameter of a generic method: the params the caller passed, as inferred literally. */
export const PARAMS_TYPE_PARAMETER = 'P';

/** A union of string literals (`never` when empty). */
function union(values: readonly string[]): string {
  return values.length > 0 ? values.map((v) => stringLiteral(v)).join(' | ') : 'never';
}

function fieldTypeOf(selection: SelectionModel): string {
  if ('enum' in selection.field) return selection.field.enum;
  return selection.field.values.length > 0 ? union(selection.field.values) : 'string';
}

/** The enums the selection types of `models.ts` name (imported there from `schemas.ts`). */
export function selectionEnums(model: ApiModel): string[] {
  return [...new Set(model.selections.flatMap((s) => ('enum' in s.field ? [s.field.enum] : [])))].sort();
}

function list(values: readonly string[]): string {
  return values.map((v) => `\`${v}\``).join(', ');
}

/**
 * The declarations `models.ts` adds for field selection: one generic type per selected object
 * (`TweetSelection<V>`) and one generic result per operation whose result holds such objects
 * (`GetPostsByIdsResponse<P>`).
 */
export function selectionStatements(model: ApiModel): StatementStructures[] {
  const statements: StatementStructures[] = [];
  for (const s of model.selections) {
    const field = fieldTypeOf(s);
    // Defaults unknown (an inferred pairing, no `required`): every field may be absent unless requested.
    const optional = s.defaultsUnknown ? [...new Set([...s.presentWhenAsked, ...s.sometimesAbsent, ...s.unselectable])] : s.unselectable;
    statements.push({
      kind: StructureKind.TypeAlias,
      isExported: true,
      name: s.name,
      typeParameters: [{ name: 'V', default: `readonly ${field.includes('|') ? `(${field})` : field}[]` }],
      type: `FieldSelection<${s.object}, V, ${union(s.defaults)}, ${union(s.sometimesAbsent)}, ${union(s.presentWhenAsked)}, ${union(s.nonDefaults)}, ${field}${optional.length > 0 ? `, ${union(optional)}` : ''}>`,
      docs: [
        {
          description: docText(
            s.defaultsUnknown
              ? `A \`${s.object}\` as the \`${s.param}\` value \`V\` selects it: the requested fields are present; the spec states no defaults (\`${s.object}\` has no \`required\` list), so every other field is optional.`
              : `A \`${s.object}\` as the \`${s.param}\` value \`V\` selects it: the default fields${s.defaults.length > 0 ? ` (${list(s.defaults)})` : ''} and the requested ones are present, every other field is absent.`,
            s.sometimesAbsent.length > 0 && `The API leaves these out of some objects even when asked, so they stay optional: ${list(s.sometimesAbsent)}.`,
            s.unselectable.length > 0 && `\`${s.param}\` cannot ask for these, so they are optional whatever it asks: ${list(s.unselectable)}.`,
            `A list that may hold any field (typed \`${field.includes('|') ? 'string' : field}[]\`) gives \`${s.object}\` as the schema states it.`,
          ),
        },
      ],
    });
  }
  const selections = new Map(model.selections.map((s) => [s.name, s]));
  for (const op of model.operations) {
    if (!op.narrowing) continue;
    statements.push(narrowedResult(op, op.narrowing, selections));
  }
  return statements;
}

function narrowedResult(op: OperationModel, n: NarrowingModel, selections: ReadonlyMap<string, SelectionModel>): StatementStructures {
  const params = n.members.flatMap((m) => paramsOf(m)).filter((p, i, all) => all.indexOf(p) === i);
  const flags = n.members.filter((m) => m.flag);
  if (flags.length > 0) {
    // A property present or absent by a flag cannot be an interface member: an intersection.
    const selected = n.members.filter((m) => !m.flag);
    const parts = [
      `Omit<${n.body}, ${union(n.members.map((m) => m.property))}>`,
      ...(selected.length > 0 ? [`{ ${selected.map((m) => `${propertyKey(m.property)}${m.required ? '' : '?'}: ${memberType(m, selections)};`).join(' ')} }`] : []),
      ...flags.map((m) => `Flagged<${n.body}, ${stringLiteral(m.property)}, FieldsParam<${PARAMS_TYPE_PARAMETER}, ${stringLiteral(m.flag?.param ?? '')}>>`),
    ];
    return {
      kind: StructureKind.TypeAlias,
      isExported: true,
      name: n.typeName,
      typeParameters: [{ name: PARAMS_TYPE_PARAMETER, default: op.paramsType }],
      type: parts.join(' & '),
      docs: [
        {
          description: docText(
            `\`${n.body}\` as \`${op.id}\` returns it for the params \`P\`: ${flags.map((m) => `\`${m.property}\` is present when \`${m.flag?.param}\` is \`true\`, absent when it is not sent`).join('; ')}${selected.length > 0 ? '; its objects carry the fields the `*.fields` parameters ask for, beside their defaults' : ''}.`,
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
    typeParameters: [{ name: PARAMS_TYPE_PARAMETER, default: op.paramsType }],
    extends: [`Omit<${n.body}, ${union(n.members.map((m) => m.property))}>`],
    properties: n.members.map((m) => ({
      name: propertyKey(m.property),
      hasQuestionToken: !m.required,
      type: memberType(m, selections),
    })),
    docs: [
      {
        description: docText(
          `\`${n.body}\` as \`${op.id}\` returns it for the params \`P\`: its objects carry the fields ${params.map((p) => `\`${p}\``).join(', ')} ask for, beside their defaults (see ${[...new Set(n.members.flatMap(selectionNames))].map((s) => `\`${s}\``).join(', ')}).`,
          'Without type arguments, every selectable field is optional, as the schema states it.',
        ),
      },
    ],
  };
}

/** The `*.fields` parameters (params keys) whose lists decide an operation's selections, sorted. */
export function selectionParams(op: OperationModel): string[] {
  return [...new Set((op.narrowing?.members ?? []).flatMap((m) => paramsOf(m, false)))].sort();
}

/** The params keys a member's presence or fields follow: its `*.fields` lists, and its flag unless `flags` is false. */
function paramsOf(m: NarrowedMember, flags = true): string[] {
  if (m.flag) return flags ? [m.flag.param] : [];
  return m.selection ? [m.selection.param] : (m.object?.members ?? []).flatMap((inner) => paramsOf(inner, flags));
}

/** The field-selection helpers (`runtime/selection.ts`) that `models.ts` names. */
export function selectionHelpers(model: ApiModel): string[] {
  const members = model.operations.flatMap((o) => o.narrowing?.members ?? []);
  return [
    ...(model.selections.length > 0 ? ['FieldSelection'] : []),
    ...(members.length > 0 ? ['FieldsParam'] : []),
    ...(members.some((m) => m.flag) ? ['Flagged'] : []),
  ];
}

function selectionNames(m: NarrowedMember): string[] {
  return m.selection ? [m.selection.name] : (m.object?.members ?? []).flatMap(selectionNames);
}

/** A member's type: the selection of its objects, or an object whose members are selections. */
function memberType(m: NarrowedMember, selections: ReadonlyMap<string, SelectionModel>): string {
  let type: string;
  if (m.selection) type = selectionType(m.selection);
  else {
    const inner = m.object?.members ?? [];
    type = `{ ${inner.map((i) => `${propertyKey(i.property)}${i.required ? '' : '?'}: ${memberType(i, selections)};`).join(' ')} }`;
    if (m.object?.others) type = `Omit<${m.object.schema}, ${union(inner.map((i) => i.property))}> & ${type}`;
  }
  return m.array ? `${type}[]` : type;
}

/** The selected object of a member, e.g. `TweetSelection<FieldsParam<P, 'tweet.fields'>>`. */
export function selectionType(selection: { name: string; param: string }): string {
  return `${selection.name}<FieldsParam<${PARAMS_TYPE_PARAMETER}, ${stringLiteral(selection.param)}>>`;
}
