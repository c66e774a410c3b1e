/**
 * What a user sees for the mistakes of issue 27 (item 4), through the `xgen` command itself: each is one
 * line that says what the thing is and what to do, with the right exit code (2: usage, 1: spec).
 */
import { execFile } from 'node:child_process';
import { copyFileSync, existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { test } from '../helpers/uvu.ts';
import * as assert from 'uvu/assert';
import { removeDir, ROOT, tempDir } from '../helpers/cli.ts';

const exec = promisify(execFile);
const SPEC = join(ROOT, 'test', 'fixtures', 'mini', 'petstore.yaml');
let work = '';
test.before(() => {
  work = tempDir('messages');
});
test.after(() => removeDir(work));

async function run(command: string[], cwd = work): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await exec(process.execPath, command, {
      cwd,
      timeout: 180_000,
      env: { ...process.env, XGEN_CACHE: 'off' },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code?: number; stdout?: string; stderr?: string };
    return { code: typeof e.code === 'number' ? e.code : -1, stdout: e.stdout ?? '', stderr: e.stderr ?? '' };
  }
}
const xgen = (...args: string[]) => run([join(ROOT, 'bin', 'xgen.js'), ...args]);

test('a JPEG named .json is called a JPEG image, not invalid YAML (exit 1, nothing written)', async () => {
  // The smallest JPEG header: SOI, then an APP0 (JFIF) segment.
  writeFileSync(
    join(work, 'photo.json'),
    Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]),
  );
  const r = await xgen('generate', '--spec', 'photo.json', '--out', 'out', '--name', 'x');
  assert.is(r.code, 1, r.stderr);
  assert.is(
    r.stderr,
    'photo.json:1:1: this is a JPEG image, not an OpenAPI document: a spec is YAML or JSON text\nNothing was written.\n',
  );
  assert.not.ok(existsSync(join(work, 'out')));
});

test('a spec path that does not exist is a usage error (exit 2), on the command line and in a config', async () => {
  const r = await xgen('generate', '--spec', 'nope.yaml', '--out', 'out', '--name', 'x');
  assert.is(r.code, 2, r.stderr);
  assert.is(r.stderr, 'xgen: --spec nope.yaml: file not found\n');
  writeFileSync(
    join(work, 'missing.config.yaml'),
    'packages:\n  - spec: specs/nope.yaml\n    out: out\n    name: x\n',
  );
  const c = await xgen('generate', '--config', 'missing.config.yaml');
  assert.is(c.code, 2, c.stderr);
  assert.is(
    c.stderr,
    `xgen: missing.config.yaml:2:11: spec file not found: specs/nope.yaml (from the config's folder: ${join(work, 'specs', 'nope.yaml')})\n`,
  );
});

test('a config in code (xgen.config.ts) is told configs are YAML or JSON; a JSON config works', async () => {
  writeFileSync(join(work, 'xgen.config.ts'), 'export default { packages: [] };\n');
  const r = await xgen('generate', '--config', 'xgen.config.ts');
  assert.is(r.code, 2, r.stderr);
  assert.is(
    r.stderr,
    'xgen: xgen.config.ts: a config is YAML or JSON (.yaml, .yml, .json), not .ts: write it as xgen.config.yaml or xgen.config.json\n',
  );
  writeFileSync(
    join(work, 'xgen.config.json'),
    JSON.stringify({ packages: [{ spec: SPEC, out: 'json-out', name: 'pets' }] }),
  );
  const json = await xgen('generate', '--config', 'xgen.config.json');
  assert.is(json.code, 0, json.stderr);
  assert.match(json.stdout, 'json-out: wrote pets');
});

test('--silent (like --quiet) prints only errors', async () => {
  copyFileSync(SPEC, join(work, 'pets.yaml'));
  for (const flag of ['--silent', '--quiet']) {
    const r = await xgen('generate', '--spec', 'pets.yaml', '--out', 'quiet-out', '--name', 'pets', flag);
    assert.is(r.code, 0, r.stderr);
    assert.is(r.stdout + r.stderr, '', flag);
  }
  const both = await xgen(
    'generate',
    '--spec',
    'pets.yaml',
    '--out',
    'quiet-out',
    '--name',
    'pets',
    '--quiet',
    '--verbose',
  );
  assert.is(both.code, 2);
  assert.match(both.stderr, 'use either --quiet or --verbose, not both');
});

test("--verbose prints each stage's time; not on a terminal, nothing else is added", async () => {
  const r = await xgen('generate', '--spec', SPEC, '--out', 'verbose-out', '--name', 'pets', '--verbose');
  assert.is(r.code, 0, r.stderr);
  for (const stage of ['load', 'model', 'emit', 'format', 'compile'])
    assert.match(r.stderr, new RegExp(`^pets ${stage}: \\d+ ms$`, 'm'));
  const plain = await xgen('generate', '--spec', SPEC, '--out', 'verbose-out', '--name', 'pets');
  assert.is(plain.stderr, '', 'no status line when stderr is not a terminal');
  assert.match(plain.stdout, /^verbose-out: wrote pets \(\d+ files\)\n$/);
});

test('npm test with a filter that matches no test file says so and exits 1', async () => {
  const r = await run(['--import', 'tsx', join(ROOT, 'test', 'run.ts'), 'no-such-test-file'], ROOT);
  assert.is(r.code, 1);
  assert.match(r.stderr, 'no test file matched "no-such-test-file"');
  assert.not.match(r.stdout, 'passed');
});

test('the same "did you mean" and exit 2 on every subcommand and for global flags', async () => {
  const cases: [string[], string, string][] = [
    [['generate', '--chek'], 'unknown option --chek (did you mean --check?)', 'generate'],
    [['diff', '--jsn', SPEC, SPEC], 'unknown option --jsn (did you mean --json?)', 'diff'],
    [
      ['diff', SPEC, SPEC, '--fail-onn', 'breaking'],
      'unknown option --fail-onn (did you mean --fail-on?)',
      'diff',
    ],
    [['migrate', '--dryrun'], 'unknown option --dryrun (did you mean --dry-run?)', 'migrate'],
    [
      ['migrate', '--projet', 'tsconfig.json'],
      'unknown option --projet (did you mean --project?)',
      'migrate',
    ],
    [['--verison'], 'unknown option --verison (did you mean --version?)', ''],
    [['diff', SPEC, SPEC, '--verison'], 'unknown option --verison (did you mean --version?)', 'diff'],
  ];
  for (const [args, message, command] of cases) {
    const r = await xgen(...args);
    assert.is(r.code, 2, `${args.join(' ')}: ${r.stderr}`);
    assert.is(
      r.stderr,
      `xgen: ${message}\nRun "xgen help${command ? ` ${command}` : ''}" for usage.\n`,
      args.join(' '),
    );
    assert.is(r.stdout, '');
  }
});

test('a missing spec is a usage error (exit 2) for diff as for generate', async () => {
  const old = await xgen('diff', 'nope.yaml', SPEC);
  assert.is(old.code, 2, old.stderr);
  assert.is(old.stderr, 'xgen: nope.yaml: file not found\n');
  const next = await xgen('diff', SPEC, 'missing/new.yaml', '--json');
  assert.is(next.code, 2, next.stderr);
  assert.is(next.stderr, 'xgen: missing/new.yaml: file not found\n');
  assert.is(next.stdout, '', 'no JSON for a usage error');
});

test.run();
