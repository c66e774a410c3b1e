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

/** Code laid out as a person writes it: leaves are code, objects and arrays break over lines when long. */
type Layout = string | { entries: [string, Layout][] } | { items: Layout[] };

/** Beyond this, an object or array takes a line per member (the statement around it needs room too). */
const LINE = 64;

function layout(tree: Layout, indent = ''): string {
  const flat = flatLayout(tree);
  if (typeof tree === 'string' || indent.length + flat.length <= LINE) return flat;
  const inner = `${indent}  `;
  const lines = 'entries' in tree ? tree.entries.map(([key, value]) => `${inner}${propertyKey(key)}: ${layout(value, inner)},`) : tree.items.map((item) => `${inner}${layout(item, inner)},`);
  return 'entries' in tree ? `{\n${lines.join('\n')}\n${indent}}` : `[\n${lines.join('\n')}\n${indent}]`;
}

function flatLayout(tree: Layout): string {
  if (typeof tree === 'string') return tree;
  if ('items' in tree) return `[${tree.items.map(flatLayout).join(', ')}]`;
  return tree.entries.length === 0 ? '{}' : `{ ${tree.entries.map(([key, value]) => `${propertyKey(key)}: ${flatLayout(value)}`).join(', ')} }`;
}

function layoutOf(node: ExampleNode): Layout {
  switch (node.kind) {
    case 'value':
      return literal(node.value);
    case 'array':
      return { items: node.items.map(layoutOf) };
    case 'object':
      return { entries: node.entries.map(([key, value]) => [key, layoutOf(value)]) };
    case 'bytes':
      // A kilobyte of bytes stands for the file's: a program reads them from disk or the network.
      return `new Blob([new Uint8Array(1024)], { type: ${stringLiteral(node.type)} })`;
    case 'micros':
      return `toMicros(${stringLiteral(node.decimal)})`;
  }
}

/** An example value as code: on one line when short, else a line per member. */
export function renderExample(node: ExampleNode): string {
  return layout(layoutOf(node));
}

/** Whether an operation's example writes an amount with `toMicros` (which the package exports beside the client). */
export function exampleUsesMicros(op: OperationModel): boolean {
  const walk = (node: ExampleNode): boolean =>
    node.kind === 'micros' || (node.kind === 'array' && node.items.some(walk)) || (node.kind === 'object' && node.entries.some(([, v]) => walk(v)));
  return op.example !== undefined && walk(op.example);
}

/** How an example call is used: awaited, iterated (pages, events) or, for a browser step, a URL. */
export function exampleStatement(op: OperationModel, call: string): string {
  if (op.browserStep) return `const url = ${call};`;
  if (op.streaming) return `for await (const event of ${call}) console.log(event);`;
  if (op.pagination) return `for await (const item of ${call}) console.log(item);`;
  return op.success.typeName === 'void' ? `await ${call};` : `const result = await ${call};`;
}

/**
 * The options of an example client (`{ auth }`), for the credentials the spec's schemes take, each
 * read from an environment variable named after the API (`X_BEARER_TOKEN`, `X_CONSUMER_KEY`);
 * undefined when the spec states no credentials.
 */
export function exampleOptions(model: Pick<ApiModel, 'authKinds' | 'packageName' | 'servers'>): string | undefined {
  const env = (name: string): string => `process.env.${tokenVariable(model).replace(/BEARER_TOKEN$/, name)}!`;
  let auth: Layout | undefined;
  switch (exampleCredentials(model)) {
    case 'bearer':
      auth = { entries: [['bearerToken', env('BEARER_TOKEN')]] };
      break;
    case 'oauth1': {
      const keys: [string, string][] = [['consumerKey', 'CONSUMER_KEY'], ['consumerSecret', 'CONSUMER_SECRET'], ['token', 'ACCESS_TOKEN'], ['tokenSecret', 'ACCESS_TOKEN_SECRET']];
      auth = { entries: [['oauth1', { entries: keys.map(([key, name]) => [key, env(name)]) }]] };
      break;
    }
    case 'basic':
      auth = { entries: [['basic', { entries: [['username', env('USERNAME')], ['password', env('PASSWORD')]] }]] };
      break;
    case 'apiKey':
      auth = { entries: [['apiKey', env('API_KEY')]] };
      break;
  }
  return auth && layout({ entries: [['auth', auth]] });
}

/** The credentials examples use: a bearer token where the spec takes one, else OAuth 1.0a, Basic or an API key. */
export function exampleCredentials(model: Pick<ApiModel, 'authKinds'>): 'bearer' | 'oauth1' | 'basic' | 'apiKey' | undefined {
  const kinds = model.authKinds;
  if (kinds.includes('bearer') || kinds.includes('oauth2')) return 'bearer';
  if (kinds.includes('oauth1')) return 'oauth1';
  if (kinds.includes('basic')) return 'basic';
  if (kinds.includes('apiKey')) return 'apiKey';
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
