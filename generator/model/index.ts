import { isObject, type LoadedSpec } from '../load/index.ts';
import { closeSentEnums, schemaRefs } from './enum-sides.ts';
import { makeSentUnionsExclusive } from './exclusive-unions.ts';
import { readAuthFlows } from './auth-flows.ts';
import { explicitDiscriminators } from './discriminators.ts';
import { readEnums } from './enums.ts';
import { packageErrorBodies } from './error-bodies.ts';
import { functionNames } from './function-names.ts';
import { groupOperations } from './groups.ts';
import { readOperations } from './operations.ts';
import { readProblems } from './problems.ts';
import { authHelperNames, publicExports } from './public-exports.ts';
import { readNameOverrides } from './name-overrides.ts';
import { resultTypeNames } from './result-types.ts';
import { refName, SchemaRegistry } from './schemas.ts';
import { readSelections } from './selection.ts';
import { readSecuritySchemes, readWebhookSignature } from './security.ts';
import type { ApiModel, AuthKind, NamedSchema, OperationModel, ServerModel } from './types.ts';

export type * from './types.ts';

export interface ModelOptions {
  packageName: string;
  clientName: string;
  /** The config's `names:`, operationId -> `group.method`, over the tags and the naming rule. */
  names?: Record<string, string> | undefined;
  /** Where each entry of `names` is written (`file:line:column`), for the errors about it. */
  namesAt?: Record<string, string> | undefined;
  /** `names` was written for another version of the spec: an id this one lacks is passed over. */
  namesOfOtherVersion?: boolean | undefined;
  /** The names the package published (its API snapshot on disk), operationId -> `group.method`: kept in a collision. */
  published?: ReadonlyMap<string, string> | undefined;
}

/** Builds the client model of a loaded spec. */
export function buildModel(spec: LoadedSpec, options: ModelOptions): ApiModel {
  const { docs } = spec;
  const root = docs.root as Record<string, unknown>;
  const info = isObject(root.info) ? root.info : {};
  const registry = new SchemaRegistry(docs, [options.clientName]);
  registry.registerComponents();
  const unions = explicitDiscriminators(registry);

  const enumNames = new Set(readEnums(registry.all()).map((e) => e.name));
  const servers = readServers(root.servers);
  const schemes = readSecuritySchemes(docs, servers.defaultUrl);
  const read = readOperations({ docs, registry, enumNames, schemes, rootSecurity: root.security });
  const selections = readSelections(read.operations, registry, docs);
  const grouped = groupOperations(
    read.operations,
    read.untagged,
    root.tags,
    readNameOverrides(read.operations, options),
    options.namesAt,
    options.published,
  );
  const groups = grouped.groups;
  // Named in the client's order, as `functions.ts` declares them.
  const functions = functionNames(grouped.operations);
  const operations: OperationModel[] = grouped.operations.map((op) => ({
    ...op,
    functionName: functions.get(op.id)!,
    resultTypes: resultTypeNames(op),
  }));
  // Each schema's references, found once for both: neither changes a schema object in place.
  const refs = schemaRefs();
  const openEnums = closeSentEnums(registry, enumNames, operations, refs);
  // After the operations have read their bodies' fields (a union's fields are all its shapes'), and
  // after the request-side variants exist, so that they are exclusive too.
  makeSentUnionsExclusive(registry, operations, refs);

  const schemas = registry.all();
  const authKinds = [...new Set([...schemes.values()].map((s) => s.kind))].sort() as AuthKind[];
  const webhookSignature = readWebhookSignature(docs);
  const hasMoney = schemas.some((s) => marksMoney(s.schema));
  const facts = {
    title: typeof info.title === 'string' && info.title.trim() !== '' ? info.title : options.packageName,
    version:
      typeof info.version === 'string' || typeof info.version === 'number' ? String(info.version) : '0.0.0',
    description: typeof info.description === 'string' ? info.description.trim() : undefined,
    packageName: options.packageName,
    clientName: options.clientName,
    servers,
    groups,
    operations,
    schemas,
    enums: readEnums(schemas, openEnums),
    problems: readProblems(
      schemas,
      new Set(schemas.filter((s) => s.name.endsWith('Problem')).map((s) => s.name)),
      unions,
    ),
    errorBodies: packageErrorBodies(operations),
    securitySchemes: [...schemes.values()],
    authKinds,
    ...(webhookSignature ? { webhookSignature } : {}),
    authFlows: readAuthFlows(operations, [...schemes.values()], authKinds),
    hasMoney,
    hasPagination: operations.some((o) => o.pagination),
    hasStreaming: operations.some((o) => o.streaming),
    hasRateLimits: operations.some((o) => o.rateLimits.length > 0),
    ...audienceUploadOf(operations, schemas),
    selections,
  };
  const exports = publicExports(facts);
  return { ...facts, publicExports: exports, authHelpers: authHelperNames(exports) };
}

function readServers(raw: unknown): ServerModel {
  // Entries without a URL were warned about at load and are left out.
  const servers = Array.isArray(raw)
    ? raw.filter((s) => isObject(s) && typeof s.url === 'string' && s.url.trim() !== '')
    : [];
  const descriptions = servers.map((s) => ({
    url: expandServerUrl(s),
    description: typeof s.description === 'string' ? s.description : undefined,
  }));
  const sandbox = descriptions.find((s, i) => i > 0 && /sandbox/i.test(`${s.url} ${s.description ?? ''}`));
  const first = descriptions[0]?.url ?? '';
  return {
    defaultUrl: first.replace(/\/$/, ''),
    ...(sandbox ? { sandboxUrl: sandbox.url.replace(/\/$/, '') } : {}),
    descriptions,
  };
}

/** Fills server variables with their defaults. */
function expandServerUrl(server: Record<string, unknown>): string {
  const url = typeof server.url === 'string' ? server.url : '';
  const variables = isObject(server.variables) ? server.variables : {};
  return url.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const variable = variables[name];
    return isObject(variable) && variable.default !== undefined ? String(variable.default) : '';
  });
}

/** The audience upload helper drives the one operation marked `x-audience-upload`. */
function audienceUploadOf(
  operations: OperationModel[],
  schemas: NamedSchema[],
): Pick<ApiModel, 'audienceUpload'> {
  const marked = operations.find((o) => o.audienceUpload);
  if (!marked) return {};
  const body = marked.body ? schemas.find((s) => s.name === marked.body?.typeName)?.schema : undefined;
  const userType = body ? usersItemType(body, schemas, new Set()) : undefined;
  return { audienceUpload: { operationId: marked.id, ...(userType ? { userType } : {}) } };
}

/**
 * The named schema of the items of the first `users` array a body schema reaches through its
 * `$ref`s (the user the helper hashes): `AudienceUser` in the ads spec.
 */
function usersItemType(schema: unknown, schemas: NamedSchema[], seen: Set<string>): string | undefined {
  if (Array.isArray(schema)) {
    for (const item of schema) {
      const found = usersItemType(item, schemas, seen);
      if (found) return found;
    }
    return undefined;
  }
  if (!isObject(schema)) return undefined;
  const users = isObject(schema.properties) ? schema.properties.users : undefined;
  if (isObject(users) && isObject(users.items) && typeof users.items.$ref === 'string')
    return refName(users.items.$ref);
  if (typeof schema.$ref === 'string') {
    const name = refName(schema.$ref);
    if (seen.has(name)) return undefined;
    seen.add(name);
    return usersItemType(schemas.find((s) => s.name === name)?.schema, schemas, seen);
  }
  for (const value of Object.values(schema)) {
    const found = usersItemType(value, schemas, seen);
    if (found) return found;
  }
  return undefined;
}

/**
 * Whether a value holds `x-money: micros` at any depth. A walk that stops at the first: a spec
 * without money (GitHub's) was stringified whole, every schema, to find none.
 */
function marksMoney(value: unknown): boolean {
  if (Array.isArray(value)) {
    for (const item of value) if (marksMoney(item)) return true;
    return false;
  }
  if (typeof value !== 'object' || value === null) return false;
  const node = value as Record<string, unknown>;
  if (node['x-money'] === 'micros') return true;
  for (const key in node) if (marksMoney(node[key])) return true;
  return false;
}
