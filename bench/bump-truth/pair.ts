/**
 * One real spec bump as a user meets it: a consumer of the old package (every operation called in
 * three idioms, results read 3 deep: test/generator/migrate/deep-consumer.ts) compiles against it;
 * the package is regenerated from the new spec (ground truth: tsc's errors now); `xgen migrate`
 * runs as the published bin; tsc then checks what is left. Measured: the errors before and after,
 * the uses left that migrate did not list (silent), the listings that say no change explains them,
 * which renames migrate applied (changed lines whose old text holds the old name and new text the
 * new one), and `xgen migrate --dry-run` against `tsc --noEmit` of the same project, paired within
 * each round. The consumer project, generated before and after, is cached by the content hash of
 * both specs and of the generator and consumer sources (bench/.out/bump-truth/consumers/).
 */
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import type { Rename } from '../../generator/diff/change.ts';
import {
  compileProject,
  copyProject,
  deepProject,
  generateProjects,
  type CompileError,
} from '../../test/generator/migrate/consumer-project.ts';
import { listingQuality } from '../../test/generator/migrate/listing-quality.ts';
import { alternate, median, runCommand } from '../lib/measure.ts';
import { OUT, ROOT, XGEN_BIN } from '../lib/setup.ts';

const CONSUMERS = join(OUT, 'bump-truth', 'consumers');
const WORK = join(OUT, 'bump-truth', 'work');

export interface PairRun {
  /** The consumer as written against the old package. */
  program: string;
  lines: number;
  operations: number;
  /** tsc's errors right after regenerating: what the bump breaks in the consumer. */
  broken: number;
  /** The consumer's lines with such an error. */
  brokenLines: Set<number>;
  /** tsc's errors after migrate. */
  left: number;
  /** Errors left that migrate did not list: silent. */
  silent: string[];
  /** Errors left with a listing, and those of them that say no change of the diff explains them. */
  listed: number;
  unexplained: number;
  unexplainedSamples: string[];
  /** Lines migrate changed, before -> after. */
  changed: { before: string; after: string }[];
  /** migrate's listing lines. */
  listing: string[];
  migrateMs: number;
  tscMs: number;
  /** migrate / tsc within each round, median over the rounds. */
  ratio: number;
  migrateExit: number;
  note: string;
  /** Whether the consumer came from the cache. */
  cached: boolean;
}

function sha(...parts: string[]): string {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part).update('\0');
  return hash.digest('hex').slice(0, 16);
}

/** The hash of every file under `dir` but those under `skip` (the generator's sources, what makes a package). */
function treeHash(dir: string, skip: string): string {
  const hash = createHash('sha256');
  const walk = (d: string) => {
    for (const name of readdirSync(d).sort()) {
      const path = join(d, name);
      if (path === skip) continue;
      if (statSync(path).isDirectory()) walk(path);
      else hash.update(path.slice(ROOT.length)).update(readFileSync(path));
    }
  };
  walk(dir);
  return hash.digest('hex');
}

let sourcesKey: string | undefined;
/** What the cached projects depend on: the generator less migrate (which only reads them), the consumer's writers, the lockfile. */
function sources(): string {
  const consumer = join(ROOT, 'test', 'generator', 'migrate');
  sourcesKey ??= sha(
    treeHash(join(ROOT, 'generator'), join(ROOT, 'generator', 'migrate')),
    ...['consumer-project.ts', 'deep-consumer.ts', 'derived-consumer.ts'].map((f) =>
      readFileSync(join(consumer, f), 'utf8'),
    ),
    readFileSync(join(ROOT, 'package-lock.json'), 'utf8'),
  );
  return sourcesKey;
}

/** The consumer project of `oldSpec`, regenerated from `newSpec`, from the cache or made now; a fresh copy in the work folder. */
async function project(
  slug: string,
  oldSpec: string,
  newSpec: string,
): Promise<{ dir: string; program: string; operations: number; cached: boolean }> {
  const key = sha(sources(), readFileSync(oldSpec, 'utf8'), readFileSync(newSpec, 'utf8'));
  const cached = join(CONSUMERS, key);
  const hit = existsSync(join(cached, 'program.json'));
  if (!hit) {
    const building = `${cached}.building`;
    rmSync(building, { recursive: true, force: true });
    const program = await deepProject(building, oldSpec);
    await generateProjects([{ dir: building, spec: newSpec }]);
    writeFileSync(
      join(building, 'program.json'),
      JSON.stringify({ text: program.text, operations: program.ranges.length }),
    );
    renameSync(building, cached);
  }
  const dir = join(WORK, slug);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(WORK, { recursive: true });
  copyProject(cached, dir);
  const saved = JSON.parse(readFileSync(join(cached, 'program.json'), 'utf8')) as {
    text: string;
    operations: number;
  };
  return { dir, program: saved.text, operations: saved.operations, cached: hit };
}

/** Runs one pair: ground truth, timing (`rounds` paired rounds after a warm-up), the real migrate, what is left. */
export async function runPair(
  slug: string,
  oldSpec: string,
  newSpec: string,
  rounds: { warmup: number; runs: number },
): Promise<PairRun> {
  const { dir, program, operations, cached } = await project(slug, oldSpec, newSpec);
  const consumer = join(dir, 'src', 'consumer.ts');
  const brokenErrors = compileProject(dir);
  const broken = brokenErrors.length;
  const brokenLines = new Set(brokenErrors.map((e) => Number(e.at.split(':')[1])));
  const args = {
    migrate: [XGEN_BIN, 'migrate', '--dry-run'],
    tsc: [join(ROOT, 'node_modules/typescript/bin/tsc'), '--noEmit', '-p', 'tsconfig.json'],
  };
  const timed = await alternate(['migrate', 'tsc'] as const, rounds, (which) =>
    runCommand(process.execPath, args[which], { cwd: dir }),
  );
  const m = timed.get('migrate')!.map((r) => r.ms);
  const t = timed.get('tsc')!.map((r) => r.ms);
  const ratios = m.map((v, i) => v / (t[i] as number));
  const before = readFileSync(consumer, 'utf8');
  const run = await runCommand(process.execPath, [XGEN_BIN, 'migrate'], { cwd: dir });
  const after = readFileSync(consumer, 'utf8');
  const output = (run.stdout + run.stderr).split('\n');
  const errors: CompileError[] = compileProject(dir);
  const quality = listingQuality(program, errors, output);
  const listing = output.filter((l) => /^src\/.+?:\d+:\d+: /.test(l) || /^.+consumer\.ts:\d+:\d+: /.test(l));
  const unexplainedSamples = listing.filter((l) => /no change of the diff explains this/.test(l)).slice(0, 3);
  return {
    program,
    lines: before.split('\n').length,
    operations,
    broken,
    brokenLines,
    left: errors.length,
    silent: quality.unlisted,
    listed: errors.length - quality.unlisted.length,
    unexplained: quality.unexplained,
    unexplainedSamples,
    changed: changedLines(before, after),
    listing,
    migrateMs: median(m),
    tscMs: median(t),
    ratio: median(ratios),
    migrateExit: run.code,
    note: output.find((l) => /nothing to migrate|spec .* -> /.test(l)) ?? '',
    cached,
  };
}

/** The lines migrate changed (the consumer's line count stays: migrate rewrites names in place). */
function changedLines(before: string, after: string): { before: string; after: string }[] {
  const a = before.split('\n');
  const b = after.split('\n');
  if (a.length !== b.length) return [{ before: `${a.length} lines`, after: `${b.length} lines` }];
  return a.flatMap((line, i) => (line === b[i] ? [] : [{ before: line, after: b[i] as string }]));
}

/** The old and the new name a rename writes in code (`client.tweets.list` -> `client.posts.list` for a method). */
export function renameWords(rename: Rename): [string, string] {
  switch (rename.kind) {
    case 'method':
      return [`${rename.from.group}.${rename.from.method}`, `${rename.to.group}.${rename.to.method}`];
    case 'operation':
      return [rename.from, rename.to];
    default:
      return [String(rename.from), String(rename.to)];
  }
}

const word = (name: string) =>
  new RegExp(`(?<![A-Za-z0-9_$])${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![A-Za-z0-9_$])`);

/** Whether migrate applied the rename: a changed line whose old text has the old name and whose new text has the new one in its place. */
export function applied(rename: Rename, changed: readonly { before: string; after: string }[]): number {
  const [from, to] = renameWords(rename);
  const f = word(from);
  const t = word(to);
  return changed.filter((c) => f.test(c.before) && t.test(c.after) && !t.test(c.before)).length;
}

/** Whether the consumer uses the rename's old name at all (as a word). */
export function used(rename: Rename, program: string): boolean {
  return word(renameWords(rename)[0]).test(program);
}

/**
 * Whether the uses of the rename's old name still compile after regenerating: the package kept the
 * name (a regenerated package keeps its method names where the spec-to-spec diff would rename them).
 */
export function stillCompiles(rename: Rename, program: string, brokenLines: ReadonlySet<number>): boolean {
  const f = word(renameWords(rename)[0]);
  return program.split('\n').every((line, i) => !f.test(line) || !brokenLines.has(i + 1));
}
