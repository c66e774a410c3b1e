import { createRequire } from 'node:module';
import type * as JsYaml from 'js-yaml';

/*
 * A fast first read of YAML specs. The `yaml` package, which keeps every node's position for error
 * messages, reads core-v2.yaml several times slower than js-yaml reads it to the same data
 * (bench/RESULTS.md, "Measurements behind design choices"). So js-yaml reads a spec first, and `yaml` only when js-yaml cannot, when the
 * spec uses what only `yaml` reads the same way or guards (below), or when an error or warning
 * needs a position (parse.ts then reads it again, lazily, as it does for JSON).
 *
 * The schema is YAML 1.2's core schema as `yaml` reads it, so that both give the same data: js-yaml's
 * own core schema also reads `0b101` as a number and gives an overflowing float as a string.
 */
const require = createRequire(import.meta.url);
let yaml: typeof JsYaml | undefined;
let schema: JsYaml.Schema | undefined;

const CORE_INT = /^(?:[-+]?[0-9]+|0o[0-7]+|0x[0-9a-fA-F]+)$/;
const CORE_FLOAT =
  /^(?:[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$/;

function coreSchema(js: typeof JsYaml): JsYaml.Schema {
  const int = new js.Type('tag:yaml.org,2002:int', {
    kind: 'scalar',
    resolve: (text: string) => CORE_INT.test(text),
    construct: (text: string) =>
      text.startsWith('0o')
        ? parseInt(text.slice(2), 8)
        : text.startsWith('0x')
          ? parseInt(text.slice(2), 16)
          : Number(text),
  });
  const float = new js.Type('tag:yaml.org,2002:float', {
    kind: 'scalar',
    resolve: (text: string) => CORE_FLOAT.test(text),
    construct: (text: string) => {
      if (/\.nan$/i.test(text)) return NaN;
      if (/\.inf$/i.test(text)) return text.startsWith('-') ? -Infinity : Infinity;
      return parseFloat(text);
    },
  });
  // js-yaml's null and bool types are the core schema's; int and float are replaced (same tags), merge
  // (`<<`) added. Its type list is not in @types/js-yaml.
  const { merge } = (js as unknown as { types: { merge: JsYaml.Type } }).types;
  return js.CORE_SCHEMA.extend({ implicit: [int, float, merge] });
}

/**
 * What only the full parser reads here, found in the text: an explicit key (`? k`) or a flow
 * collection as a key (`[a, b]: c`), which js-yaml spells differently; a directive (`%YAML 1.1`
 * changes the schema); a plain key over 1024 characters, which `yaml` refuses. A match inside a
 * description only sends the spec the slow way. Tags need no check: the schema knows only the core
 * ones, so js-yaml refuses any other.
 */
const FULL_PARSER_ONLY = [
  /^[ \t]*(?:-[ \t]+)*\?(?:[ \t]|$)/m,
  /^[ \t]*(?:-[ \t]+)*[[{][^\n]*[\]}][ \t]*:(?:[ \t]|$)/m,
  /^%/m,
  /^[^:\n]{1025,}:(?:[ \t]|$)/m,
];

/**
 * Whether an object or array is reached twice: js-yaml reads an alias as the anchored value itself,
 * and `yaml` guards aliases (an alias bomb is refused there, with its position).
 */
function shared(data: unknown): boolean {
  const seen = new Set<object>();
  const stack: unknown[] = [data];
  while (stack.length > 0) {
    const value = stack.pop();
    if (typeof value !== 'object' || value === null) continue;
    if (seen.has(value)) return true;
    seen.add(value);
    for (const child of Array.isArray(value) ? value : Object.values(value))
      if (typeof child === 'object' && child !== null) stack.push(child);
  }
  return false;
}

/** The data of a YAML text, or undefined where the full parser must read it (see above). */
export function readYamlWithoutPositions(source: string): { data: unknown } | undefined {
  if (FULL_PARSER_ONLY.some((pattern) => pattern.test(source))) return undefined;
  yaml ??= require('js-yaml') as typeof JsYaml;
  schema ??= coreSchema(yaml);
  try {
    // Duplicate keys are an error here too (js-yaml's default), reported by the full parser.
    const data = yaml.load(source, { schema });
    // An empty document, or one with aliases: the full parser says what it makes of it.
    return data === undefined || shared(data) ? undefined : { data };
  } catch {
    return undefined;
  }
}
