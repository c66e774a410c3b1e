import type { OperationSpec } from './types.js';
/**
 * Checks an operation's `x-validation` rules in order against a call's params and returns the params
 * to send: the same object when no rule rewrote anything, otherwise a copy (the caller's objects are
 * never changed). `now` returns the current time in milliseconds since the epoch.
 */
export declare function checkRules(
  op: OperationSpec,
  params: Record<string, unknown>,
  now?: () => number,
): Record<string, unknown>;
