/** The time limits of a call: the deadline of one attempt, and the wait between two. */
import { TimeoutError } from './errors.js';
import type { Deadline as AttemptDeadline, Sleep } from './types.js';
// Attempts' time limits on the platform's timers: Node's transport keeps one for all of them.
import { clearTimer as disarm, setTimer as arm } from '#transport';

/**
 * The time limit of one attempt joined with the caller's signal: when either fires, the attempt
 * stops (`reason`), and so does its request, headers or body. The node transport watches `onStop`,
 * a plain callback; a fetch gets `signal`, an AbortController made only then (an AbortSignal costs
 * more to make than the rest of what the client adds to a call, and fetch registers every signal
 * for cleanup). Without a timeout a fetch gets the caller's signal as it is. The timer is cleared
 * as soon as the attempt is over: a stream read past its headers must not be cut off, and finished
 * attempts hold no timers.
 */
export class Deadline implements AttemptDeadline {
  stopped = false;
  // Unset until it stops, and until a transport watches it.
  reason: unknown;
  onStop: ((reason: unknown) => void) | undefined;
  readonly resendable: boolean;
  #timer: unknown;
  #outer: AbortSignal | undefined;
  #controller: AbortController | undefined;

  constructor(
    readonly timeoutMs: number,
    outer: AbortSignal | undefined,
    resendable: boolean,
  ) {
    this.resendable = resendable;
    this.#outer = outer;
    if (outer?.aborted) this.#stop(outer.reason);
    else outer?.addEventListener('abort', this, { once: true });
    if (timeoutMs > 0 && timeoutMs < Infinity) {
      this.#timer = arm(
        () => this.#stop(new DOMException('The attempt timed out', 'TimeoutError')),
        timeoutMs,
      );
    }
  }

  /** What a fetch is given: the caller's signal when there is no time limit, else one made here. */
  get signal(): AbortSignal | undefined {
    if (this.#timer === undefined) return this.#outer;
    if (!this.#controller) {
      this.#controller = new AbortController();
      if (this.stopped) this.#controller.abort(this.reason);
    }
    return this.#controller.signal;
  }

  /** The caller's signal aborted (the deadline is its own listener: no closure per attempt). */
  handleEvent(): void {
    this.#stop(this.#outer!.reason);
  }

  #stop(reason: unknown): void {
    if (this.stopped) return;
    this.stopped = true;
    this.reason = reason;
    this.#controller?.abort(reason);
    this.onStop?.(reason);
  }

  /** After a failed attempt: the caller's abort reason, or a TimeoutError when the timer stopped it. */
  rethrow(operationId: string): void {
    if (this.#outer?.aborted) throw this.#outer.reason;
    if (this.stopped) throw new TimeoutError(operationId, this.timeoutMs);
  }

  clear(): void {
    disarm(this.#timer);
    this.#outer?.removeEventListener('abort', this);
  }
}

/**
 * Waits `ms`, rejecting with the signal's reason as soon as it aborts: through the `sleep` option
 * when given (even one that ignores the signal), else on a timer, cleared then (an abandoned wait
 * holds no timer).
 */
export function pause(sleep: Sleep | undefined, ms: number, signal: AbortSignal | undefined): Promise<void> {
  const given = sleep?.(ms, signal);
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = given ? undefined : arm(() => settle(resolve), ms);
    const settle = (then: () => void): void => {
      disarm(timer);
      signal?.removeEventListener('abort', onAbort);
      then();
    };
    const onAbort = (): void => settle(() => reject(signal!.reason));
    given?.then(
      () => settle(resolve),
      (error: unknown) => settle(() => reject(error)),
    );
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
