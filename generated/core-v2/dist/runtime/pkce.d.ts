/**
 * OAuth 2.0 Authorization Code with PKCE (RFC 7636, S256 only) helpers for X.
 *
 * Dependency-free (WebCrypto, `TextEncoder`), so it runs in Node 20+,
 * browsers and edge runtimes.
 */
import type { FetchLike } from './types.js';
/**
 * Create a random code verifier of `length` (43–128, default 64) characters from
 * the RFC 3986 unreserved set, using `crypto.getRandomValues` (~6 bits per char).
 */
export declare function createPkceVerifier(length?: number): string;
/** S256 code challenge: base64url(SHA-256(ASCII(verifier))) without padding. */
export declare function pkceChallenge(verifier: string): Promise<string>;
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
export declare function buildOAuth2AuthorizeUrl(options: OAuth2AuthorizeUrlOptions): string;
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
/** Exchanges an authorization code (with its PKCE verifier) for the user's token. */
export declare function exchangeOAuth2Code(options: OAuth2CodeExchange): Promise<OAuth2UserToken>;
/** Gets a new access token with a refresh token (from a token granted `offline.access`). */
export declare function refreshOAuth2Token(options: OAuth2Refresh): Promise<OAuth2UserToken>;
/** Whether a stored token's access token has expired, or will within `skewMs` (default 30 s). */
export declare function isOAuth2TokenExpired(
  token: OAuth2UserToken,
  options?: {
    now?: number;
    skewMs?: number;
  },
): boolean;
