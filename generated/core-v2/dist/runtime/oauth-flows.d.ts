/**
 * OAuth credential flows driven through the package's own operations (found by `x-oauth-step`):
 * the OAuth 1.0a three-legged flow and OAuth 2.0 app-only bearer tokens. Every step is HTTPS-only
 * (loopback hosts excepted, for tests). Secrets are kept in private fields: they never show in
 * `String()`, JSON or an error message.
 */
import { type ClientOptions } from './http.js';
import type { RequestOptions } from './types.js';
import type { OAuth1Credentials } from './oauth1.js';
import type { AppOnlyCredentials } from './auth.js';
/** Options of the flow helpers: the client's options without `auth` (each step is signed as it needs). */
export type OAuthFlowOptions = Omit<ClientOptions, 'auth'>;
/** Per-call options of a flow step. */
export type OAuthStepOptions = Pick<
  RequestOptions,
  'signal' | 'timeoutMs' | 'maxRetries' | 'headers' | 'onResponse'
>;
/** The application's consumer key pair. */
export interface OAuth1Consumer {
  consumerKey: string;
  consumerSecret: string;
}
/** A request token, as step 1 returns it. Keep the secret to finish the flow. */
export interface OAuth1RequestToken {
  oauth_token: string;
  oauth_token_secret: string;
  /** The server accepted the `oauth_callback` (OAuth 1.0a requires it to say so). */
  oauth_callback_confirmed: boolean;
}
/** A user access token, as step 3 returns it. Store it (it does not expire until revoked). */
export interface OAuth1AccessToken {
  oauth_token: string;
  oauth_token_secret: string;
  user_id?: string;
  screen_name?: string;
}
/** Options of the browser step URL (`authorize` or `authenticate`). No callback is ever sent here. */
export interface OAuth1BrowserStepOptions {
  /** Make the user enter their credentials even if they are logged in. */
  forceLogin?: boolean;
  /** Prefill the login form with this user name. */
  screenName?: string;
}
/** Options of step 1. */
export interface OAuth1RequestTokenOptions extends OAuthStepOptions {
  /** Where X redirects the user after approval (registered for the app), or `oob` for pin mode. Always sent. */
  callback: string;
  /** Ask for less access than the app's setting: `read` or `write`. */
  accessType?: 'read' | 'write';
}
/** Options of `start`: step 1, then the URL of the browser step. */
export interface OAuth1StartOptions extends OAuth1RequestTokenOptions, OAuth1BrowserStepOptions {
  /** `authorize` (default: approval every time; desktop apps must use it) or `authenticate` (Sign in with X). */
  step?: 'authorize' | 'authenticate';
}
/** What `start` returns: keep `requestToken` (its secret is needed to finish), send the user to `url`. */
export interface OAuth1Start {
  requestToken: OAuth1RequestToken;
  url: string;
}
/** What the callback URL carries: the approved request token and its verifier, or that the user declined. */
export type OAuth1Callback =
  | {
      oauth_token: string;
      oauth_verifier: string;
    }
  | {
      denied: string;
    };
/** Reads the callback URL (or its query string) X redirected the user to. */
export declare function parseOAuth1Callback(url: string): OAuth1Callback;
/**
 * The OAuth 1.0a three-legged flow: `start` (request token and the browser step URL), `finish`
 * (access token, with the verifier), `invalidate`. Each step is signed with the consumer key pair
 * and the token it needs.
 *
 * @example
 * const flow = new OAuth1Flow({ consumerKey: process.env.CONSUMER_KEY!, consumerSecret: process.env.CONSUMER_SECRET! });
 * const { requestToken, url } = await flow.start({ callback: 'https://example.com/cb' });
 * // The user approves at `url`; X then redirects to the callback with the verifier.
 * const callback = parseOAuth1Callback('https://example.com/cb?oauth_token=...&oauth_verifier=...');
 * if ('denied' in callback) throw new Error('The user declined');
 * const access = await flow.finish(requestToken, callback.oauth_verifier);
 * const client = new CoreClient({ auth: { oauth1: flow.credentials(access) } });
 */
export declare class OAuth1Flow {
  #private;
  constructor(consumer: OAuth1Consumer, options?: OAuthFlowOptions);
  /** Step 1: a request token, signed with the consumer keys; `oauth_callback` is always sent (`oob` for pin mode). */
  requestToken(options: OAuth1RequestTokenOptions): Promise<OAuth1RequestToken>;
  /** Step 2 (browser): the URL where the user approves the app every time. Builds a URL; sends nothing. */
  authorizeUrl(
    requestToken:
      | string
      | {
          oauth_token: string;
        },
    options?: OAuth1BrowserStepOptions,
  ): string;
  /**
   * Step 2 (browser), Sign in with X: a user who already approved the app is sent straight back.
   * Builds a URL; sends nothing.
   */
  authenticateUrl(
    requestToken:
      | string
      | {
          oauth_token: string;
        },
    options?: OAuth1BrowserStepOptions,
  ): string;
  /** Steps 1 and 2: a request token and the URL to send the user to. */
  start(options: OAuth1StartOptions): Promise<OAuth1Start>;
  /**
   * Step 3: exchanges the approved request token and the verifier (from the callback, or the pin
   * in out-of-band mode) for the user's access token. Without a verifier nothing is sent.
   */
  finish(
    requestToken: {
      oauth_token: string;
      oauth_token_secret: string;
    },
    verifier: string,
    options?: OAuthStepOptions,
  ): Promise<OAuth1AccessToken>;
  /** Revokes a user access token; later use of it gives 401 (code 89). Resolves to the revoked token. */
  invalidate(
    accessToken: {
      oauth_token: string;
      oauth_token_secret: string;
    },
    options?: OAuthStepOptions,
  ): Promise<string>;
  /** The `oauth1` credentials of a user: the consumer key pair with the user's access token. */
  credentials(accessToken: { oauth_token: string; oauth_token_secret: string }): OAuth1Credentials;
}
/**
 * OAuth 2.0 app-only bearer tokens of one application. The token is requested with HTTP Basic
 * (the key pair, form-encoded) and `grant_type=client_credentials`, and cached per application and
 * origin: every `AppOnlyTokens` and every client configured with `{ appOnly }` for the same
 * application shares it, and concurrent callers share one request. X keeps one token per
 * application; asking too often gives 403 (code 99), so keep using the cached one.
 */
export declare class AppOnlyTokens {
  #private;
  constructor(consumer: AppOnlyCredentials, options?: OAuthFlowOptions);
  /** The application's bearer token: cached, or requested once however many callers wait. */
  token(options?: OAuthStepOptions): Promise<string>;
  /** Drops the cached token (the next `token()` requests one). */
  forget(): void;
  /**
   * Revokes a bearer token (default: the application's current one), signed with OAuth 1.0a by the
   * consumer keys and the owner's access token, and drops it from the cache. Afterwards the old
   * token is rejected and the next `token()` gets a different one. Resolves to the revoked token.
   */
  invalidate(
    owner: {
      token: string;
      tokenSecret: string;
    },
    bearerToken?: string,
    options?: OAuthStepOptions,
  ): Promise<string>;
}
