/**
 * Numbers and instants as the `x-validation` rules compare them (rules.ts): integers exactly as
 * bigints, RFC 3339 date-times as nanoseconds, and durations added by the calendar.
 */
import type { State } from './rule-view.js';
export type NumberValue =
  | {
      readonly int: bigint;
    }
  | {
      readonly float: number;
    };
export declare function readNumber(value: unknown): NumberValue | undefined;
/** Orders two numbers or two instants exactly; undefined when they are not both of one kind. */
export declare function compareValues(a: unknown, b: unknown): number | undefined;
export declare function compareNumbers(a: NumberValue, b: NumberValue): number;
export declare function compareBig(a: bigint, b: bigint): number;
export declare const INSTANT: RegExp;
/** The clock of an instant as written: head up to the hour, minutes, seconds, fraction, offset. */
export declare const CLOCK: RegExp;
export declare const NS_PER_MS = 1000000n;
/** An RFC 3339 date-time string as nanoseconds since the epoch; undefined when it is not one. */
export declare function readInstant(value: unknown): bigint | undefined;
export declare function nowNs(state: State): bigint;
export declare function daysInMonth(year: number, month0: number): number;
export interface Duration {
  readonly years: number;
  readonly months: number;
  readonly days: number;
  readonly ms: number;
}
export declare const DURATION: RegExp;
export declare function parseDuration(text: string): Duration | undefined;
/**
 * `t + d` in UTC: the years, then the months (each step clamped to the last day of a shorter month),
 * then the weeks and days, then the time. Undefined when the result is beyond the representable range.
 */
export declare function addDuration(instant: bigint, duration: Duration): bigint | undefined;
export declare function addMonths(ms: number, months: number): number;
