import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sampleOfPattern } from '../model/pattern-sample.ts';
import type { ApiModel, JsonSchema, OperationModel, ParamModel, ValueChecks } from '../model/types.ts';
import { hasRules } from './runtime-files.ts';
import { camelCase, NameTable } from '../model/names.ts';
import { fileHeader, literal, Raw, wrapText } from './source.ts';
import { BUILTIN_TEMPLATES } from '../templates-dir.ts';

/*
 * The package's `testing` entry: a typed mock of the API (`createMock`, `startMockServer`) built
 * from the operation descriptors and the response schemas. Outside the main entry's import graph:
 * nothing under `src/` but `testing/` imports it.
 */

/** The mock's files copied as they are from `templates/testing/`. */
const COPIED = ['conforms.ts', 'mock.ts', 'request.ts', 'sample.ts', 'server.ts', 'spec-types.ts'];

/** What the config asks of the testing entry. */
export interface TestingOptions {
  /** Adds `testing/msw`: the mock's handlers as MSW request handlers (`msw` a peer dependency). */
  msw?: boolean | undefined;
}

/** The files of `src/testing/`, by path inside the package. */
export function emitTesting(model: ApiModel, options: TestingOptions = {}): [string, string][] {
  const files: [string, string][] = COPIED.map((name) => [
    `src/testing/${name}`,
    readFileSync(join(BUILTIN_TEMPLATES, 'testing', name), 'utf8'),
  ]);
  files.push(['src/testing/spec.ts', specFile(model)]);
  // Signed deliveries where the spec says how X signs them (`x-webhook-signature`).
  if (model.webhookSignature)
    files.push([
      'src/testing/webhooks.ts',
      readFileSync(join(BUILTIN_TEMPLATES, 'testing', 'webhooks.ts'), 'utf8'),
    ]);
  files.push(['src/testing/index.ts', indexFile(model)]);
  if (options.msw) {
    files.push([
      'src/testing/msw-module.d.ts',
      readFileSync(join(BUILTIN_TEMPLATES, 'testing', 'msw-module.d.ts'), 'utf8'),
    ]);
    files.push(['src/testing/msw.ts', mswFile(model)]);
  }
  return files;
}

/** `testing/msw`: the mock as MSW request handlers, for the API's origins. */
function mswFile(model: ApiModel): string {
  const origins = [model.servers.defaultUrl, model.servers.sandboxUrl].filter(
    (url): url is string => typeof url === 'string' && url !== '',
  );
  return `${fileHeader(
    wrapText(
      `The mock of ${model.packageName} as MSW request handlers: \`setupServer(...mswHandlers(createMock()))\`. Only this module imports msw (an optional peer dependency).`,
    ),
  )}
import { http, type HttpHandler } from 'msw';
import type { MockHandler } from './server.js';

/** The origins the client sends to by default. */
const ORIGINS: readonly string[] = ${literal(origins)};

/**
 * Request handlers that answer every request to the API's origins (or \`origins\`) through \`mock\`,
 * with the same checks as \`mock.fetch\`.
 */
export function mswHandlers(mock: MockHandler, origins: readonly string[] = ORIGINS): HttpHandler[] {
  return origins.map((origin) => http.all(\`\${origin.replace(/\\/+$/, '')}/*\`, ({ request }) => mock.fetch(request)));
}
`;
}

function indexFile(model: ApiModel): string {
  const rules = hasRules(model);
  return `${fileHeader(
    wrapText(
      `The test double of ${model.packageName}: \`createMock()\` answers every operation from the spec and refuses every request the spec would refuse; \`startMockServer(mock)\` serves it on loopback.`,
    ),
  )}
import { operations, type OperationTypes } from '../operations.js';
import { validateParams } from '../runtime/validate.js';
${rules ? "import { checkRules } from '../runtime/rules.js';\n" : ''}import type { OperationSpec } from '../runtime/types.js';
import { createMockOf, type Mock, type MockOptions } from './mock.js';
import { spec } from './spec.js';

export type { Answer, BodyOf, MockFailure, ItemOf, Mock, MockOptions, MockRequest, PagedId, StreamId } from './mock.js';
export { MockViolation } from './request.js';
export { startMockServer, type MockServer } from './server.js';
${model.webhookSignature ? "export { signedWebhook, type SignedWebhook } from './webhooks.js';\n" : ''}
/** Checks a request's params as the client checks a call's, before the mock answers. */
function check(op: OperationSpec, params: Record<string, unknown>): void {
  validateParams(op, params);
${rules ? '  checkRules(op, params);\n' : ''}}

/**
 * A typed mock of the API: pass \`mock.fetch\` as the client's \`fetch\`. Every operation answers from
 * the spec until \`on\`, \`fail\`, \`pages\` or \`stream\` says otherwise; a request the spec refuses is
 * answered 400 with a problem naming the operation, the parameter and the rule (and kept in
 * \`violations()\`).
 *
 * @example
 * const mock = createMock({ seed: 1 });
 * const client = new ${model.clientName}({ fetch: mock.fetch });
 */
export function createMock(options: MockOptions = {}): Mock<OperationTypes> {
  return createMockOf<OperationTypes>(operations, spec, check, options);
}
`;
}

function specFile(model: ApiModel): string {
  const schemas = new Map(model.schemas.map((s) => [s.name, s.schema]));
  const wanted = new Set<string>();
  const operations: Record<string, unknown> = {};
  const shared = sharedParams(model);
  for (const op of model.operations) {
    const schema = successSchema(op, schemas);
    if (schema) collectRefs(schema, schemas, wanted);
    operations[op.id] = {
      params: wireParams(op).map((p) => shared.names.get(JSON.stringify(p)) ?? p),
      ...(op.body?.encoding === 'form' ? { bodyTypes: bodyTypes(op) } : {}),
      status: op.success.status,
      encoding: op.success.encoding,
      ...(schema ? { schema } : {}),
      ...(op.fieldSelection.length > 0
        ? {
            selections: op.fieldSelection.map((s) => ({
              param: s.param,
              object: s.object,
              defaults: s.defaults,
            })),
          }
        : {}),
    };
  }
  if (model.problems) collectRefs({ $ref: `#/components/schemas/${model.problems.name}` }, schemas, wanted);
  const table: Record<string, JsonSchema> = {};
  for (const name of [...wanted].sort()) table[name] = withSamples(schemas.get(name) ?? {});
  const spec = {
    schemas: table,
    operations,
    ...(model.problems
      ? {
          problem: {
            name: model.problems.name,
            discriminator: model.problems.discriminator,
            types: model.problems.variants.map((v) => v.type),
          },
        }
      : {}),
    ...(model.webhookSignature ? { webhook: { ...model.webhookSignature } } : {}),
  };
  return `${fileHeader(
    wrapText(
      "What the mock knows of the spec beyond the operation descriptors: each operation's parameters on the wire and its success body's schema, and the named schemas those refer to.",
    ),
  )}
import type { ${shared.declarations ? 'MockParam, ' : ''}MockSpec } from './spec-types.js';
${shared.declarations}
export const spec: MockSpec = ${literal(spec)};
`;
}

/** An operation's parameters as they arrive on the wire (the body's fields are not among them). */
function wireParams(op: OperationModel): Record<string, unknown>[] {
  return op.params.filter((p) => p.in !== 'body').map(wireParam);
}

/**
 * The wire parameters several operations share (X's `tweet.fields` in 30 of them), each declared
 * once as a constant the operations name, so that the file does not repeat them.
 */
function sharedParams(model: ApiModel): { names: Map<string, Raw>; declarations: string } {
  const uses = new Map<string, { param: Record<string, unknown>; count: number }>();
  for (const op of model.operations)
    for (const param of wireParams(op)) {
      const key = JSON.stringify(param);
      const seen = uses.get(key);
      if (seen) seen.count++;
      else uses.set(key, { param, count: 1 });
    }
  const table = new NameTable(['spec', 'MockParam', 'MockSpec']);
  const names = new Map<string, Raw>();
  const declarations: string[] = [];
  for (const [key, { param, count }] of uses) {
    if (count < 2) continue;
    const name = table.claim(camelCase(`${String(param.key)} in ${String(param.in)}`));
    names.set(key, new Raw(name));
    declarations.push(`const ${name}: MockParam = ${literal(param)};\n`);
  }
  // A blank line after each, as between any two top-level declarations.
  return { names, declarations: declarations.map((d) => `\n${d}`).join('') };
}

/** The success body's schema: a reference to the named result type, where the body is JSON or a form. */
function successSchema(op: OperationModel, schemas: Map<string, JsonSchema>): JsonSchema | undefined {
  if (op.success.encoding !== 'json' && op.success.encoding !== 'form') return undefined;
  if (schemas.has(op.success.typeName)) return { $ref: `#/components/schemas/${op.success.typeName}` };
  return undefined;
}

function wireParam(p: ParamModel): Record<string, unknown> {
  const type = p.checks.type ?? schemaType(p.schema);
  const items =
    p.checks.items?.type ?? (type === 'array' ? schemaType((p.schema.items ?? {}) as JsonSchema) : undefined);
  return {
    key: p.key,
    name: p.name,
    in: p.in,
    style: p.style,
    ...(p.explode ? { explode: true } : {}),
    ...(type && type !== 'string' ? { type } : {}),
    ...(items && items !== 'string' ? { items } : {}),
  };
}

function bodyTypes(op: OperationModel): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, checks] of Object.entries(op.body?.fieldChecks ?? {}))
    if ((checks as ValueChecks).type && checks.type !== 'string') out[name] = checks.type!;
  return out;
}

function schemaType(schema: JsonSchema): ValueChecks['type'] {
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  return typeof type === 'string' ? (type as ValueChecks['type']) : undefined;
}

/** Every named schema `node` reaches through `$ref`s (discriminator mappings included). */
function collectRefs(node: unknown, schemas: Map<string, JsonSchema>, into: Set<string>): void {
  const stack = [node];
  while (stack.length > 0) {
    const current = stack.pop();
    if (Array.isArray(current)) {
      stack.push(...current);
      continue;
    }
    if (!current || typeof current !== 'object') continue;
    for (const [key, value] of Object.entries(current)) {
      if ((key === '$ref' || key === 'mapping') && typeof value === 'string') {
        const name = value.slice(value.lastIndexOf('/') + 1);
        if (!into.has(name) && schemas.has(name)) {
          into.add(name);
          stack.push(schemas.get(name));
        }
      } else if (key === 'mapping' && value && typeof value === 'object') {
        for (const target of Object.values(value))
          if (typeof target === 'string') stack.push({ $ref: target });
      } else if (typeof value === 'object') stack.push(value);
    }
  }
}

/**
 * The schema with `x-sample` beside each `pattern` a string can be read from (pattern-sample.ts),
 * checked against the pattern: the mock's value for a string the pattern alone describes.
 */
function withSamples(schema: JsonSchema): JsonSchema {
  const visit = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(visit);
    if (!node || typeof node !== 'object') return node;
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(node))
      out[key] = key === 'example' || key === 'examples' ? value : visit(value);
    if (typeof out.pattern === 'string') {
      const sample = sampleOfPattern(out.pattern);
      if (sample !== undefined && safeTest(out.pattern, sample)) out['x-sample'] = sample;
    }
    return out;
  };
  return visit(schema) as JsonSchema;
}

function safeTest(pattern: string, text: string): boolean {
  try {
    return new RegExp(pattern, 'u').test(text);
  } catch {
    return false;
  }
}
