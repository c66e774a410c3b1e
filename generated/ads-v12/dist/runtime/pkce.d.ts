/**
 * OAuth 2.0 Authorization Code with PKCE (RFC 7636, S256 only) helpers for X.
 *
 * Dependency-free (WebCrypto, `TextEncoder`, `btoa`), so it runs in Node 20+,
 * browsers and edge runtimes.
 */
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
