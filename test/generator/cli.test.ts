/** The command line's usage errors (exit 2, with a message and the usage) and `--help` (exit 0). */
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ROOT, runCli } from '../helpers/cli.ts';

const SPEC = join(ROOT, 'test', 'fixtures', 'mini', 'petstore.yaml');

async function expectUsageError(argv: string[], message: string): Promise<void> {
  const run = await runCli(argv);
  assert.is(run.code, 2, `exit code of xgen ${argv.join(' ')}:\n${run.text}`);
  assert.is(run.err[0]?.split('\n')[0], `xgen: ${message}`);
  assert.match(run.err.join('\n'), 'Usage:\n  xgen generate', 'the usage follows the message');
  assert.equal(run.out, []);
}

test('--help prints the usage and exits 0', async () => {
  for (const flag of ['--help', '-h', 'help']) {
    const run = await runCli([flag]);
    assert.is(run.code, 0, flag);
    assert.match(run.out.join('\n'), /^Usage:\n {2}xgen generate \[--config xgen\.config\.yaml\] \[--check\]/);
    assert.match(run.out.join('\n'), 'Exit codes: 0 done, 1 a spec or check problem, 2 a usage error.');
    assert.equal(run.err, []);
  }
});

test('no command prints the usage and exits 2', async () => {
  const run = await runCli([]);
  assert.is(run.code, 2);
  assert.match(run.text, 'Usage:');
});

test('unknown command', () => expectUsageError(['generat'], 'unknown command "generat"'));

test('unknown flag', async () => {
  await expectUsageError(['generate', '--chek'], 'unknown option --chek');
  await expectUsageError(['generate', '--dry-run'], 'unknown option --dry-run');
  await expectUsageError(['generate', '--check=yes'], '--check takes no value');
});

test('a stray argument', () => expectUsageError(['generate', 'spec.yaml'], 'unexpected argument "spec.yaml"'));

test('--spec without --out (and --name)', () =>
  expectUsageError(['generate', '--spec', SPEC], 'missing --out, --name'));

test('--spec and --out without --name', () =>
  expectUsageError(['generate', '--spec', SPEC, '--out', 'test/.tmp/cli-never-written'], 'missing --name'));

test('a flag that needs a value at the end', () => expectUsageError(['generate', '--spec'], '--spec needs a value'));

test('--config together with --spec', () =>
  expectUsageError(
    ['generate', '--config', 'xgen.config.yaml', '--spec', SPEC, '--out', 'x', '--name', 'x'],
    'use either --config or --spec/--out/--name, not both',
  ));

test('--client that is not a class name', () =>
  expectUsageError(
    ['generate', '--spec', SPEC, '--out', 'x', '--name', 'x', '--client', 'my-client'],
    '--client must be a class name, got "my-client"',
  ));

test('missing config file', () =>
  expectUsageError(
    ['generate', '--config', 'test/.tmp/no-such-config.yaml'],
    'config file test/.tmp/no-such-config.yaml not found (pass --config or use --spec/--out/--name)',
  ));

test('config file without packages', async () => {
  const run = await runCli(['generate', '--config', join(ROOT, 'test', 'fixtures', 'mini', 'petstore.yaml')]);
  assert.is(run.code, 2);
  assert.match(run.err[0]?.split('\n')[0] ?? '', /petstore\.yaml: expected a "packages" list$/);
});

test.run();
