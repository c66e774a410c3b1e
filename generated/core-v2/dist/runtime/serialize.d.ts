import type { BodyEncoder, OperationSpec } from './types.js';
/** The parts of an HTTP request built from a call's params. */
export interface SerializedRequest {
  /** Path with parameters filled in, plus the query string. */
  pathAndQuery: string;
  headers: Record<string, string>;
  body: BodyInit | undefined;
  /** Form fields of an `application/x-www-form-urlencoded` body (OAuth 1.0a signs them). */
  form: [string, string][] | undefined;
}
/** Percent-encodes a query component per RFC 3986, keeping nothing but unreserved characters. */
export declare function encodeComponent(value: string): string;
/** Serialises path, query, header and cookie parameters and the body of one call. */
export declare function serializeRequest(
  op: OperationSpec,
  params: Record<string, unknown>,
): SerializedRequest;
/** A JSON body (`application/json` and any `+json`). */
export declare const encodeJson: BodyEncoder;
/** An `application/x-www-form-urlencoded` body; its decoded pairs are kept for OAuth 1.0a signing. */
export declare const encodeForm: BodyEncoder;
/** A `multipart/form-data` body: `Blob`s and bytes as files, anything else as text; fetch sets the boundary. */
export declare const encodeMultipart: BodyEncoder;
/** A `text/*` body. */
export declare const encodeText: BodyEncoder;
/** Any other body: bytes (`Blob`, `ArrayBuffer`, ...) sent as they are. */
export declare const encodeBytes: BodyEncoder;
