/**
 * OAuth 1.0a request signing (RFC 5849, HMAC-SHA1) for X API user-context calls.
 *
 * Dependency-free: the synchronous HMAC-SHA1 of sha1.ts, with
 * `crypto.getRandomValues` and `URL`/`URLSearchParams` from the platform, so it
 * runs unchanged in Node 20+, browsers (secure context or not) and edge runtimes.
 */
import type { CoreExtension } from './auth.js';
/** A form body in `application/x-www-form-urlencoded` shape. */
export type OAuth1Form = string | URLSearchParams | ReadonlyArray<readonly [string, string]>;
/** The parts of an HTTP request that take part in the signature. */
export interface OAuth1Request {
  /** HTTP method; upper-cased for the base string. */
  method: string;
  /** Absolute request URL, including any query string that will be sent. */
  url: string;
  /**
   * The body, only when it is `application/x-www-form-urlencoded` (RFC 5849
   * section 3.4.1.3.1 signs form bodies and nothing else). A string is parsed as
   * an encoded body (`+` is a space); a `URLSearchParams` or pair list holds
   * decoded names and values. Send exactly these pairs, e.g. via `formBody()`.
   */
  form?: OAuth1Form;
}
/** Consumer (app) and optional token (user) credentials. */
export interface OAuth1Credentials {
  consumerKey: string;
  consumerSecret: string;
  token?: string;
  tokenSecret?: string;
}
/** Overrides for values that are normally generated. */
export interface OAuth1Options {
  /** Printable-ASCII nonce; default 64 hex chars from 32 random bytes. */
  nonce?: string;
  /** Seconds since the epoch; default now. */
  timestamp?: number | string;
  /** `oauth_version` value; `null` omits the parameter (both are valid per RFC 5849). */
  version?: '1.0' | null;
  /**
   * Extra protocol parameters such as `oauth_callback` or `oauth_verifier`.
   * All are signed; only names starting with `oauth_` are put in the header, so
   * any other name must be sent by the caller some other way (query or body).
   */
  extra?: Record<string, string>;
}
/** The signing result; `header` is the full `Authorization` header value. */
export interface OAuth1Signature {
  header: string;
  signature: string;
  baseString: string;
  normalizedParameters: string;
}
/** A decoded name/value pair. */
export type OAuth1Parameter = readonly [name: string, value: string];
/**
 * Decode a form body into pairs, as application/x-www-form-urlencoded (`+` is a
 * space, duplicates and order kept).
 */
export declare function parseForm(form: OAuth1Form): OAuth1Parameter[];
/**
 * Serialise a form body for sending (spaces as `%20`, RFC 3986 encoding), so the
 * transmitted body decodes to exactly the signed pairs.
 */
export declare function formBody(form: OAuth1Form): string;
/**
 * Base string URI (RFC 5849 section 3.4.1.2): scheme and host lower-cased,
 * default port dropped, no userinfo, query or fragment. WHATWG URL parsing does
 * the normalisation, and its path is what fetch will send.
 */
export declare function signatureBaseUri(url: string | URL): string;
/**
 * Normalise parameters (RFC 5849 section 3.4.1.3.2): encode each name and value,
 * sort byte-wise by name then value, join as `name=value` with `&`.
 */
export declare function normalizeParameters(params: Iterable<OAuth1Parameter>): string;
/**
 * Sign a request with HMAC-SHA1 and build its `Authorization: OAuth ...` header.
 * Query parameters, form-body parameters and protocol parameters are all signed.
 */
export declare function oauth1Sign(
  request: OAuth1Request,
  credentials: OAuth1Credentials,
  options?: OAuth1Options,
): Promise<OAuth1Signature>;
/**
 * The extension that lets a core sign with OAuth 1.0a (the package's client class always has it):
 * `createCore({ auth: { oauth1: { consumerKey, consumerSecret, token, tokenSecret } } }, oauth1Auth)`.
 */
export declare const oauth1Auth: CoreExtension;
