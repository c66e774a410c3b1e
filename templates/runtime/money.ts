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

// A unique-symbol key exists only at type level: nothing is added at run time,
// JSON bodies stay plain numbers, and string-keyed mapped types ignore it.
declare const microsBrand: unique symbol;

/**
 * An integer amount in micros. Branded so a plain number (e.g. dollars) cannot
 * be passed where micros are expected; get one from `toMicros`, `asMicros` or
 * an API response (there it is a plain JSON number typed as `Micros`).
 */
export type Micros = number & { readonly [microsBrand]: 'micros' };

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

const MICROS_DIGITS = 6;
const ROUNDING_MODES: readonly string[] = ['half-even', 'half-up', 'down', 'up', 'floor', 'ceil'];
// Same grammar as JS number literals in decimal (what `String(n)` yields), plus a
// leading `+` and `5.` / `.5`. No `,` separators, inner spaces, hex, `_`, `Infinity`.
const DECIMAL = /^([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/;
// MAX_SAFE_INTEGER has 16 digits: more integer digits can never be safe.
const MAX_SAFE_DIGITS = String(Number.MAX_SAFE_INTEGER).length;

/**
 * Convert a decimal amount in currency units (`'5.50'`, `5.5`, `'-1.5'`, `'1e-6'`)
 * to micros with exact decimal arithmetic. Surrounding whitespace is trimmed.
 * More than six (non-zero) decimals throw unless `options.rounding` is given.
 */
export function toMicros(value: string | number, options?: ToMicrosOptions): Micros {
  const rounding = options?.rounding;
  if (rounding !== undefined && !ROUNDING_MODES.includes(rounding)) {
    throw new RangeError(
      `toMicros: unknown rounding mode ${show(rounding)} (expected one of ${ROUNDING_MODES.join(', ')})`,
    );
  }
  let text: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new RangeError(`toMicros: ${show(value)} is not a finite amount`);
    // Shortest string that round-trips to this double: 0.1 -> '0.1', 1e-7 -> '1e-7'.
    text = String(value);
  } else if (typeof value === 'string') {
    text = value.trim();
  } else {
    throw new TypeError(`toMicros: expected a string or number, got ${typeof value}`);
  }

  const match = DECIMAL.exec(text);
  const intDigits = match?.[2] ?? '';
  const fracDigits = match?.[3] ?? '';
  if (!match || intDigits.length + fracDigits.length === 0) {
    throw new SyntaxError(`toMicros: ${show(value)} is not a decimal number`);
  }
  const negative = match[1] === '-';

  // value = 0.<digits> * 10^point; strip leading zeros so `point` is meaningful.
  let digits = intDigits + fracDigits;
  let point = intDigits.length + Number(match[4] ?? '0');
  const firstNonZero = digits.search(/[1-9]/);
  if (firstNonZero < 0) return 0 as Micros; // any zero, including '-0' and '0e999'
  digits = digits.slice(firstNonZero).replace(/0+$/, '');
  point -= firstNonZero;

  // Split at the micros point: `whole` is the integer micros, `rest` what is left over.
  const split = point + MICROS_DIGITS;
  if (split > MAX_SAFE_DIGITS) throw outOfRange(value);
  let whole: string;
  let rest: string;
  if (split <= 0) {
    whole = '0';
    // Far below one micro: keep a marker that rounds like "non-zero, under half".
    rest = split < -1 ? '01' : '0'.repeat(-split) + digits;
  } else {
    whole = digits.slice(0, split).padEnd(split, '0');
    rest = digits.slice(split);
  }

  let magnitude = Number(whole);
  if (rest !== '') {
    if (rounding === undefined) {
      throw new RangeError(
        `toMicros: ${show(value)} has more than ${MICROS_DIGITS} decimals; pass { rounding } to round it`,
      );
    }
    if (roundsAwayFromZero(rounding, negative, rest, magnitude)) magnitude += 1;
  }
  if (!Number.isSafeInteger(magnitude)) throw outOfRange(value);
  // `0` rather than `-0`, e.g. for '-0.0000001' rounded down.
  return (negative && magnitude !== 0 ? -magnitude : magnitude) as Micros;
}

/**
 * The shortest exact decimal string for an amount in micros:
 * `5500000` -> `'5.5'`, `1` -> `'0.000001'`, `-1500000` -> `'-1.5'`, `0` -> `'0'`.
 */
export function fromMicros(micros: Micros | number): string {
  checkMicros('fromMicros', micros);
  if (micros === 0) return '0'; // also -0
  // String() of a safe integer is plain digits (exponent form starts at 1e21).
  const padded = String(Math.abs(micros)).padStart(MICROS_DIGITS + 1, '0');
  const whole = padded.slice(0, -MICROS_DIGITS);
  const fraction = padded.slice(-MICROS_DIGITS).replace(/0+$/, '');
  return (micros < 0 ? '-' : '') + whole + (fraction ? `.${fraction}` : '');
}

/**
 * Format micros as a currency amount with `Intl.NumberFormat` (`style: 'currency'`),
 * using the currency's own decimals: `formatMicros(5500000, 'USD', 'en-US')` -> `'$5.50'`.
 * Ties round half away from zero, as `Intl.NumberFormat` does by default.
 */
export function formatMicros(micros: Micros | number, currency: string, locale?: string): string {
  checkMicros('formatMicros', micros);
  // Intl only checks the shape (three letters); a well-formed unknown code such as
  // 'XYZ' is formatted with the code itself as the symbol.
  if (typeof currency !== 'string' || !/^[A-Za-z]{3}$/.test(currency)) {
    throw new RangeError(
      `formatMicros: invalid currency code ${show(currency)} (expected an ISO 4217 code such as "USD")`,
    );
  }
  let format: Intl.NumberFormat;
  try {
    format = new Intl.NumberFormat(locale, { style: 'currency', currency });
  } catch (cause) {
    throw new RangeError(`formatMicros: invalid locale ${show(locale)}`, { cause });
  }
  // Round to the currency's decimals here with integers, so the string handed to
  // Intl is already exact at that precision: engines with Intl.NumberFormat v3
  // read strings as exact decimals, older ones parse them to a double, and a
  // value with at most 16 significant digits survives that round trip.
  const decimals = Math.min(format.resolvedOptions().maximumFractionDigits ?? MICROS_DIGITS, MICROS_DIGITS);
  const scale = 10 ** (MICROS_DIGITS - decimals);
  const abs = Math.abs(micros);
  const remainder = abs % scale; // exact for safe integers
  const units = (abs - remainder) / scale + (remainder * 2 >= scale ? 1 : 0);
  const padded = String(units).padStart(decimals + 1, '0');
  // A tiny negative keeps its sign ('-$0.00'), as Intl shows it for the exact value.
  const text =
    (micros < 0 ? '-' : '') +
    (decimals === 0 ? padded : `${padded.slice(0, -decimals)}.${padded.slice(-decimals)}`);
  // lib ES2022 types `format` as number | bigint only; ES2023 added decimal strings.
  return (format as Intl.NumberFormat & { format(value: string): string }).format(text);
}

/** True when `value` is a safe integer, i.e. usable as micros. */
export function isMicros(value: unknown): value is Micros {
  return Number.isSafeInteger(value);
}

/** Brand a number you already hold in micros; throws unless it is a safe integer. */
export function asMicros(n: number): Micros {
  checkMicros('asMicros', n);
  return n;
}

function checkMicros(fn: string, micros: unknown): asserts micros is Micros {
  if (typeof micros !== 'number')
    throw new TypeError(`${fn}: expected micros as a number, got ${typeof micros}`);
  if (!Number.isSafeInteger(micros)) {
    throw new RangeError(`${fn}: ${show(micros)} is not a safe integer amount of micros`);
  }
}

/** Whether the kept magnitude must grow by one for the discarded (non-empty, non-zero) `rest`. */
function roundsAwayFromZero(
  mode: MicrosRounding,
  negative: boolean,
  rest: string,
  magnitude: number,
): boolean {
  switch (mode) {
    case 'down':
      return false;
    case 'up':
      return true;
    case 'floor':
      return negative;
    case 'ceil':
      return !negative;
    case 'half-up':
      return rest >= '5'; // rest has no trailing zeros: '5' is the exact tie
    case 'half-even':
      return rest > '5' || (rest === '5' && magnitude % 2 === 1);
  }
}

function outOfRange(value: string | number): RangeError {
  return new RangeError(
    `toMicros: ${show(value)} is outside the safe range of micros (±${Number.MAX_SAFE_INTEGER})`,
  );
}

/** The offending value for an error message (amounts are not secret), kept short. */
function show(value: unknown): string {
  const text = typeof value === 'string' ? JSON.stringify(value) : String(value);
  return text.length > 64 ? `${text.slice(0, 61)}...` : text;
}
