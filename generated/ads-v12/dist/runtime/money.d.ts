/**
 * Money helpers for Ads API amounts, which travel as integer micros
 * (1 currency unit = 1 000 000 micros; fields marked `x-money: micros`).
 *
 * Conversions go through decimal strings, never `value * 1e6`, so `0.1`
 * is 100000 and not 100000.00000000001. Negative amounts (refunds,
 * adjustments) are allowed everywhere. Dependency-free; runs in Node 20+,
 * browsers and edge runtimes.
 *
 * Errors: `TypeError` for a value of the wrong JS type, `SyntaxError` for a
 * string that is not a decimal number, `RangeError` for NaN/Infinity, more than
 * six decimals without a rounding mode, a result outside the safe-integer range,
 * or a bad currency code / locale. Messages quote the offending value.
 */
declare const microsBrand: unique symbol;
/**
 * An integer amount in micros. Branded so a plain number (e.g. dollars) cannot
 * be passed where micros are expected; get one from `toMicros`, `asMicros` or
 * an API response (there it is a plain JSON number typed as `Micros`).
 */
export type Micros = number & {
  readonly [microsBrand]: 'micros';
};
/**
 * How `toMicros` treats digits beyond the sixth decimal (names as in Java's
 * `RoundingMode`): `half-even` (banker's), `half-up` (ties away from zero),
 * `down` (toward zero), `up` (away from zero), `floor` (toward -∞), `ceil` (toward +∞).
 */
export type MicrosRounding = 'half-even' | 'half-up' | 'down' | 'up' | 'floor' | 'ceil';
/** Options for `toMicros`. */
export interface ToMicrosOptions {
  /** Round values with more than six decimals; without it they throw. */
  rounding?: MicrosRounding | undefined;
}
/**
 * Convert a decimal amount in currency units (`'5.50'`, `5.5`, `'-1.5'`, `'1e-6'`)
 * to micros with exact decimal arithmetic. Surrounding whitespace is trimmed.
 * More than six (non-zero) decimals throw unless `options.rounding` is given.
 */
export declare function toMicros(value: string | number, options?: ToMicrosOptions): Micros;
/**
 * The shortest exact decimal string for an amount in micros:
 * `5500000` -> `'5.5'`, `1` -> `'0.000001'`, `-1500000` -> `'-1.5'`, `0` -> `'0'`.
 */
export declare function fromMicros(micros: Micros | number): string;
/**
 * Format micros as a currency amount with `Intl.NumberFormat` (`style: 'currency'`),
 * using the currency's own decimals: `formatMicros(5500000, 'USD', 'en-US')` -> `'$5.50'`.
 * Ties round half away from zero, as `Intl.NumberFormat` does by default.
 */
export declare function formatMicros(micros: Micros | number, currency: string, locale?: string): string;
/** True when `value` is a safe integer, i.e. usable as micros. */
export declare function isMicros(value: unknown): value is Micros;
/** Brand a number you already hold in micros; throws unless it is a safe integer. */
export declare function asMicros(n: number): Micros;
export {};
