/**
 * OAuth 2.0 Authorization Code with PKCE (RFC 7636, S256 only) helpers for X.
 *
 * Dependency-free (WebCrypto, `TextEncoder`), so it runs in Node 20+,
 * browsers and edge runtimes.
 */

import { basicAuthorization, requireSecureUrl } from './auth.js';
import { ApiError, ConnectionError, TimeoutError } from './errors.js';
import { base64, percentEncode } from './oauth1.js';
import type { FetchLike } from './types.js';

// RFC 7636 section 4.1: code_verifier = 43*128 unreserved characters.
const UNRESERVED = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~';
const VERIFIER = /^[A-Za-z0-9\-._~]{43,128}$/;
// Largest multiple of the alphabet size that fits in a byte; bytes above it are
// rejected so every character is equally likely (no modulo bias).
const BYTE_LIMIT = 256 - (256 % UNRESERVED.length);

/**
 * Create a random code verifier of `length` (43–128, default 64) characters from
 * the RFC 3986 unreserved set, using `crypto.getRandomValues` (~6 bits per char).
 */
export function createPkceVerifier(length = 64): string {
  if (!Number.isInteger(length) || length < 43 || length > 128) {
    throw new RangeError('createPkceVerifier: length must be an integer from 43 to 128');
  }
  const crypto = getCrypto('createPkceVerifier');
  let out = '';
  while (out.length < length) {
    for (const byte of crypto.getRandomValues(new Uint8Array(length))) {
      if (byte < BYTE_LIMIT && out.length < length) out += UNRESERVED[byte % UNRESERVED.length];
    }
  }
  return out;
}

/** S256 code challenge: base64url(SHA-256(ASCII(verifier))) without padding. */
export async function pkceChallenge(verifier: string): Promise<string> {
  if (typeof verifier !== 'string' || !VERIFIER.test(verifier)) {
    throw new TypeError(
      'pkceChallenge: verifier must be 43-128 characters from A-Z a-z 0-9 - . _ ~ (RFC 7636)',
    );
  }
  const digest = new Uint8Array(
    await getCrypto('pkceChallenge').subtle.digest('SHA-256', new TextEncoder().encode(verifier)),
  );
  return base64(digest).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** Inputs for the authorization redirect URL. */
export interface OAuth2AuthorizeUrlOptions {
  /** Authorization endpoint; default `https://x.com/i/oauth2/authorize`. */
  authorizeUrl?: string;
  clientId: string;
  redirectUri: string;
  /** Scope tokens, e.g. `['tweet.read', 'users.read', 'offline.access']`. */
  scopes: string[];
  /** Opaque CSRF value; check it when the user is redirected back. */
  state: string;
  /** From `pkceChallenge(verifier)`; keep the verifier for the token request. */
  codeChallenge: string;
}

/**
 * Build the URL to send the user to (response_type=code, S256 challenge,
 * space-joined scopes). Values are RFC 3986 encoded, so spaces are `%20`, not
 * `+`; query parameters already on `authorizeUrl` are kept.
 */
export function buildOAuth2AuthorizeUrl(options: OAuth2AuthorizeUrlOptions): string {
  const {
    authorizeUrl = 'https://x.com/i/oauth2/authorize',
    clientId,
    redirectUri,
    scopes,
    state,
    codeChallenge,
  } = options;
  for (const [field, value] of [
    ['clientId', clientId],
    ['redirectUri', redirectUri],
    ['state', state],
    ['codeChallenge', codeChallenge],
  ] as const) {
    if (typeof value !== 'string' || value === '') {
      throw new TypeError(`buildOAuth2AuthorizeUrl: ${field} must be a non-empty string`);
    }
  }
  // RFC 6749 section 3.3: scope tokens are non-empty and contain no spaces, or the
  // space-joined list would be ambiguous.
  if (
    !Array.isArray(scopes) ||
    scopes.length === 0 ||
    !scopes.every((s) => typeof s === 'string' && /^[\x21\x23-\x5B\x5D-\x7E]+$/.test(s))
  ) {
    throw new TypeError(
      'buildOAuth2AuthorizeUrl: scopes must be a non-empty list of scope tokens without spaces',
    );
  }
  let url: URL;
  try {
    url = new URL(authorizeUrl);
  } catch {
    throw new TypeError('buildOAuth2AuthorizeUrl: authorizeUrl must be an absolute URL');
  }
  requireSecureUrl(url.href, 'buildOAuth2AuthorizeUrl', 'authorizeUrl');
  const pairs: Array<[string, string]> = [
    ['response_type', 'code'],
    ['client_id', clientId],
    ['redirect_uri', redirectUri],
    ['scope', scopes.join(' ')],
    ['state', state],
    ['code_challenge', codeChallenge],
    ['code_challenge_method', 'S256'],
  ];
  const query = pairs.map(([name, value]) => `${name}=${percentEncode(value)}`).join('&');
  const existing = url.search.slice(1);
  url.search = existing === '' ? query : `${existing}&${query}`;
  return url.href;
}

/**
 * An OAuth 2.0 user token as plain JSON-serialisable data: store it (`JSON.stringify`) and restore
 * it later without any live object. `expires_at` is when the access token expires, in ms since the
 * epoch, computed from `expires_in` when the token arrived.
 */
export interface OAuth2UserToken {
  token_type: string;
  access_token: string;
  /** Present when `offline.access` was granted; a refresh keeps the old one if no new one is sent. */
  refresh_token?: string;
  /** Space-separated scopes granted. */
  scope?: string;
  expires_at?: number;
}

/** Where and how to reach the token endpoint. */
export interface OAuth2TokenEndpointOptions {
  clientId: string;
  /**
   * Confidential clients only: the client authenticates with HTTP Basic (id and secret form-encoded,
   * RFC 6749 section 2.3.1). Public clients leave it out and send `client_id` in the form.
   */
  clientSecret?: string;
  /** Default `https://api.x.com/2/oauth2/token`; must be HTTPS (loopback hosts excepted, for tests). */
  tokenUrl?: string;
  /** A `fetch` to use instead of the global one. */
  fetch?: FetchLike;
  signal?: AbortSignal;
  /** The time the request has to complete, in ms. Default 30,000. */
  timeoutMs?: number;
  /** The clock `expires_at` is computed from. Default `Date.now`. */
  now?: () => number;
}

/** Inputs of the authorization-code exchange. */
export interface OAuth2CodeExchange extends OAuth2TokenEndpointOptions {
  /** The `code` the redirect carried (check its `state` first). */
  code: string;
  /** The verifier whose challenge went into the authorization URL. */
  codeVerifier: string;
  /** The same redirect URI as in the authorization URL. */
  redirectUri: string;
}

/** Inputs of a refresh. */
export interface OAuth2Refresh extends OAuth2TokenEndpointOptions {
  refreshToken: string;
}

const DEFAULT_TOKEN_URL = 'https://api.x.com/2/oauth2/token';

/** Exchanges an authorization code (with its PKCE verifier) for the user's token. */
export async function exchangeOAuth2Code(options: OAuth2CodeExchange): Promise<OAuth2UserToken> {
  const caller = 'exchangeOAuth2Code';
  requireValue(options?.code, 'code', caller);
  requireValue(options.redirectUri, 'redirectUri', caller);
  if (typeof options.codeVerifier !== 'string' || !VERIFIER.test(options.codeVerifier)) {
    throw new TypeError(
      `${caller}: codeVerifier must be 43-128 characters from A-Z a-z 0-9 - . _ ~ (RFC 7636)`,
    );
  }
  return tokenRequest(caller, options, [
    ['grant_type', 'authorization_code'],
    ['code', options.code],
    ['redirect_uri', options.redirectUri],
    ['code_verifier', options.codeVerifier],
  ]);
}

/** Gets a new access token with a refresh token (from a token granted `offline.access`). */
export async function refreshOAuth2Token(options: OAuth2Refresh): Promise<OAuth2UserToken> {
  const caller = 'refreshOAuth2Token';
  requireValue(options?.refreshToken, 'refreshToken', caller);
  return tokenRequest(caller, options, [
    ['grant_type', 'refresh_token'],
    ['refresh_token', options.refreshToken],
  ]).then((token) =>
    token.refresh_token === undefined ? { ...token, refresh_token: options.refreshToken } : token,
  );
}

/** Whether a stored token's access token has expired, or will within `skewMs` (default 30 s). */
export function isOAuth2TokenExpired(
  token: OAuth2UserToken,
  options: { now?: number; skewMs?: number } = {},
): boolean {
  if (token.expires_at === undefined) return false;
  return (options.now ?? Date.now()) + (options.skewMs ?? 30_000) >= token.expires_at;
}

async function tokenRequest(
  caller: string,
  options: OAuth2TokenEndpointOptions,
  pairs: Array<[string, string]>,
): Promise<OAuth2UserToken> {
  requireValue(options.clientId, 'clientId', caller);
  const tokenUrl = options.tokenUrl ?? DEFAULT_TOKEN_URL;
  requireSecureUrl(tokenUrl, caller, 'tokenUrl');
  const headers: Record<string, string> = {
    'content-type': 'application/x-www-form-urlencoded',
    accept: 'application/json',
  };
  if (options.clientSecret !== undefined) {
    requireValue(options.clientSecret, 'clientSecret', caller);
    headers.authorization = basicAuthorization(options.clientId, options.clientSecret, true);
  } else {
    pairs.push(['client_id', options.clientId]);
  }
  const body = pairs.map(([name, value]) => `${percentEncode(name)}=${percentEncode(value)}`).join('&');
  const fetchImpl = options.fetch ?? (globalThis.fetch as FetchLike | undefined);
  if (!fetchImpl) throw new ConnectionError(caller, 'no fetch implementation available');
  const timeoutMs = options.timeoutMs ?? 30_000;
  const controller = new AbortController();
  const outer = options.signal;
  const onAbort = (): void => controller.abort();
  outer?.throwIfAborted();
  outer?.addEventListener('abort', onAbort, { once: true });
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  let response: Response;
  let text: string;
  try {
    // A token endpoint that redirects is an error, not a reason to send the secret elsewhere.
    response = await fetchImpl(tokenUrl, {
      method: 'POST',
      headers,
      body,
      signal: controller.signal,
      redirect: 'manual',
    });
    text = await response.text();
  } catch (error) {
    if (outer?.aborted) throw outer.reason;
    if (timedOut) throw new TimeoutError(caller, timeoutMs);
    // Only a code or the error's own message: never the request, which holds the code or secrets.
    const code = (error as { cause?: { code?: unknown } } | undefined)?.cause?.code;
    throw new ConnectionError(caller, typeof code === 'string' ? code : 'the request failed', {
      cause: error,
    });
  } finally {
    clearTimeout(timer);
    outer?.removeEventListener('abort', onAbort);
  }
  let parsed: unknown;
  try {
    parsed = text === '' ? undefined : JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  if (!response.ok) {
    const error =
      typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>).error : undefined;
    const label = typeof error === 'string' && /^[\x21-\x7E]{1,64}$/.test(error) ? ` ${error}` : '';
    throw new ApiError({
      operationId: caller,
      status: response.status,
      headers: response.headers,
      body: parsed ?? text,
      message: `${caller}: HTTP ${response.status}${label}`,
    });
  }
  const fields = typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {};
  if (typeof fields.access_token !== 'string' || fields.access_token === '') {
    throw new ApiError({
      operationId: caller,
      status: response.status,
      headers: response.headers,
      body: undefined,
      message: `${caller}: the response holds no access_token`,
    });
  }
  const token: OAuth2UserToken = {
    token_type: typeof fields.token_type === 'string' ? fields.token_type : 'bearer',
    access_token: fields.access_token,
  };
  if (typeof fields.refresh_token === 'string' && fields.refresh_token !== '')
    token.refresh_token = fields.refresh_token;
  if (typeof fields.scope === 'string') token.scope = fields.scope;
  const expiresIn = typeof fields.expires_in === 'string' ? Number(fields.expires_in) : fields.expires_in;
  if (typeof expiresIn === 'number' && Number.isFinite(expiresIn) && expiresIn >= 0) {
    token.expires_at = (options.now ?? Date.now)() + expiresIn * 1000;
  }
  return token;
}

function requireValue(value: unknown, field: string, caller: string): void {
  // Names the field, never its value: codes, verifiers and secrets must not reach a log.
  if (typeof value !== 'string' || value === '')
    throw new TypeError(`${caller}: ${field} must be a non-empty string`);
}

function getCrypto(caller: string): Crypto {
  const c = globalThis.crypto as Crypto | undefined;
  if (c === undefined || c.subtle === undefined) {
    throw new Error(`${caller}: WebCrypto (globalThis.crypto) is not available in this runtime`);
  }
  return c;
}
