import type { EnumValue, OperationSpec, ParamsCheck, ValueCheck } from './types.js';
/**
 * Checks a call's params against the rules the spec states, before anything is sent.
 * Throws a ValidationError naming the parameter and the rule.
 */
export declare function validateParams(op: OperationSpec, params: Record<string, unknown>): void;
/**
 * A path parameter's check: its value's own rules (`check`), then that it stays in its segment:
 * `..` and `.` would be resolved away by URL parsing. The descriptors wrap every path parameter's.
 */
export declare function segment(check?: ValueCheck): ValueCheck;
/**
 * A body of one shape among several (`oneOf`): given, per shape, the fields only it has, fields of
 * different shapes are not given together. The descriptors of such bodies refer to it.
 */
export declare function oneShape(groups: readonly (readonly string[])[]): ParamsCheck;
/** A param the caller set: never one inherited from Object.prototype (a query `toString`). */
export declare function own(params: Record<string, unknown>, key: string): unknown;
/** Rules every value can have. */
export interface Common {
  readonly enum?: readonly EnumValue[];
  /** `null` is a valid value. */
  readonly nullable?: boolean;
}
export interface StringRules extends Common {
  readonly minLength?: number;
  readonly maxLength?: number;
  readonly pattern?: string;
}
export interface NumberRules extends Common {
  readonly minimum?: number;
  readonly maximum?: number;
  readonly exclusiveMinimum?: number;
  readonly exclusiveMaximum?: number;
}
export interface ArrayRules extends Common {
  readonly minItems?: number;
  readonly maxItems?: number;
  readonly uniqueItems?: boolean;
  readonly items?: ValueCheck;
}
export interface ObjectRules extends Common {
  /** Checks of an object's properties, by name. */
  readonly properties?: Readonly<Record<string, ValueCheck>>;
  /** Properties an object must have. */
  readonly required?: readonly string[];
  /** The value must match one of these shapes. */
  readonly oneOf?: readonly ValueCheck[];
  /** The property whose value picks the shape, and each shape with the values that pick it. */
  readonly discriminator?: {
    readonly property: string;
    readonly shapes: readonly (readonly [values: readonly unknown[], shape: ValueCheck])[];
  };
}
/** A value whose schema states no type: the rules of whatever kind it turns out to be. */
export type AnyRules = StringRules & NumberRules & ArrayRules & ObjectRules;
export declare function string(rules?: StringRules): ValueCheck;
export declare function integer(rules?: NumberRules): ValueCheck;
export declare function number(rules?: NumberRules): ValueCheck;
export declare function boolean(rules?: Common): ValueCheck;
export declare function array(rules?: ArrayRules): ValueCheck;
export declare function object(rules?: ObjectRules): ValueCheck;
/** A value of any type: its enum, then the rules of its kind. */
export declare function value(rules?: AnyRules): ValueCheck;
