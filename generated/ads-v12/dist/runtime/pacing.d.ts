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
import type { Pacer } from './types.js';
/**
 * Waits (through the client's `sleep`, so `signal` stops the wait) until every budget that counts
 * this request has a free token, then takes one from each. Nothing is taken while waiting, so an
 * aborted call leaves the budgets as they were.
 */
export declare const paceRequest: Pacer;
