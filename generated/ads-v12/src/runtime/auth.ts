import { ValidationError } from './errors.js';
import { oauth1Sign, type OAuth1Credentials } from './oauth1.js';
import type { AuthKind, OperationSpec } from './types.js';

/** The credentials a client sends. Each operation uses the schemes its spec allows. */
export type ClientAuth =
  /** OAuth 1.0a (HMAC-SHA1) user context; the token pair is left out for consumer-only steps. */
  { oauth1: OAuth1Credentials };

export type { OAuth1Credentials };

/** Which credential kind a configured `auth` provides. */
export function authKindOf(auth: ClientAuth | undefined): AuthKind | undefined {
  if (!auth) return undefined;
  if ('oauth1' in auth) return 'oauth1';
  return undefined;
}

const NAMES: Record<AuthKind, string> = {
  bearer: 'bearer token',
  oauth1: 'OAuth 1.0a',
  basic: 'HTTP Basic',
  apiKey: 'API key',
};

/**
 * Decides whether the configured credentials may be sent with an operation. Returns the kind to
 * use, or `undefined` to send none; throws a ValidationError (the `unsupported-authentication`
 * rule) when the operation needs credentials the client does not have.
 */
export function chooseAuth(op: OperationSpec, auth: ClientAuth | undefined): AuthKind | undefined {
  const have = authKindOf(auth);
  const alternatives = op.security;
  // The spec states nothing: send what the client has.
  if (alternatives === undefined) return have;
  if (alternatives.length === 0 || alternatives.some((a) => a.length === 0)) {
    return have && alternatives.some((a) => a.length === 1 && a[0] === have) ? have : undefined;
  }
  if (have && alternatives.some((a) => a.length === 1 && a[0] === have)) return have;
  const accepted = [...new Set(alternatives.map((a) => a.map((k) => NAMES[k]).join(' + ')))].join(' or ');
  throw new ValidationError(
    'auth',
    'unsupported-authentication',
    `${op.id}: accepts ${accepted}, but the client is configured with ${have ? NAMES[have] : 'no credentials'}`,
  );
}

/** What signing needs to know of the request being sent. */
export interface SigningTarget {
  method: string;
  url: string;
  /** Decoded pairs of a form body (they are signed with OAuth 1.0a). */
  form: [string, string][] | undefined;
  headers: Record<string, string>;
}

/** Adds the credentials of `kind` to a request. Secrets go only into headers, never into messages. */
export async function applyAuth(
  kind: AuthKind | undefined,
  auth: ClientAuth | undefined,
  target: SigningTarget,
  apiKeyPlacement?: { in: 'header' | 'query' | 'cookie'; name: string },
): Promise<string> {
  if (!kind || !auth) return target.url;
  if (kind === 'oauth1' && 'oauth1' in auth) {
    const signed = await oauth1Sign(
      { method: target.method, url: target.url, ...(target.form ? { form: target.form } : {}) },
      auth.oauth1,
    );
    target.headers.authorization = signed.header;
  }
  void apiKeyPlacement;
  return target.url;
}
