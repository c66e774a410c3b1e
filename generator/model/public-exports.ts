import type { ApiModel, ExportedName, PublicExport } from './types.ts';

/*
 * What a package's `index.ts` exports, as data: the index emitter prints it, and the API snapshot
 * (generator/diff/snapshot.ts) lists the helpers' names from it, so a helper that goes is a breaking
 * change the diff sees without the emitters.
 */

const values = (...names: string[]): ExportedName[] => names.map((name) => ({ name, kind: 'value' }));
const types = (...names: string[]): ExportedName[] => names.map((name) => ({ name, kind: 'type' }));

/** The model's facts the export list follows. */
type ExportFacts = Omit<ApiModel, 'publicExports' | 'authHelpers'>;

/**
 * The runtime helper modules that export public names, each decided by the same model facts that
 * decide whether the package gets the file (emit/runtime-files.ts).
 */
function helperModules(model: ExportFacts): Set<string> {
  const modules = new Set<string>();
  if (model.hasPagination) modules.add('pagination');
  if (model.operations.some((o) => o.narrowing)) modules.add('selection');
  if (model.hasStreaming) modules.add('stream');
  if (model.authKinds.includes('oauth1')) modules.add('oauth1');
  if (model.webhookSignature !== undefined) modules.add('webhooks');
  if (model.authFlows.oauth2User !== undefined) modules.add('oauth2-user');
  if (model.authFlows.oauth1 || model.authFlows.appOnly) modules.add('oauth-flows');
  if (model.hasMoney) modules.add('money');
  if (model.audienceUpload) modules.add('audiences');
  return modules;
}

/** The names `runtime/oauth-flows.ts` exports: which flows a package has depends on its operations (`x-oauth-step`). */
function oauthFlowNames(model: ExportFacts): ExportedName[] {
  const flows = model.authFlows;
  const out = types('OAuthFlowOptions', 'OAuthStepOptions');
  if (flows.oauth1) {
    out.push(...values('OAuth1Flow', 'parseOAuth1Callback'));
    out.push(
      ...types(
        'OAuth1Consumer',
        'OAuth1RequestToken',
        'OAuth1AccessToken',
        'OAuth1BrowserStepOptions',
        'OAuth1RequestTokenOptions',
        'OAuth1StartOptions',
        'OAuth1Start',
        'OAuth1Callback',
      ),
    );
  }
  if (flows.appOnly) out.push(...values('AppOnlyTokens'));
  return out;
}

/** What `index.ts` exports: the package's public surface beside the schema and operation types. */
export function publicExports(model: ExportFacts): PublicExport[] {
  const has = helperModules(model);
  const exports: PublicExport[] = [
    {
      module: 'client',
      names: [
        ...values(model.clientName),
        ...types(
          'CallArgs',
          ...(model.operations.some((o) => o.narrowing) ? ['OptionalParamsOperationId'] : []),
        ),
      ],
    },
    {
      module: 'operations',
      names: [
        ...values('operations'),
        ...types(
          'OperationId',
          'OperationTypes',
          'OperationResults',
          ...(model.errorBodies.length > 0 ? ['OperationErrors'] : []),
        ),
      ],
    },
    { module: 'runtime/http', names: types('ClientOptions') },
    {
      module: 'runtime/auth',
      names: types('ClientAuth', ...(model.authFlows.appOnly ? ['AppOnlyCredentials'] : [])),
    },
    {
      module: 'runtime/errors',
      names: [
        ...values(
          'ApiError',
          'ValidationError',
          'TimeoutError',
          'ConnectionError',
          ...(model.errorBodies.length > 0 ? ['isApiError'] : []),
        ),
        ...types(
          'LegacyError',
          'RateLimit',
          ...(model.errorBodies.length > 0 ? ['ApiErrorBody', 'ApiErrorCase'] : []),
        ),
      ],
    },
    { module: 'runtime/types', names: types('RequestOptions', 'OperationSpec', 'ResponseInfo', 'Sleep') },
    { module: 'models', typeOnly: true },
    { module: 'enums' },
    { module: 'schemas', names: types('components') },
  ];
  if (model.problems)
    exports.push({
      module: 'problems',
      names: [...values('ProblemTypes', 'isProblem'), ...types('ProblemType')],
    });
  if (has.has('pagination')) {
    exports.push({
      module: 'runtime/pagination',
      names: [
        ...values('PagePromise', 'PaginationLoopError'),
        ...types('Page', 'PageMembers', 'PageItem', 'PaginationOptions', 'PollOptions'),
      ],
    });
  }
  if (has.has('selection'))
    exports.push({
      module: 'runtime/selection',
      names: types('Selected', 'FieldSelection', 'SelectionRules', 'FieldsParam', 'KnownParams'),
    });
  if (has.has('stream')) {
    exports.push({
      module: 'runtime/stream',
      names: [
        ...values('EventStream', 'SseParser'),
        ...types('ServerSentEvent', 'StreamOptions', 'ReconnectOptions', 'ReconnectEvent'),
      ],
    });
  }
  if (has.has('oauth1')) {
    exports.push({
      module: 'runtime/oauth1',
      names: [...values('oauth1Sign'), ...types('OAuth1Credentials')],
    });
    exports.push({ module: 'runtime/encoding', names: values('percentEncode') });
  }
  if (has.has('webhooks'))
    exports.push({ module: 'runtime/webhooks', names: values('crcResponse', 'verifyWebhookSignature') });
  if (has.has('oauth2-user')) {
    exports.push({
      module: 'runtime/oauth2-user',
      names: [
        ...values(
          'createPkceVerifier',
          'pkceChallenge',
          'buildOAuth2AuthorizeUrl',
          'exchangeOAuth2Code',
          'refreshOAuth2Token',
          'isOAuth2TokenExpired',
        ),
        ...types(
          'OAuth2AuthorizeUrlOptions',
          'OAuth2TokenEndpointOptions',
          'OAuth2CodeExchange',
          'OAuth2Refresh',
          'OAuth2UserToken',
        ),
      ],
    });
  }
  if (has.has('oauth-flows')) exports.push({ module: 'runtime/oauth-flows', names: oauthFlowNames(model) });
  if (has.has('money')) {
    exports.push({
      module: 'runtime/money',
      names: [
        ...values('toMicros', 'fromMicros', 'formatMicros', 'isMicros', 'asMicros'),
        ...types('Micros', 'MicrosRounding'),
      ],
    });
  }
  if (has.has('audiences')) {
    exports.push({
      module: 'runtime/audiences',
      // The user type is exported from models.ts when it is the spec's schema.
      names: [
        ...values('hashAudienceUser', 'uploadAudienceUsers', 'AudienceUploadError'),
        ...types(
          ...(model.audienceUpload?.userType ? [] : ['AudienceUser']),
          'AudienceUpload',
          'AudienceUploadResult',
        ),
      ],
    });
  }
  return exports;
}

/** The runtime modules whose presence the spec's security schemes and `x-webhook-signature` decide. */
const AUTH_HELPERS = ['oauth1', 'encoding', 'webhooks', 'oauth2-user', 'oauth-flows'];

/**
 * The names exported from the helpers the security schemes bring (`crcResponse`,
 * `buildOAuth2AuthorizeUrl`, `OAuth1Flow`, ...), by module, sorted: the API snapshot lists them, so
 * a helper that goes is a breaking change. (The helpers of pagination, streams and field selection
 * come and go with the operations, whose own changes say so.)
 */
export function authHelperNames(exports: readonly PublicExport[]): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const e of exports) {
    const module = e.module.startsWith('runtime/') ? e.module.slice('runtime/'.length) : undefined;
    if (module === undefined || !AUTH_HELPERS.includes(module) || !e.names) continue;
    out[module] = [...new Set(e.names.map((n) => n.name))].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  }
  return Object.fromEntries(Object.entries(out).sort(([a], [b]) => (a < b ? -1 : 1)));
}
