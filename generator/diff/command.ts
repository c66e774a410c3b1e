import type { ModelOptions } from '../model/index.ts';
import { diffSpecs } from './compare.ts';
import type { Level } from './change.ts';
import { levelCounts, renderJson, renderText } from './render.ts';

export const DIFF_USAGE =
  'xgen diff <old-spec|-> <new-spec> | --base <git-ref> <spec> [--json] [--fail-on breaking|feature] [--config <file> [--package <name>]]';

/** The options of `xgen diff`, as the command line read them (generator/cli/main.ts FLAGS.diff). */
export interface DiffOptions {
  /** The old spec and the new one. */
  old: string;
  new: string;
  json: boolean;
  failOn?: 'breaking' | 'feature';
  /** The `names:` of the package given by `--config` (and `--package`), as the command line read them. */
  names?: Pick<ModelOptions, 'names' | 'namesAt'>;
}

/**
 * `xgen diff <old-spec> <new-spec> [--json] [--fail-on breaking|feature] [--config <file> [--package
 * <name>]]`: with a config, the methods are named as that package's `names:` says. Prints the changes and
 * the bump; returns 1 when `--fail-on` names a level that is reached, after one line on stderr
 * saying what failed it (stdout stays the report alone, so `--json` output parses). Bad specs throw
 * SpecError(s): the command line reports them as it does for `generate`.
 */
export function runDiff(
  { old, new: next, json, failOn, names = {} }: DiffOptions,
  out: (line: string) => void,
  err: (line: string) => void = out,
): number {
  const report = diffSpecs(old, next, names);
  out(json ? renderJson(report) : renderText(report));
  if (failOn === undefined) return 0;
  const levels: Level[] = failOn === 'breaking' ? ['breaking'] : ['breaking', 'feature'];
  const failing = report.changes.filter((c) => levels.includes(c.level));
  if (failing.length === 0) return 0;
  err(
    `failing: ${levelCounts(failing)
      .replace(/^(\d+) breaking/, (_, n: string) => `${n} breaking ${n === '1' ? 'change' : 'changes'}`)
      .replace(', ', ' and ')} (--fail-on ${failOn})`,
  );
  return 1;
}
