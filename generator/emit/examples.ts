import type { ApiModel, ExampleNode, OperationModel } from '../model/types.ts';
import { literal, propertyKey, stringLiteral } from './source.ts';

/**
 * The params argument of an example call, as the model decided it (`OperationModel.example`);
 * empty when the params may be left out, `{}` when they may not but nothing is required.
 */
export function exampleParams(op: OperationModel): string {
  if (op.example) return renderExample(op.example);
  return op.paramsOptional ? '' : '{}';
}

/** An example value as code: literals, arrays and objects on one line, bytes as a `Blob`. */
export function renderExample(node: ExampleNode): string {
  switch (node.kind) {
    case 'value':
      return literal(node.value);
    case 'array':
      return `[${node.items.map(renderExample).join(', ')}]`;
    case 'object':
      return node.entries.length === 0 ? '{}' : `{ ${node.entries.map(([key, value]) => `${propertyKey(key)}: ${renderExample(value)}`).join(', ')} }`;
    case 'bytes':
      return `new Blob([${stringLiteral('...')}], { type: ${stringLiteral(node.type)} })`;
  }
}

/** How an example call is used: awaited, iterated (pages, events) or, for a browser step, a URL. */
export function exampleStatement(op: OperationModel, call: string): string {
  if (op.browserStep) return `const url = ${call};`;
  if (op.streaming) return `for await (const event of ${call}) console.log(event);`;
  if (op.pagination) return `for await (const item of ${call}) console.log(item);`;
  return op.success.typeName === 'void' ? `await ${call};` : `const result = await ${call};`;
}

/**
 * The `auth` option of an example client, for the credentials the spec's schemes take, each read
 * from an environment variable named after the API (`X_BEARER_TOKEN`, `X_CONSUMER_KEY`); undefined
 * when the spec states no credentials.
 */
export function exampleAuth(model: Pick<ApiModel, 'authKinds' | 'packageName' | 'servers'>): string | undefined {
  const kinds = model.authKinds;
  const env = (name: string): string => `process.env.${tokenVariable(model).replace(/BEARER_TOKEN$/, name)}!`;
  if (kinds.includes('bearer') || kinds.includes('oauth2')) return `{ bearerToken: ${env('BEARER_TOKEN')} }`;
  if (kinds.includes('oauth1')) {
    return `{ oauth1: { consumerKey: ${env('CONSUMER_KEY')}, consumerSecret: ${env('CONSUMER_SECRET')}, token: ${env('ACCESS_TOKEN')}, tokenSecret: ${env('ACCESS_TOKEN_SECRET')} } }`;
  }
  if (kinds.includes('basic')) return `{ basic: { username: ${env('USERNAME')}, password: ${env('PASSWORD')} } }`;
  if (kinds.includes('apiKey')) return `{ apiKey: ${env('API_KEY')} }`;
  return undefined;
}

/**
 * The environment variable the examples read a bearer token from, named after the API: the domain of its
 * default server (`api.x.com` gives `X_BEARER_TOKEN`, `api.github.com` `GITHUB_BEARER_TOKEN`), or, for a
 * server without a domain (a relative URL, localhost, an IP address), the package's name.
 */
export function tokenVariable(model: Pick<ApiModel, 'packageName' | 'servers'>): string {
  let host = '';
  try {
    host = new URL(model.servers.defaultUrl).hostname;
  } catch {
    // A relative server URL: no host.
  }
  const labels = host.split('.').filter(Boolean);
  const generic = new Set(['co', 'com', 'org', 'net', 'gov', 'edu', 'ac']);
  let name = '';
  if (labels.length >= 2 && !/^[\d.]+$/.test(host)) {
    name = labels[labels.length - 2]!;
    if (generic.has(name) && labels.length >= 3) name = labels[labels.length - 3]!;
  }
  if (!name) name = model.packageName.split('/').pop() ?? model.packageName;
  const upper = name.normalize('NFKD').replace(/[^A-Za-z0-9]+/g, '_').replace(/^_+|_+$/g, '').toUpperCase();
  return `${/^[0-9]/.test(upper) || upper === '' ? 'API_' : ''}${upper}_BEARER_TOKEN`;
}
