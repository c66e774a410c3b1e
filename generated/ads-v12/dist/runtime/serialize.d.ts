import type { BodyEncoder, OperationSpec, ParamStyle } from './types.js';
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
/** A path or header value: `a,b`; an object as `k,v` or, exploded, `k=v`. Cookie values too. */
export declare const simple: ParamStyle;
/** A path value as a label: `.a,b`; exploded `.a.b`. */
export declare const label: ParamStyle;
/** A path value in matrix style: `;id=a,b`; exploded `;id=a;id=b` (an object: `;k=v;...`). */
export declare const matrix: ParamStyle;
/** The exploded form style, a query's default: `id=1&id=2`. */
export declare const multi: ParamStyle;
/** Comma-separated: `tweet.fields=created_at,author_id` (commas stay literal). */
export declare const csv: ParamStyle;
/** Space-separated (`spaceDelimited`). */
export declare const ssv: ParamStyle;
/** Pipe-separated (`pipeDelimited`). */
export declare const pipes: ParamStyle;
/**
 * The query `style` of a parameter whose value may be an object (its schema says so, or states no
 * type): an object's entries as `k=v&...` (`multi`) or `name=k,v,...` (a delimited style); any
 * other value as `style` has it. Only such parameters' descriptors wrap their style in it, so a
 * bundle of operations without one leaves object handling out.
 */
export declare function withEntries(style: ParamStyle): ParamStyle;
/** `deepObject`: `filter%5Bk%5D=v&...`; a value that is no object as comma-separated. */
export declare const deepObject: ParamStyle;
/** A parameter with JSON `content`: the value's JSON text. */
export declare const json: ParamStyle;
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
