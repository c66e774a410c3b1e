import { ValidationError } from './errors.js';
import type { OperationSpec, ValueChecks } from './types.js';

/**
 * Checks a call's params against the rules the spec states, before anything is sent.
 * Throws a ValidationError naming the parameter and the rule.
 */
export function validateParams(op: OperationSpec, params: Record<string, unknown>): void {
  for (const param of op.params ?? []) {
    const key = param.key ?? param.name;
    const value = params[key];
    if (value === undefined || value === null) {
      if (param.required && !(value === null && param.checks?.nullable))
        fail(op, key, 'required', 'is required');
      continue;
    }
    if (param.checks) checkValue(op, key, value, param.checks);
    if (param.in === 'path') checkPathSegment(op, key, value);
  }
  const body = op.body;
  if (!body) return;
  if (body.mode === 'whole') {
    if (params.body === undefined || params.body === null) {
      if (body.required) fail(op, 'body', 'required', 'is required');
    } else if (body.checks) checkValue(op, 'body', params.body, body.checks);
    return;
  }
  for (const [name, checks] of Object.entries(body.fields ?? {})) {
    const value = params[name];
    if (value === undefined || value === null) {
      if (checks.required && !(value === null && checks.nullable)) fail(op, name, 'required', 'is required');
      continue;
    }
    checkValue(op, name, value, checks);
  }
}

/** Checks one value against its rules; `name` is the path shown in the message. */
export function checkValue(op: OperationSpec, name: string, value: unknown, checks: ValueChecks): void {
  const { type } = checks;
  if (type === 'string' && typeof value !== 'string')
    fail(op, name, 'type string', `must be a string, got ${kind(value)}`);
  if ((type === 'integer' || type === 'number') && (typeof value !== 'number' || !Number.isFinite(value))) {
    fail(op, name, `type ${type}`, `must be a finite number, got ${kind(value)}`);
  }
  if (type === 'integer' && !Number.isInteger(value))
    fail(op, name, 'type integer', `must be an integer, got ${String(value)}`);
  if (type === 'boolean' && typeof value !== 'boolean')
    fail(op, name, 'type boolean', `must be a boolean, got ${kind(value)}`);
  if (type === 'array' && !Array.isArray(value))
    fail(op, name, 'type array', `must be an array, got ${kind(value)}`);
  if (type === 'object' && (typeof value !== 'object' || Array.isArray(value))) {
    fail(op, name, 'type object', `must be an object, got ${kind(value)}`);
  }
  if (checks.enum && !checks.enum.includes(value as string)) {
    const shown =
      checks.enum.length <= 12 ? `: one of ${checks.enum.map((v) => JSON.stringify(v)).join(', ')}` : '';
    fail(op, name, 'enum', `has unknown value ${JSON.stringify(value)}${shown}`);
  }
  if (typeof value === 'string') {
    const length = checks.minLength !== undefined || checks.maxLength !== undefined ? codePoints(value) : 0;
    if (checks.minLength !== undefined && length < checks.minLength) {
      fail(
        op,
        name,
        `minLength ${checks.minLength}`,
        `must be at least ${checks.minLength} characters, got ${length}`,
      );
    }
    if (checks.maxLength !== undefined && length > checks.maxLength) {
      fail(
        op,
        name,
        `maxLength ${checks.maxLength}`,
        `must be at most ${checks.maxLength} characters, got ${length}`,
      );
    }
    if (checks.pattern !== undefined && !compiled(checks.pattern).test(value)) {
      fail(op, name, `pattern ${checks.pattern}`, `must match ${checks.pattern}`);
    }
  }
  if (typeof value === 'number') {
    if (checks.minimum !== undefined && value < checks.minimum)
      fail(op, name, `minimum ${checks.minimum}`, `must be at least ${checks.minimum}, got ${value}`);
    if (checks.maximum !== undefined && value > checks.maximum)
      fail(op, name, `maximum ${checks.maximum}`, `must be at most ${checks.maximum}, got ${value}`);
    if (checks.exclusiveMinimum !== undefined && value <= checks.exclusiveMinimum) {
      fail(
        op,
        name,
        `exclusiveMinimum ${checks.exclusiveMinimum}`,
        `must be greater than ${checks.exclusiveMinimum}, got ${value}`,
      );
    }
    if (checks.exclusiveMaximum !== undefined && value >= checks.exclusiveMaximum) {
      fail(
        op,
        name,
        `exclusiveMaximum ${checks.exclusiveMaximum}`,
        `must be less than ${checks.exclusiveMaximum}, got ${value}`,
      );
    }
  }
  if (Array.isArray(value)) {
    if (checks.minItems !== undefined && value.length < checks.minItems) {
      fail(
        op,
        name,
        `minItems ${checks.minItems}`,
        `must have at least ${checks.minItems} items, got ${value.length}`,
      );
    }
    if (checks.maxItems !== undefined && value.length > checks.maxItems) {
      fail(
        op,
        name,
        `maxItems ${checks.maxItems}`,
        `must have at most ${checks.maxItems} items, got ${value.length}`,
      );
    }
    if (checks.uniqueItems && new Set(value.map((v) => JSON.stringify(v))).size !== value.length) {
      fail(op, name, 'uniqueItems', 'must not repeat an item');
    }
    if (checks.items) {
      const items = checks.items;
      value.forEach((item, index) => checkValue(op, `${name}[${index}]`, item, items));
    }
  }
  if (typeof value === 'object' && value !== null && !Array.isArray(value) && !isBytes(value)) {
    checkObject(op, name, value as Record<string, unknown>, checks);
  }
}

/** Required properties, each property's own checks, and the one shape of a union the object must match. */
function checkObject(
  op: OperationSpec,
  name: string,
  value: Record<string, unknown>,
  checks: ValueChecks,
): void {
  // Own properties only: an object without `valueOf` still inherits Object.prototype's.
  const own = (key: string): unknown =>
    Object.prototype.hasOwnProperty.call(value, key) ? value[key] : undefined;
  // Values first: a wrong `type` explains more than the fields its shape then lacks.
  for (const [key, inner] of Object.entries(checks.properties ?? {})) {
    const item = own(key);
    if (item === undefined || (item === null && inner.nullable)) continue;
    checkValue(op, `${name}.${key}`, item, inner);
  }
  for (const key of checks.requiredProperties ?? []) {
    if (own(key) === undefined) fail(op, `${name}.${key}`, 'required', 'is required');
  }
  const shapes = checks.oneOf;
  if (!shapes) return;
  const tag = checks.discriminator;
  if (tag !== undefined) {
    const chosen = value[tag];
    const shape = shapes.find((s) => s.properties?.[tag]?.enum?.includes(chosen as string));
    if (!shape) {
      const allowed = shapes.flatMap((s) => s.properties?.[tag]?.enum ?? []).map((v) => JSON.stringify(v));
      fail(
        op,
        `${name}.${tag}`,
        'enum',
        `has unknown value ${JSON.stringify(chosen)}: one of ${allowed.join(', ')}`,
      );
    }
    checkValue(op, name, value, shape);
    return;
  }
  // No discriminator: the object must pass the checks of at least one shape.
  let first: ValidationError | undefined;
  for (const shape of shapes) {
    try {
      checkValue(op, name, value, shape);
      return;
    } catch (error) {
      if (!(error instanceof ValidationError)) throw error;
      first ??= error;
    }
  }
  if (first) throw first;
}

function isBytes(value: object): boolean {
  return (
    (typeof Blob !== 'undefined' && value instanceof Blob) ||
    ArrayBuffer.isView(value) ||
    value instanceof ArrayBuffer ||
    value instanceof Date
  );
}

/** A path value must not climb out of its segment: `..` and `.` would be resolved away by URL parsing. */
function checkPathSegment(op: OperationSpec, name: string, value: unknown): void {
  const text = String(value);
  if (text === '' || text === '.' || text === '..')
    fail(op, name, 'path segment', `must be a non-empty path segment, got ${JSON.stringify(text)}`);
}

function kind(value: unknown): string {
  return value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value;
}

function fail(op: OperationSpec, parameter: string, rule: string, text: string): never {
  throw new ValidationError(parameter, rule, `${op.id}: parameter "${parameter}" ${text}`);
}

/** Patterns compiled once: validation runs on every call. */
const patterns = new Map<string, RegExp>();

function compiled(pattern: string): RegExp {
  let regex = patterns.get(pattern);
  if (!regex) {
    regex = new RegExp(pattern, 'u');
    patterns.set(pattern, regex);
  }
  return regex;
}

/** Length in characters (code points), as JSON Schema counts it; UTF-16 length when there is no surrogate pair. */
function codePoints(value: string): number {
  return /[\uD800-\uDBFF]/.test(value) ? [...value].length : value.length;
}
