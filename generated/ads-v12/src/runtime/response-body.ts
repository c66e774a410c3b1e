/** Reading a response's body: a 2xx body as the spec says it is encoded, a failure's as it looks. */
import type { Deadline } from './deadline.js';
import { ApiError, ConnectionError, connectionReason } from './errors.js';
import type { OperationSpec } from './types.js';

/** Lets a response's body go unread. */
async function cancel(response: Response): Promise<void> {
  await response.body?.cancel().catch(() => undefined);
}

/** Reads a 2xx body as the spec says it is encoded; past the deadline or cut off, the matching error. */
export async function decode(op: OperationSpec, response: Response, deadline: Deadline): Promise<unknown> {
  try {
    if (op.response === 'none' || response.status === 204 || response.status === 205) {
      await cancel(response);
      return undefined;
    }
    if (op.response === 'binary') return await response.blob();
    const text = await response.text();
    if (op.response === 'text') return text;
    if (op.response === 'form') return formObject(text);
    let message: string;
    if (text === '') {
      // The result type is the spec's body: undefined only where another 2xx response has none.
      if (op.mayBeEmpty) return undefined;
      message = 'the response body is empty, where the spec promises JSON';
    } else {
      // The node transport's responses tell the content type without building their `Headers`.
      const type =
        (response as Response & { contentType?: string | null }).contentType ??
        response.headers.get('content-type');
      if (!type || /json/i.test(type)) {
        try {
          return JSON.parse(text);
        } catch (error) {
          // A compressed body that decodes to JSON stopping before its closing bracket lost its end
          // in transit (fetch decodes a gzip stream cut short without an error): a connection
          // failure, retried. Uncompressed, the framing said the body was whole: the server's JSON.
          if (response.headers.has('content-encoding') && cutShort(text))
            throw new TypeError('the JSON text is cut short', { cause: error });
          message = 'the response body is not valid JSON';
        }
      } else message = `expected JSON, got ${type.split(';')[0]}`;
    }
    throw new ApiError({
      operationId: op.id,
      status: response.status,
      headers: response.headers,
      body: text,
      message: `${op.id}: ${message}`,
    });
  } catch (error) {
    if (error instanceof ApiError) throw error;
    deadline.rethrow(op.id);
    throw new ConnectionError(op.id, `the response body was cut off: ${connectionReason(error)}`, {
      cause: error,
    });
  } finally {
    deadline.clear();
  }
}

/** An object or array JSON text without its closing bracket. */
function cutShort(text: string): boolean {
  const ends = text.trim();
  return (ends[0] === '{' && !ends.endsWith('}')) || (ends[0] === '[' && !ends.endsWith(']'));
}

/** The body of a failed response: JSON when it looks like JSON, else its text. */
export async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  if (/json/i.test(response.headers.get('content-type') ?? '') || /^\s*[{[]/.test(text)) {
    try {
      return JSON.parse(text);
    } catch {
      // Not JSON after all: keep the text.
    }
  }
  return text;
}

/** Decodes an ampersand-joined `key=value` body into an object (later duplicates win). */
function formObject(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  new URLSearchParams(text).forEach((value, key) => (out[key] = value));
  return out;
}
