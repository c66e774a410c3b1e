import { SpecError, SpecErrors } from '../errors.ts';
import { DocumentSet, isObject, isRef, type Location } from './documents.ts';

export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;
const PARAMETER_LOCATIONS = ['path', 'query', 'header', 'cookie'];

/** The OpenAPI major.minor versions the generator reads. */
export type OpenApiVersion = '3.0' | '3.1';

/**
 * Checks what the generator relies on, collecting every problem before failing:
 * the version, info, paths, operations (responses, unique operationIds, parameter
 * locations, declared path parameters) and that every `$ref` resolves.
 */
export function validateDocument(docs: DocumentSet): OpenApiVersion {
  const root = docs.root;
  const problems: SpecError[] = [];
  const at = (...tokens: (string | number)[]): Location => ({ file: docs.rootFile, tokens: tokens.map(String) });
  const fail = (reason: string, where: Location): void => {
    problems.push(docs.error(reason, where));
  };

  if (!isObject(root)) throw new SpecErrors([docs.error('the document is not an object', at())]);
  const version = checkVersion(root, docs, at);

  if (!isObject(root.info)) fail('missing "info" object', at());
  else {
    if (typeof root.info.title !== 'string') fail('info.title must be a string', at('info'));
    if (typeof root.info.version !== 'string' && typeof root.info.version !== 'number') {
      fail('info.version must be a string', at('info'));
    }
  }
  if (root.paths !== undefined && !isObject(root.paths)) fail('"paths" must be an object', at('paths'));
  if (root.paths === undefined && root.webhooks === undefined && root.components === undefined) {
    fail('the document has none of "paths", "webhooks" or "components"', at());
  }

  // Every $ref anywhere in the root must resolve, and so must every $ref inside what a reference
  // reaches in another file (checked once per target, so cycles between files end).
  const walked = new Set<string>();
  const checkRef = (ref: string, where: Location): void => {
    let target;
    try {
      target = docs.resolveRef(ref, where);
    } catch (error) {
      if (error instanceof SpecError) problems.push(error);
      else throw error;
      return;
    }
    const key = `${target.file}#${target.tokens.join('/')}`;
    if (target.file === docs.rootFile || walked.has(key)) return;
    walked.add(key);
    walkRefs(target.value, target, checkRef);
  };
  walkRefs(root, at(), checkRef);

  const operationIds = new Map<string, Location>();
  for (const [path, rawItem] of Object.entries(isObject(root.paths) ? root.paths : {})) {
    const itemAt = at('paths', path);
    if (!path.startsWith('/')) fail(`path "${path}" must start with "/"`, itemAt);
    const item = safeDeref(docs, rawItem, itemAt, problems);
    if (!item) continue;
    if (!isObject(item.value)) {
      fail('a path item must be an object', itemAt);
      continue;
    }
    const pathItem = item.value;
    const templateNames = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1] ?? '');
    const shared = collectParameters(docs, pathItem.parameters, { file: item.file, tokens: [...item.tokens, 'parameters'] }, problems);
    for (const method of HTTP_METHODS) {
      const operation = pathItem[method];
      if (operation === undefined) continue;
      const opAt: Location = { file: item.file, tokens: [...item.tokens, method] };
      if (!isObject(operation)) {
        fail(`${method.toUpperCase()} ${path} must be an object`, opAt);
        continue;
      }
      if (operation.operationId !== undefined) {
        if (typeof operation.operationId !== 'string' || operation.operationId === '') {
          fail('operationId must be a non-empty string', { ...opAt, tokens: [...opAt.tokens, 'operationId'] });
        } else {
          const previous = operationIds.get(operation.operationId);
          if (previous) {
            const first = docs.error('', previous);
            fail(
              `duplicate operationId "${operation.operationId}" (first used at ${first.file}:${first.line}:${first.column})`,
              { ...opAt, tokens: [...opAt.tokens, 'operationId'] },
            );
          } else operationIds.set(operation.operationId, { ...opAt, tokens: [...opAt.tokens, 'operationId'] });
        }
      }
      if (!isObject(operation.responses) || Object.keys(operation.responses).length === 0) {
        const where = operation.responses === undefined ? opAt : { ...opAt, tokens: [...opAt.tokens, 'responses'] };
        fail(`${method.toUpperCase()} ${path} has no responses: an operation needs at least one`, where);
      }
      const own = collectParameters(docs, operation.parameters, { ...opAt, tokens: [...opAt.tokens, 'parameters'] }, problems);
      const pathParams = new Set([...shared, ...own].filter((p) => p.in === 'path').map((p) => p.name));
      for (const name of templateNames) {
        if (!pathParams.has(name)) fail(`path parameter "{${name}}" of ${path} is not declared`, opAt);
      }
    }
  }
  // A broken $ref is met both by the walk and when an operation follows it: report it once.
  const unique = [...new Map(problems.map((p) => [p.message, p])).values()];
  if (unique.length > 0) throw new SpecErrors(unique);
  return version;
}

function checkVersion(root: Record<string, unknown>, docs: DocumentSet, at: (...t: string[]) => Location): OpenApiVersion {
  if (root.swagger !== undefined) {
    throw new SpecErrors([
      docs.error(`Swagger ${String(root.swagger)} is not supported: convert it to OpenAPI 3.0 or 3.1 first`, at('swagger')),
    ]);
  }
  const raw = root.openapi;
  if (typeof raw === 'number') {
    throw new SpecErrors([docs.error(`"openapi" must be a string such as "3.1.0", got the number ${raw}`, at('openapi'))]);
  }
  if (typeof raw !== 'string') {
    throw new SpecErrors([docs.error('missing "openapi" version string: not an OpenAPI document', at())]);
  }
  const match = /^3\.([01])\.\d+(-.+)?$/.exec(raw);
  if (/^3\.[01]$/.test(raw)) {
    throw new SpecErrors([docs.error(`"openapi" must be a full version such as "${raw}.0", got "${raw}"`, at('openapi'))]);
  }
  if (!match) {
    throw new SpecErrors([docs.error(`OpenAPI ${raw} is not supported: only 3.0.x and 3.1.x`, at('openapi'))]);
  }
  return match[1] === '0' ? '3.0' : '3.1';
}

interface ParameterKey {
  name: string;
  in: string;
}

function collectParameters(docs: DocumentSet, list: unknown, listAt: Location, problems: SpecError[]): ParameterKey[] {
  if (list === undefined) return [];
  if (!Array.isArray(list)) {
    problems.push(docs.error('"parameters" must be an array', listAt));
    return [];
  }
  const out: ParameterKey[] = [];
  list.forEach((raw, index) => {
    const resolved = safeDeref(docs, raw, { ...listAt, tokens: [...listAt.tokens, String(index)] }, problems);
    if (!resolved) return;
    const param = resolved.value;
    if (!isObject(param) || typeof param.name !== 'string') {
      problems.push(docs.error('a parameter needs a string "name"', resolved));
      return;
    }
    if (typeof param.in !== 'string' || !PARAMETER_LOCATIONS.includes(param.in)) {
      problems.push(
        docs.error(
          param.in === undefined
            ? `parameter "${param.name}" has no "in": expected path, query, header or cookie`
            : `parameter "${param.name}" has unknown location ${JSON.stringify(param.in)}: expected path, query, header or cookie`,
          { ...resolved, tokens: [...resolved.tokens, param.in === undefined ? 'name' : 'in'] },
        ),
      );
      return;
    }
    if (param.in === 'path' && param.required !== true) {
      problems.push(docs.error(`path parameter "${param.name}" must have "required: true"`, resolved));
    }
    out.push({ name: param.name, in: param.in });
  });
  return out;
}

function safeDeref(docs: DocumentSet, value: unknown, at: Location, problems: SpecError[]) {
  try {
    return docs.deref(value, at);
  } catch (error) {
    if (error instanceof SpecError) {
      problems.push(error);
      return undefined;
    }
    throw error;
  }
}

/** Calls `visit` for every `$ref` string under `node`, with the location of the object holding it. */
export function walkRefs(node: unknown, at: Location, visit: (ref: string, at: Location) => void): void {
  if (Array.isArray(node)) {
    node.forEach((child, i) => walkRefs(child, { file: at.file, tokens: [...at.tokens, String(i)] }, visit));
  } else if (isObject(node)) {
    if (isRef(node)) visit(node.$ref, at);
    for (const [key, child] of Object.entries(node)) {
      if (key === 'example' || key === 'examples' || key === '$ref') continue;
      if (typeof child === 'object' && child !== null) {
        walkRefs(child, { file: at.file, tokens: [...at.tokens, key] }, visit);
      }
    }
  }
}
