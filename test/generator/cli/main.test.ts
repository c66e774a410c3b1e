/**
 * The command line: usage errors (exit 2, one line and a pointer to the help, never the whole usage),
 * help and version (exit 0), and unexpected errors (one line, the stack only with --debug).
 */
import { join } from 'node:path';
import { test } from '../../helpers/uvu.ts';
import * as assert from 'uvu/assert';
import { FLAGS } from '../../../generator/cli/flags.ts';
import { report } from '../../../generator/cli/report.ts';
import { ROOT, runCli } from '../../helpers/cli.ts';

const SPEC = join(ROOT, 'test', 'fixtures', 'mini', 'petstore.yaml');

async function expectUsageError(
  argv: string[],
  message: string,
  hint: string | null = 'Run "xgen help generate" for usage.',
): Promise<void> {
  const run = await runCli(argv);
  assert.is(run.code, 2, `exit code of xgen ${argv.join(' ')}:\n${run.text}`);
  assert.equal(
    run.err,
    hint ? [`xgen: ${message}`, hint] : [`xgen: ${message}`],
    'one line, and where to find the usage',
  );
  assert.not.match(run.text, 'Usage:', 'the usage block is not reprinted');
  assert.equal(run.out, []);
}

test('--help prints the usage and exits 0', async () => {
  for (const flag of ['--help', '-h', 'help']) {
    const run = await runCli([flag]);
    assert.is(run.code, 0, flag);
    assert.match(
      run.out.join('\n'),
      /^Usage:\n {2}xgen generate \[--config xgen\.config\.yaml\] \[--check \| --watch\]/,
    );
    assert.match(run.out.join('\n'), 'Exit codes: 0 done, 1 a spec or check problem, 2 a usage error.');
    assert.match(run.out.join('\n'), '--version');
    assert.equal(run.err, []);
  }
});

test('xgen generate --help, -h and xgen help generate print the generate usage and exit 0', async () => {
  for (const argv of [
    ['generate', '--help'],
    ['generate', '-h'],
    ['help', 'generate'],
    ['generate', '--spec', SPEC, '--help'],
  ]) {
    const run = await runCli(argv);
    assert.is(run.code, 0, argv.join(' '));
    assert.match(run.out.join('\n'), /^Usage:\n {2}xgen generate \[--config xgen\.config\.yaml\]/);
    assert.match(run.out.join('\n'), '--check ');
    assert.match(run.out.join('\n'), 'Exit codes:');
    assert.equal(run.err, []);
  }
});

test('xgen help <unknown>', () =>
  expectUsageError(
    ['help', 'generat'],
    'unknown command "generat" (did you mean "generate"?)',
    'Run "xgen help" for usage.',
  ));

test('--version, -v and version print the version from package.json and exit 0', async () => {
  const { version } = (await import('../../../package.json', { with: { type: 'json' } })).default;
  for (const flag of ['--version', '-v', 'version']) {
    const run = await runCli([flag]);
    assert.is(run.code, 0, flag);
    assert.equal(run.out, [version]);
    assert.match(version, /^\d+\.\d+\.\d+/);
  }
});

test('no command prints the usage and exits 2', async () => {
  const run = await runCli([]);
  assert.is(run.code, 2);
  assert.match(run.text, 'Usage:');
});

test('unknown command', () =>
  expectUsageError(
    ['generat'],
    'unknown command "generat" (did you mean "generate"?)',
    'Run "xgen help" for usage.',
  ));

test('unknown flag', async () => {
  await expectUsageError(['generate', '--chek'], 'unknown option --chek (did you mean --check?)');
  await expectUsageError(['generate', '--dry-run'], 'unknown option --dry-run');
  await expectUsageError(['generate', '--check=yes'], '--check takes no value');
});

test('a short flag xgen does not have names the long ones it may mean', async () => {
  await expectUsageError(['-V'], 'unknown option -V (did you mean --version?)', 'Run "xgen help" for usage.');
  await expectUsageError(
    ['diff', '-j', 'a.yaml', 'b.yaml'],
    'unknown option -j (did you mean --json?)',
    'Run "xgen help diff" for usage.',
  );
  await expectUsageError(['generate', '-x'], 'unknown option -x');
});

test('a stray argument', () =>
  expectUsageError(['generate', 'spec.yaml'], 'unexpected argument "spec.yaml"'));

test('--spec without --out (and --name)', () =>
  expectUsageError(['generate', '--spec', SPEC], 'missing --out, --name'));

test('--spec and --out without --name', () =>
  expectUsageError(['generate', '--spec', SPEC, '--out', 'test/.tmp/cli-never-written'], 'missing --name'));

test('a flag that needs a value at the end', () =>
  expectUsageError(['generate', '--spec'], '--spec needs a value'));

test('--config together with --spec', () =>
  expectUsageError(
    ['generate', '--config', 'xgen.config.yaml', '--spec', SPEC, '--out', 'x', '--name', 'x'],
    'use either --config or --spec/--out/--name, not both',
  ));

test('--client that is not a class name', async () => {
  await expectUsageError(
    ['generate', '--spec', SPEC, '--out', 'x', '--name', 'x', '--client', 'my-client'],
    '--client must be a class name (letters, digits, _ and $, not starting with a digit), got "my-client"',
  );
  await expectUsageError(
    ['generate', '--spec', SPEC, '--out', 'x', '--name', 'x', '--client', 'class'],
    '--client must not be a reserved word, got "class"',
  );
});

test('--name that npm would refuse', async () => {
  const cases: [string, string][] = [
    ['Not A Valid Name!', 'it has capital letters (npm names are lowercase)'],
    ['not a valid name', 'it has characters that are not URL-safe (such as spaces)'],
    ['.hidden', 'it starts with "." or "_"'],
    ['@scope', 'a scoped name is @scope/name'],
    ['a/b', 'it has a "/" but no @scope'],
    ['fs', 'it is a reserved name'],
    ['x'.repeat(215), 'it is longer than 214 characters'],
  ];
  for (const [name, why] of cases) {
    await expectUsageError(
      ['generate', '--spec', SPEC, '--out', 'test/.tmp/cli-never-written', '--name', name],
      `--name "${name}" is not a valid npm package name: ${why}`,
    );
  }
});

test('missing config file', () =>
  expectUsageError(
    ['generate', '--config', 'test/.tmp/no-such-config.yaml'],
    'config file test/.tmp/no-such-config.yaml not found (pass --config or use --spec/--out/--name)',
    null,
  ));

test('config file without packages', async () => {
  const run = await runCli(['generate', '--config', join(ROOT, 'test', 'fixtures', 'mini', 'petstore.yaml')]);
  assert.is(run.code, 2);
  assert.equal(run.err.length, 1, run.text);
  assert.match(
    run.err[0] ?? '',
    /petstore\.yaml:1:1: unknown key "openapi"; known keys: packages, templates$/,
  );
});

test('an unexpected error: one line and a pointer to --debug; with --debug, the stack trace', () => {
  const bug = new TypeError("Cannot read properties of undefined (reading 'schema')\n  with a second line");
  const plain: string[] = [];
  assert.is(report(bug, { debug: false, command: 'generate', err: (l) => plain.push(l) }), 1);
  assert.equal(plain, [
    "xgen: unexpected error: Cannot read properties of undefined (reading 'schema')",
    'This is a bug in xgen. Re-run with --debug (or XGEN_DEBUG=1) to see its stack trace, and please report it.',
  ]);
  const debug: string[] = [];
  assert.is(report(bug, { debug: true, command: 'generate', err: (l) => debug.push(l) }), 1);
  assert.is(debug.length, 1);
  assert.match(debug[0] ?? '', /^TypeError: Cannot read properties[\s\S]*\n\s+at /);
});

test('a file-system error outside the output folder: one line, no stack, exit 1', () => {
  const error = Object.assign(new Error("EACCES: permission denied, open '/x/cache/entry.json'"), {
    code: 'EACCES',
  });
  const lines: string[] = [];
  assert.is(report(error, { debug: false, command: 'generate', err: (l) => lines.push(l) }), 1);
  assert.equal(lines, ["xgen: EACCES: permission denied, open '/x/cache/entry.json'"]);
});

test('--debug is accepted anywhere and changes nothing for a usage error but the trace', async () => {
  const run = await runCli(['generate', '--debug', '--chek']);
  assert.is(run.code, 2);
  assert.is(run.err[0], 'xgen: unknown option --chek (did you mean --check?)');
  assert.match(run.err.join('\n'), /\n\s+at /, 'the stack trace, with --debug');
});

test('the flag table is what each command takes and what its help lists', async () => {
  for (const command of ['generate', 'diff', 'migrate'] as const) {
    const help = (await runCli(['help', command])).out.join('\n');
    for (const [name, spec] of Object.entries(FLAGS[command])) {
      if (!spec.alias)
        assert.match(
          help,
          new RegExp(`^ {2}--${name}\\b.*  ${spec.help[0]!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`, 'm'),
          `${command} --${name}`,
        );
      // Known to the parser, which then stops at the next argument (so that nothing runs).
      const run = await runCli([
        command,
        `--${name}`,
        ...(spec.value ? [spec.choices?.[0] ?? 'x'] : []),
        '--zzz',
      ]);
      assert.is(run.err[0], 'xgen: unknown option --zzz', `${command} --${name}`);
    }
  }
});

test.run();
