/**
 * How well `xgen migrate`'s listing explains what is left, measured against the compiler: each
 * compile error of the consumer is listed or not, and each listing names the failing field or
 * not. The failing field is the property the error points at in the read on its line (the
 * identifier under the error's column), else the last property that read reaches; a listing names
 * it when the subject of its change (`Tweet.lang` in `result field Tweet.lang removed`) ends with
 * that property (on the line calling the operation: when it names a params key the call passes).
 * Listings are read as migrate prints them (`file:line:col: message`).
 */
import type { CompileError } from './consumer-project.ts';

export interface ListingQuality {
  errors: number;
  listed: number;
  /** Compile errors with no listing at their place. */
  unlisted: string[];
  /** Listings at a compile error that name its failing field. */
  named: number;
  /** Listings that do not, with the failing field they should name. */
  misnamed: string[];
  /** Listings that say no change explains them (they carry the compiler's text). */
  unexplained: number;
}

export function listingQuality(
  program: string,
  errors: readonly CompileError[],
  listingLines: readonly string[],
  file = 'src/consumer.ts',
): ListingQuality {
  const lines = program.split('\n');
  const listings = new Map<string, string>();
  for (const line of listingLines) {
    const match = /^(.+?):(\d+):(\d+): (.*)$/.exec(line);
    if (match && (match[1] as string).endsWith(file))
      listings.set(`${file}:${match[2]}:${match[3]}`, match[4] as string);
  }
  const out: ListingQuality = {
    errors: errors.length,
    listed: listings.size,
    unlisted: [],
    named: 0,
    misnamed: [],
    unexplained: 0,
  };
  for (const error of errors) {
    const message = listings.get(error.at);
    if (message === undefined) {
      out.unlisted.push(`${error.at} ${error.message}`);
      continue;
    }
    if (/no change of the diff explains this/.test(message)) out.unexplained++;
    const [, row, col] = error.at.split(':').map(Number) as [number, number, number];
    const text = lines[row - 1] ?? '';
    const field = failingField(text, col - 1);
    const subject =
      /result (?:field|type) ([^\s:]+)/.exec(message)?.[1] ?? /\(([^)\s]+)\)/.exec(message)?.[1] ?? '';
    const last = subject.replace(/\[\]$/, '').split('.').pop();
    // On the line that calls the operation, the failing part is a params key the listing names.
    const param = /^(?:[A-Za-z0-9_]+: )?(?:new required )?(?:parameter|body field) ([^\s:]+)/.exec(
      message,
    )?.[1];
    const called = /^\s*(?:const res = await|for await|await) /.test(text);
    if (
      (field !== undefined && last === field) ||
      (called &&
        param !== undefined &&
        new RegExp(`[{,] '?${param.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}'?: `).test(text))
    )
      out.named++;
    else out.misnamed.push(`${error.at} (${field ?? '?'}): ${message}`);
  }
  return out;
}

/** The property the error at `column` of `line` is about: the identifier there when it follows a `.`, else the name the line destructures, else the last property of its read `res...`. */
function failingField(line: string, column: number): string | undefined {
  const at = /^[A-Za-z_$][A-Za-z0-9_$]*/.exec(line.slice(column))?.[0];
  if (at && /\.\s*$/.test(line.slice(0, column))) return at;
  const destructured = /const \{ ([A-Za-z_$][A-Za-z0-9_$]*)(?::[^}]*)? \}/.exec(line)?.[1];
  if (destructured) return destructured;
  const read = /res((?:\??\.(?:\[[^\]]*\]|[A-Za-z_$][A-Za-z0-9_$]*)|\[[^\]]*\])+)/.exec(line)?.[1] ?? '';
  const names = [...read.matchAll(/\.([A-Za-z_$][A-Za-z0-9_$]*)|\["([^"]+)"\]/g)].map((m) => m[1] ?? m[2]);
  return names.at(-1);
}
