/**
 * Values from a spec or the command line reach generated code only as literals, comments or
 * names from the name table. Every runtime template is rendered with hostile text in every slot,
 * and a package is generated from a hostile spec with a hostile `--name`: the output parses, the
 * hostile text is never code (no identifier `PWNED` anywhere), and loading and constructing the
 * client runs nothing injected.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';
import { test } from '../../helpers/uvu.ts';
import { shareEmitThreads } from '../../helpers/emit-threads.ts';
import * as assert from 'uvu/assert';
import { renderTemplate } from '../../../generator/emit/runtime.ts';
import { BUILTIN_TEMPLATES } from '../../../generator/templates-dir.ts';
import { generatePackage } from '../../../generator/generate.ts';
import { removeDir, runCli, tempDir } from '../../helpers/cli.ts';

// Many packages generated here: one set of emit threads serves them all.
shareEmitThreads(test);

/** Each tries to leave a string literal or a comment and call `PWNED`. */
const HOSTILE = [
  `'); PWNED(); ('`,
  `"); PWNED(); ("`,
  '`); PWNED(); (`',
  '${PWNED()}',
  '*/ PWNED(); /*',
  '/* PWNED */',
  '</script><script>PWNED()</script>',
  '\n PWNED();\n//',
  '\r\nPWNED();',
  '\u2028PWNED();\u2029PWNED();',
  "\\'); PWNED(); //",
  'trailing star *',
  '/leading slash',
];
const HOSTILE_TEXT = HOSTILE.join(' ');

/** Identifiers (`PWNED` among them) outside strings and comments, found by TypeScript's parser. */
function parse(name: string, text: string): { errors: string[]; pwned: number } {
  const source = ts.createSourceFile(name, text, ts.ScriptTarget.ES2022, true, ts.ScriptKind.TS);
  const errors = (source as unknown as { parseDiagnostics: ts.Diagnostic[] }).parseDiagnostics.map((d) =>
    ts.flattenDiagnosticMessageText(d.messageText, '\n'),
  );
  let pwned = 0;
  const visit = (node: ts.Node): void => {
    if (ts.isIdentifier(node) && node.text === 'PWNED') pwned++;
    ts.forEachChild(node, visit);
  };
  visit(source);
  return { errors, pwned };
}

function hostileContext(value: string): Record<string, unknown> {
  const step = { id: value, constName: 'stepOperation' };
  return {
    packageName: value,
    clientName: 'HostileClient',
    servers: { defaultUrl: value, sandboxUrl: value, descriptions: [] },
    problems: { name: 'Problem' },
    hasPagination: true,
    hasStreaming: true,
    hasRules: true,
    audienceUpload: { operationId: value, userType: 'SpecUser', userTypeRenamed: true },
    apiKey: { in: value, name: value },
    oauthSteps: {
      requestToken: step,
      accessToken: step,
      authorize: step,
      authenticate: step,
      invalidate: step,
      appToken: step,
      appTokenInvalidate: step,
    },
    oauthFlows: { oauth1: true, appOnly: true },
    oauth2User: {
      scheme: value,
      authorizationUrl: value,
      tokenUrl: value,
      refreshUrl: value,
      scopeExample: value,
    },
    webhookSignature: { header: value, crcParameter: value },
    auth: {
      appOnly: true,
      any: true,
      bearer: true,
      oauth1: true,
      basic: true,
      apiKey: true,
      extensions: true,
    },
  };
}

test('every runtime template, every slot hostile: the output parses and no hostile text is code', () => {
  const names = readdirSync(join(BUILTIN_TEMPLATES, 'runtime')).filter((f) => f.endsWith('.hbs'));
  // The runtime files without slots are plain .ts, copied as they are: nothing of a spec reaches them.
  assert.ok(names.length >= 8, names.join());
  for (const value of [...HOSTILE, HOSTILE_TEXT]) {
    for (const file of names) {
      const text = renderTemplate(
        `runtime/${file}`,
        readFileSync(join(BUILTIN_TEMPLATES, 'runtime', file), 'utf8'),
        hostileContext(value),
      );
      const { errors, pwned } = parse(file, text);
      assert.equal(errors, [], `${file} with ${JSON.stringify(value)}`);
      assert.is(pwned, 0, `${file} with ${JSON.stringify(value)}: hostile text became code`);
    }
  }
});

test('a hostile value in an identifier slot is refused, not written', () => {
  assert.throws(
    () =>
      renderTemplate('runtime/errors.ts', '{{identifier problems.name}}', {
        problems: { name: "x'); PWNED(); ('" },
      }),
    /not an identifier/,
  );
});

test('a template (an override, say) that interpolates raw text is refused, naming the slot and line', () => {
  assert.throws(
    () =>
      renderTemplate(
        'runtime/http.ts',
        'const a = 1;\nconst url = "{{servers.defaultUrl}}";',
        hostileContext('x'),
      ),
    /template runtime\/http\.ts, line 2: \{\{servers\.defaultUrl\}\} interpolates raw text; write \{\{literal servers\.defaultUrl\}\}/,
  );
  assert.throws(
    () => renderTemplate('runtime/http.ts', '{{{packageName}}}', hostileContext('x')),
    /interpolates raw text/,
  );
});

const SPEC = (serverUrl: string) => `openapi: 3.0.3
info:
  title: ${JSON.stringify(`Hostile ${HOSTILE_TEXT}`)}
  version: ${JSON.stringify(`1.0.0 ${HOSTILE[4]}`)}
  description: ${JSON.stringify(HOSTILE_TEXT)}
servers:
  - url: ${JSON.stringify(serverUrl)}
  - url: ${JSON.stringify(`https://sandbox.example.com/o'neil/${HOSTILE[0]}`)}
    description: sandbox
tags:
  - name: ${JSON.stringify(`tag ${HOSTILE[4]}`)}
    description: ${JSON.stringify(HOSTILE_TEXT)}
paths:
  /things/{id}:
    get:
      operationId: getThing
      summary: "A deprecated summary with /* inside"
      description: ${JSON.stringify(HOSTILE_TEXT)}
      deprecated: true
      x-deprecation: { since: ${JSON.stringify(HOSTILE[4])}, replacement: ${JSON.stringify(HOSTILE[5])}, note: ${JSON.stringify(HOSTILE_TEXT)} }
      parameters:
        - name: id
          in: path
          required: true
          description: ${JSON.stringify(HOSTILE_TEXT)}
          schema: { type: string, pattern: ${JSON.stringify('^[a-z\'"`*/]+$')} }
        - name: ${JSON.stringify(`q${HOSTILE[0]}`)}
          in: query
          schema:
            type: string
            enum: ${JSON.stringify(HOSTILE)}
      responses:
        '200':
          description: ${JSON.stringify(HOSTILE_TEXT)}
          content:
            application/json:
              schema:
                type: object
                description: ${JSON.stringify(HOSTILE_TEXT)}
                properties:
                  ${JSON.stringify(`p${HOSTILE[1]}`)}: { type: string, description: ${JSON.stringify(HOSTILE_TEXT)}, default: ${JSON.stringify(HOSTILE[0])} }
components:
  securitySchemes:
    key:
      type: apiKey
      in: header
      name: ${JSON.stringify(`X-Key${HOSTILE[0]}`)}
security:
  - key: []
`;

test("a hostile spec and --name generate code that parses, type-checks and runs nothing injected; the o'neil URL is exact", async () => {
  const work = tempDir('hostile-values');
  try {
    const spec = join(work, 'hostile.yaml');
    const url = "https://api.example.com/o'neil/v1";
    writeFileSync(spec, SPEC(url));
    const name = `@hostile/${HOSTILE_TEXT}`;
    // The whole pipeline, strict type-check included (a failure throws).
    const { files } = await generatePackage({
      spec,
      out: join(work, 'out'),
      name,
      client: 'HostileClient',
      templates: {},
    });
    for (const [path, text] of files) {
      if (!/\.(ts|js)$/.test(path)) continue;
      const { errors, pwned } = parse(path, text);
      assert.equal(errors, [], path);
      assert.is(pwned, 0, `${path}: hostile text became code`);
    }
    for (const [path, text] of files) {
      mkdirSync(dirname(join(work, 'out', path)), { recursive: true });
      writeFileSync(join(work, 'out', path), text);
    }
    const pwned: string[] = [];
    (globalThis as Record<string, unknown>).PWNED = () => pwned.push('called');
    try {
      const pkg = await import(pathToFileURL(join(work, 'out', 'dist', 'index.js')).href);
      const functions = await import(pathToFileURL(join(work, 'out', 'dist', 'functions.js')).href);
      new pkg.HostileClient();
      const core = functions.createCore();
      assert.is(core.baseUrl, url);
      assert.is(core.sandboxBaseUrl, `https://sandbox.example.com/o'neil/${HOSTILE[0]}`);
      assert.equal(pwned, [], 'nothing injected ran');
    } finally {
      delete (globalThis as Record<string, unknown>).PWNED;
    }
  } finally {
    removeDir(work);
  }
});

test('a deprecated operation whose summary holds /* generates from the command line (exit 0)', async () => {
  const work = tempDir('hostile-cli');
  try {
    const spec = join(work, 'deprecated.yaml');
    writeFileSync(
      spec,
      "openapi: 3.0.3\ninfo: { title: t, version: '1' }\npaths:\n  /a:\n    get:\n      operationId: old\n      summary: 'Old /* use new */ one'\n      deprecated: true\n      responses:\n        '204': { description: ok }\n",
    );
    // A name that could close a doc comment is not a valid npm name: refused before anything is written.
    const refused = await runCli([
      'generate',
      '--spec',
      spec,
      '--out',
      join(work, 'out'),
      '--name',
      '@x/*evil*/',
      '--no-cache',
    ]);
    assert.is(refused.code, 2, refused.text);
    assert.match(refused.text, /not a valid npm package name/);
    assert.not.ok(existsSync(join(work, 'out')), 'nothing written');
    const run = await runCli([
      'generate',
      '--spec',
      spec,
      '--out',
      join(work, 'out'),
      '--name',
      '@x/evil',
      '--no-cache',
    ]);
    assert.is(run.code, 0, run.text);
    assert.match(
      readFileSync(join(work, 'out', 'src', 'functions.ts'), 'utf8'),
      /Old \/\\\* use new \*\\\/ one/,
    );
  } finally {
    removeDir(work);
  }
});

test.run();
