import { ConnectionError } from './errors.js';
import type { ClientCore } from './http.js';
import type { OperationSpec, RequestOptions } from './types.js';

/** Options of a streaming call. */
export interface StreamOptions extends RequestOptions {
  /** Treat this long without a byte (keep-alives count) as a disconnect, in milliseconds. Default 20,000. */
  stallTimeoutMs?: number;
}

/**
 * A stream of events read from newline-delimited JSON. Iterate it with `for await`; `close()`
 * ends it. Keep-alive blank lines are skipped and events split across chunks are reassembled.
 */
export class EventStream<Event> implements AsyncIterable<Event> {
  readonly #controller = new AbortController();

  constructor(
    private readonly core: ClientCore,
    private readonly op: OperationSpec,
    private readonly params: Record<string, unknown>,
    private readonly options: StreamOptions = {},
  ) {
    options.signal?.addEventListener('abort', () => this.close(), { once: true });
  }

  /** Stops the stream; a pending read ends without error. */
  close(): void {
    this.#controller.abort();
  }

  get closed(): boolean {
    return this.#controller.signal.aborted;
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<Event, void, undefined> {
    const signal = this.#controller.signal;
    let response: Response;
    try {
      response = await this.core.send(this.op, this.params, { ...this.options, signal }, false);
    } catch (error) {
      if (signal.aborted) return;
      throw error;
    }
    const body = response.body;
    if (!body) return;
    const reader = body.getReader();
    const decoder = new TextDecoder();
    const stallMs = this.options.stallTimeoutMs ?? 20_000;
    let buffer = '';
    try {
      for (;;) {
        const chunk = await readWithin(reader, stallMs, signal);
        if (chunk === 'closed') return;
        if (chunk === 'stalled') throw new ConnectionError(this.op.id, `no data for ${stallMs} ms`);
        if (chunk.done) break;
        buffer += decoder.decode(chunk.value, { stream: true });
        let newline: number;
        while ((newline = buffer.indexOf('\n')) !== -1) {
          const line = buffer.slice(0, newline).trim();
          buffer = buffer.slice(newline + 1);
          if (line) yield JSON.parse(line) as Event;
        }
      }
      const rest = (buffer + decoder.decode()).trim();
      if (rest) yield JSON.parse(rest) as Event;
    } finally {
      reader.cancel().catch(() => undefined);
    }
  }
}

type ReadOutcome = ReadableStreamReadResult<Uint8Array> | 'stalled' | 'closed';

function readWithin(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  ms: number,
  signal: AbortSignal,
): Promise<ReadOutcome> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return resolve('closed');
    const onAbort = (): void => finish('closed');
    const timer = setTimeout(() => finish('stalled'), ms);
    function finish(outcome: ReadOutcome): void {
      clearTimeout(timer);
      signal.removeEventListener('abort', onAbort);
      resolve(outcome);
    }
    signal.addEventListener('abort', onAbort, { once: true });
    reader.read().then(finish, (error: unknown) => {
      clearTimeout(timer);
      signal.removeEventListener('abort', onAbort);
      if (signal.aborted) resolve('closed');
      else reject(error);
    });
  });
}
