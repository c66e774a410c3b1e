import type { ApiModel } from '../model/types.ts';

/*
 * Which runtime helpers a package gets, decided from the model alone (no template is read here, so
 * the API snapshot can list the helpers' names without loading the renderer).
 */

/** The runtime helpers a package needs, by name. */
export function runtimeFilesFor(model: ApiModel): string[] {
  const files = ['types', 'errors', 'validate', 'serialize', 'auth', 'http', 'invoke', 'node-transport', 'node-builtins.d', 'fetch-transport'];
  if (model.hasPagination) files.push('pagination');
  if (model.hasStreaming) files.push('stream');
  if (model.operations.some((o) => o.narrowing)) files.push('selection');
  // Each follows what the spec says: an OAuth 1.0a scheme signs, an OAuth 2 scheme with an
  // authorization-code flow needs the user flow, `x-webhook-signature` says how deliveries are signed.
  const oauth1 = model.authKinds.includes('oauth1');
  const oauth2User = oauth2UserFlow(model) !== undefined;
  const webhooks = model.webhookSignature !== undefined;
  if (oauth1 || oauth2User || webhooks) files.push('encoding');
  if (oauth1) files.push('oauth1');
  if (webhooks) files.push('webhooks');
  if (oauth2User) files.push('oauth2-user');
  if (model.hasMoney) files.push('money');
  if (hasRules(model)) files.push('rules');
  if (model.audienceUpload) files.push('audiences');
  if (model.hasRateLimits) files.push('pacing');
  const flows = oauthFlows(model);
  if (flows) files.push('oauth-flows');
  if (flows?.appOnly) files.push('app-only');
  return files;
}

/** The operations of each OAuth flow step (`x-oauth-step`), by step in camelCase: `{ requestToken: { id, constName } }`. */
export function oauthSteps(model: ApiModel): Record<string, { id: string; constName: string }> {
  const out: Record<string, { id: string; constName: string }> = {};
  for (const op of model.operations) {
    if (!op.oauthStep) continue;
    const key = op.oauthStep.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
    out[key] ??= { id: op.id, constName: op.constName };
  }
  return out;
}

/**
 * Which flow helpers the package gets: the OAuth 1.0a flow needs the request-token and access-token
 * steps signed with OAuth 1.0a; app-only tokens need the app-token step, Basic and bearer schemes.
 */
export function oauthFlows(model: ApiModel): { oauth1: boolean; appOnly: boolean } | undefined {
  const steps = oauthSteps(model);
  const oauth1 = Boolean(steps.requestToken && steps.accessToken && model.authKinds.includes('oauth1'));
  const appOnly = Boolean(steps.appToken && model.authKinds.includes('basic') && model.authKinds.includes('bearer'));
  return oauth1 || appOnly ? { oauth1, appOnly } : undefined;
}

/**
 * The OAuth 2 authorization-code flow the user-flow helpers default to: the first scheme's that
 * declares one with both endpoints.
 */
export function oauth2UserFlow(model: ApiModel): { scheme: string; authorizationUrl: string; tokenUrl: string; refreshUrl: string; scopeExample: string } | undefined {
  for (const scheme of model.securitySchemes) {
    const flow = scheme.oauth2Flows?.authorizationCode;
    if (!flow?.authorizationUrl || !flow.tokenUrl) continue;
    return {
      scheme: scheme.name,
      authorizationUrl: flow.authorizationUrl,
      tokenUrl: flow.tokenUrl,
      // Without a refreshUrl, refreshes go to the token endpoint (RFC 6749 section 6).
      refreshUrl: flow.refreshUrl ?? flow.tokenUrl,
      scopeExample: `[${flow.scopes.slice(0, 3).map((s) => `'${s.name}'`).join(', ')}]`,
    };
  }
  return undefined;
}

/** Some operation carries cross-field rules (`x-validation`). */
export function hasRules(model: ApiModel): boolean {
  return model.operations.some((o) => o.rules.length > 0);
}
