import { SpecError, SpecErrors } from '../errors.ts';
import { DocumentSet, isObject, isRef, type Location } from './documents.ts';

export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;
const PARAMETER_LOCATIONS = ['path', 'query', 'header', 'cookie'];

/** The OpenAPI major.minor versions the generator reads. */
export type OpenApiVersion = '3.0' | '3.1';

/**
 * Checks what the generator relies on, collecting every problem before failing: the version,
 * paths, operations, parameter locations and that every `$ref` resolves. What a client can still
 * be made from (missing info fields or responses, undeclared path parameters, unusable servers)
 * is a located warning on `docs` saying what is assumed; `--strict` turns those into errors.
 */
export function validateDocument(docs: DocumentSet): OpenApiVersion {
  const root = docs.root;
  const problems: SpecError[] = [];
  const at = (...tokens: (string | number)[]): Location => ({
    file: docs.rootFile,
    tokens: tokens.map(String),
  });
  const fail = (reason: string, where: Location): void => {
    problems.push(docs.error(reason, where));
  };

  if (!isObject(root)) throw new SpecErrors([docs.error('the document is not an object', at())]);
  const version = checkVersion(root, docs, at);

  // Recoverable problems are warnings (errors under --strict): `warn` says what was assumed.
  const warn = (reason: string, where: Location): void => docs.warn(reason, where);
  if (!isObject(root.info))
    warn('missing "info" object: the package name is used as the title and 0.0.0 as the version', at());
  else {
    if (typeof root.info.title !== 'string' || root.info.title.trim() === '') {
      warn(
        'info.title must be a non-empty string: the package name is used as the title',
        at('info', ...(root.info.title === undefined ? [] : ['title'])),
      );
    }
    if (typeof root.info.version !== 'string' && typeof root.info.version !== 'number') {
      warn(
        'info.version must be a string: 0.0.0 is used',
        at('info', ...(root.info.version === undefined ? [] : ['version'])),
      );
    }
  }
  checkServers(root.servers, warn, at);
  if (root.paths !== undefined && !isObject(root.paths)) fail('"paths" must be an object', at('paths'));
  if (root.paths === undefined && root.webhooks === undefined && root.components === undefined) {
    fail('the document has none of "paths", "webhooks" or "components"', at());
  }

  // Every $ref anywhere in the root must resolve, and so must every $ref inside what a reference
  // reaches in another file (checked once per target, so cycles between files end).
  const walked = new Set<string>();
  const checkRef = (ref: string, file: string, tokens: () => readonly string[]): void => {
    let target;
    try {
      target = docs.follow(ref, file, tokens);
    } catch (error) {
      if (error instanceof SpecError) problems.push(error);
      else throw error;
      return;
    }
    if (target.file === docs.rootFile || walked.has(target.key)) return;
    walked.add(target.key);
    walkRefs(target.value, target, checkRef);
  };
  walkRefs(root, at(), checkRef);

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
    const shared = collectParameters(
      docs,
      pathItem.parameters,
      { file: item.file, tokens: [...item.tokens, 'parameters'] },
      problems,
    );
    const templateNames = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1] ?? '');
    for (const method of HTTP_METHODS) {
      const operation = pathItem[method];
      if (operation === undefined) continue;
      const opAt: Location = { file: item.file, tokens: [...item.tokens, method] };
      if (!isObject(operation)) {
        fail(`${method.toUpperCase()} ${path} must be an object`, opAt);
        continue;
      }
      if (
        operation.operationId !== undefined &&
        (typeof operation.operationId !== 'string' || operation.operationId === '')
      ) {
        warn('operationId must be a non-empty string: one is derived from the method and path', {
          ...opAt,
          tokens: [...opAt.tokens, 'operationId'],
        });
      }
      // Duplicate operationIds are numbered, and warned about, where the model names operations.
      const responses = operation.responses;
      if (
        responses === undefined
          ? version === '3.0'
          : !isObject(responses) || Object.keys(responses).length === 0
      ) {
        // OpenAPI 3.1 made `responses` optional; 3.0 requires it, and both require at least one when it is there.
        const where = responses === undefined ? opAt : { ...opAt, tokens: [...opAt.tokens, 'responses'] };
        warn(`${method.toUpperCase()} ${path} has no responses: the result is void`, where);
      }
      const own = collectParameters(
        docs,
        operation.parameters,
        { ...opAt, tokens: [...opAt.tokens, 'parameters'] },
        problems,
      );
      const pathParams = new Set([...shared, ...own].filter((p) => p.in === 'path').map((p) => p.name));
      for (const name of templateNames) {
        if (!pathParams.has(name))
          warn(`path parameter "{${name}}" of ${path} is not declared: assumed a required string`, opAt);
      }
    }
  }
  // A broken $ref is met both by the walk and when an operation follows it: report it once.
  const unique = [...new Map(problems.map((p) => [p.message, p])).values()];
  if (unique.length > 0) throw new SpecErrors(unique);
  return version;
}

/** `servers` entries the client cannot use (no URL string) are left out, with a warning each. */
function checkServers(
  servers: unknown,
  warn: (reason: string, at: Location) => void,
  at: (...t: (string | number)[]) => Location,
): void {
  if (servers === undefined) return;
  if (!Array.isArray(servers)) {
    warn('"servers" must be an array: ignored', at('servers'));
    return;
  }
  servers.forEach((server, i) => {
    if (!isObject(server)) warn(`servers[${i}] must be an object: ignored`, at('servers', i));
    else if (typeof server.url !== 'string' || server.url.trim() === '') {
      warn(
        `servers[${i}] has no "url" string: ignored`,
        at('servers', i, ...(server.url === undefined ? [] : ['url'])),
      );
    }
  });
}

function checkVersion(
  root: Record<string, unknown>,
  docs: DocumentSet,
  at: (...t: string[]) => Location,
): OpenApiVersion {
  if (root.swagger !== undefined) {
    throw new SpecErrors([
      docs.error(
        `Swagger ${String(root.swagger)} is not supported: convert it to OpenAPI 3.0 or 3.1 first`,
        at('swagger'),
      ),
    ]);
  }
  const raw = root.openapi;
  if (typeof raw === 'number') {
    throw new SpecErrors([
      docs.error(`"openapi" must be a string such as "3.1.0", got the number ${raw}`, at('openapi')),
    ]);
  }
  if (typeof raw !== 'string') {
    throw new SpecErrors([docs.error('missing "openapi" version string: not an OpenAPI document', at())]);
  }
  const match = /^3\.([01])\.\d+(-.+)?$/.exec(raw);
  if (/^3\.[01]$/.test(raw)) {
    throw new SpecErrors([
      docs.error(`"openapi" must be a full version such as "${raw}.0", got "${raw}"`, at('openapi')),
    ]);
  }
  if (!match) {
    throw new SpecErrors([
      docs.error(`OpenAPI ${raw} is not supported: only 3.0.x and 3.1.x`, at('openapi')),
    ]);
  }
  return match[1] === '0' ? '3.0' : '3.1';
}

interface ParameterKey {
  name: string;
  in: string;
}

function collectParameters(
  docs: DocumentSet,
  list: unknown,
  listAt: Location,
  problems: SpecError[],
): ParameterKey[] {
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
      docs.warn(`path parameter "${param.name}" must have "required: true": assumed required`, resolved);
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

/**
 * Calls `visit` for every `$ref` string under `node` (at `at`), with the file and the pointer tokens
 * of the object holding it; the tokens are made only when `visit` asks for them (for an error).
 */
export function walkRefs(
  node: unknown,
  at: Location,
  visit: (ref: string, file: string, tokens: () => readonly string[]) => void,
): void {
  const path: string[] = [];
  const tokens = (): string[] => [...at.tokens, ...path];
  const walk = (value: unknown): void => {
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) {
        const child: unknown = value[i];
        if (typeof child !== 'object' || child === null) continue;
        path.push(String(i));
        walk(child);
        path.pop();
      }
    } else if (isObject(value)) {
      const object: Record<string, unknown> = value;
      if (isRef(value)) visit(value.$ref, at.file, tokens);
      for (const key in object) {
        if (
          key === 'example' ||
          key === 'examples' ||
          key === '$ref' ||
          !Object.prototype.hasOwnProperty.call(object, key)
        )
          continue;
        const child = object[key];
        if (typeof child !== 'object' || child === null) continue;
        path.push(key);
        walk(child);
        path.pop();
      }
    }
  };
  walk(node);
}
