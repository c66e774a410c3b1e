/**
 * Pacing for documented rate limits (`x-rate-limit`): rather than send a request that is sure to
 * get a 429, a call waits until its budget has room.
 *
 * A budget is a token bucket per client and limit, shared by every concurrent call of that client
 * that counts against it. A token spent on a request comes back one window after that request
 * was over, not bit by bit: a bucket that refilled continuously would let `requests` go at once
 * and more during the same window, which a server counting per window answers with 429s. Counted
 * this way, no window of the limit's length ever holds more than `requests` requests, whether the
 * server counts in fixed windows or sliding ones.
 *
 * The server's own count wins where it is lower: when a response's `x-rate-limit-remaining` says
 * fewer requests are left than the budget thinks (other processes share the credentials, or the
 * window began before this client did), the difference is held until `x-rate-limit-reset`.
 */

import { readRateLimit } from './errors.js';
import type { Pacer, PacingClock, RateLimitSpec } from './types.js';

/** Every client's budgets by key; forgotten with the client. */
const budgets = new WeakMap<PacingClock, Map<string, Budget>>();

class Budget {
  /** The tokens in use: when each comes back (ms on the client's clock), `Infinity` while its request is under way. */
  readonly #inUse: { back: number }[] = [];

  constructor(
    readonly requests: number,
    readonly windowMs: number,
  ) {}

  /** Settles when a request under way is over, and so when its token comes back is known. */
  #over = signalled();

  /** Forgets the tokens that are back by `now`. */
  #prune(now: number): void {
    for (let i = this.#inUse.length - 1; i >= 0; i--) {
      if ((this.#inUse[i]?.back ?? 0) <= now) this.#inUse.splice(i, 1);
    }
  }

  /** How long until a token is free: 0 when one is free now, `Infinity` while every one is under way. */
  waitMs(now: number): number {
    this.#prune(now);
    if (this.#inUse.length < this.requests) return 0;
    return Math.min(...this.#inUse.map((token) => token.back)) - now;
  }

  /**
   * Holds the requests the server says are gone (`remaining` left) beyond this budget's own count,
   * until `resetMs`: no later than one window from now, so a skewed server clock cannot stall it.
   */
  sync(now: number, remaining: number, resetMs: number | undefined): void {
    this.#prune(now);
    const gone = this.requests - this.#inUse.length - Math.max(0, remaining);
    const windowEnd = now + this.windowMs;
    const back = resetMs !== undefined && resetMs > now ? Math.min(resetMs, windowEnd) : windowEnd;
    for (let i = 0; i < gone; i++) this.#inUse.push({ back });
  }

  /** Settles when a request under way is over. */
  over(): Promise<void> {
    return this.#over.promise;
  }

  /** Takes a token; the returned function, called when its request is over, sets it on its way back. */
  take(): (now: number) => void {
    const token = { back: Infinity };
    this.#inUse.push(token);
    return (now) => {
      token.back = now + this.windowMs;
      const over = this.#over;
      this.#over = signalled();
      over.resolve();
    };
  }
}

/** A promise and the function that settles it. */
function signalled(): { promise: Promise<void>; resolve: () => void } {
  let resolve = (): void => undefined;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

function budgetOf(clock: PacingClock, limit: RateLimitSpec): Budget {
  let own = budgets.get(clock);
  if (!own) budgets.set(clock, (own = new Map()));
  let budget = own.get(limit.key);
  if (!budget) own.set(limit.key, (budget = new Budget(limit.requests, limit.windowMs)));
  return budget;
}

/** The promise, or the signal's reason as soon as it aborts. */
function untilAborted(promise: Promise<void>, signal: AbortSignal | undefined): Promise<void> {
  if (!signal) return promise;
  return new Promise((resolve, reject) => {
    const onAbort = (): void => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    });
  });
}

/** A value the caller set: not absent and not `false` (as `x-validation` reads flags). */
function isSet(value: unknown): boolean {
  return value !== undefined && value !== null && value !== false;
}

/**
 * Waits (through the client's `sleep`, so `signal` stops the wait) until every budget that counts
 * this request has a free token, then takes one from each. Nothing is taken while waiting, so an
 * aborted call leaves the budgets as they were.
 */
export const paceRequest: Pacer = async (clock, limits, params, signal) => {
  if (!clock.pacing) return () => undefined;
  const counted = limits.filter((limit) => limit.when === undefined || isSet(params[limit.when]));
  if (counted.length === 0) return () => undefined;
  const own = counted.map((limit) => budgetOf(clock, limit));
  for (;;) {
    signal?.throwIfAborted();
    const now = clock.now();
    const wait = Math.max(...own.map((budget) => budget.waitMs(now)));
    if (wait <= 0) break;
    // Every token is held by a request still under way: wait for one to be over.
    if (wait === Infinity) await untilAborted(Promise.race(own.map((budget) => budget.over())), signal);
    else await clock.sleep(wait, signal);
  }
  const taken = own.map((budget) => budget.take());
  return (headers) => {
    const now = clock.now();
    for (const done of taken) done(now);
    const figures = headers && readRateLimit(headers);
    if (figures?.remaining === undefined) return;
    // The figures are of one limit: the budget of that size, or the only one this request counts against.
    const sized = own.filter((budget) => budget.requests === figures.limit);
    const target = sized.length > 0 ? sized : own.length === 1 ? own : [];
    for (const budget of target)
      budget.sync(now, figures.remaining, figures.reset === undefined ? undefined : figures.reset * 1000);
  };
};
