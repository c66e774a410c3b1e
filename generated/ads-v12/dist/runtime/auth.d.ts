import { type OAuth1Credentials } from './oauth1.js';
import type { AuthKind, OperationSpec } from './types.js';
/** The credentials a client sends. Each operation uses the schemes its spec allows. */
export type ClientAuth = 
/** OAuth 1.0a (HMAC-SHA1) user context; the token pair is left out for consumer-only steps. */
{
    oauth1: OAuth1Credentials;
};
export type { OAuth1Credentials };
/** The credential kinds a configured `auth` can provide, in order of preference. */
export declare function authKindsOf(auth: ClientAuth | undefined): AuthKind[];
/** Which credential kind a configured `auth` provides first. */
export declare function authKindOf(auth: ClientAuth | undefined): AuthKind | undefined;
/**
 * Decides whether the configured credentials may be sent with an operation. Returns the kind to
 * use, or `undefined` to send none; throws a ValidationError (the `unsupported-authentication`
 * rule) when the operation needs credentials the client does not have.
 */
export declare function chooseAuth(op: OperationSpec, auth: ClientAuth | undefined): AuthKind | undefined;
/** `127.0.0.0/8`, `::1` and `localhost`: the hosts an HTTPS-only step may reach over plain HTTP (tests). */
export declare function isLoopbackHost(hostname: string): boolean;
/**
 * Throws a ValidationError (rule `https-required`) unless `url` is `https:`, or `http:` to a
 * loopback host. The message names the origin only: a URL's query or user info may hold secrets.
 */
export declare function requireSecureUrl(url: string, subject: string, parameter?: string): void;
/**
 * The value of a Basic `Authorization` header. With `formEncode` (RFC 6749 section 2.3.1, what X's
 * app-only token endpoint expects) each part is application/x-www-form-urlencoded first.
 */
export declare function basicAuthorization(username: string, password: string, formEncode?: boolean): string;
/** What signing needs to know of the request being sent. */
export interface SigningTarget {
    method: string;
    url: string;
    /** Decoded pairs of a form body (they are signed with OAuth 1.0a). */
    form: [string, string][] | undefined;
    headers: Record<string, string>;
}
/**
 * Adds the credentials of `kind` to a request. Secrets go only into headers, never into messages.
 * With app-only credentials, `bearer` needs the token resolved first (see `cachedAppOnlyToken`).
 */
export declare function applyAuth(kind: AuthKind | undefined, auth: ClientAuth | undefined, target: SigningTarget, apiKeyPlacement?: {
    in: 'header' | 'query' | 'cookie';
    name: string;
}, basicEncoding?: 'form'): Promise<string>;
