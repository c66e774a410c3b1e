import { printSourceFile, type StatementStructures, StructureKind } from './structures.ts';
import type { ApiModel } from '../model/types.ts';
import { oauthFlows } from './runtime.ts';
import { GENERATED_HEADER } from './source.ts';

/** The names `runtime/oauth-flows.ts` exports for this model (see `runtimeFilesFor`). */
function oauthFlowExports(model: ApiModel): string[] {
  const flows = oauthFlows(model);
  const out: string[] = ['type OAuthFlowOptions', 'type OAuthStepOptions'];
  if (flows?.oauth1) {
    out.push('OAuth1Flow', 'parseOAuth1Callback', 'type OAuth1Consumer', 'type OAuth1RequestToken', 'type OAuth1AccessToken', 'type OAuth1BrowserStepOptions', 'type OAuth1RequestTokenOptions', 'type OAuth1StartOptions', 'type OAuth1Start', 'type OAuth1Callback');
  }
  if (flows?.appOnly) out.push('AppOnlyTokens');
  return out;
}

/** `index.ts`: the package's public surface. */
export function emitIndex(model: ApiModel, runtimeFiles: string[]): string {
  const has = (name: string): boolean => runtimeFiles.includes(name);
  const exports: StatementStructures[] = [
    {
      kind: StructureKind.ExportDeclaration,
      moduleSpecifier: './client.js',
      namedExports: [model.clientName, 'type CallArgs', ...(model.operations.some((o) => o.narrowing) ? ['type OptionalParamsOperationId'] : [])],
    },
    { kind: StructureKind.ExportDeclaration, moduleSpecifier: './operations.js', namedExports: ['operations', 'type OperationId', 'type OperationTypes', 'type OperationResults'] },
    { kind: StructureKind.ExportDeclaration, moduleSpecifier: './runtime/http.js', namedExports: ['type ClientOptions'] },
    {
      kind: StructureKind.ExportDeclaration,
      moduleSpecifier: './runtime/auth.js',
      namedExports: ['type ClientAuth', ...(oauthFlows(model)?.appOnly ? ['type AppOnlyCredentials'] : [])],
    },
    {
      kind: StructureKind.ExportDeclaration,
      moduleSpecifier: './runtime/errors.js',
      namedExports: ['ApiError', 'ValidationError', 'TimeoutError', 'ConnectionError', 'type LegacyError', 'type RateLimit'],
    },
    { kind: StructureKind.ExportDeclaration, moduleSpecifier: './runtime/types.js', namedExports: ['type RequestOptions', 'type OperationSpec', 'type ResponseInfo', 'type Sleep'] },
    { kind: StructureKind.ExportDeclaration, moduleSpecifier: './models.js', isTypeOnly: true },
    { kind: StructureKind.ExportDeclaration, moduleSpecifier: './enums.js' },
    { kind: StructureKind.ExportDeclaration, moduleSpecifier: './schemas.js', namedExports: ['type components'] },
  ];
  if (model.problems) {
    exports.push({ kind: StructureKind.ExportDeclaration, moduleSpecifier: './problems.js', namedExports: ['ProblemTypes', 'isProblem', 'type ProblemType'] });
  }
  if (has('pagination')) {
    exports.push({
      kind: StructureKind.ExportDeclaration,
      moduleSpecifier: './runtime/pagination.js',
      namedExports: ['PagePromise', 'PaginationLoopError', 'type Page', 'type PageItem', 'type PaginationOptions', 'type PollOptions'],
    });
  }
  if (has('selection')) {
    exports.push({ kind: StructureKind.ExportDeclaration, moduleSpecifier: './runtime/selection.js', namedExports: ['type Selected', 'type FieldSelection', 'type FieldsParam', 'type KnownParams'] });
  }
  if (has('stream')) {
    exports.push({ kind: StructureKind.ExportDeclaration, moduleSpecifier: './runtime/stream.js', namedExports: ['EventStream', 'SseParser', 'type ServerSentEvent', 'type StreamOptions', 'type ReconnectOptions', 'type ReconnectEvent'] });
  }
  if (has('oauth1')) {
    exports.push({ kind: StructureKind.ExportDeclaration, moduleSpecifier: './runtime/oauth1.js', namedExports: ['oauth1Sign', 'percentEncode', 'type OAuth1Credentials'] });
  }
  if (has('webhooks')) {
    exports.push({ kind: StructureKind.ExportDeclaration, moduleSpecifier: './runtime/webhooks.js', namedExports: ['crcResponse', 'verifyWebhookSignature'] });
  }
  if (has('pkce')) {
    exports.push({
      kind: StructureKind.ExportDeclaration,
      moduleSpecifier: './runtime/pkce.js',
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
    if (flows.length > 0) exports.push({ kind: StructureKind.ExportDeclaration, moduleSpecifier: './runtime/oauth-flows.js', namedExports: flows });
  }
  if (has('money')) {
    exports.push({ kind: StructureKind.ExportDeclaration, moduleSpecifier: './runtime/money.js', namedExports: ['toMicros', 'fromMicros', 'formatMicros', 'isMicros', 'asMicros', 'type Micros', 'type MicrosRounding'] });
  }
  if (has('audiences')) {
    exports.push({
      kind: StructureKind.ExportDeclaration,
      moduleSpecifier: './runtime/audiences.js',
      namedExports: ['hashAudienceUser', 'uploadAudienceUsers', 'AudienceUploadError', 'type AudienceUser', 'type AudienceUpload', 'type AudienceUploadResult'],
    });
  }
  return printSourceFile({ leadingTrivia: `/** ${GENERATED_HEADER} */\n\n`, statements: exports });
}
