/**
 * A string a regular expression matches, for the patterns specs write (`^[0-9]{12}$`,
 * `^IAB[0-9]+(-[0-9]+)?$`, `^card://\S+$`): literals, escapes, classes, groups with
 * alternatives and quantifiers, each taken at its smallest count (at least one). Undefined for
 * what this does not read (lookarounds, back-references); the caller checks the result anyway.
 */
export function sampleOfPattern(pattern: string): string | undefined {
  const reader = new Reader(pattern);
  try {
    const out = reader.alternatives();
    return reader.done() ? out : undefined;
  } catch {
    return undefined;
  }
}

class Reader {
  private i = 0;
  constructor(private readonly text: string) {}

  done(): boolean {
    return this.i >= this.text.length;
  }

  /** `a|b`: the first alternative. */
  alternatives(): string {
    const first = this.sequence();
    while (this.text[this.i] === '|') {
      this.i++;
      this.sequence();
    }
    return first;
  }

  private sequence(): string {
    let out = '';
    while (!this.done() && this.text[this.i] !== '|' && this.text[this.i] !== ')') {
      const atom = this.atom();
      out += atom.repeat(this.quantifier());
    }
    return out;
  }

  private atom(): string {
    const c = this.text[this.i++]!;
    switch (c) {
      case '^':
      case '$':
        return '';
      case '.':
        return 'a';
      case '(': {
        if (this.text[this.i] === '?') {
          if (this.text[this.i + 1] !== ':') throw new Error('lookaround');
          this.i += 2;
        }
        const inner = this.alternatives();
        if (this.text[this.i++] !== ')') throw new Error('unclosed group');
        return inner;
      }
      case '[':
        return this.charClass();
      case '\\':
        return this.escape();
      default:
        return c;
    }
  }

  private escape(): string {
    const c = this.text[this.i++];
    switch (c) {
      case 'd':
        return '1';
      case 'w':
        return 'a';
      case 's':
        return ' ';
      case 'S':
      case 'D':
      case 'W':
        return 'a';
      case undefined:
        throw new Error('trailing backslash');
      default:
        if (/[1-9bBk]/.test(c)) throw new Error('back-reference or boundary');
        return c;
    }
  }

  /** `[a-z0-9_]`: its first member (the lowest of a range, a letter where it has one); `[^...]`: a letter it leaves out. */
  private charClass(): string {
    const negated = this.text[this.i] === '^';
    if (negated) this.i++;
    const members: string[] = [];
    while (this.text[this.i] !== ']') {
      if (this.done()) throw new Error('unclosed class');
      let c = this.text[this.i++]!;
      if (c === '\\') c = this.escape();
      if (this.text[this.i] === '-' && this.text[this.i + 1] !== ']') {
        this.i++;
        let end = this.text[this.i++]!;
        if (end === '\\') end = this.escape();
        members.push(`${c}-${end}`);
      } else members.push(c);
    }
    this.i++;
    if (negated) {
      const excluded = (ch: string): boolean =>
        members.some((m) =>
          m.length === 3 && m[1] === '-'
            ? ch >= m[0]! && ch <= m[2]!
            : m === ch || (m === ' ' && /\s/.test(ch)),
        );
      const pick = [...'abcxyz019'].find((ch) => !excluded(ch));
      if (pick === undefined) throw new Error('nothing left');
      return pick;
    }
    const first = members[0];
    if (first === undefined) throw new Error('empty class');
    return first.length === 3 && first[1] === '-' ? first[0]! : first;
  }

  /** How many times the atom repeats: the least its quantifier allows, at least one. */
  private quantifier(): number {
    const c = this.text[this.i];
    let count = 1;
    if (c === '*' || c === '+' || c === '?') {
      this.i++;
      count = c === '+' ? 1 : c === '*' ? 1 : 0;
    } else if (c === '{') {
      const match = /^\{(\d+)(,(\d*))?\}/.exec(this.text.slice(this.i));
      if (!match) return 1;
      this.i += match[0].length;
      count = Math.max(Number(match[1]), match[2] !== undefined ? 1 : 0);
      if (match[3] && Number(match[3]) < count) count = Number(match[3]);
    } else return 1;
    if (this.text[this.i] === '?') this.i++;
    return count;
  }
}
