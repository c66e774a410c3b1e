import type { OperationSpec } from './types.js';
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
export declare function serializeRequest(op: OperationSpec, params: Record<string, unknown>): SerializedRequest;
