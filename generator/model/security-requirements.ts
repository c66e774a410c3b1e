import { isObject } from '../load/index.ts';
import type { AuthKind, OAuthStep, OperationModel, SecuritySchemeModel } from './types.ts';

/** Where the operation's API key goes: the first apiKey scheme its security requirements name. */
export function apiKeyOf(
  raw: unknown,
  schemes: ReadonlyMap<string, SecuritySchemeModel>,
): Pick<OperationModel, 'apiKey'> {
  if (!Array.isArray(raw)) return {};
  for (const requirement of raw) {
    if (!isObject(requirement)) continue;
    for (const name of Object.keys(requirement)) {
      const placement = schemes.get(name)?.apiKey;
      if (placement) return { apiKey: placement };
    }
  }
  return {};
}

const OAUTH_STEPS: readonly OAuthStep[] = [
  'request-token',
  'authorize',
  'authenticate',
  'access-token',
  'invalidate',
  'app-token',
  'app-token-invalidate',
];

export function oauthStepOf(raw: unknown): Pick<OperationModel, 'oauthStep'> {
  return OAUTH_STEPS.includes(raw as OAuthStep) ? { oauthStep: raw as OAuthStep } : {};
}

/** Form-encoded Basic credentials when a scheme the operation's security names asks for them. */
export function basicEncodingOf(
  raw: unknown,
  schemes: ReadonlyMap<string, SecuritySchemeModel>,
): Pick<OperationModel, 'basicEncoding'> {
  if (!Array.isArray(raw)) return {};
  for (const requirement of raw) {
    if (!isObject(requirement)) continue;
    for (const name of Object.keys(requirement))
      if (schemes.get(name)?.basicEncoding) return { basicEncoding: 'form' };
  }
  return {};
}

export function readSecurity(
  raw: unknown,
  schemes: ReadonlyMap<string, SecuritySchemeModel>,
): AuthKind[][] | undefined {
  if (!Array.isArray(raw)) return undefined;
  const alternatives: AuthKind[][] = [];
  for (const requirement of raw) {
    if (!isObject(requirement)) continue;
    const kinds: AuthKind[] = [];
    let satisfiable = true;
    for (const name of Object.keys(requirement)) {
      const scheme = schemes.get(name);
      if (scheme) kinds.push(scheme.kind);
      else satisfiable = false;
    }
    if (satisfiable) alternatives.push([...new Set(kinds)]);
  }
  return alternatives;
}
