/**
 * Every example a generated package shows compiles: each `@example` of its doc comments and each
 * ` ```ts ` block of its README, for @xgen/core-v2, @xgen/ads-v12 and the packages generated from
 * X's published specs 2.147 and 2.159. One program per package, against the built `.d.ts`, under a
 * demanding consumer's settings. The README's call examples are then run over loopback: the
 * values they show pass the generated client's own validation and reach the server.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';
import { test } from '../helpers/uvu.ts';
import * as assert from 'uvu/assert';
import { removeDir, ROOT, tempDir } from '../helpers/cli.ts';
import { asModule, docExamples, type Example, exportedNames, markdownExamples } from '../helpers/examples.ts';
import { startServer, type TestServer } from '../helpers/server.ts';
import { CONSUMER_OPTIONS, typecheck } from '../helpers/typecheck.ts';
import { X_REFERENCE_CLIENT, X_REFERENCE_NAME, xReferencePackage } from '../helpers/x-reference.ts';
import { CLIENT, PACKAGE } from '../generator/migrate/consumer-project.ts';
import { x2147Package } from '../generator/migrate/x-projects.ts';
import { shareEmitThreads } from '../helpers/emit-threads.ts';

// Generates in this process: the test process's emit threads serve it (test/helpers/emit-threads.ts).
shareEmitThreads(test);

interface Package {
  name: string;
  client: string;
  dir: string;
  /** X's spec version it is generated from. */
  version?: string;
}

const work = tempDir('examples');
/**
 * X's packages are the ones other files generate too, once per run: 2.147's of the migrate tests
 * (test/generator/migrate/x-projects.ts) and 2.159's through the command line (test/helpers/x-reference.ts);
 * their folders are known once the before hook has them.
 */
const X_2147: Package = { name: PACKAGE, client: CLIENT, dir: '', version: '2.147' };
const X_2159: Package = { name: X_REFERENCE_NAME, client: X_REFERENCE_CLIENT, dir: '', version: '2.159' };
const PACKAGES: Package[] = [
  { name: '@xgen/core-v2', client: 'CoreClient', dir: join(ROOT, 'generated', 'core-v2') },
  { name: '@xgen/ads-v12', client: 'AdsClient', dir: join(ROOT, 'generated', 'ads-v12') },
  X_2147,
  X_2159,
];

/** A package as the tests name it: X's with their spec version. */
const title = (pkg: Package): string => `${pkg.name}${pkg.version ? ` (X ${pkg.version})` : ''}`;

let server: TestServer;
/** The call under way: a stream, which reconnects when the server ends it, stops once its request arrived. */
let pending: AbortController | undefined;

test.before(async () => {
  server = await startServer(() => {
    const call = pending;
    if (call) setTimeout(() => call.abort(), 20);
    return { body: {} };
  });
  for (const pkg of PACKAGES)
    test(`${title(pkg)}: each README block imports what it uses, but the client of Usage (blocks are copied one at a time)`, () => {
      const exports = exportedNames(join(pkg.dir, 'src', 'index.ts')).filter((n) => n !== pkg.client);
      for (const { origin, code } of markdownExamples(join(pkg.dir, 'README.md'), pkg.dir)) {
        const imported = [...code.matchAll(/import\s*(?:type\s*)?\{([^}]*)\}/g)].flatMap((m) =>
          (m[1] ?? '').split(',').map(
            (s) =>
              s
                .trim()
                .split(/\s+as\s+/)
                .pop() ?? '',
          ),
        );
        const used = exports.filter((name) => new RegExp(`(^|[^\\w$.'"])${name}\\(`).test(code));
        assert.equal(
          used.filter((name) => !imported.includes(name)),
          [],
          `${origin} uses without importing`,
        );
      }
    });

  X_2147.dir = await x2147Package(work);
  const x2159 = await xReferencePackage(work);
  assert.is(x2159.run.code, 0, x2159.run.text);
  X_2159.dir = x2159.out;
});
test.after(async () => {
  await server.close();
  removeDir(work);
});

/** The operations of a package, from its README's table: operationId and `client.group.method`. */
function operations(readme: string): { id: string; method: string }[] {
  return [
    ...readme.matchAll(/^\| `(\w+)`(?: \(deprecated\))? +\| \w+ +\| `[^`]+` +\| `(client\.[\w.]+)` +\|$/gm),
  ].map((m) => ({ id: m[1]!, method: m[2]! }));
}

/** The examples of a package as modules: README blocks without an import continue from its first block (Usage). */
function modules(pkg: Package): { origin: string; text: string }[] {
  const info = {
    name: pkg.name,
    client: pkg.client,
    exports: exportedNames(join(pkg.dir, 'src', 'index.ts')),
    functionExports: [...exportedNames(join(pkg.dir, 'src', 'functions.ts'))],
    testingExports: existsSync(join(pkg.dir, 'src', 'testing', 'index.ts'))
      ? [...exportedNames(join(pkg.dir, 'src', 'testing', 'index.ts'))]
      : [],
  };
  const readme = markdownExamples(join(pkg.dir, 'README.md'), pkg.dir);
  const usage = readme[0]?.code ?? '';
  const all: Example[] = [
    ...docExamples(pkg.dir),
    ...readme.map((e, i) =>
      i === 0 || /^import /m.test(e.code) ? e : { ...e, code: `${usage}\n${e.code}` },
    ),
  ];
  return all.map((e) => ({ origin: e.origin, text: asModule(e.code, info) }));
}

for (const pkg of PACKAGES) {
  test(`${title(pkg)}: every operation has an @example on its method and its function, and a README example`, () => {
    const readme = readFileSync(join(pkg.dir, 'README.md'), 'utf8');
    const ops = operations(readme);
    assert.ok(ops.length > 10, `${ops.length} operations in the README table`);
    const docs = docExamples(pkg.dir);
    for (const op of ops) {
      const [, group, method] = op.method.split('.');
      const onMethod = docs.filter(
        (e) => e.origin.startsWith('src/resources/') && e.code.includes(`client.${group}.${method}(`),
      );
      assert.ok(onMethod.length >= 1, `no @example calls ${op.method}`);
      assert.ok(
        new RegExp(`\\n\`${op.method.replace(/\./g, '\\.')}\` \\(`).test(readme),
        `no README example of ${op.method}`,
      );
    }
    const fns = docs.filter(
      (e) => e.origin === 'src/functions.ts' || e.origin.startsWith('src/functions.ts:'),
    );
    assert.ok(fns.length >= ops.length, `${fns.length} function examples for ${ops.length} operations`);
  });

  test(`${title(pkg)}: every @example and README block type-checks, in one program`, () => {
    const dir = join(work, 'programs', pkg.name.replace(/[@/]/g, '_'));
    mkdirSync(dir, { recursive: true });
    const origins = new Map<string, string>();
    const files = modules(pkg).map((m, i) => {
      const file = join(dir, `example-${String(i).padStart(4, '0')}.ts`);
      writeFileSync(file, m.text);
      origins.set(file, m.origin);
      return file;
    });
    assert.ok(files.length > 20, `${files.length} examples`);
    const errors = typecheck(files, {
      ...CONSUMER_OPTIONS,
      // Examples read credentials from process.env, as a Node program does.
      types: ['node'],
      typeRoots: [join(ROOT, 'node_modules', '@types')],
      // The package's own declarations are checked by its build; here, what a user writes.
      skipLibCheck: true,
      paths: {
        [pkg.name]: [join(pkg.dir, 'dist', 'index.d.ts')],
        [`${pkg.name}/functions`]: [join(pkg.dir, 'dist', 'functions.d.ts')],
        [`${pkg.name}/testing`]: [join(pkg.dir, 'dist', 'testing', 'index.d.ts')],
      },
    });
    const problems = errors.map((error) => {
      const [, file = '', at = '0', message = error] = /^(.*?):(\d+): (.*)$/.exec(error) ?? [];
      const path = file ? resolve(file) : '';
      const line = Number(at);
      const text = existsSync(path) ? readFileSync(path, 'utf8').split('\n')[line - 1]?.trim() : '';
      return `${pkg.name} ${origins.get(path) ?? file} (line ${line} of the example: ${text}): ${message}`;
    });
    assert.equal(problems, []);
  });

  test(`${title(pkg)}: each README call, run over loopback (by its operationId), passes the client's validation and is sent`, async () => {
    const readme = readFileSync(join(pkg.dir, 'README.md'), 'utf8');
    const mod = await import(pathToFileURL(join(pkg.dir, 'src', 'index.ts')).href);
    const Client = mod[pkg.client];
    // One client per kind of credentials: an operation that takes another kind (OAuth steps) is sent with its own.
    const credentials = [
      { bearerToken: 'token' },
      { oauth1: { consumerKey: 'ck', consumerSecret: 'cs', token: 't', tokenSecret: 'ts' } },
      { basic: { username: 'u', password: 'p' } },
    ];
    const clients = credentials.flatMap((auth) => {
      try {
        return [
          new Client({
            baseUrl: server.url,
            sandboxBaseUrl: server.url,
            auth,
            maxRetries: 0,
            timeoutMs: 5000,
          }),
        ];
      } catch {
        return []; // credentials the package does not take
      }
    });
    const failures: string[] = [];
    const ids = new Map(operations(readme).map((op) => [op.method, op.id]));
    let sent = 0;
    for (const example of markdownExamples(join(pkg.dir, 'README.md'), pkg.dir)) {
      const call = callOf(example.code);
      if (!call) continue;
      const params =
        call.args === ''
          ? undefined
          : (new Function('toMicros', `return (${call.args});`)(mod.toMicros) as unknown);
      const before = server.requests.length;
      let built = false;
      for (const client of clients) {
        try {
          pending = new AbortController();
          const value = client.call(ids.get(call.method), params, {
            signal: AbortSignal.any([pending.signal, AbortSignal.timeout(5000)]),
          });
          // A browser step: the URL is built, its checks made, nothing sent.
          if (typeof value === 'string') built = true;
          else if (
            value &&
            typeof value[Symbol.asyncIterator] === 'function' &&
            typeof value.then !== 'function'
          ) {
            for await (const event of value) void event;
          } else await value;
        } catch (error) {
          if (error instanceof mod.ValidationError && (error as { parameter?: string }).parameter === 'auth')
            continue;
          if (error instanceof mod.ValidationError)
            failures.push(`${example.origin} ${call.method}: ${(error as Error).message}`);
        }
        break;
      }
      if (built || server.requests.length > before) sent++;
      else if (!failures.some((f) => f.startsWith(`${example.origin} `)))
        failures.push(`${example.origin} ${call.method}: nothing sent`);
    }
    assert.equal(failures, []);
    assert.is(sent, operations(readme).length, 'one call per operation');
  });
}

/** The call in a README example (`client.group.method(...)`) and the source text of its argument. */
function callOf(code: string): { method: string; args: string } | undefined {
  const source = ts.createSourceFile('example.ts', code, ts.ScriptTarget.Latest, true);
  let found: { method: string; args: string } | undefined;
  const visit = (node: ts.Node): void => {
    if (!found && ts.isCallExpression(node) && /^client\.\w+\.\w+$/.test(node.expression.getText(source))) {
      found = { method: node.expression.getText(source), args: node.arguments[0]?.getText(source) ?? '' };
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

test.run();
