/**
 * Printing the emitters' ts-morph structures (ts-morph's printStructure, through printStructures):
 * the text of each kind of structure the emitters build, doc comments, and the blank lines the format
 * stage keeps (after a statement ending in `}`, before functions, classes and interfaces, between
 * class members other than properties). Multi-line text is written exactly as given.
 */
import { test } from '../../helpers/uvu.ts';
import * as assert from 'uvu/assert';
import { formatFiles } from '../../../generator/format/index.ts';
import {
  printSourceFile,
  printStructures,
  Scope,
  type StatementStructures,
  StructureKind,
  VariableDeclarationKind,
} from '../../../generator/emit/structures.ts';

const formatted = async (text: string): Promise<string> =>
  (await formatFiles(new Map([['a.ts', text]]))).get('a.ts')!;

test('imports and exports: type-only, aliases, namespaces, bare', () => {
  const text = printStructures({
    statements: [
      {
        kind: StructureKind.ImportDeclaration,
        moduleSpecifier: './a.js',
        isTypeOnly: true,
        namedImports: ['A', { name: 'B', alias: 'C' }],
      },
      {
        kind: StructureKind.ImportDeclaration,
        moduleSpecifier: './b.js',
        namedImports: [{ name: 'D', isTypeOnly: true }, 'e'],
      },
      { kind: StructureKind.ImportDeclaration, moduleSpecifier: './ops.js', namespaceImport: 'ops' },
      { kind: StructureKind.ExportDeclaration, moduleSpecifier: './c.js', namedExports: ['x', 'type Y'] },
      {
        kind: StructureKind.ExportDeclaration,
        moduleSpecifier: "./it's.js",
        isTypeOnly: true,
        namedExports: ['Z'],
      },
      { kind: StructureKind.ExportDeclaration },
    ],
  });
  assert.is(
    text,
    [
      "import type { A, B as C } from './a.js';",
      "import { type D, e } from './b.js';",
      "import * as ops from './ops.js';",
      "export { x, type Y } from './c.js';",
      "export type { Z } from './it\\'s.js';",
      'export { };',
      '',
    ].join('\n'),
  );
});

test('a source file prints import and export lists as ts-morph prints them name by name', () => {
  const statements: (StatementStructures | string)[] = [
    {
      kind: StructureKind.ImportDeclaration,
      moduleSpecifier: './a.js',
      isTypeOnly: true,
      namedImports: ['A', { name: 'B', alias: 'C' }, { name: 'D', alias: ' ' }],
    },
    {
      kind: StructureKind.ImportDeclaration,
      moduleSpecifier: './b.js',
      defaultImport: 'b',
      namedImports: [{ kind: StructureKind.ImportSpecifier, name: 'E', isTypeOnly: true }, 'f', 'type G'],
    },
    // Not plain: a comment after a name (the comma goes before it), a writer, a trailing space.
    { kind: StructureKind.ImportDeclaration, moduleSpecifier: './c.js', namedImports: ['h /* why */', 'i'] },
    {
      kind: StructureKind.ImportDeclaration,
      moduleSpecifier: './d.js',
      namedImports: [(writer) => writer.write('j'), 'k'],
    },
    { kind: StructureKind.ImportDeclaration, moduleSpecifier: './e.js', namedImports: ['l ', 'm'] },
    { kind: StructureKind.ImportDeclaration, moduleSpecifier: './f.js', namedImports: [] },
    {
      kind: StructureKind.ExportDeclaration,
      moduleSpecifier: './g.js',
      namedExports: ['n', 'type O', { name: 'p', alias: 'q' }],
    },
    { kind: StructureKind.ExportDeclaration, namedExports: ['r'] },
    // Every imported name in use (an import keeps only the names the file refers to).
    'use(A, C, D, E, f, G, i, k, m);',
  ];
  // Each statement as ts-morph prints it alone, the same way printSourceFile lays them out.
  const oneByOne = statements.map((statement) => printStructures({ statements: [statement] }));
  const imports = oneByOne.slice(0, 6).join('');
  const rest = oneByOne.slice(6).join('\n');
  assert.is(printSourceFile({ statements }), `${imports}\n${rest}`);
  assert.ok(imports.includes("import type { A, B as C, D } from './a.js';"), imports);
  assert.ok(imports.includes("import b, { type E, f, type G } from './b.js';"), imports);
  assert.ok(imports.includes("import { h, /* why */ i } from './c.js';"), imports);
});

test('an import keeps only the names the file refers to, and goes when it keeps none', () => {
  const text = printSourceFile({
    statements: [
      {
        kind: StructureKind.ImportDeclaration,
        moduleSpecifier: './a.js',
        isTypeOnly: true,
        namedImports: ['A', 'B'],
      },
      {
        kind: StructureKind.ImportDeclaration,
        moduleSpecifier: './c.js',
        namedImports: [{ name: 'c', alias: 'd' }],
      },
      { kind: StructureKind.ImportDeclaration, moduleSpecifier: './e.js', namedImports: ['e'] },
      // A re-export names what it exports without using it.
      { kind: StructureKind.ExportDeclaration, moduleSpecifier: './a.js', namedExports: ['B'] },
      { kind: StructureKind.TypeAlias, isExported: true, name: 'T', type: 'A | ReturnType<typeof d>' },
    ],
  });
  assert.is(
    text,
    [
      "import type { A } from './a.js';",
      "import { c as d } from './c.js';",
      '',
      "export { B } from './a.js';",
      '',
      'export type T = A | ReturnType<typeof d>;',
      '',
    ].join('\n'),
  );
});

test('doc comments: one line inline, several lines starred, tags after the description', () => {
  const text = printStructures({
    statements: [
      { kind: StructureKind.TypeAlias, name: 'A', type: 'string', docs: ['One line.'] },
      {
        kind: StructureKind.TypeAlias,
        isExported: true,
        name: 'B',
        type: 'number',
        docs: [
          {
            description: 'First.\n\nSecond.',
            tags: [{ tagName: 'see', text: 'https://x.com' }, { tagName: 'deprecated' }],
          },
        ],
      },
      {
        kind: StructureKind.TypeAlias,
        name: 'C',
        type: 'C0',
        docs: [{ tags: [{ tagName: 'example', text: '\nconst c = 1;' }] }],
      },
    ],
  });
  assert.is(
    text,
    [
      '/** One line. */',
      'type A = string;',
      '/**',
      ' * First.',
      ' *',
      ' * Second.',
      ' * @see https://x.com',
      ' * @deprecated',
      ' */',
      'export type B = number;',
      '/**',
      ' * @example',
      ' * const c = 1;',
      ' */',
      'type C = C0;',
      '',
    ].join('\n'),
  );
});

test('blank lines: after a closing brace and before functions, classes and interfaces only', () => {
  const statements: StatementStructures[] = [
    { kind: StructureKind.ImportDeclaration, moduleSpecifier: './a.js', namedImports: ['a'] },
    { kind: StructureKind.TypeAlias, name: 'T', type: '{ a: 1 }' },
    {
      kind: StructureKind.VariableStatement,
      declarationKind: VariableDeclarationKind.Const,
      declarations: [{ name: 'v', initializer: '1' }],
    },
    {
      kind: StructureKind.Interface,
      name: 'I',
      properties: [
        { name: 'a', type: 'string', hasQuestionToken: true },
        { name: 'b', type: 'number', isReadonly: true },
      ],
    },
    { kind: StructureKind.TypeAlias, name: 'U', type: 'I' },
    {
      kind: StructureKind.Function,
      isExported: true,
      name: 'f',
      parameters: [{ name: 'x', type: 'number' }],
      returnType: 'number',
      statements: ['if (x) {', '  return 1;', '}', 'return x;'],
    },
  ];
  assert.is(
    printStructures({ statements }),
    [
      "import { a } from './a.js';",
      'type T = { a: 1 };',
      'const v = 1;',
      '',
      'interface I {',
      '  a?: string;',
      '  readonly b: number;',
      '}',
      '',
      'type U = I;',
      '',
      'export function f(x: number): number {',
      '  if (x) {',
      '    return 1;',
      '  }',
      '',
      '  return x;',
      '}',
      '',
    ].join('\n'),
  );
});

test('a class: properties together, the constructor and each method after a blank line, overloads before the body', async () => {
  const text = printStructures({
    statements: [
      {
        kind: StructureKind.Class,
        isExported: true,
        name: 'K',
        docs: ['A class.'],
        properties: [
          { name: 'a', isReadonly: true, type: 'A', docs: ['The a.'] },
          { name: '#core', isReadonly: true, type: 'Core' },
        ],
        ctors: [{ parameters: [{ name: 'core', type: 'Core', scope: Scope.Private, isReadonly: true }] }],
        methods: [
          {
            kind: StructureKind.Method,
            name: 'call',
            overloads: [
              {
                docs: ['With params.'],
                typeParameters: [{ name: 'P', isConst: true, constraint: 'object', default: '{}' }],
                parameters: [{ name: 'params', type: 'P' }],
                returnType: 'P',
              },
              { docs: ['Without.'], parameters: [], returnType: 'undefined' },
            ],
            parameters: [{ name: 'params', type: 'object', hasQuestionToken: true }],
            returnType: 'unknown',
            statements: 'return params;',
          },
          { name: 'other', parameters: [{ name: 'x', type: 'number', initializer: '1' }], statements: [] },
        ],
      },
    ],
  });
  assert.is(
    await formatted(text),
    [
      '/** A class. */',
      'export class K {',
      '  /** The a. */',
      '  readonly a: A;',
      '  readonly #core: Core;',
      '',
      '  constructor(private readonly core: Core) {}',
      '',
      '  /** With params. */',
      '  call<const P extends object = {}>(params: P): P;',
      '  /** Without. */',
      '  call(): undefined;',
      '  call(params?: object): unknown {',
      '    return params;',
      '  }',
      '',
      '  other(x: number = 1) {}',
      '}',
      '',
    ].join('\n'),
  );
});

test('multi-line text is written as given: a template literal keeps its lines', async () => {
  const initializer = '`line one\n  line two\nline three`';
  const text = printStructures({
    statements: [
      { kind: StructureKind.Function, name: 'f', statements: [`const s = ${initializer};`, 'return s;'] },
    ],
  });
  assert.ok(text.includes(initializer), text);
  assert.ok((await formatted(text)).includes(initializer));
});

test('a source file: its leading text, the imports together, a blank line after them and between declarations', () => {
  const text = printSourceFile({
    leadingTrivia: '/** Generated. */\n',
    statements: [
      { kind: StructureKind.ImportDeclaration, moduleSpecifier: './a.js', namedImports: ['a'] },
      { kind: StructureKind.ImportDeclaration, moduleSpecifier: './b.js', namedImports: ['b'] },
      { kind: StructureKind.TypeAlias, name: 'A', type: 'typeof a' },
      { kind: StructureKind.TypeAlias, name: 'B', type: 'typeof b' },
      'const c = 1',
    ],
  });
  assert.is(
    text,
    [
      '/** Generated. */',
      '',
      "import { a } from './a.js';",
      "import { b } from './b.js';",
      '',
      'type A = typeof a;',
      '',
      'type B = typeof b;',
      '',
      'const c = 1',
      '',
    ].join('\n'),
  );
  assert.is(printSourceFile({ statements: [] }), '');
  assert.is(printSourceFile({ leadingTrivia: 'x', statements: [] }), 'x\n');
});

test('printing a source file takes time in proportion to its statements, not to their square', () => {
  const file = (n: number) => ({
    statements: Array.from({ length: n }, (_, i): StatementStructures => ({
      kind: StructureKind.TypeAlias,
      isExported: true,
      name: `T${i}`,
      type: "{ a: string; b: 'x' | 'y' }",
      docs: ['A type.'],
    })),
  });
  // The best of three, after a warm-up: a shared machine is noisy, and a copy of the whole text per
  // statement makes eight times the statements cost about sixty times the time.
  const best = (n: number): number => {
    const structure = file(n);
    let fastest = Infinity;
    for (let i = 0; i < 3; i++) {
      const started = performance.now();
      printSourceFile(structure);
      fastest = Math.min(fastest, performance.now() - started);
    }
    return fastest;
  };
  best(500);
  const small = best(1000);
  const large = best(8000);
  assert.ok(
    large < 20 * small,
    `8,000 statements took ${large.toFixed(0)} ms, 1,000 took ${small.toFixed(0)} ms`,
  );
});

test.run();
