/**
 * docs/parts/templates.md (included by the templates guide): every built-in runtime file, whether it
 * is copied or rendered, what it does, and the slots a handlebars template fills, read from the
 * templates themselves. A built-in file without a description here, or a description of a file that
 * is gone, fails the build.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import {
  builtinTemplateFile,
  builtinTemplateNames,
  isHandlebarsFile,
} from '../../generator/templates-dir.ts';

/** What each built-in runtime file is for (the part that needs a person's words). */
const PURPOSE: Record<string, string> = {
  'runtime/app-only.ts':
    'OAuth 2.0 app-only bearer tokens: requested with Basic and `client_credentials`, cached per application and origin (the `appOnlyAuth` extension).',
  'runtime/audiences.ts':
    '`hashAudienceUser` and `uploadAudienceUsers`: normalise, hash, split into requests within the limits and check the counts (`x-audience-upload`).',
  'runtime/auth.ts': 'The credentials a client takes (`ClientAuth`) and how each request carries them.',
  'runtime/browser-transport.ts':
    'The transport in browsers (`browser` condition of `#transport`): the global `fetch`, which follows redirects itself.',
  'runtime/deadline.ts':
    "The time limits of a call: one attempt's deadline (a timer joined with the caller's signal) and the wait before a retry.",
  'runtime/encoding.ts': 'RFC 3986 percent-encoding and base64, shared by OAuth and webhook signatures.',
  'runtime/errors.ts':
    '`ApiError` (status, headers, rate limit, the `Problem` union), `ValidationError`, `TimeoutError`, `ConnectionError`.',
  'runtime/fetch-transport.ts':
    'The transport of Deno, Bun and edge runtimes (`default` condition): the global `fetch`, redirects followed by the client.',
  'runtime/header-checks.ts':
    'Refuses a header fetch would refuse or that could smuggle another, naming the option, never the value; scrubs secrets from error text.',
  'runtime/http.ts':
    'The request path: `ClientOptions`, `createCore`, retries, timeouts, redirects, errors without secrets.',
  'runtime/invoke.ts': 'Runs any operation the way its function does; `client.call` uses it.',
  'runtime/money.ts': '`toMicros`, `fromMicros`, `formatMicros` for `x-money: micros` amounts.',
  'runtime/node-builtins.d.ts':
    'The few Node built-ins the Node transport uses, declared for the package build (no `@types/node`).',
  'runtime/node-transport.ts':
    'The transport on Node (`node` condition): node:http / node:https with keep-alive agents.',
  'runtime/oauth-flows.ts':
    "`OAuth1Flow` (three-legged OAuth 1.0a) and `AppOnlyTokens`, driven through the package's own `x-oauth-step` operations.",
  'runtime/oauth1.ts': 'OAuth 1.0a request signing (RFC 5849, HMAC-SHA1).',
  'runtime/oauth2-user.ts':
    'The OAuth 2.0 user flow: authorization code with PKCE (S256), code exchange, refresh, expiry.',
  'runtime/operation-call.ts':
    'The base of `PagePromise` and `EventStream`: a call that is more than one request keeps its core, operation, params and options.',
  'runtime/pacing.ts':
    'Waiting for room in a documented rate limit (`x-rate-limit`) instead of sending a request sure to get a 429.',
  'runtime/pagination.ts':
    'Page promises: awaitable first page, async-iterable items, `.pages()`, `.poll()`.',
  'runtime/redirects.ts':
    'Redirects followed by the client, where it can see them: re-signed on the same origin, credentials dropped on another.',
  'runtime/response-body.ts':
    "Reads a response's body: a 2xx body as the spec says it is encoded (a body cut off is a connection failure), a failure's as it looks.",
  'runtime/rule-values.ts': 'The number and date arithmetic that `x-validation` rules compare with.',
  'runtime/rule-view.ts':
    'What an `x-validation` rule reads: the params by path, its conditions and the fields it walks.',
  'runtime/rules.ts': 'The cross-field rules of `x-validation`, checked before anything is sent.',
  'runtime/selection.ts': 'The types of field selection: results that follow their `*.fields` lists.',
  'runtime/serialize.ts':
    'Params to a request: path, query styles, headers, JSON, form and multipart bodies.',
  'runtime/sha1.ts': 'SHA-1 and HMAC-SHA1, synchronous and dependency-free, for OAuth 1.0a signatures.',
  'runtime/stream.ts': '`EventStream`: NDJSON and Server-Sent Events, with the reconnect schedule.',
  'runtime/types.ts':
    'Types shared by the runtime and the generated operation table (`OperationSpec`, `RequestOptions`, ...).',
  'runtime/validate.ts':
    'The checks made from the schema (`ValidationError` naming the parameter and the rule).',
  'runtime/webhooks.ts': '`crcResponse` and `verifyWebhookSignature` for `x-webhook-signature`.',
  'runtime/words.ts': 'A string of words as a tuple of literals: the type of an enum written as one string.',
};

interface HbsNode {
  type: string;
  path?: { original?: string };
  params?: { original?: string }[];
  program?: { body: HbsNode[] };
  inverse?: { body: HbsNode[] };
}

/** Each slot of a template (`literal servers.defaultUrl`) and each condition it tests (`if hasPagination`). */
function slots(source: string): { fills: string[]; conditions: string[] } {
  const handlebars = createRequire(import.meta.url)('handlebars') as {
    parse(source: string): { body: HbsNode[] };
  };
  const fills = new Set<string>();
  const conditions = new Set<string>();
  const visit = (nodes: HbsNode[] | undefined): void => {
    for (const node of nodes ?? []) {
      const helper = node.path?.original ?? '';
      const arg = node.params?.[0]?.original ?? '';
      if (node.type === 'MustacheStatement') fills.add(`{{${helper} ${arg}}}`);
      if (node.type === 'BlockStatement') {
        conditions.add(`${helper} ${arg}`);
        visit(node.program?.body);
        visit(node.inverse?.body);
      }
    }
  };
  visit(handlebars.parse(source).body);
  return { fills: [...fills].sort(), conditions: [...conditions].sort() };
}

export function templatesPart(): string {
  const names = builtinTemplateNames();
  const undescribed = names.filter((n) => !PURPOSE[n]);
  const stale = Object.keys(PURPOSE).filter((n) => !names.includes(n));
  if (undescribed.length || stale.length) {
    throw new Error(
      `docs/scripts/templates.ts: describe ${undescribed.join(', ') || 'nothing new'}; drop ${stale.join(', ') || 'nothing'}`,
    );
  }
  const rows = names.map((name) => {
    const file = builtinTemplateFile(name);
    const rendered = isHandlebarsFile(file);
    const { fills, conditions } = rendered
      ? slots(readFileSync(file, 'utf8'))
      : { fills: [], conditions: [] };
    const slotText = [
      ...fills.map((f) => `<code v-pre>${f}</code>`),
      ...conditions.map((c) => `<code>#${c}</code>`),
    ].join(' ');
    return `| \`${name}\` | ${rendered ? 'rendered (`.ts.hbs`)' : 'copied'} | ${PURPOSE[name]} | ${slotText} |`;
  });
  return [
    '<!-- Generated by docs/scripts/templates.ts from templates/runtime/. -->',
    '',
    '| name | built-in | what it does | slots and conditions it uses |',
    '|---|---|---|---|',
    ...rows,
    '',
  ].join('\n');
}
