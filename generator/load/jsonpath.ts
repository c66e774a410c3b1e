/**
 * The part of JSONPath (RFC 9535) that OpenAPI Overlay targets use: `$`, member names (`.name`,
 * `['name']`), indices (`[0]`, `[-1]`), wildcards (`.*`, `[*]`), unions (`['a','b']`), descendants
 * (`..name`, `..*`, `..[...]`) and filters (`[?@.key == 'v']`, `[?(@.a && !@.b)]`, comparisons of
 * relative or absolute paths and literals with `== != < <= > >=`, existence tests, `&& || !`).
 * Function extensions (`length()`, `match()`, ...) and slices are not read: they are an error.
 */

/** A node a path selects, with where it sits so that it can be replaced or removed. */
export interface Selected {
  value: unknown;
  parent: Record<string, unknown> | unknown[] | undefined;
  key: string | number | undefined;
}

/** A JSONPath the parser could not read, with the offset where it stopped. */
export class JsonPathError extends Error {
  constructor(
    message: string,
    readonly offset: number,
  ) {
    super(message);
  }
}

type Selector =
  | { kind: 'name'; name: string }
  | { kind: 'index'; index: number }
  | { kind: 'wildcard' }
  | { kind: 'filter'; test: Expr };
interface Segment {
  descendant: boolean;
  selectors: Selector[];
}
type Operand = { kind: 'path'; root: '@' | '$'; segments: Segment[] } | { kind: 'literal'; value: unknown };
type Expr =
  | { kind: 'or' | 'and'; parts: Expr[] }
  | { kind: 'not'; expr: Expr }
  | { kind: 'exists'; path: Operand & { kind: 'path' } }
  | { kind: 'compare'; op: string; left: Operand; right: Operand };

/** Parses a JSONPath query; throws JsonPathError. */
export function parseJsonPath(text: string): Segment[] {
  const parser = new Parser(text);
  parser.expect('$');
  const segments = parser.segments();
  if (!parser.done()) parser.fail('unexpected text');
  return segments;
}

/** The nodes a parsed path selects in `root`, in document order. */
export function select(root: unknown, segments: Segment[]): Selected[] {
  return run([{ value: root, parent: undefined, key: undefined }], segments, root);
}

function run(start: Selected[], segments: Segment[], root: unknown): Selected[] {
  let nodes = start;
  for (const segment of segments) {
    const next: Selected[] = [];
    for (const node of nodes) {
      const inputs = segment.descendant ? descendants(node) : [node];
      for (const input of inputs) for (const selector of segment.selectors) next.push(...apply(selector, input, root));
    }
    nodes = next;
  }
  return nodes;
}

function children(node: Selected): Selected[] {
  const value = node.value;
  if (Array.isArray(value)) return value.map((v, i) => ({ value: v, parent: value, key: i }));
  if (isRecord(value)) return Object.keys(value).map((k) => ({ value: value[k], parent: value, key: k }));
  return [];
}

function descendants(node: Selected): Selected[] {
  const out = [node];
  for (const child of children(node)) out.push(...descendants(child));
  return out;
}

function apply(selector: Selector, node: Selected, root: unknown): Selected[] {
  const value = node.value;
  switch (selector.kind) {
    case 'name':
      return isRecord(value) && Object.prototype.hasOwnProperty.call(value, selector.name)
        ? [{ value: value[selector.name], parent: value, key: selector.name }]
        : [];
    case 'index': {
      if (!Array.isArray(value)) return [];
      const index = selector.index < 0 ? value.length + selector.index : selector.index;
      return index >= 0 && index < value.length ? [{ value: value[index], parent: value, key: index }] : [];
    }
    case 'wildcard':
      return children(node);
    case 'filter':
      return children(node).filter((child) => test(selector.test, child.value, root));
  }
}

function test(expr: Expr, current: unknown, root: unknown): boolean {
  switch (expr.kind) {
    case 'or':
      return expr.parts.some((p) => test(p, current, root));
    case 'and':
      return expr.parts.every((p) => test(p, current, root));
    case 'not':
      return !test(expr.expr, current, root);
    case 'exists':
      return evaluate(expr.path, current, root).length > 0;
    case 'compare': {
      const left = single(expr.left, current, root);
      const right = single(expr.right, current, root);
      return compare(expr.op, left, right);
    }
  }
}

/** The value of a comparison operand: a literal, or the one node a path selects (`NOTHING` otherwise). */
const NOTHING = Symbol('nothing');
function single(operand: Operand, current: unknown, root: unknown): unknown {
  if (operand.kind === 'literal') return operand.value;
  const nodes = evaluate(operand, current, root);
  return nodes.length === 1 ? nodes[0]?.value : NOTHING;
}

function evaluate(path: Operand & { kind: 'path' }, current: unknown, root: unknown): Selected[] {
  const start = path.root === '@' ? current : root;
  return run([{ value: start, parent: undefined, key: undefined }], path.segments, root);
}

function compare(op: string, a: unknown, b: unknown): boolean {
  if (op === '==') return equal(a, b);
  if (op === '!=') return !equal(a, b);
  const ordered = (typeof a === 'number' && typeof b === 'number') || (typeof a === 'string' && typeof b === 'string');
  if (!ordered) return (op === '<=' || op === '>=') && equal(a, b);
  const [x, y] = [a as number | string, b as number | string];
  return op === '<' ? x < y : op === '<=' ? x <= y : op === '>' ? x > y : x >= y;
}

function equal(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((v, i) => equal(v, b[i]));
  if (isRecord(a) && isRecord(b)) {
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((k) => Object.prototype.hasOwnProperty.call(b, k) && equal(a[k], b[k]));
  }
  return false;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

class Parser {
  private i = 0;
  constructor(private readonly text: string) {}

  done(): boolean {
    this.space();
    return this.i >= this.text.length;
  }

  fail(message: string): never {
    throw new JsonPathError(`${message} at character ${this.i + 1}`, this.i);
  }

  expect(token: string): void {
    if (!this.text.startsWith(token, this.i)) this.fail(`expected "${token}"`);
    this.i += token.length;
  }

  private space(): void {
    while (/\s/.test(this.text[this.i] ?? '')) this.i++;
  }

  private peek(token: string): boolean {
    return this.text.startsWith(token, this.i);
  }

  /** Segments up to the first character that cannot start one (the end, or a filter's operator). */
  segments(): Segment[] {
    const out: Segment[] = [];
    for (;;) {
      if (this.peek('..')) {
        this.i += 2;
        if (this.peek('[')) out.push({ descendant: true, selectors: this.bracket() });
        else out.push({ descendant: true, selectors: [this.dotted()] });
      } else if (this.peek('.')) {
        this.i += 1;
        out.push({ descendant: false, selectors: [this.dotted()] });
      } else if (this.peek('[')) out.push({ descendant: false, selectors: this.bracket() });
      else return out;
    }
  }

  private dotted(): Selector {
    if (this.peek('*')) {
      this.i++;
      return { kind: 'wildcard' };
    }
    const match = /^[A-Za-z_\u0080-\uFFFF][A-Za-z0-9_\u0080-\uFFFF-]*/.exec(this.text.slice(this.i));
    if (!match) this.fail('expected a member name or "*"');
    this.i += match[0].length;
    if (this.peek('(')) this.fail(`function extensions such as ${match[0]}() are not supported`);
    return { kind: 'name', name: match[0] };
  }

  private bracket(): Selector[] {
    this.expect('[');
    const selectors: Selector[] = [];
    for (;;) {
      this.space();
      selectors.push(this.selector());
      this.space();
      if (this.peek(',')) {
        this.i++;
        continue;
      }
      this.expect(']');
      return selectors;
    }
  }

  private selector(): Selector {
    const c = this.text[this.i];
    if (c === "'" || c === '"') return { kind: 'name', name: this.string() };
    if (c === '*') {
      this.i++;
      return { kind: 'wildcard' };
    }
    if (c === '?') {
      this.i++;
      return { kind: 'filter', test: this.or() };
    }
    const match = /^-?(0|[1-9][0-9]*)/.exec(this.text.slice(this.i));
    if (!match) this.fail('expected a name in quotes, an index, "*" or a "?" filter');
    this.i += match[0].length;
    this.space();
    if (this.peek(':')) this.fail('array slices are not supported');
    return { kind: 'index', index: Number(match[0]) };
  }

  private string(): string {
    const quote = this.text[this.i] ?? '';
    let out = '';
    this.i++;
    while (this.i < this.text.length && this.text[this.i] !== quote) {
      const c = this.text[this.i] ?? '';
      if (c === '\\') {
        const next = this.text[this.i + 1] ?? '';
        const escapes: Record<string, string> = { b: '\b', f: '\f', n: '\n', r: '\r', t: '\t', '/': '/', '\\': '\\', "'": "'", '"': '"' };
        if (next === 'u') {
          out += String.fromCharCode(parseInt(this.text.slice(this.i + 2, this.i + 6), 16));
          this.i += 6;
          continue;
        }
        if (!(next in escapes)) this.fail('invalid escape in a string');
        out += escapes[next];
        this.i += 2;
        continue;
      }
      out += c;
      this.i++;
    }
    if (this.i >= this.text.length) this.fail('a string is never closed');
    this.i++;
    return out;
  }

  private or(): Expr {
    const parts = [this.and()];
    for (this.space(); this.peek('||'); this.space()) {
      this.i += 2;
      parts.push(this.and());
    }
    return parts.length === 1 ? (parts[0] as Expr) : { kind: 'or', parts };
  }

  private and(): Expr {
    const parts = [this.unary()];
    for (this.space(); this.peek('&&'); this.space()) {
      this.i += 2;
      parts.push(this.unary());
    }
    return parts.length === 1 ? (parts[0] as Expr) : { kind: 'and', parts };
  }

  private unary(): Expr {
    this.space();
    if (this.peek('!') && !this.peek('!=')) {
      this.i++;
      return { kind: 'not', expr: this.unary() };
    }
    if (this.peek('(')) {
      this.i++;
      const inner = this.or();
      this.space();
      this.expect(')');
      return inner;
    }
    const left = this.operand();
    this.space();
    const op = ['==', '!=', '<=', '>=', '<', '>'].find((o) => this.peek(o));
    if (!op) {
      if (left.kind !== 'path') this.fail('a literal alone is not a test');
      return { kind: 'exists', path: left };
    }
    this.i += op.length;
    this.space();
    return { kind: 'compare', op, left, right: this.operand() };
  }

  private operand(): Operand {
    const c = this.text[this.i];
    if (c === '@' || c === '$') {
      this.i++;
      return { kind: 'path', root: c, segments: this.segments() };
    }
    if (c === "'" || c === '"') return { kind: 'literal', value: this.string() };
    const rest = this.text.slice(this.i);
    const keyword = /^(true|false|null)\b/.exec(rest);
    if (keyword) {
      this.i += keyword[0].length;
      return { kind: 'literal', value: keyword[0] === 'null' ? null : keyword[0] === 'true' };
    }
    const number = /^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][-+]?[0-9]+)?/.exec(rest);
    if (number) {
      this.i += number[0].length;
      return { kind: 'literal', value: Number(number[0]) };
    }
    if (/^[a-z_][a-z0-9_]*\(/i.test(rest)) this.fail('function extensions are not supported');
    return this.fail('expected a path (@ or $) or a literal');
  }
}
