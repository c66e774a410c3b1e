import type { OAuth1Credentials } from './oauth1.js';
import type { AuthKind, OperationSpec, RequestOptions } from './types.js';
import type { ClientCore } from './http.js';
/** An application's API key pair, for OAuth 2.0 app-only authentication. */
export interface AppOnlyCredentials {
  consumerKey: string;
  consumerSecret: string;
}
/** The credentials a client sends. Each operation uses the schemes its spec allows. */
export type ClientAuth =
  /** `Authorization: Bearer <token>`: an app-only token or an OAuth 2.0 user access token. */
  | {
      bearerToken: string;
    }
  /** OAuth 1.0a (HMAC-SHA1) user context; the token pair is left out for consumer-only steps. */
  | {
      oauth1: OAuth1Credentials;
    }
  /** HTTP Basic. */
  | {
      basic: {
        username: string;
        password: string;
      };
    }
  /**
   * OAuth 2.0 app-only: bearer operations get the application's bearer token, requested once with
   * HTTP Basic and cached per application and origin (shared by every client in the process);
   * the token operation itself is sent with Basic.
   */
  | {
      appOnly: AppOnlyCredentials;
    };
export type { OAuth1Credentials };
/** The credential kinds a configured `auth` can provide, in order of preference. */
export declare function authKindsOf(auth: ClientAuth | undefined): readonly AuthKind[];
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
/**
 * `basic` of the descriptors whose security allows HTTP Basic: the `Authorization` of credentials
 * with a user name and password (Basic ones, or app-only ones: the application's key pair),
 * undefined for others. A descriptor refers to it, so a bundle of operations without Basic leaves it out.
 */
export declare function basicCredentials(auth: ClientAuth): string | undefined;
/** `basicCredentials` with user name and password form-encoded first (RFC 6749 section 2.3.1). */
export declare function formBasicCredentials(auth: ClientAuth): string | undefined;
/** What signing needs to know of the request being sent. */
export interface SigningTarget {
  method: string;
  url: string;
  /** Decoded pairs of a form body (they are signed with OAuth 1.0a). */
  form: [string, string][] | undefined;
  headers: Record<string, string>;
}
/** Signs a request with OAuth 1.0a; resolves to the value of its `Authorization` header. */
export type OAuth1Signer = (target: SigningTarget, credentials: OAuth1Credentials) => Promise<string>;
/** The app-only bearer token of an application, and how to drop one the server rejected. */
export interface AppOnlySupport {
  token(core: ClientCore, credentials: AppOnlyCredentials, options: RequestOptions): Promise<string>;
  forget(core: ClientCore, consumerKey: string, token?: string): void;
}
/**
 * Credential support that a core carries only when it is given, so that a bundle which never uses
 * it leaves its code out: `oauth1Auth` signs with OAuth 1.0a, `appOnlyAuth` fetches and caches
 * app-only bearer tokens. `CoreClient` has every one. Bearer tokens and Basic need none.
 */
export interface CoreExtension {
  readonly oauth1?: OAuth1Signer;
  readonly appOnly?: AppOnlySupport;
}
/**
 * Adds the credentials of `kind` to a request; returns the URL to send (a promise of it when
 * signing is asynchronous). Secrets go only into headers, never into messages. With app-only
 * credentials, `bearer` needs the token resolved first (see `AppOnlySupport`).
 */
export declare function applyAuth(
  op: OperationSpec,
  kind: AuthKind | undefined,
  auth: ClientAuth | undefined,
  target: SigningTarget,
  extensions: CoreExtension,
): string | Promise<string>;
