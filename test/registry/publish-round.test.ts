/**
 * The route a generated package takes in a team: published to a registry, installed by another
 * repo, upgraded across majors, migrated with `npx xgen migrate <package>`.
 *
 * A real registry (Verdaccio, test/helpers/registry.ts) holds xgen itself (the tarball that `npm
 * publish` of this checkout uploads: prepublishOnly, then the pack) and a package generated from
 * X's 2.147 spec. A consumer repo of its own (its git, an empty npm cache) installs both and
 * compiles a program written for 1.0.0. Two majors follow:
 * 2.0.0 (X's 2.159, with a parameter renamed by an overlay) and 3.0.0 (that parameter renamed
 * again, a tag and a schema renamed). The consumer upgrades straight to 3.0.0, commits the upgrade
 * (as a Renovate pull request does) and runs the xgen it installed, which finds 1.0.0 in the
 * lockfile's history: the renames of both majors are applied, tsc fails only on the lines migrate listed
 * (each a field X removed), and a second run changes nothing. Republishing a version stops.
 */
import { execFile } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { test } from '../helpers/uvu.ts';
import * as assert from 'uvu/assert';
import { hashTree, removeDir, ROOT, tempDir, writeTree } from '../helpers/cli.ts';
import { type Registry, startRegistry } from '../helpers/registry.ts';
import { xgenTarball } from '../helpers/xgen-tarball.ts';

const run = promisify(execFile);
const NPM = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const NPX = process.platform === 'win32' ? 'npx.cmd' : 'npx';
const REFERENCE = join(ROOT, 'test', 'fixtures', 'reference');
const OVERLAYS = join(ROOT, 'test', 'fixtures', 'registry');

/** Written for 1.0.0: a renamed group, method, parameter and type, and a field 2.0.0 removes. */
const PROGRAM = `import { XClient, type Get2TrendsByWoeidWoeidResponse } from '@acme/x';

const client = new XClient({ auth: { bearerToken: 'token' } });

/** The trends of a place, as 1.0.0 names them. */
export type Trends = Get2TrendsByWoeidWoeidResponse;

export async function trends(): Promise<number> {
  const result = await client.trends.getByWoeid({ woeid: 1, max_trends: 10 });
  return result.data?.length ?? 0;
}

export async function personal(): Promise<number> {
  const result = await client.trends.getPersonalizedTrends({});
  return result.data?.length ?? 0;
}

export async function recent(): Promise<number> {
  const result = await client.tweets.searchPostsRecent({ query: 'xgen', sort_order: 'recency' });
  return result.data?.length ?? 0;
}

export async function killed(): Promise<boolean | undefined> {
  const result = await client.connections.deleteAll();
  return result.data?.killed_connections;
}
`;

/** How long each step took, printed once at the end: the round must stay well under a minute. */
const timings: string[] = [];
let clock = 0;
async function timed<T>(name: string, task: () => Promise<T>): Promise<T> {
  const start = performance.now();
  const result = await task();
  timings.push(`${name} ${((performance.now() - start) / 1000).toFixed(1)} s`);
  return result;
}
function phase(name: string): void {
  const now = performance.now();
  if (clock !== 0) timings.push(`${name} ${((now - clock) / 1000).toFixed(1)} s`);
  clock = now;
}

let work = '';
let registry: Registry | undefined;
/** The publishing side's environment, and the consumer's (the same but for its empty cache). */
let env: NodeJS.ProcessEnv = {};
let appEnv: NodeJS.ProcessEnv = {};

test.before(() => {
  work = tempDir('registry');
});
test.after(async () => {
  if (timings.length > 0) console.log(`registry round: ${timings.join(', ')}`);
  await registry?.stop();
  removeDir(work);
});

interface Result {
  code: number;
  stdout: string;
  stderr: string;
}

async function sh(
  cmd: string,
  args: string[],
  cwd: string,
  allowFailure = false,
  environment = env,
): Promise<Result> {
  try {
    // Generous: on a loaded machine an install through the registry from an empty cache is slow.
    const { stdout, stderr } = await run(cmd, args, {
      cwd,
      env: environment,
      timeout: 600_000,
      maxBuffer: 1 << 26,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code?: number; killed?: boolean; signal?: string; stdout?: string; stderr?: string };
    const result = {
      code: typeof e.code === 'number' ? e.code : -1,
      stdout: e.stdout ?? '',
      stderr: e.stderr ?? '',
    };
    if (e.killed || e.signal)
      throw new Error(
        `${cmd} ${args.join(' ')} in ${cwd}: stopped by ${e.signal ?? 'a timeout'} after 600 s (is the upstream registry reachable?)\n${result.stderr.slice(-3000)}`,
      );
    if (allowFailure) return result;
    throw new Error(
      `${cmd} ${args.join(' ')} in ${cwd}: exit ${String(e.code)}\n${result.stdout.slice(-3000)}\n${result.stderr.slice(-3000)}`,
    );
  }
}

/**
 * The generating repo's three releases, one after the other (each version is decided against the
 * one before it, from the snapshot and history the repo keeps). Each generated package is copied
 * aside as it is, to be published once the registry is up: generation needs no registry, so it
 * runs while Verdaccio starts and xgen publishes. Each runs `xgen generate` from the sources in a
 * process of its own (as `npm run xgen` does), so that the round's own event loop stays free to
 * start the next command as soon as one ends.
 */
function generateReleases(releases: [spec: string, overlays: string[]][]): Promise<string>[] {
  const repo = join(work, 'generating');
  let previous: Promise<unknown> = Promise.resolve();
  return releases.map(([spec, overlays]) => {
    const made = previous.then(async () => {
      const overlayList =
        overlays.length > 0
          ? `    overlays: [${overlays.map((o) => JSON.stringify(join(OVERLAYS, o))).join(', ')}]\n`
          : '';
      writeTree(repo, [
        [
          'xgen.config.yaml',
          `packages:\n  - spec: ${JSON.stringify(join(REFERENCE, spec))}\n    out: out/x\n    name: '@acme/x'\n    client: XClient\n${overlayList}`,
        ],
      ]);
      const generated = await sh(
        process.execPath,
        [
          '--import',
          'tsx',
          join(ROOT, 'generator', 'cli', 'main.ts'),
          'generate',
          '--config',
          join(repo, 'xgen.config.yaml'),
        ],
        ROOT,
        true,
        process.env,
      );
      assert.is(generated.code, 0, generated.stdout + generated.stderr);
      const { version } = JSON.parse(readFileSync(join(repo, 'out', 'x', 'package.json'), 'utf8')) as {
        version: string;
      };
      const copy = join(work, 'releases', version);
      cpSync(join(repo, 'out', 'x'), copy, { recursive: true });
      return copy;
    });
    previous = made.catch(() => undefined);
    return made;
  });
}

/** Publishes a generated package as it is; gives its version. */
async function publish(dir: string): Promise<string> {
  await sh(NPM, ['publish', dir], work);
  return (JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { version: string }).version;
}

/**
 * The consumer's native tsc (TypeScript 7, installed in `app` with xgen: a fifth of 5.9's processor
 * on the same check) on the project in `dir`.
 */
const tsc = (app: string, dir = app) =>
  sh(
    process.execPath,
    [join(app, 'node_modules', 'typescript-native', 'bin', 'tsc'), '--noEmit', '-p', 'tsconfig.json'],
    dir,
    true,
    appEnv,
  );

/** `file(line,col): error` lines of tsc, as `file:line`. */
const errorLines = (output: string) =>
  [...output.matchAll(/^(\S+)\((\d+),\d+\): error/gm)].map((m) => `${m[1]}:${m[2]}`).sort();

test('publish, install from the registry, upgrade across two majors, npx xgen migrate', async () => {
  phase('start');
  // Nothing from the npm that runs the tests; each side has a cache of its own, the consumer's empty.
  env = Object.fromEntries(
    Object.entries(process.env).filter(([key]) => !/^npm_(config|package|lifecycle)_/i.test(key)),
  );
  Object.assign(env, {
    npm_config_cache: join(work, 'npm-cache-publisher'),
    npm_config_audit: 'false',
    npm_config_fund: 'false',
    npm_config_update_notifier: 'false',
  });
  // 1.0.0 from X's 2.147; 2.0.0 from X's 2.159 with a parameter renamed; 3.0.0 with more renames on top.
  const releases = generateReleases([
    ['x-openapi-2.147.json', []],
    ['x-openapi-2.159.json', ['search-order.overlay.yaml']],
    ['x-openapi-2.159.json', ['search-order.overlay.yaml', 'topics.overlay.yaml']],
  ]);
  // xgen's tarball as `npm publish` in a checkout makes it before uploading (its prepublishOnly
  // script builds dist/, then the pack; once for the run's files). Neither needs the registry, so
  // this runs while Verdaccio starts, and the upload is all that is left for when it is up.
  const packed = timed('build and pack xgen', () => xgenTarball(() => join(work, 'xgen-tarball')));
  // Settled either way at once, so that a failure before they are awaited is not unhandled.
  for (const pending of [...releases, packed]) pending.catch(() => undefined);
  registry = await timed('start verdaccio', () => startRegistry(join(work, 'registry')));
  // Only this registry and its token.
  Object.assign(env, { npm_config_userconfig: registry.npmrc, npm_config_registry: registry.url });
  appEnv = { ...env, npm_config_cache: join(work, 'npm-cache') };

  // xgen itself, as `npm publish` from this checkout publishes it, beside 1.0.0.
  await Promise.all([
    timed('publish xgen', async () => sh(NPM, ['publish', await packed], work)),
    timed('generate and publish 1.0.0', async () => assert.is(await publish(await releases[0]!), '1.0.0')),
  ]);

  // The consumer: its own repo, installing from the registry with an empty cache, compiled against
  // 1.0.0 and committed, while the two majors are published (or still generating).
  const app = join(work, 'app');
  const consumer = async (): Promise<void> => {
    mkdirSync(join(app, 'src'), { recursive: true });
    writeTree(app, [
      ['package.json', JSON.stringify({ name: 'consumer', private: true, type: 'module' }, null, 2)],
      [
        'tsconfig.json',
        JSON.stringify(
          {
            compilerOptions: {
              strict: true,
              module: 'nodenext',
              moduleResolution: 'nodenext',
              target: 'es2022',
              skipLibCheck: true,
              types: [],
            },
            include: ['src'],
          },
          null,
          2,
        ),
      ],
      ['src/app.ts', PROGRAM],
    ]);
    await timed('install (empty cache)', () =>
      sh(NPM, ['install', '--save-exact', '@acme/x@^1.0.0', 'xgen'], app, false, appEnv),
    );
    const installed = JSON.parse(
      readFileSync(join(app, 'node_modules', '@acme', 'x', 'package.json'), 'utf8'),
    ) as { version: string };
    assert.is(installed.version, '1.0.0', '^1.0.0 installs 1.0.0 whatever majors the registry holds');
    const first = await tsc(app);
    assert.is(first.code, 0, `the program compiles against 1.0.0\n${first.stdout}`);
    await sh('git', ['init', '-q'], app);
    writeFileSync(join(app, '.gitignore'), 'node_modules/\n');
    await sh('git', ['add', '-A'], app);
    await sh(
      'git',
      ['-c', 'user.email=ci@example.com', '-c', 'user.name=ci', 'commit', '-qm', 'consumer on 1.0.0'],
      app,
    );
  };
  // The majors, then a version already there: the refusal needs nothing from the consumer.
  const majors = async (): Promise<void> => {
    const published = [await publish(await releases[1]!), await publish(await releases[2]!)];
    assert.equal(published, ['2.0.0', '3.0.0']);
    const again = await sh(NPM, ['publish', await releases[2]!], work, true);
    assert.is.not(again.code, 0, 'republishing 3.0.0 fails');
    assert.match(again.stderr, /cannot publish over|already present|previously published/i);
  };
  await Promise.all([
    timed('consumer on 1.0.0', consumer),
    timed('generate and publish 2.0.0 and 3.0.0, republish refused', majors),
  ]);
  phase('1.0.0 consumer and the majors');

  // Straight to the last major, committed before migrating (as a Renovate or Dependabot pull request
  // has it): migrate finds the version the code was written for in the lockfile's history.
  await sh(NPM, ['install', '--save-exact', '@acme/x@3.0.0'], app, false, appEnv);
  await sh('git', ['add', '-A'], app);
  await sh(
    'git',
    ['-c', 'user.email=ci@example.com', '-c', 'user.name=ci', 'commit', '-qm', 'update @acme/x to 3.0.0'],
    app,
  );
  phase('upgrade, committed');
  // The program as 1.0.0 had it does not compile against 3.0.0: checked on a copy beside the app
  // (its node_modules linked), while migrate rewrites the original.
  const unmigrated = join(work, 'unmigrated');
  writeTree(unmigrated, [
    ['tsconfig.json', readFileSync(join(app, 'tsconfig.json'), 'utf8')],
    ['src/app.ts', PROGRAM],
  ]);
  symlinkSync(join(app, 'node_modules'), join(unmigrated, 'node_modules'), 'junction');
  const [broken, migrate] = await Promise.all([
    tsc(app, unmigrated),
    sh(NPX, ['xgen', 'migrate', '@acme/x'], app, true, appEnv),
  ]);
  assert.is.not(broken.code, 0, 'the 1.0.0 program does not compile against 3.0.0 as it is');
  assert.ok(errorLines(broken.stdout).length > 0, broken.stdout);
  assert.not.match(broken.stdout, /TS2307/, 'the copy resolves the installed package');
  phase('tsc beside npx xgen migrate');
  const out = migrate.stdout + migrate.stderr;
  assert.is(migrate.code, 1, `uses are left to migrate by hand\n${out}`);
  assert.ok(
    migrate.stdout.startsWith(
      '@acme/x: package-lock.json in the last commit already locks 3.0.0; migrating from 1.0.0, locked before ',
    ),
    out,
  );
  assert.ok(
    migrate.stdout.includes('\n@acme/x: 1.0.0 -> 3.0.0 across 2.0.0 (spec 2.159), 3.0.0 (spec 2.159)\n'),
    out,
  );
  const code = readFileSync(join(app, 'src', 'app.ts'), 'utf8');
  assert.ok(
    code.includes('client.topics.getTrendsByWoeid({ woeid: 1, max_trends: 10 })'),
    `group and method renamed in 3.0.0\n${code}`,
  );
  assert.ok(
    code.includes("client.tweets.searchPostsRecent({ query: 'xgen', result_order: 'recency' })"),
    `a parameter renamed in 2.0.0 then 3.0.0\n${code}`,
  );
  assert.ok(code.includes('client.topics.getTrendsPersonalizedTrends({})'), code);
  assert.ok(
    code.includes('type TrendsResponse }') && code.includes('export type Trends = TrendsResponse;'),
    code,
  );

  // What is left: only the lines migrate listed, each explained by a removal. A second run changes
  // nothing: it runs beside the compile, which only reads (a write would fail the hash check).
  const listed = [...out.matchAll(/^(src\/app\.ts):(\d+):\d+: (.*)$/gm)];
  assert.ok(listed.length > 0, out);
  for (const [, , , message] of listed) assert.match(message ?? '', /removed/, out);
  const before = hashTree(join(app, 'src'));
  const [after, second] = await Promise.all([
    tsc(app),
    sh(NPX, ['xgen', 'migrate', '@acme/x'], app, true, appEnv),
  ]);
  assert.equal(
    errorLines(after.stdout),
    [...new Set(listed.map((m) => `${m[1]}:${m[2]}`))].sort(),
    `tsc errors on the listed lines only\n${after.stdout}\n${out}`,
  );
  assert.ok(
    code.split('\n')[Number(listed[0]?.[2]) - 1]?.includes('killed_connections'),
    'the field X removed in 2.159',
  );
  assert.is(second.code, migrate.code, 'the same uses are left');
  assert.ok(second.stderr.includes('0 uses migrated in 0 files'), second.stdout + second.stderr);
  assert.equal([...hashTree(join(app, 'src'))], [...before], 'a second run changes nothing');
  phase('tsc beside the second migrate');
});

test.run();
