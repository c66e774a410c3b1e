import type { ApiModel, ExampleNode, OperationModel } from '../model/types.ts';
import { literal, propertyKey, stringLiteral } from './source.ts';

/**
 * The params argument of an example call, as the model decided it (`OperationModel.example`);
 * empty when the params may be left out, `{}` when they may not but nothing is required.
 * `offset`: the width of the rest of the statement's first and last lines.
 */
export function exampleParams(op: OperationModel, offset = 0): string {
  if (op.example) return renderExample(op.example, offset);
  return op.paramsOptional ? '' : '{}';
}

/** Code laid out as a person writes it: leaves are code, objects and arrays break over lines when long. */
type Layout = string | { entries: [string, Layout][] } | { items: Layout[] };

/** Beyond this width, an object or array takes a line per member. */
const LINE = 96;

/** `offset`: the width of the rest of the line it sits on. */
function layout(tree: Layout, indent = '', offset = 0): string {
  const flat = flatLayout(tree);
  if (typeof tree === 'string' || indent.length + offset + flat.length <= LINE) return flat;
  const inner = `${indent}  `;
  const lines =
    'entries' in tree
      ? tree.entries.map(([key, value]) => `${inner}${propertyKey(key)}: ${layout(value, inner)},`)
      : tree.items.map((item) => `${inner}${layout(item, inner)},`);
  return 'entries' in tree ? `{\n${lines.join('\n')}\n${indent}}` : `[\n${lines.join('\n')}\n${indent}]`;
}

function flatLayout(tree: Layout): string {
  if (typeof tree === 'string') return tree;
  if ('items' in tree) return `[${tree.items.map(flatLayout).join(', ')}]`;
  return tree.entries.length === 0
    ? '{}'
    : `{ ${tree.entries.map(([key, value]) => `${propertyKey(key)}: ${flatLayout(value)}`).join(', ')} }`;
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
export function renderExample(node: ExampleNode, offset = 0): string {
  return layout(layoutOf(node), '', offset);
}

/** Whether an operation's example writes an amount with `toMicros` (which the package exports beside the client). */
export function exampleUsesMicros(op: OperationModel): boolean {
  const walk = (node: ExampleNode): boolean =>
    node.kind === 'micros' ||
    (node.kind === 'array' && node.items.some(walk)) ||
    (node.kind === 'object' && node.entries.some(([, v]) => walk(v)));
  return op.example !== undefined && walk(op.example);
}

/**
 * An example call as a statement: awaited, iterated (pages, events) or, for a browser step, a URL.
 * `callee` is what is called (`client.users.getById`), `leading` the arguments before the params.
 */
export function exampleCall(op: OperationModel, callee: string, ...leading: string[]): string {
  const [before, after] = op.browserStep
    ? ['const url = ', ');']
    : op.streaming
      ? ['for await (const event of ', ')) {']
      : op.pagination
        ? ['for await (const item of ', ')) {']
        : [op.success.typeName === 'void' ? 'await ' : 'const result = await ', ');'];
  const head = `${before}${callee}(${leading.join(', ')}`;
  const params = exampleParams(op, head.length + 2 + after.length);
  const call = `${head}${params && leading.length > 0 ? ', ' : ''}${params}${after}`;
  if (op.streaming) return `${call}\n  console.log(event);\n}`;
  if (op.pagination) return `${call}\n  console.log(item);\n}`;
  return call;
}

/**
 * The options of an example client (`{ auth }`), for the credentials the spec's schemes take, each
 * read from an environment variable named after the API (`X_BEARER_TOKEN`, `X_CONSUMER_KEY`);
 * undefined when the spec states no credentials.
 */
export function exampleOptions(
  model: Pick<ApiModel, 'authKinds' | 'packageName' | 'servers'>,
): string | undefined {
  const env = (name: string): string => `process.env.${tokenVariable(model).replace(/BEARER_TOKEN$/, name)}!`;
  let auth: Layout | undefined;
  switch (exampleCredentials(model)) {
    case 'bearer':
      auth = { entries: [['bearerToken', env('BEARER_TOKEN')]] };
      break;
    case 'oauth1': {
      const keys: [string, string][] = [
        ['consumerKey', 'CONSUMER_KEY'],
        ['consumerSecret', 'CONSUMER_SECRET'],
        ['token', 'ACCESS_TOKEN'],
        ['tokenSecret', 'ACCESS_TOKEN_SECRET'],
      ];
      auth = { entries: [['oauth1', { entries: keys.map(([key, name]) => [key, env(name)]) }]] };
      break;
    }
    case 'basic':
      auth = {
        entries: [
          [
            'basic',
            {
              entries: [
                ['username', env('USERNAME')],
                ['password', env('PASSWORD')],
              ],
            },
          ],
        ],
      };
      break;
    case 'apiKey':
      auth = { entries: [['apiKey', env('API_KEY')]] };
      break;
  }
  return auth && layout({ entries: [['auth', auth]] });
}

/** The credentials examples use: a bearer token where the spec takes one, else OAuth 1.0a, Basic or an API key. */
export function exampleCredentials(
  model: Pick<ApiModel, 'authKinds'>,
): 'bearer' | 'oauth1' | 'basic' | 'apiKey' | undefined {
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
  const upper = name
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .toUpperCase();
  return `${/^[0-9]/.test(upper) || upper === '' ? 'API_' : ''}${upper}_BEARER_TOKEN`;
}
