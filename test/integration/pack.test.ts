/**
 * "From another repo": pack the generator with `npm pack`, install the tarball in a fresh project,
 * run `npm run generate` there, type-check a consumer against the generated package with the
 * repo's TypeScript, and run the generated JavaScript with plain node against a loopback server;
 * then consume the package as the README says (a file: dependency imported by name) under each
 * moduleResolution setting the README lists.
 * Consumers compile with both TypeScripts a consumer may have: 5.9 (node10, which TypeScript 7 no
 * longer has) and 7 (every other setting, the strict consumer's first; about a fifth of 5.9's
 * processor time each). Each skips checking TypeScript's own lib files (`--skipDefaultLibCheck`,
 * half of a compile's processor): nothing the package declares can be wrong there, and its own
 * declarations, @types/node's and the consumer's are all checked.
 * Slow (an npm install); everything it creates lives under one temp folder that is removed.
 */
import { execFile } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { test } from '../helpers/uvu.ts';
import * as assert from 'uvu/assert';
import { removeDir, ROOT, tempDir } from '../helpers/cli.ts';
import { shellBlocks } from '../helpers/docs-commands.ts';
import { startServer } from '../helpers/server.ts';
import { xgenTarball } from '../helpers/xgen-tarball.ts';

const run = promisify(execFile);
const NPM = process.platform === 'win32' ? 'npm.cmd' : 'npm';
/**
 * Each tsc by path: typescript-native (TypeScript 7) installs a `tsc` command too. TypeScript 7 is
 * given --ignoreConfig: the project lies inside this checkout, whose tsconfig.json it finds above and
 * otherwise refuses to pass over (TS5112) when files are named.
 */
const TSC59 = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
const TSC7 = join(ROOT, 'node_modules', 'typescript-native', 'bin', 'tsc');
let work = '';
let project = '';
test.before(() => {
  work = tempDir('pack');
  project = join(work, 'project');
});
test.after(() => removeDir(work));

interface Step {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs one command; a timeout or (unless `allowFailure`) a non-zero exit fails with what it printed. */
async function step(
  what: string,
  cmd: string,
  args: string[],
  cwd: string,
  timeoutMs: number,
  allowFailure = false,
): Promise<Step> {
  try {
    const { stdout, stderr } = await run(cmd, args, { cwd, timeout: timeoutMs, maxBuffer: 64 * 1024 * 1024 });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as {
      code?: number | string;
      killed?: boolean;
      signal?: string;
      stdout?: string;
      stderr?: string;
    };
    const result = {
      code: typeof e.code === 'number' ? e.code : -1,
      stdout: e.stdout ?? '',
      stderr: e.stderr ?? '',
    };
    if (e.killed || e.signal === 'SIGTERM') {
      throw new Error(
        `${what}: timed out after ${timeoutMs / 1000} s (${cmd} ${args.join(' ')} in ${cwd}). Is the npm registry reachable?\n${result.stderr.slice(-2000)}`,
      );
    }
    if (allowFailure) return result;
    throw new Error(
      `${what}: exit ${String(e.code)} (${cmd} ${args.join(' ')} in ${cwd})\n${result.stdout.slice(-2000)}\n${result.stderr.slice(-4000)}`,
    );
  }
}

test('npm pack -> npm install in another project -> npm run generate -> type-check and run the output', async () => {
  // 1. Pack the generator: `npm run pack` builds dist/ (tsconfig.build.json), then runs npm pack (once
  //    for the run's files that install or publish it).
  const tarball = await xgenTarball(() => join(work, 'tarball'));
  const listing = await step('tar -tzf', 'tar', ['-tzf', tarball], work, 30_000);
  for (const file of [
    'package/bin/xgen.js',
    'package/bin/sources-hash.js',
    'package/dist/generator/cli/main.js',
    'package/dist/sources.sha256',
    'package/templates/runtime/http.ts.hbs',
  ]) {
    assert.ok(listing.stdout.split('\n').includes(file), `the tarball holds ${file}`);
  }
  // X's specs ship (`--spec xgen:core-v2`); tests and generated output do not.
  for (const file of ['package/spec/core-v2.yaml', 'package/spec/ads-v12.yaml'])
    assert.ok(listing.stdout.split('\n').includes(file), `the tarball holds ${file}`);
  assert.not.ok(
    /^package\/(test|generated)\//m.test(listing.stdout),
    'no tests or generated output in the tarball',
  );

  // 2. A project of its own: package.json, spec, config.
  mkdirSync(join(project, 'spec'), { recursive: true });
  writeFileSync(
    join(project, 'package.json'),
    JSON.stringify(
      { name: 'xgen-consumer', private: true, type: 'module', scripts: { generate: 'xgen generate' } },
      null,
      2,
    ),
  );
  copyFileSync(
    join(ROOT, 'test', 'fixtures', 'mini', 'petstore.yaml'),
    join(project, 'spec', 'petstore.yaml'),
  );
  writeFileSync(
    join(project, 'xgen.config.yaml'),
    "packages:\n  - spec: spec/petstore.yaml\n    out: packages/petstore\n    name: '@acme/petstore'\n    client: PetstoreClient\n",
  );

  // 3. Install the tarball there (its dependencies come from the registry or the npm cache).
  await step(
    'npm install <tarball>',
    NPM,
    ['install', tarball, '--no-audit', '--no-fund', '--prefer-offline'],
    project,
    180_000,
  );
  assert.ok(
    existsSync(join(project, 'node_modules', '.bin', process.platform === 'win32' ? 'xgen.cmd' : 'xgen')),
    'the xgen bin is linked',
  );

  // 4. Generate through the installed bin, then check it the way CI would, then a usage error.
  // Its own cache folder: had the bin passed over dist/ (as when it judged by modification times, which
  // npm does not keep in build order), it would compile the sources into <cache>/js/.
  const cacheDir = join(work, 'xgen-cache');
  process.env.XGEN_CACHE_DIR = cacheDir;
  let generated: Step;
  try {
    generated = await step('npm run generate', NPM, ['run', 'generate'], project, 60_000);
  } finally {
    delete process.env.XGEN_CACHE_DIR;
  }
  assert.match(generated.stdout, 'packages/petstore: wrote @acme/petstore');
  assert.not.ok(
    existsSync(join(cacheDir, 'js')),
    'the installed xgen ran dist/, without compiling its sources',
  );
  const xgen = join(project, 'node_modules', '.bin', 'xgen');
  const check = await step('xgen generate --check', xgen, ['generate', '--check'], project, 60_000);
  assert.match(check.stdout, 'packages/petstore: up to date');
  const usage = await step('xgen with a bad flag', xgen, ['generate', '--nope'], project, 30_000, true);
  assert.is(usage.code, 2, 'a usage error exits 2 from the real process');
  assert.match(usage.stderr, 'xgen: unknown option --nope');

  // 5. A consumer type-checks against the generated declarations (strict), including a call that must not.
  writeFileSync(
    join(project, 'main.ts'),
    `import { ApiError, PetStatus, PetstoreClient, operations, type Pet } from './packages/petstore/dist/index.js';

const client = new PetstoreClient({ baseUrl: 'http://127.0.0.1:8080', auth: { bearerToken: 'token' }, timeoutMs: 1000 });

export async function demo(): Promise<string[]> {
  const pets: Pet[] = await client.pets.list({ limit: 10 });
  const pet: Pet = await client.pets.get({ pet_id: '1' });
  const created = await client.pets.create({ name: 'Rex', status: 'available' });
  const id: string = created.id;
  // A status read from the API is open (the API may add values); a listed one still narrows.
  const status: string | undefined = pet.status;
  const listed: PetStatus | undefined = pet.status === 'sold' ? pet.status : undefined;
  void listed;
  // @ts-expect-error pet_id is required
  await client.pets.get({});
  // @ts-expect-error 'lost' is not a PetStatus
  await client.pets.create({ name: 'Rex', status: 'lost' });
  try {
    await client.call('deletePet', { pet_id: id });
  } catch (error) {
    if (error instanceof ApiError) return [String(error.status)];
  }
  return [...pets.map((p) => p.name), String(status), operations.getPet.path, ...PetStatus];
}
`,
  );
  const tsc = process.execPath;
  const flags = [
    '--ignoreConfig',
    '--noEmit',
    '--skipDefaultLibCheck',
    '--strict',
    '--target',
    'es2022',
    '--module',
    'nodenext',
    '--moduleResolution',
    'nodenext',
    '--lib',
    'es2022,dom',
    '--types',
    'node',
    '--typeRoots',
    join(ROOT, 'node_modules', '@types'),
  ];
  await step('tsc 7 on the consumer', tsc, [TSC7, ...flags, 'main.ts'], project, 60_000);
  // The check is real: a wrong call fails it.
  writeFileSync(
    join(project, 'wrong.ts'),
    "import { PetstoreClient } from './packages/petstore/dist/index.js';\nnew PetstoreClient().pets.get({ pet_id: 1 });\n",
  );
  const wrong = await step(
    'tsc 7 on a wrong consumer',
    tsc,
    [TSC7, ...flags, 'wrong.ts'],
    project,
    60_000,
    true,
  );
  assert.is.not(wrong.code, 0, 'a wrongly typed call does not type-check');
  assert.match(
    wrong.stdout,
    /^wrong\.ts\(2,\d+\): error TS2322: Type 'number' is not assignable to type 'string'\./m,
    wrong.stdout,
  );

  // 6. The compiled package runs in plain node: a real request over loopback, to a server this test starts.
  writeFileSync(
    join(project, 'run.mjs'),
    `import { ApiError, PetstoreClient, operations } from './packages/petstore/dist/index.js';

const client = new PetstoreClient({ baseUrl: process.argv[2], auth: { bearerToken: 'secret-token' }, maxRetries: 0 });
const pet = await client.pets.get({ pet_id: '7' });
let missing;
try {
  await client.pets.get({ pet_id: '8' });
} catch (error) {
  missing = error instanceof ApiError ? error.status : String(error);
}
console.log(JSON.stringify({ pet, missing, ids: Object.keys(operations).sort() }));
`,
  );
  const server = await startServer((request) =>
    request.path === '/v1/pets/7'
      ? { body: { id: '7', name: 'Rex', status: 'sold' } }
      : {
          status: 404,
          body: { title: 'Not Found', detail: 'no such pet', type: 'about:blank', status: 404 },
        },
  );
  const ran = await step('node run.mjs', process.execPath, ['run.mjs', server.url], project, 30_000).finally(
    () => server.close(),
  );
  const result = JSON.parse(ran.stdout.trim().split('\n').pop() ?? '{}');
  assert.equal(result.pet, { id: '7', name: 'Rex', status: 'sold' });
  assert.is(result.missing, 404);
  const first = server.requests[0];
  assert.equal(
    { method: first?.method, url: first?.url, auth: first?.headers.authorization },
    { method: 'GET', url: '/v1/pets/7', auth: 'Bearer secret-token' },
  );
  assert.equal(result.ids, ['createPets', 'deletePet', 'getPet', 'listPets']);

  // 7. The README's route for consuming the package: a file: dependency, imported by its name, under every
  //    moduleResolution the README says works (ESM and CommonJS consumers), and run by name with node.
  await step(
    'npm install ./packages/petstore',
    NPM,
    ['install', './packages/petstore', '--no-audit', '--no-fund', '--offline'],
    project,
    120_000,
  );
  const manifest = JSON.parse(readFileSync(join(project, 'package.json'), 'utf8')) as {
    dependencies?: Record<string, string>;
  };
  assert.is(manifest.dependencies?.['@acme/petstore'], 'file:packages/petstore');
  const consumer = `import { PetstoreClient, type Pet } from '@acme/petstore';
import { createCore, getPet } from '@acme/petstore/functions';

export async function demo(): Promise<Pet> {
  const client = new PetstoreClient({ auth: { bearerToken: 'token' } });
  // @ts-expect-error pet_id is a string
  await client.pets.get({ pet_id: 1 });
  return getPet(createCore({ auth: { bearerToken: 'token' } }), { pet_id: '1' });
}
`;
  const settings: [moduleResolution: string, module: string, type: 'module' | 'commonjs'][] = [
    ['nodenext', 'nodenext', 'module'],
    ['nodenext', 'nodenext', 'commonjs'],
    ['node16', 'node16', 'module'],
    ['bundler', 'esnext', 'module'],
    ['node10', 'commonjs', 'commonjs'],
    ['node10', 'esnext', 'module'],
  ];
  for (const [moduleResolution, module, type] of settings) {
    const dir = join(project, `consumer-${moduleResolution}-${type}`);
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ type }));
    writeFileSync(join(dir, 'main.ts'), consumer);
    // TypeScript 7 has no node10.
    const options = [
      ...(moduleResolution === 'node10' ? [TSC59] : [TSC7, '--ignoreConfig']),
      '--noEmit',
      '--skipDefaultLibCheck',
      '--strict',
      '--target',
      'es2022',
      '--lib',
      'es2022,dom',
      '--types',
      'node',
      '--typeRoots',
      join(ROOT, 'node_modules', '@types'),
    ];
    await step(
      `${options[0] === TSC59 ? 'tsc 5.9' : 'tsc 7'} --moduleResolution ${moduleResolution} --module ${module} (${type})`,
      tsc,
      [...options, '--moduleResolution', moduleResolution, '--module', module, join(dir, 'main.ts')],
      dir,
      60_000,
    );
  }
  // The one setting the README says does not work: CommonJS under node16 cannot require an ES module.
  const cjs16 = join(project, 'consumer-node16-commonjs');
  mkdirSync(cjs16, { recursive: true });
  writeFileSync(join(cjs16, 'package.json'), JSON.stringify({ type: 'commonjs' }));
  writeFileSync(join(cjs16, 'main.ts'), consumer);
  const refused = await step(
    'tsc 7 node16 CommonJS',
    tsc,
    [
      TSC7,
      '--ignoreConfig',
      '--noEmit',
      '--skipDefaultLibCheck',
      '--strict',
      '--moduleResolution',
      'node16',
      '--module',
      'node16',
      '--lib',
      'es2022,dom',
      '--types',
      'node',
      '--typeRoots',
      join(ROOT, 'node_modules', '@types'),
      join(cjs16, 'main.ts'),
    ],
    cjs16,
    60_000,
    true,
  );
  assert.match(refused.stdout, 'TS1479', refused.stdout);
  writeFileSync(
    join(project, 'by-name.mjs'),
    "import { PetstoreClient } from '@acme/petstore';\nimport { createCore } from '@acme/petstore/functions';\nconsole.log(typeof PetstoreClient, typeof createCore);\n",
  );
  const byName = await step('node by-name.mjs', process.execPath, ['by-name.mjs'], project, 30_000);
  assert.is(byName.stdout.trim(), 'function function');
});

test("getting started's commands, as written, in the project that installed the tarball: X's core v2 client compiles", async () => {
  const blocks = ['docs/guide/getting-started.md', 'docs/guide/other-repos.md', 'README.md']
    .flatMap((file) => shellBlocks(file))
    .filter((b) => b.marker === 'run by test/integration/pack.test.ts');
  assert.ok(blocks.length >= 4, 'the X client block, the own-spec block, the consumer step, the README');
  // With the result cache on, as a user has it (the test processes turn it off): README's core v2
  // command after getting started's identical one takes the package from the cache, as it would there.
  const { XGEN_CACHE: _off, ...user } = process.env;
  const env = {
    ...user,
    XGEN_CACHE_DIR: join(work, 'xgen-cache'),
    npm_config_prefer_offline: 'true',
    npm_config_audit: 'false',
    npm_config_fund: 'false',
  };
  for (const block of blocks)
    for (const command of block.commands) {
      try {
        await run('bash', ['-c', command], {
          cwd: project,
          env,
          timeout: 180_000,
          maxBuffer: 64 * 1024 * 1024,
        });
      } catch (error) {
        const e = error as { stdout?: string; stderr?: string };
        assert.unreachable(
          `${block.file}:${block.line}: \`${command}\` failed\n${e.stdout ?? ''}\n${e.stderr ?? ''}`,
        );
      }
    }
  const manifest = JSON.parse(readFileSync(join(project, 'package.json'), 'utf8')) as {
    dependencies?: Record<string, string>;
  };
  assert.is(manifest.dependencies?.['@acme/x'], 'file:packages/x');
  const x = JSON.parse(readFileSync(join(project, 'packages', 'x', 'package.json'), 'utf8')) as {
    name: string;
  };
  assert.is(x.name, '@acme/x');
  // A program against X's client by its package name: CoreClient by default, and a wrong call refused.
  const dir = join(project, 'x-consumer');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ type: 'module' }));
  writeFileSync(
    join(dir, 'main.ts'),
    `import { ApiError, CoreClient } from '@acme/x';

const client = new CoreClient({ auth: { bearerToken: 'token' } });

export async function demo(): Promise<string[]> {
  try {
    const { data = [] } = await client.tweets.getPostsByIds({ ids: ['20'], 'tweet.fields': ['created_at'] });
    return data.map((post) => \`\${post.created_at} \${post.text}\`);
  } catch (error) {
    if (error instanceof ApiError) return [String(error.status)];
    throw error;
  }
}

// @ts-expect-error ids is required
await client.tweets.getPostsByIds({});
`,
  );
  await step(
    'tsc 7 on a consumer of @acme/x',
    process.execPath,
    [
      TSC7,
      '--ignoreConfig',
      '--noEmit',
      '--skipDefaultLibCheck',
      '--strict',
      '--target',
      'es2022',
      '--module',
      'nodenext',
      '--moduleResolution',
      'nodenext',
      '--lib',
      'es2022,dom',
      '--types',
      'node',
      '--typeRoots',
      join(ROOT, 'node_modules', '@types'),
      join(dir, 'main.ts'),
    ],
    dir,
    120_000,
  );
});

test.run();
