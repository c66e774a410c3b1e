import { UsageError } from '../errors.ts';
import type { ModelOptions } from '../model/index.ts';
import { diffSpecs } from './compare.ts';
import type { Level } from './change.ts';
import { levelCounts, renderJson, renderText } from './render.ts';

export const DIFF_USAGE = 'xgen diff <old-spec> <new-spec> [--json] [--fail-on breaking|feature] [--config <file> [--package <name>]]';

/** The `names:` of the package a config lists (`--package` picks one of several); the command line reads the config. */
export type PackageNames = (config: string, packageName: string | undefined) => Pick<ModelOptions, 'names' | 'namesAt'>;

/**
 * `xgen diff <old-spec> <new-spec> [--json] [--fail-on breaking|feature] [--config <file> [--package
 * <name>]]`: with a config, the methods are named as that package's `names:` says. Prints the changes and
 * the bump; returns 1 when `--fail-on` names a level that is reached, after one line on stderr
 * saying what failed it (stdout stays the report alone, so `--json` output parses). Bad arguments
 * throw UsageError, bad specs SpecError(s): the command line reports both as it does for `generate`.
 */
export function runDiff(args: string[], out: (line: string) => void, err: (line: string) => void = out, packageNames?: PackageNames): number {
  const files: string[] = [];
  let json = false;
  let failOn: 'breaking' | 'feature' | undefined;
  let config: string | undefined;
  let packageName: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    const match = /^--([a-z-]+)(?:=(.*))?$/.exec(arg);
    if (!match) {
      files.push(arg);
      continue;
    }
    if (match[1] === 'json' && match[2] === undefined) json = true;
    else if (match[1] === 'fail-on') {
      const value = match[2] ?? args[++i];
      if (value !== 'breaking' && value !== 'feature') throw new UsageError(`--fail-on takes breaking or feature, got ${value === undefined ? 'nothing' : `"${value}"`}`);
      failOn = value;
    } else if (match[1] === 'config' || match[1] === 'package') {
      const value = match[2] ?? args[++i];
      if (value === undefined || value === '' || value.startsWith('--')) throw new UsageError(`--${match[1]} needs a value`);
      if (match[1] === 'config') config = value;
      else packageName = value;
    } else throw new UsageError(`unknown option ${arg} for diff (${DIFF_USAGE})`);
  }
  if (files.length !== 2) throw new UsageError(`diff takes two specs, the old and the new (${DIFF_USAGE})`);
  if (packageName !== undefined && config === undefined) throw new UsageError(`--package needs --config (${DIFF_USAGE})`);
  if (config !== undefined && !packageNames) throw new UsageError(`--config is read by the command line (${DIFF_USAGE})`);
  const names = config !== undefined && packageNames ? packageNames(config, packageName) : {};
  const report = diffSpecs(files[0] as string, files[1] as string, names);
  out(json ? renderJson(report) : renderText(report));
  if (failOn === undefined) return 0;
  const levels: Level[] = failOn === 'breaking' ? ['breaking'] : ['breaking', 'feature'];
  const failing = report.changes.filter((c) => levels.includes(c.level));
  if (failing.length === 0) return 0;
  err(`failing: ${levelCounts(failing).replace(/^(\d+) breaking/, (_, n: string) => `${n} breaking ${n === '1' ? 'change' : 'changes'}`).replace(', ', ' and ')} (--fail-on ${failOn})`);
  return 1;
}
