import type { DocumentSet, ResolvedRef } from '../load/index.ts';
import { exampleOf } from './example-values.ts';
import type { BodyModel, ExampleNode, ExampleObject, ParamModel } from './types.ts';

/** What an operation's example is made of: its parameters and body as the spec states them. */
export interface ExampleInputs {
  path: string;
  params: ParamModel[];
  /** Each parameter's schema as written in the spec, where it stands. */
  paramSchemas: ReadonlyMap<ParamModel, ResolvedRef>;
  body?: { model: BodyModel; raw: ResolvedRef };
  /** Its `x-validation` rules: an `exactlyOne` group needs one of its fields. */
  rules: Record<string, unknown>[];
  paramsOptional: boolean;
}

/**
 * The params argument of an example call: each required parameter (by params key, path first as
 * the URL reads), then the body's required fields or the whole body, each from its schema
 * (`exampleOf`). Undefined when the params may be left out and nothing needs a value.
 */
export function operationExample(docs: DocumentSet, inputs: ExampleInputs): ExampleObject | undefined {
  const { params, paramSchemas, body, path } = inputs;
  const entries: [string, ExampleNode][] = [];
  const ordered = [...params].sort((a, b) => ORDER.indexOf(a.in) - ORDER.indexOf(b.in));
  const paramExample = (p: ParamModel): ExampleNode => {
    const schema = paramSchemas.get(p) ?? { file: '', tokens: [], value: p.schema };
    return exampleOf(docs, schema, { name: p.name, path, stated: p.example });
  };
  for (const p of ordered) if (p.required) entries.push([p.key, paramExample(p)]);
  if (body?.model.mode === 'whole') {
    if (body.model.required) {
      const value = exampleOf(docs, body.raw, { name: 'body', path, stated: body.model.example });
      entries.push(['body', value.kind === 'bytes' ? { ...value, type: body.model.contentType } : value]);
    }
  } else if (body) {
    const value = exampleOf(docs, body.raw, { name: 'body', path, stated: body.model.example });
    if (value.kind === 'object') {
      const known = new Set(body.model.fieldNames);
      for (const entry of value.entries) if (known.has(entry[0])) entries.push(entry);
    }
  }
  // A group of which exactly one must be given: the first, when the example holds none.
  for (const rule of inputs.rules) {
    if (
      rule.rule !== 'exactlyOne' ||
      !Array.isArray(rule.fields) ||
      rule.at !== undefined ||
      rule.when !== undefined
    )
      continue;
    const names = rule.fields.filter((f): f is string => typeof f === 'string');
    if (names.some((name) => entries.some(([key]) => key === name))) continue;
    const first = names[0];
    const param = params.find((p) => p.key === first);
    if (param) entries.push([param.key, paramExample(param)]);
    else if (first && body && body.model.fieldNames.includes(first)) {
      const full = exampleOf(docs, body.raw, { name: 'body', path }, 0, [first]);
      const entry = full.kind === 'object' ? full.entries.find(([key]) => key === first) : undefined;
      if (entry) entries.push(entry);
    }
  }
  if (entries.length === 0 && inputs.paramsOptional) return undefined;
  return { kind: 'object', entries };
}

const ORDER: ParamModel['in'][] = ['path', 'query', 'header', 'cookie', 'body'];
