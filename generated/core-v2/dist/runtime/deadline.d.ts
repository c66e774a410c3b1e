import type { Deadline as AttemptDeadline, Sleep } from './types.js';
/**
 * The time limit of one attempt joined with the caller's signal: when either fires, the attempt
 * stops (`reason`), and so does its request, headers or body. The node transport watches `onStop`,
 * a plain callback; a fetch gets `signal`, an AbortController made only then (an AbortSignal costs
 * more to make than the rest of what the client adds to a call, and fetch registers every signal
 * for cleanup). Without a timeout a fetch gets the caller's signal as it is. The timer is cleared
 * as soon as the attempt is over: a stream read past its headers must not be cut off, and finished
 * attempts hold no timers.
 */
export declare class Deadline implements AttemptDeadline {
  #private;
  readonly timeoutMs: number;
  stopped: boolean;
  reason: unknown;
  onStop: ((reason: unknown) => void) | undefined;
  readonly resendable: boolean;
  constructor(timeoutMs: number, outer: AbortSignal | undefined, resendable: boolean);
  /** What a fetch is given: the caller's signal when there is no time limit, else one made here. */
  get signal(): AbortSignal | undefined;
  /** The caller's signal aborted (the deadline is its own listener: no closure per attempt). */
  handleEvent(): void;
  /** After a failed attempt: the caller's abort reason, or a TimeoutError when the timer stopped it. */
  rethrow(operationId: string): void;
  clear(): void;
}
/**
 * Waits `ms`, rejecting with the signal's reason as soon as it aborts: through the `sleep` option
 * when given (even one that ignores the signal), else on a timer, cleared then (an abandoned wait
 * holds no timer).
 */
export declare function pause(
  sleep: Sleep | undefined,
  ms: number,
  signal: AbortSignal | undefined,
): Promise<void>;
