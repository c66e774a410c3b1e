/**
 * Generated names are stable: the same spec with one operation and one schema added (in the
 * middle of `paths` and of `components.schemas`, not just at the end) keeps every export of the
 * first package, with the same meaning. Exports are the values `src/index.ts` exports, the type
 * names in `models.ts`, the operationIds of `OperationTypes`; meaning is compared by the text of
 * each schema's type, enum's values and operation's descriptor and types.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';
import { test } from '../../helpers/uvu.ts';
import * as assert from 'uvu/assert';
import { parse } from 'yaml';
import { compilePackage } from '../../../generator/compile/typescript.ts';
import { emitPackage } from '../../../generator/run/emit.ts';
import { formatFiles } from '../../../generator/format/index.ts';
import { loadSpec } from '../../../generator/load/index.ts';
import { buildModel } from '../../../generator/model/index.ts';
import { removeDir, tempDir } from '../../helpers/cli.ts';
import { CLIENT, CORPUS } from './corpus.ts';

/** An operation and a schema to add, one per spec: with and without an operationId. */
const ADDED_SCHEMA = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string' }, pet: { type: 'string' } },
};
const addedOperation = (withId: boolean): Record<string, unknown> => ({
  get: {
    ...(withId ? { operationId: 'addedOperation', tags: ['Added'] } : {}),
    parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
    responses: {
      '200': {
        description: 'ok',
        content: { 'application/json': { schema: { $ref: '#/components/schemas/AddedSchema' } } },
      },
    },
  },
});

const CASES: { spec: string; withId: boolean }[] = [
  { spec: 'operation-collisions.yaml', withId: true },
  { spec: 'missing-operation-ids.yaml', withId: false },
  { spec: 'multi-file/openapi.yaml', withId: true },
  { spec: 'inline-hoisting.yaml', withId: true },
  { spec: 'reserved-names.yaml', withId: true },
  { spec: 'enum-strings.yaml', withId: true },
  { spec: 'tags.yaml', withId: false },
];

let work = '';
test.before(() => {
  work = tempDir('stable-names');
});
test.after(() => removeDir(work));

/** Inserts `key: value` in the middle of an object, keeping the order of the others. */
function insertMiddle(object: Record<string, unknown>, key: string, value: unknown): Record<string, unknown> {
  const entries = Object.entries(object);
  const at = Math.floor(entries.length / 2);
  return Object.fromEntries([...entries.slice(0, at), [key, value], ...entries.slice(at)]);
}

function nameText(name: ts.PropertyName | undefined): string {
  return name && (ts.isIdentifier(name) || ts.isStringLiteral(name)) ? name.text : (name?.getText() ?? '');
}

interface Surface {
  values: string[];
  /** Schema name -> its type's text in `schemas.ts`. */
  schemas: Map<string, string>;
  models: string[];
  /** operationId -> its descriptor and `OperationTypes` entry. */
  operations: Map<string, string>;
  enums: Map<string, string>;
}

async function generate(specPath: string, text: string | undefined, out: string): Promise<Surface> {
  const loaded = loadSpec(specPath, text);
  const model = buildModel(loaded, { packageName: '@corpus/stable', clientName: CLIENT });
  const files = await formatFiles(await emitPackage(model, loaded.version));
  // Built too (unchecked): the package's `#transport` import resolves into dist/.
  for (const [path, content] of await compilePackage(files, 'stable', false)) files.set(path, content);
  for (const [path, content] of files) {
    mkdirSync(dirname(join(out, path)), { recursive: true });
    writeFileSync(join(out, path), content);
  }
  const pkg = (await import(pathToFileURL(join(out, 'src', 'index.ts')).href)) as Record<string, unknown>;
  const source = (path: string): ts.SourceFile =>
    ts.createSourceFile(path, readFileSync(join(out, path), 'utf8'), ts.ScriptTarget.ES2022, true);
  const schemas = new Map<string, string>();
  const walk = (node: ts.Node): void => {
    if (
      ts.isPropertySignature(node) &&
      node.name.getText() === 'schemas' &&
      node.type &&
      ts.isTypeLiteralNode(node.type)
    ) {
      for (const member of node.type.members) schemas.set(nameText(member.name), member.getText());
    } else if (ts.isTypeAliasDeclaration(node)) schemas.set(`type ${node.name.text}`, node.getText());
    else ts.forEachChild(node, walk);
  };
  walk(source('src/schemas.ts'));
  // The type names models.ts exports (re-exported from schemas.ts) or declares.
  // `export type * from './schemas.js'` passes on every type schemas.ts exports.
  const exportedBy = (file: ts.SourceFile): string[] =>
    file.statements.flatMap((s) =>
      (ts.isTypeAliasDeclaration(s) || ts.isInterfaceDeclaration(s)) &&
      s.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)
        ? [s.name.text]
        : ts.isExportDeclaration(s) && s.exportClause && ts.isNamedExports(s.exportClause)
          ? s.exportClause.elements.map((e) => e.name.text)
          : ts.isExportDeclaration(s) &&
              !s.exportClause &&
              s.moduleSpecifier &&
              ts.isStringLiteral(s.moduleSpecifier) &&
              s.moduleSpecifier.text === './schemas.js'
            ? exportedBy(source('src/schemas.ts'))
            : [],
    );
  const models = exportedBy(source('src/models.ts'));
  const operations = new Map<string, string>();
  const opsFile = source('src/operations.ts');
  const table = pkg.operations as Record<string, unknown>;
  for (const statement of opsFile.statements) {
    if (ts.isInterfaceDeclaration(statement) && statement.name.text === 'OperationTypes') {
      for (const member of statement.members) operations.set(nameText(member.name), member.getText());
    }
  }
  for (const [id, descriptor] of Object.entries(table))
    operations.set(id, `${operations.get(id)}\n${JSON.stringify(descriptor)}`);
  const enums = new Map(
    Object.entries(pkg)
      .filter(([, v]) => Array.isArray(v))
      .map(([k, v]) => [k, JSON.stringify(v)]),
  );
  return { values: Object.keys(pkg).sort(), schemas, models, operations, enums };
}

for (const { spec, withId } of CASES) {
  test(`${spec}: adding an operation and a schema renames no existing export`, async () => {
    const path = join(CORPUS, spec);
    const raw = parse(readFileSync(path, 'utf8')) as Record<string, Record<string, unknown>>;
    const before = await generate(path, undefined, join(work, `${spec.replace(/\W/g, '-')}-before`));
    const components = raw.components ?? {};
    const changed = {
      ...raw,
      paths: insertMiddle(raw.paths ?? {}, '/added/{id}', addedOperation(withId)),
      components: {
        ...components,
        schemas: insertMiddle(
          (components.schemas as Record<string, unknown>) ?? {},
          'AddedSchema',
          ADDED_SCHEMA,
        ),
      },
    };
    const after = await generate(
      path,
      JSON.stringify(changed),
      join(work, `${spec.replace(/\W/g, '-')}-after`),
    );

    assert.equal(
      before.values.filter((v) => !after.values.includes(v)),
      [],
      'values exported from index.ts',
    );
    assert.equal(
      before.models.filter((m) => !after.models.includes(m)),
      [],
      'type names in models.ts',
    );
    assert.ok(after.models.includes('AddedSchema'), 'the new schema is there');
    assert.ok(after.operations.size === before.operations.size + 1, 'one more operation');
    for (const [name, text] of before.schemas)
      assert.is(after.schemas.get(name), text, `schema ${name} means the same`);
    for (const [id, text] of before.operations)
      assert.is(after.operations.get(id), text, `operation ${id} is the same`);
    for (const [name, values] of before.enums)
      assert.is(after.enums.get(name), values, `enum ${name} is the same`);
  });
}

test.run();
