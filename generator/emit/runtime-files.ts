import type { ApiModel } from '../model/types.ts';
import { usesWords } from './enum-words.ts';

/*
 * Which runtime helpers a package gets, decided from the model alone (no template is read here, so
 * the API snapshot can list the helpers' names without loading the renderer).
 */

/** The runtime helpers a package needs, by name. */
export function runtimeFilesFor(model: ApiModel): string[] {
  const files = [
    'types',
    'errors',
    'validate',
    'serialize',
    'auth',
    'http',
    'deadline',
    'header-checks',
    'response-body',
    'invoke',
    'node-transport',
    'node-builtins.d',
    'fetch-transport',
    'browser-transport',
    'redirects',
  ];
  if (usesWords(model)) files.push('words');
  if (model.hasPagination || model.hasStreaming) files.push('operation-call');
  if (model.hasPagination) files.push('pagination');
  if (model.hasStreaming) files.push('stream');
  if (model.operations.some((o) => o.narrowing)) files.push('selection');
  // Each follows what the spec says: an OAuth 1.0a scheme signs, an OAuth 2 scheme with an
  // authorization-code flow needs the user flow, `x-webhook-signature` says how deliveries are signed.
  const oauth1 = model.authKinds.includes('oauth1');
  const oauth2User = model.authFlows.oauth2User !== undefined;
  const webhooks = model.webhookSignature !== undefined;
  if (oauth1 || oauth2User || webhooks) files.push('encoding');
  if (oauth1) files.push('oauth1', 'sha1');
  if (webhooks) files.push('webhooks');
  if (oauth2User) files.push('oauth2-user');
  if (model.hasMoney) files.push('money');
  if (hasRules(model)) files.push('rules', 'rule-view', 'rule-values');
  if (model.audienceUpload) files.push('audiences');
  if (model.hasRateLimits) files.push('pacing');
  const flows = model.authFlows;
  if (flows.oauth1 || flows.appOnly) files.push('oauth-flows');
  if (flows.appOnly) files.push('app-only');
  return files;
}

/** Some operation carries cross-field rules (`x-validation`). */
export function hasRules(model: ApiModel): boolean {
  return model.operations.some((o) => o.rules.length > 0);
}
