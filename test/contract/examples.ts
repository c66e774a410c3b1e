/**
 * Collects the examples of an OpenAPI document with the schema each one must satisfy: response and
 * request-body media examples, parameter examples and examples inside schemas.
 */
import { deref, type SpecDoc } from './spec-schemas.ts';

export interface ExampleCase {
  /** JSON pointer of the example in the document. */
  where: string;
  kind: 'response' | 'request-body' | 'parameter' | 'schema';
  schema: unknown;
  value: unknown;
}

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

const escape = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');

function mediaExamples(
  doc: SpecDoc,
  content: Record<string, any> | undefined,
  where: string,
  kind: ExampleCase['kind'],
  out: ExampleCase[],
): void {
  for (const [type, media] of Object.entries(content ?? {})) {
    if (!media?.schema) continue;
    const at = `${where}/content/${escape(type)}`;
    if (media.example !== undefined)
      out.push({ where: `${at}/example`, kind, schema: media.schema, value: media.example });
    for (const [name, ex] of Object.entries<any>(media.examples ?? {})) {
      const example = deref(doc, ex);
      if (example?.value !== undefined)
        out.push({
          where: `${at}/examples/${escape(name)}`,
          kind,
          schema: media.schema,
          value: example.value,
        });
    }
  }
}

function parameterExamples(doc: SpecDoc, param: any, where: string, out: ExampleCase[]): void {
  if (!param?.schema) return;
  if (param.example !== undefined)
    out.push({ where: `${where}/example`, kind: 'parameter', schema: param.schema, value: param.example });
  for (const [name, ex] of Object.entries<any>(param.examples ?? {})) {
    const example = deref(doc, ex);
    if (example?.value !== undefined)
      out.push({
        where: `${where}/examples/${escape(name)}`,
        kind: 'parameter',
        schema: param.schema,
        value: example.value,
      });
  }
}

/** `example` and `examples` inside schemas, checked against the schema that holds them. */
function schemaExamples(node: unknown, where: string, out: ExampleCase[], isSchema: boolean): void {
  if (Array.isArray(node)) {
    node.forEach((item, i) => schemaExamples(item, `${where}/${i}`, out, isSchema));
    return;
  }
  if (!node || typeof node !== 'object') return;
  const schema = node as Record<string, unknown>;
  if (isSchema && typeof schema.$ref !== 'string') {
    if (schema.example !== undefined)
      out.push({ where: `${where}/example`, kind: 'schema', schema, value: schema.example });
    if (Array.isArray(schema.examples))
      schema.examples.forEach((value, i) =>
        out.push({ where: `${where}/examples/${i}`, kind: 'schema', schema, value }),
      );
  }
  for (const [key, value] of Object.entries(schema)) {
    if (
      key === 'example' ||
      key === 'examples' ||
      key === 'enum' ||
      key === 'const' ||
      key === 'default' ||
      key.startsWith('x-')
    )
      continue;
    // Below `properties`, `$defs` and `patternProperties` the keys are names, and their values schemas.
    const childIsSchema = !['properties', '$defs', 'patternProperties', 'dependentSchemas'].includes(key);
    if (!childIsSchema)
      for (const [name, sub] of Object.entries((value as Record<string, unknown>) ?? {}))
        schemaExamples(sub, `${where}/${key}/${escape(name)}`, out, true);
    else schemaExamples(value, `${where}/${key}`, out, true);
  }
}

export function collectExamples(doc: SpecDoc): ExampleCase[] {
  const out: ExampleCase[] = [];
  for (const [path, item] of Object.entries<any>(doc.paths ?? {})) {
    const base = `#/paths/${escape(path)}`;
    (item.parameters ?? []).forEach((p: unknown, i: number) => {
      if (!(p as any).$ref) parameterExamples(doc, p, `${base}/parameters/${i}`, out);
    });
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const at = `${base}/${method}`;
      (op.parameters ?? []).forEach((p: any, i: number) => {
        if (!p.$ref) parameterExamples(doc, p, `${at}/parameters/${i}`, out);
      });
      if (op.requestBody && !op.requestBody.$ref)
        mediaExamples(doc, op.requestBody.content, `${at}/requestBody`, 'request-body', out);
      for (const [code, response] of Object.entries<any>(op.responses ?? {})) {
        if (!response.$ref)
          mediaExamples(doc, response.content, `${at}/responses/${escape(code)}`, 'response', out);
      }
    }
  }
  const components = doc.components ?? {};
  for (const [name, p] of Object.entries<any>(components.parameters ?? {}))
    parameterExamples(doc, p, `#/components/parameters/${escape(name)}`, out);
  for (const [name, body] of Object.entries<any>(components.requestBodies ?? {}))
    mediaExamples(doc, body.content, `#/components/requestBodies/${escape(name)}`, 'request-body', out);
  for (const [name, response] of Object.entries<any>(components.responses ?? {}))
    mediaExamples(doc, response.content, `#/components/responses/${escape(name)}`, 'response', out);
  for (const [name, schema] of Object.entries<any>(components.schemas ?? {}))
    schemaExamples(schema, `#/components/schemas/${escape(name)}`, out, true);
  // Inline schemas of parameters, bodies and responses.
  for (const [path, item] of Object.entries<any>(doc.paths ?? {})) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const at = `#/paths/${escape(path)}/${method}`;
      (op.parameters ?? []).forEach(
        (p: any, i: number) =>
          p.schema && schemaExamples(p.schema, `${at}/parameters/${i}/schema`, out, true),
      );
      for (const [type, media] of Object.entries<any>(op.requestBody?.content ?? {}))
        if (media.schema)
          schemaExamples(media.schema, `${at}/requestBody/content/${escape(type)}/schema`, out, true);
      for (const [code, response] of Object.entries<any>(op.responses ?? {}))
        for (const [type, media] of Object.entries<any>(response.content ?? {}))
          if (media.schema)
            schemaExamples(
              media.schema,
              `${at}/responses/${escape(code)}/content/${escape(type)}/schema`,
              out,
              true,
            );
    }
  }
  return out;
}
