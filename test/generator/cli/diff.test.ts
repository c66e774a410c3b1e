/**
 * `xgen diff` against git, as people run it: the old spec from a process substitution
 * (`<(git show HEAD~1:spec/x.json)`, a FIFO), from stdin (`-`) and from `--base <ref>` (the spec at that
 * revision, with the files it $refs), each from the real bin with stdout on a pipe, in a temporary git
 * repository; and the renames `--json` marks.
 */
import { execFile, execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { test } from '../../helpers/uvu.ts';
import * as assert from 'uvu/assert';
import { ROOT, runCli } from '../../helpers/cli.ts';
import { shellBlocks } from '../../helpers/docs-commands.ts';

const run = promisify(execFile);
const XGEN = join(ROOT, 'bin', 'xgen.js');
const REFERENCE = join(ROOT, 'test', 'fixtures', 'reference');
let repo = '';

const git = (...args: string[]): string =>
  execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', ...args], {
    cwd: repo,
    encoding: 'utf8',
  });

/** `bash -c <script>` in the repository: what it printed and its exit code. */
async function shell(script: string): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run('bash', ['-c', script], {
      cwd: repo,
      env: { ...process.env, XGEN: XGEN },
      maxBuffer: 16 * 1024 * 1024,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code?: number; stdout?: string; stderr?: string };
    return { code: e.code ?? -1, stdout: e.stdout ?? '', stderr: e.stderr ?? '' };
  }
}

test.before(() => {
  repo = mkdtempSync(join(tmpdir(), 'xgen-diff-git-'));
  git('init', '-q');
  mkdirSync(join(repo, 'spec'));
  copyFileSync(join(REFERENCE, 'x-openapi-2.147.json'), join(repo, 'spec', 'x.json'));
  git('add', '.');
  git('commit', '-qm', 'X 2.147');
  copyFileSync(join(REFERENCE, 'x-openapi-2.159.json'), join(repo, 'spec', 'x.json'));
  git('commit', '-qam', 'X 2.159');
});
test.after(() => rmSync(repo, { recursive: true, force: true }));

test('--base HEAD~1, <(git show HEAD~1:…) and - (stdin) give the same report', async () => {
  const base = await shell('node "$XGEN" diff --base HEAD~1 spec/x.json');
  const fifo = await shell('node "$XGEN" diff <(git show HEAD~1:spec/x.json) spec/x.json');
  const stdin = await shell('git show HEAD~1:spec/x.json | node "$XGEN" diff - spec/x.json');
  for (const [form, result] of Object.entries({ base, fifo, stdin }))
    assert.is(result.code, 0, `${form}: ${result.stderr}`);
  assert.match(base.stdout, /^bump: major \(\d+ causes/);
  // The old spec's locations name what the user gave: the revision, the FIFO, stdin.
  assert.match(base.stdout, /\(HEAD~1:spec\/x\.json:\d+:\d+\)/);
  assert.match(fifo.stdout, /\(\/dev\/fd\/\d+:\d+:\d+\)/);
  assert.match(stdin.stdout, /\(<stdin>:\d+:\d+\)/);
  const same = (text: string): string =>
    text.replace(/([("])(?:HEAD~1:spec\/x\.json|\/dev\/fd\/\d+|<stdin>):/g, '$1OLD:');
  assert.is(same(fifo.stdout), same(base.stdout));
  assert.is(same(stdin.stdout), same(base.stdout));
  const json = await shell('node "$XGEN" diff --json --base HEAD~1 spec/x.json');
  const fifoJson = await shell('node "$XGEN" diff --json <(git show HEAD~1:spec/x.json) spec/x.json');
  assert.equal(JSON.parse(same(fifoJson.stdout)), JSON.parse(same(json.stdout)));
  // No temporary copy is left behind.
  assert.not.match(base.stdout + fifo.stdout + stdin.stdout, /xgen-diff-/);
});

test("spec-changes.md's three forms, as written, give the same report on X's core v2 spec", async () => {
  const blocks = shellBlocks('docs/guide/spec-changes.md').filter(
    (b) => b.marker === 'run by test/generator/cli/diff.test.ts',
  );
  const commands = blocks.flatMap((b) => b.commands);
  assert.is(commands.length, 3, commands.join('\n'));
  // The spec as it is, then a commit that changes one operation's summary.
  const spec = readFileSync(join(ROOT, 'spec', 'core-v2.yaml'), 'utf8');
  writeFileSync(join(repo, 'spec', 'core-v2.yaml'), spec);
  git('add', '.');
  git('commit', '-qm', 'core v2');
  const changed = spec.replace(/^( {6}summary: )(.*)$/m, '$1$2 (now documented better)');
  assert.is.not(changed, spec);
  writeFileSync(join(repo, 'spec', 'core-v2.yaml'), changed);
  git('commit', '-qam', 'core v2, a summary changed');
  // `xgen` as an installed bin would be.
  const bin = join(repo, '.bin');
  mkdirSync(bin, { recursive: true });
  writeFileSync(join(bin, 'xgen'), `#!/bin/sh\nexec "${process.execPath}" "${XGEN}" "$@"\n`, { mode: 0o755 });
  const reports = [];
  for (const command of commands) {
    const result = await shell(`PATH="${bin}:$PATH"; ${command}`);
    assert.is(result.code, 0, `${command}\n${result.stderr}`);
    reports.push(result.stdout);
  }
  assert.match(reports[0] ?? '', /^bump: patch \(1 cause \(1 patch\), 1 operation affected\)/);
  assert.match(reports[0] ?? '', /: documentation changed {2}\(spec\/core-v2\.yaml:\d+:\d+\)/);
  assert.equal(reports, [reports[0], reports[0], reports[0]]);
});

test('--base reads the files the spec $refs as they were at the revision', async () => {
  mkdirSync(join(repo, 'multi', 'schemas'), { recursive: true });
  const pet = (fields: string) =>
    `type: object\nrequired: [id]\nproperties:\n  id: { type: string }\n${fields}`;
  writeFileSync(join(repo, 'multi', 'schemas', 'pet.yaml'), pet('  age: { type: integer }\n'));
  writeFileSync(
    join(repo, 'multi', 'api.yaml'),
    `openapi: 3.1.0
info: { title: Pets, version: '1' }
paths:
  /pets/{id}:
    get:
      operationId: getPet
      parameters:
        - { name: id, in: path, required: true, schema: { type: string } }
      responses:
        '200':
          description: a pet
          content:
            application/json:
              schema: { $ref: './schemas/pet.yaml' }
`,
  );
  git('add', '.');
  git('commit', '-qm', 'pets');
  // Only the referenced file changes: the root spec is the same at HEAD.
  writeFileSync(join(repo, 'multi', 'schemas', 'pet.yaml'), pet(''));
  const result = await shell('node "$XGEN" diff --base HEAD multi/api.yaml');
  assert.is(result.code, 0, result.stderr);
  assert.match(result.stdout, /result field Pet\.age removed {2}\(HEAD:multi\/[a-z/]+\.yaml:\d+:\d+\)/);
  const missing = await shell('node "$XGEN" diff --base HEAD~9 multi/api.yaml');
  assert.is(missing.code, 2);
  assert.match(missing.stderr, /xgen: diff --base HEAD~9: no multi\/api\.yaml at HEAD~9/);
  const two = await shell('node "$XGEN" diff --base HEAD multi/api.yaml multi/api.yaml');
  assert.is(two.code, 2);
  assert.match(two.stderr, /--base <ref> takes one spec/);
  git('checkout', '-q', '--', 'multi');
});

test('a bad spec on stdin is located as <stdin>, and nothing is compared', async () => {
  const result = await shell(`printf '{"openapi": 3' | node "$XGEN" diff - spec/x.json`);
  assert.is(result.code, 1);
  assert.match(result.stderr, /^<stdin>:\d+:\d+: invalid JSON/m);
  assert.match(result.stderr, 'The specs were not compared.');
});

test('--json marks each rename with { kind, from, to }', async () => {
  const fixture = (name: string) => join(ROOT, 'test', 'fixtures', 'diff', `${name}.yaml`);
  const renamesOf = async (name: string) => {
    const result = await runCli(['diff', '--json', fixture('base'), fixture(name)]);
    const report = JSON.parse(result.out.join('\n')) as { changes: { rename?: unknown }[] };
    return report.changes.flatMap((c) => (c.rename ? [c.rename] : []));
  };
  assert.equal(await renamesOf('type-renamed'), [{ kind: 'type', from: 'Pet', to: 'Animal' }]);
  assert.equal(await renamesOf('op-id-renamed'), [{ kind: 'operation', from: 'deletePet', to: 'removePet' }]);
  assert.equal((await renamesOf('group-renamed'))[0], {
    kind: 'method',
    from: 'pets.list',
    to: 'animals.listPets',
  });
  assert.equal(await renamesOf('param-renamed'), [
    { kind: 'parameter', from: 'pet.fields', to: 'animal.fields' },
  ]);
  assert.equal(await renamesOf('description-only'), []);
});

test.run();
