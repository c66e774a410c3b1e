import type { ApiModel } from '../model/types.ts';
import { runtimeFilesFor } from './runtime-files.ts';

/*
 * What a package's `index.ts` exports, as data: `index-file.ts` prints it, and the API snapshot
 * (generator/diff/snapshot.ts) lists the names without loading the printer.
 */

/** The names `runtime/oauth-flows.ts` exports for this model (see `runtimeFilesFor`). */
function oauthFlowExports(model: ApiModel): string[] {
  const flows = model.authFlows;
  const out: string[] = ['type OAuthFlowOptions', 'type OAuthStepOptions'];
  if (flows.oauth1) {
    out.push('OAuth1Flow', 'parseOAuth1Callback', 'type OAuth1Consumer', 'type OAuth1RequestToken', 'type OAuth1AccessToken', 'type OAuth1BrowserStepOptions', 'type OAuth1RequestTokenOptions', 'type OAuth1StartOptions', 'type OAuth1Start', 'type OAuth1Callback');
  }
  if (flows.appOnly) out.push('AppOnlyTokens');
  return out;
}

/** One export declaration of `index.ts`: named exports, or all of a module (`export * from`) without `namedExports`. */
export interface IndexExport {
  moduleSpecifier: string;
  namedExports?: string[];
  isTypeOnly?: boolean;
}

/** What `index.ts` exports: the package's public surface beside the schema and operation types. */
export function indexExports(model: ApiModel): IndexExport[] {
  const runtimeFiles = runtimeFilesFor(model);
  const has = (name: string): boolean => runtimeFiles.includes(name);
  const exports: IndexExport[] = [
    {
      moduleSpecifier: './client.js',
      namedExports: [model.clientName, 'type CallArgs', ...(model.operations.some((o) => o.narrowing) ? ['type OptionalParamsOperationId'] : [])],
    },
    { moduleSpecifier: './operations.js', namedExports: ['operations', 'type OperationId', 'type OperationTypes', 'type OperationResults'] },
    { moduleSpecifier: './runtime/http.js', namedExports: ['type ClientOptions'] },
    {
      moduleSpecifier: './runtime/auth.js',
      namedExports: ['type ClientAuth', ...(model.authFlows.appOnly ? ['type AppOnlyCredentials'] : [])],
    },
    {
      moduleSpecifier: './runtime/errors.js',
      namedExports: ['ApiError', 'ValidationError', 'TimeoutError', 'ConnectionError', 'type LegacyError', 'type RateLimit'],
    },
    { moduleSpecifier: './runtime/types.js', namedExports: ['type RequestOptions', 'type OperationSpec', 'type ResponseInfo', 'type Sleep'] },
    { moduleSpecifier: './models.js', isTypeOnly: true },
    { moduleSpecifier: './enums.js' },
    { moduleSpecifier: './schemas.js', namedExports: ['type components'] },
  ];
  if (model.problems) {
    exports.push({ moduleSpecifier: './problems.js', namedExports: ['ProblemTypes', 'isProblem', 'type ProblemType'] });
  }
  if (has('pagination')) {
    exports.push({
      moduleSpecifier: './runtime/pagination.js',
      namedExports: ['PagePromise', 'PaginationLoopError', 'type Page', 'type PageMembers', 'type PageItem', 'type PaginationOptions', 'type PollOptions'],
    });
  }
  if (has('selection')) {
    exports.push({ moduleSpecifier: './runtime/selection.js', namedExports: ['type Selected', 'type FieldSelection', 'type SelectionRules', 'type FieldsParam', 'type KnownParams'] });
  }
  if (has('stream')) {
    exports.push({ moduleSpecifier: './runtime/stream.js', namedExports: ['EventStream', 'SseParser', 'type ServerSentEvent', 'type StreamOptions', 'type ReconnectOptions', 'type ReconnectEvent'] });
  }
  if (has('oauth1')) {
    exports.push({ moduleSpecifier: './runtime/oauth1.js', namedExports: ['oauth1Sign', 'type OAuth1Credentials'] });
    exports.push({ moduleSpecifier: './runtime/encoding.js', namedExports: ['percentEncode'] });
  }
  if (has('webhooks')) {
    exports.push({ moduleSpecifier: './runtime/webhooks.js', namedExports: ['crcResponse', 'verifyWebhookSignature'] });
  }
  if (has('oauth2-user')) {
    exports.push({
      moduleSpecifier: './runtime/oauth2-user.js',
      namedExports: [
        'createPkceVerifier',
        'pkceChallenge',
        'buildOAuth2AuthorizeUrl',
        'exchangeOAuth2Code',
        'refreshOAuth2Token',
        'isOAuth2TokenExpired',
        'type OAuth2AuthorizeUrlOptions',
        'type OAuth2TokenEndpointOptions',
        'type OAuth2CodeExchange',
        'type OAuth2Refresh',
        'type OAuth2UserToken',
      ],
    });
  }
  if (has('oauth-flows')) {
    // Which flows a package has depends on its operations (`x-oauth-step`): export what was rendered.
    const flows = oauthFlowExports(model);
    if (flows.length > 0) exports.push({ moduleSpecifier: './runtime/oauth-flows.js', namedExports: flows });
  }
  if (has('money')) {
    exports.push({ moduleSpecifier: './runtime/money.js', namedExports: ['toMicros', 'fromMicros', 'formatMicros', 'isMicros', 'asMicros', 'type Micros', 'type MicrosRounding'] });
  }
  if (has('audiences')) {
    exports.push({
      moduleSpecifier: './runtime/audiences.js',
      // The user type is exported from models.ts when it is the spec's schema.
      namedExports: ['hashAudienceUser', 'uploadAudienceUsers', 'AudienceUploadError', ...(model.audienceUpload?.userType ? [] : ['type AudienceUser']), 'type AudienceUpload', 'type AudienceUploadResult'],
    });
  }
  return exports;
}

/** The runtime modules whose presence the spec's security schemes and `x-webhook-signature` decide. */
const AUTH_HELPERS = ['oauth1', 'encoding', 'webhooks', 'oauth2-user', 'oauth-flows'];

/**
 * The names `index.ts` exports from the helpers the security schemes bring (`crcResponse`,
 * `buildOAuth2AuthorizeUrl`, `OAuth1Flow`, ...), by module, sorted: the API snapshot lists them, so
 * a helper that goes is a breaking change. (The helpers of pagination, streams and field selection
 * come and go with the operations, whose own changes say so.)
 */
export function authHelperNames(model: ApiModel): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const e of indexExports(model)) {
    const module = /^\.\/runtime\/(.+)\.js$/.exec(e.moduleSpecifier)?.[1];
    if (module === undefined || !AUTH_HELPERS.includes(module) || !e.namedExports) continue;
    out[module] = [...new Set(e.namedExports.map((n) => n.replace(/^type /, '')))].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  }
  return Object.fromEntries(Object.entries(out).sort(([a], [b]) => (a < b ? -1 : 1)));
}
