/**
 * `xgen migrate <package>` in a repo that only installs a generated package: three versions are
 * generated (a parameter renamed in 2.0.0, renamed again in 3.0.0 with a group and a type), the
 * history the package ships records each, and a consumer whose last commit locked 1.0.0 is
 * migrated straight to 3.0.0 by the bin, as a user runs it (spawned, in the consumer's folder); the
 * dry runs and `--from 3.0.0` go through the same main() in this process, in that folder.
 */
import { execFile, execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { test } from '../../helpers/uvu.ts';
import { shareEmitThreads } from '../../helpers/emit-threads.ts';
import * as assert from 'uvu/assert';
import { compilerEnv } from '../../../generator/compile/native.ts';
import { HISTORY_FILE, parseHistory } from '../../../generator/history/rename-history.ts';
import { hashTree, removeDir, ROOT, runCli, tempDir, writeTree } from '../../helpers/cli.ts';

const exec = promisify(execFile);
const FIXTURES = join(ROOT, 'test', 'fixtures', 'migrate');

/** Version 3: `animal.fields` (2.0.0's name) renamed again, getPet moved to an Animals group, Pet renamed Animal. */
function thirdSpec(): string {
  return readFileSync(join(FIXTURES, 'param-renamed.yaml'), 'utf8')
    .replace('animal.fields', 'beast.fields')
    .replace('- name: Pets\n', '- name: Pets\n- name: Animals\n')
    .replace(
      'operationId: getPet\n      tags:\n      - Pets',
      'operationId: getPet\n      tags:\n      - Animals',
    )
    .replaceAll("schemas/Pet'", "schemas/Animal'")
    .replace('\n    Pet:\n', '\n    Animal:\n');
}

const V1_CODE = `import { ShelterClient, type Pet } from '@acme/shelter';

const client = new ShelterClient({});

export async function main(): Promise<Pet | undefined> {
  const pets = await client.pets.list({ 'pet.fields': ['age'] });
  const pet = await client.pets.get({ pet_id: '1' });
  await client.pets.delete({ pet_id: '2' });
  console.log(pets, pet);
  return undefined;
}
`;

// Several packages generated here: one set of emit threads serves them all.
shareEmitThreads(test);

let work = '';
let repo = '';
let app = '';
const versions: Record<string, string> = {};

test.before(async () => {
  work = tempDir('migrate-consumer');
  repo = join(work, 'generating');
  app = join(work, 'app');
  mkdirSync(join(repo, 'spec'), { recursive: true });
  writeFileSync(
    join(repo, 'xgen.config.yaml'),
    "packages:\n  - spec: spec/s.yaml\n    out: out/shelter\n    name: '@acme/shelter'\n    client: ShelterClient\n",
  );
  const specs = [
    readFileSync(join(FIXTURES, 'base.yaml'), 'utf8'),
    readFileSync(join(FIXTURES, 'param-renamed.yaml'), 'utf8'),
    thirdSpec(),
  ];
  for (const spec of specs) {
    writeFileSync(join(repo, 'spec', 's.yaml'), spec);
    const run = await runCli(['generate', '--config', join(repo, 'xgen.config.yaml'), '--no-cache']);
    assert.is(run.code, 0, run.text);
    const version = (
      JSON.parse(readFileSync(join(repo, 'out', 'shelter', 'package.json'), 'utf8')) as { version: string }
    ).version;
    versions[version] = readFileSync(join(repo, 'out', 'shelter', HISTORY_FILE), 'utf8');
  }
  // The consumer: its own git; the last commit locked 1.0.0; 3.0.0 is installed now.
  writeTree(app, [
    [
      'package.json',
      JSON.stringify(
        { name: 'app', private: true, type: 'module', dependencies: { '@acme/shelter': '^1.0.0' } },
        null,
        2,
      ),
    ],
    ['package-lock.json', lockfile('1.0.0')],
    [
      'tsconfig.json',
      JSON.stringify({
        compilerOptions: {
          strict: true,
          module: 'nodenext',
          moduleResolution: 'nodenext',
          target: 'es2022',
          noEmit: true,
          skipLibCheck: true,
        },
        include: ['src'],
      }),
    ],
    ['src/main.ts', V1_CODE],
  ]);
  git(['init', '-q']);
  git(['add', '-A']);
  git(['-c', 'user.email=t@example.com', '-c', 'user.name=t', 'commit', '-qm', 'written for 1.0.0']);
  cpSync(join(repo, 'out', 'shelter'), join(app, 'node_modules', '@acme', 'shelter'), { recursive: true });
  writeFileSync(join(app, 'package-lock.json'), lockfile('3.0.0'));
});
test.after(() => removeDir(work));

function lockfile(version: string): string {
  return JSON.stringify(
    {
      name: 'app',
      lockfileVersion: 3,
      requires: true,
      packages: {
        '': { name: 'app', dependencies: { '@acme/shelter': '^1.0.0' } },
        'node_modules/@acme/shelter': { version },
      },
    },
    null,
    2,
  );
}

function git(args: string[]): string {
  return execFileSync('git', args, { cwd: app, encoding: 'utf8' });
}

/**
 * `xgen <args>` in this process, in the consumer's folder: the same main() bin/xgen.js runs, without a
 * process's start and a second load of the generator and ts-morph (about 1.5 s of processor a run).
 * For the dry runs; the run that writes, and the usage errors, go through the bin (`xgen`).
 */
async function xgenHere(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const cwd = process.cwd();
  process.chdir(app);
  try {
    const run = await runCli(args);
    const text = (lines: string[]) => lines.map((line) => `${line}\n`).join('');
    return { code: run.code, stdout: text(run.out), stderr: text(run.err) };
  } finally {
    process.chdir(cwd);
  }
}

async function xgen(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await exec(process.execPath, [join(ROOT, 'bin', 'xgen.js'), ...args], {
      cwd: app,
      maxBuffer: 1 << 26,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code?: number; stdout?: string; stderr?: string };
    return { code: typeof e.code === 'number' ? e.code : -1, stdout: e.stdout ?? '', stderr: e.stderr ?? '' };
  }
}

test('each breaking version is recorded once, in order, in the rename structure migrate applies; the package ships it', () => {
  assert.equal(Object.keys(versions), ['1.0.0', '2.0.0', '3.0.0']);
  assert.equal(parseHistory(versions['1.0.0'])?.releases, []);
  const history = parseHistory(versions['3.0.0']);
  assert.ok(history, versions['3.0.0']);
  assert.is(history.client, 'ShelterClient');
  assert.equal(
    history.releases.map((r) => r.version),
    ['2.0.0', '3.0.0'],
  );
  // Kept, not rewritten: 3.0.0's file starts with 2.0.0's entry as it was.
  assert.equal(history.releases[0], parseHistory(versions['2.0.0'])?.releases[0]);
  assert.equal(
    history.releases[0]?.changes.map((c) => c.rename),
    [{ kind: 'parameter', in: 'query', from: 'pet.fields', to: 'animal.fields' }],
  );
  const kinds = history.releases[1]?.changes.map((c) => c.rename?.kind).sort();
  assert.equal(kinds, ['method', 'parameter', 'type']);
  const manifest = JSON.parse(readFileSync(join(repo, 'out', 'shelter', 'package.json'), 'utf8')) as {
    files: string[];
    exports: Record<string, unknown>;
  };
  assert.ok(
    manifest.files.includes(HISTORY_FILE) && manifest.files.includes('api-snapshot.json'),
    'listed in files',
  );
  assert.not.ok(JSON.stringify(manifest.exports).includes('history'), 'outside the import graph');
});

test('--dry-run: from the lockfile of the last commit to the installed version, both majors, nothing written', async () => {
  const before = hashTree(app);
  const run = await xgenHere(['migrate', '@acme/shelter', '--dry-run']);
  assert.is(run.code, 0, run.stderr + run.stdout);
  assert.ok(
    run.stdout.startsWith('@acme/shelter: 1.0.0 -> 3.0.0 across 2.0.0 (spec 1.0.0), 3.0.0 (spec 1.0.0)\n'),
    run.stdout,
  );
  assert.ok(
    run.stdout.includes("+  const pets = await client.pets.list({ 'beast.fields': ['age'] });"),
    run.stdout,
  );
  assert.equal([...hashTree(app)], [...before]);
});

test('the upgrade committed (a Renovate pull request): the version locked before it, found in the history and said', async () => {
  git(['add', 'package-lock.json']);
  git([
    '-c',
    'user.email=t@example.com',
    '-c',
    'user.name=t',
    'commit',
    '-qm',
    'chore(deps): @acme/shelter 3.0.0',
  ]);
  try {
    const before = hashTree(app);
    const run = await xgenHere(['migrate', '@acme/shelter', '--dry-run']);
    assert.is(run.code, 0, run.stderr + run.stdout);
    assert.ok(
      /^@acme\/shelter: package-lock\.json in the last commit already locks 3\.0\.0; migrating from 1\.0\.0, locked before [0-9a-f]{7} \(written for 1\.0\.0\)/.test(
        run.stdout,
      ),
      run.stdout,
    );
    assert.ok(run.stdout.includes('@acme/shelter: 1.0.0 -> 3.0.0 across 2.0.0'), run.stdout);
    assert.ok(
      run.stdout.includes("+  const pets = await client.pets.list({ 'beast.fields': ['age'] });"),
      run.stdout,
    );
    assert.equal([...hashTree(app)], [...before]);
  } finally {
    // Back to the state the next tests expect: the last commit locks 1.0.0, 3.0.0 installed.
    git(['reset', '-q', '--soft', 'HEAD~1']);
    git(['reset', '-q', 'package-lock.json']);
  }
});

test('a run rewrites the renames of both majors in order and compiles; a second run changes nothing', async () => {
  const run = await xgen(['migrate']);
  assert.is(run.code, 0, run.stderr + run.stdout);
  const code = readFileSync(join(app, 'src', 'main.ts'), 'utf8');
  assert.ok(
    code.includes("client.pets.list({ 'beast.fields': ['age'] })"),
    'renamed in 2.0.0, then in 3.0.0: the 3.0.0 name',
  );
  assert.ok(code.includes('client.animals.getPet({'), code);
  assert.ok(code.includes('type Animal }') && code.includes('Promise<Animal | undefined>'), code);
  assert.ok(code.includes('client.pets.delete('), 'what did not change stays');
  // It compiles (tsc exits non-zero on an error): TypeScript 7's native tsc, the same verdict in a
  // fraction of 5.9's processor time.
  execFileSync(
    process.execPath,
    [join(ROOT, 'node_modules', 'typescript-native', 'bin', 'tsc'), '-p', 'tsconfig.json'],
    {
      cwd: app,
      env: compilerEnv(),
    },
  );
  const before = hashTree(app);
  const again = await xgen(['migrate', '@acme/shelter']);
  assert.is(again.code, 0, again.stderr);
  assert.ok(again.stdout.includes('0 uses migrated in 0 files'), again.stdout);
  assert.equal([...hashTree(app)], [...before]);
});

test('--from says the version; without a committed lockfile a named package asks for it; errors are usage errors', async () => {
  const from = await xgenHere(['migrate', '@acme/shelter', '--from', '2.0.0', '--dry-run']);
  assert.is(from.code, 0, from.stderr);
  assert.ok(from.stdout.startsWith('@acme/shelter: 2.0.0 -> 3.0.0 across 3.0.0 (spec 1.0.0)\n'), from.stdout);
  const same = await xgenHere(['migrate', '@acme/shelter', '--from', '3.0.0']);
  assert.ok(
    same.code === 0 && same.stdout.includes('3.0.0 is the installed version: nothing to migrate'),
    same.stdout,
  );
  const bad = await xgen(['migrate', '@acme/shelter', '--from', 'latest']);
  assert.is(bad.code, 2);
  assert.match(bad.stderr, /--from takes the version the code was written for/);
  const unknown = await xgen(['migrate', 'left-pad']);
  assert.is(unknown.code, 2);
  assert.match(unknown.stderr, /left-pad is not installed here/);
  git(['rm', '-q', '--cached', 'package-lock.json']);
  git(['-c', 'user.email=t@example.com', '-c', 'user.name=t', 'commit', '-qm', 'no lockfile']);
  const none = await xgen(['migrate', '@acme/shelter']);
  assert.is(none.code, 2, none.stdout);
  assert.match(
    none.stderr,
    /@acme\/shelter: cannot tell which version the code was written for: no lockfile in the last commit .*; pass --from <version>/,
  );
  assert.not.match(none.stderr, /\n\s+at /, 'no stack trace');
});

test.run();
