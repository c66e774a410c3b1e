/**
 * Ground truth for the classification: a consumer of the OLD package (every operation called with
 * every parameter, every result field read) is compiled against the NEW package, and every compile
 * error must be explained by a change `xgen diff` classifies as breaking for that operation. Run on
 * one synthetic pair per rule (test/fixtures/diff/) and on X's published 2.147 -> 2.159.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { test } from '../../helpers/uvu.ts';
import * as assert from 'uvu/assert';
import { type Change, operationsOf } from '../../../generator/diff/change.ts';
import { diffSpecs } from '../../../generator/diff/compare.ts';
import { diffSnapshots } from '../../../generator/diff/rules.ts';
import { ROOT, removeDir, tempDir } from '../../helpers/cli.ts';
import {
  compileErrors,
  consumerProgram,
  emitSources,
  PROBLEM,
  type ConsumerProgram,
} from '../../helpers/consumer.ts';
import { typecheck } from '../../helpers/typecheck.ts';

const FIXTURES = join(ROOT, 'test', 'fixtures', 'diff');
const CASES = JSON.parse(readFileSync(join(FIXTURES, 'cases.json'), 'utf8')) as Record<
  string,
  { old?: string; new?: string; level: string; message: string }
>;
/** Pairs whose breaking change a consumer's compile must catch: the test fails if the consumer compiles. */
const MUST_FAIL_TO_COMPILE = [
  'op-removed',
  'group-renamed',
  'param-removed',
  'param-renamed',
  'body-field-removed',
  'request-enum-value-removed',
  'request-type-changed',
  'result-field-removed',
  'result-field-optional',
  'result-field-retyped',
  'type-renamed',
  'op-id-renamed',
  'error-field-removed',
  'error-range-added',
  'problem-field-removed',
  'money-added',
  'stream-sse',
  'stream-ndjson',
];

let work = '';
test.before(() => {
  work = tempDir('diff-ground-truth');
});
test.after(() => removeDir(work));

interface Pair {
  name: string;
  /** The consumer compiled against the new package. */
  path: string;
  program: ConsumerProgram;
  /** The same consumer compiled against the old package: it must compile, or it proves nothing. */
  control: { path: string; program: ConsumerProgram };
  changes: Change[];
}

/** A spec's package sources, emitted once for the file (most pairs share an old spec): where, and what emitSources gives. */
type Emitted = Awaited<ReturnType<typeof emitSources>> & { dir: string };
const emittedSpecs = new Map<string, Promise<Emitted>>();
function emitOnce(spec: string): Promise<Emitted> {
  let emitted = emittedSpecs.get(spec);
  if (!emitted) {
    const dir = join(work, 'packages', String(emittedSpecs.size));
    emitted = emitSources(spec, dir).then((sources) => ({ ...sources, dir }));
    emittedSpecs.set(spec, emitted);
  }
  return emitted;
}

async function preparePair(name: string, oldSpec: string, newSpec: string): Promise<Pair> {
  const dir = join(work, name);
  mkdirSync(dir, { recursive: true });
  const old = await emitOnce(oldSpec);
  const next = await emitOnce(newSpec);
  const index = (pkg: Emitted) => `./${relative(dir, pkg.dir)}/src/index.js`;
  const write = (file: string, client: string) => {
    const program = consumerProgram(old.snapshot, index(old), client, old.unionParams);
    writeFileSync(join(dir, file), program.text);
    return { path: join(dir, file), program };
  };
  const consumer = write('consumer.ts', index(next));
  return {
    name,
    ...consumer,
    control: write('control.ts', index(old)),
    changes: diffSnapshots(old.snapshot, next.snapshot),
  };
}

/** Errors of a control program: the consumer as derived does not compile against its own package. */
function controlErrors(pair: Pair, errors: Map<string, Map<string, string[]>>): string[] {
  return [...(errors.get(pair.control.path) ?? new Map<string, string[]>())].flatMap(([id, list]) =>
    list.map((e) => `${pair.name} control ${id}: ${e}`),
  );
}

/**
 * The compile errors no breaking change of their operation explains. The consumer names operations
 * by their old ids: one whose id was renamed is the same operation under its new id.
 */
function unexplained(pair: Pair, errors: Map<string, string[]>): string[] {
  const renamed = new Map(
    pair.changes.flatMap((c) =>
      c.rename?.kind === 'operation' ? [[c.rename.from, c.rename.to] as const] : [],
    ),
  );
  const out: string[] = [];
  for (const [id, list] of errors) {
    const ids = [id, ...(renamed.has(id) ? [renamed.get(id) as string] : [])];
    // A problem type's reads: explained by a breaking change of the package's own (no operation).
    const explained = id.startsWith(`${PROBLEM} `)
      ? pair.changes.some((c) => c.level === 'breaking' && operationsOf(c).length === 0)
      : id !== '' &&
        pair.changes.some((c) => c.level === 'breaking' && operationsOf(c).some((o) => ids.includes(o)));
    if (!explained) out.push(...list.map((e) => `${pair.name} ${id || '(outside any operation)'}: ${e}`));
  }
  return out;
}

test('synthetic pairs: every compile error is a breaking change of its operation', async () => {
  const pairs: Pair[] = [];
  pairs.push(await preparePair('same', join(FIXTURES, 'base.yaml'), join(FIXTURES, 'base.yaml')));
  for (const [name, c] of Object.entries(CASES))
    pairs.push(
      await preparePair(name, join(FIXTURES, c.old ?? 'base.yaml'), join(FIXTURES, c.new ?? `${name}.yaml`)),
    );
  const errors = compileErrors(pairs.flatMap((p) => [p, p.control]));
  const problems: string[] = [];
  for (const pair of pairs) {
    problems.push(...controlErrors(pair, errors));
    const found = errors.get(pair.path) ?? new Map<string, string[]>();
    problems.push(...unexplained(pair, found));
    if (MUST_FAIL_TO_COMPILE.includes(pair.name) && found.size === 0)
      problems.push(`${pair.name}: the consumer still compiles`);
    if (pair.name === 'same') assert.equal(pair.changes, [], 'the same spec twice: no changes');
  }
  assert.equal(problems, []);
});

/**
 * The result-type rules (enums open or closed, field selection, flags): code a consumer writes
 * against the old package, the way the rule's message says it breaks (an exhaustive switch, a
 * default field read, a flagged field). It must compile against the old package; against the new
 * one it must fail for a breaking rule and compile for the others.
 */
const RESULT_TYPE_CODE: Record<
  string,
  { breaks: boolean; code: string; imports?: string[]; runTime?: true }
> = {
  'response-closed-enum-value-added': {
    breaks: true,
    code: `const { data } = await client.pets.get({ pet_id: '1' });
  const size = data?.size;
  if (size !== undefined) {
    switch (size) {
      case 'small':
      case 'large':
        break;
      default: {
        const unreachable: never = size;
        read(unreachable);
      }
    }
  }`,
  },
  'response-closed-enum-value-removed': {
    breaks: true,
    code: `const { data } = await client.pets.get({ pet_id: '1' });
  if (data?.size === 'large') read(data.size);`,
  },
  'response-enum-opened': {
    breaks: true,
    code: `const labels: Record<'small' | 'large', string> = { small: 'S', large: 'L' };
  const { data } = await client.pets.get({ pet_id: '1' });
  if (data?.size !== undefined) read<string>(labels[data.size]);`,
  },
  'response-enum-closed': {
    breaks: false,
    code: `const { data } = await client.pets.get({ pet_id: '1' });
  const color: string | undefined = data?.color;
  if (color === 'black' || color === 'white') read(color);`,
  },
  'response-open-enum-value-added': {
    breaks: false,
    code: `const { data } = await client.pets.get({ pet_id: '1' });
  switch (data?.color) {
    case 'black':
    case 'white':
      break;
    default:
      read<string | undefined>(data?.color);
  }`,
  },
  'response-open-enum-value-removed': {
    breaks: false,
    code: `const { data } = await client.pets.get({ pet_id: '1' });
  if (data?.color === 'white') read<string>(data.color);`,
  },
  'selection-added': {
    breaks: true,
    code: 'for await (const pet of client.pets.list()) read<number | undefined>(pet.age);',
  },
  'selection-removed': {
    breaks: true,
    code: "for await (const pet of client.pets.list({ 'pet.fields': ['age'] })) read<number>(pet.age);",
  },
  'selection-default-removed': {
    breaks: true,
    code: 'for await (const pet of client.pets.list()) read<string>(pet.name);',
  },
  'selection-default-added': {
    breaks: false,
    code: "for await (const pet of client.pets.list({ 'pet.fields': ['age'] })) read<[string, number]>([pet.name, pet.age]);",
  },
  'sometimes-absent-added': {
    breaks: true,
    code: "for await (const pet of client.pets.list({ 'pet.fields': ['age'] })) read<number>(pet.age);",
  },
  'sometimes-absent-removed': {
    breaks: false,
    code: "for await (const pet of client.pets.list({ 'pet.fields': ['chip'] })) read<string | undefined>(pet.chip);",
  },
  'flag-added': {
    breaks: true,
    code: `const page = await client.pets.list();
  read<number | undefined>(page.total);`,
  },
  'flag-removed': {
    breaks: true,
    code: `const page = await client.pets.list({ with_total: true });
  read<number>(page.total);`,
  },
  // Precision (issue 23): every exported name is API; a result union is like a closed enum; free-form objects both ways.
  'type-renamed': {
    breaks: true,
    imports: ['Pet'],
    code: `const { data } = await client.pets.get({ pet_id: '1' });
  const pet: Pet | undefined = data;
  read(pet);`,
  },
  'type-removed': {
    breaks: true,
    imports: ['Owner'],
    code: `const owner: Owner = { name: 'Ann' };
  read(owner);`,
  },
  // The same endpoint under a new id: the old id given to client.call, and the method named from it, no longer compile.
  'op-id-renamed': {
    breaks: true,
    code: `await client.call('deletePet', { pet_id: '1' });
  await client.pets.delete({ pet_id: '1' });`,
  },
  'union-member-removed': {
    breaks: true,
    code: `const animal = await client.animals.retrieve({ animal_id: '1' });
  if ('sings' in animal) read<boolean>(animal.sings);`,
  },
  'union-member-field-clash': {
    breaks: true,
    code: `const animal = await client.animals.retrieve({ animal_id: '1' });
  if ('meows' in animal) read<boolean>(animal.meows);`,
  },
  'result-free-form-declared': {
    breaks: true,
    code: `const thing = await client.things.retrieve({ thing_id: '1' });
  read<unknown>(thing.colour);`,
  },
  'request-free-form': {
    breaks: false,
    code: "await client.notes.create({ text: 'hi', pinned: true, attachment: { url: 'https://example.com' } });",
  },
  'request-union-widened': {
    breaks: false,
    code: `await client.notes.create({ text: 'hi', attachment: { path: '/tmp/a' } });
  await client.animals.create({ name: 'Rex', barks: true });`,
  },
  'allof-enum-value-added': {
    breaks: false,
    code: "await client.shapes.create({ label: 'c', radius: 1, mode: 'filled' });",
  },
  'integer-to-number': {
    breaks: false,
    code: `const { data } = await client.pets.get({ pet_id: '1' });
  read<number | undefined>(data?.age);
  await client.pets.create({ name: 'Rex', age: 3 });`,
  },
  // An amount in micros is the branded `Micros`: a plain number no longer fits a request field, while a result's still reads as one.
  'money-added': {
    breaks: true,
    code: "await client.pets.create({ name: 'Rex', age: 3 });",
  },
  'result-money-added': {
    breaks: false,
    code: `const { data } = await client.pets.get({ pet_id: '1' });
  read<number | undefined>(data?.age);`,
  },
  // The client's sandbox options exist while the spec names a sandbox server.
  'sandbox-removed': {
    breaks: true,
    code: "read(new ApiClient({ sandbox: true, sandboxBaseUrl: 'http://127.0.0.1:9' }));",
  },
  'sandbox-added': {
    breaks: false,
    code: "read(new ApiClient({ baseUrl: 'http://127.0.0.1:9' }));",
  },
  // Compiles, and breaking: the call now throws ValidationError before sending (the message says so).
  'pattern-tightened': {
    breaks: false,
    runTime: true,
    code: "await client.pets.create({ name: 'Rex 2' });",
  },
};

test('result-type rules: the code each rule speaks of compiles against the old package, and against the new one only when the rule is not breaking', async () => {
  const dir = join(work, 'result-types');
  mkdirSync(dir, { recursive: true });
  const emitted = async (spec: string): Promise<string> => (await emitOnce(join(FIXTURES, spec))).dir;
  const files: { name: string; side: 'old' | 'new'; path: string }[] = [];
  for (const [name, { code }] of Object.entries(RESULT_TYPE_CODE)) {
    const c = CASES[name];
    assert.ok(c, `${name} is a case of cases.json`);
    for (const side of ['old', 'new'] as const) {
      const spec = side === 'old' ? (c.old ?? 'base.yaml') : (c.new ?? `${name}.yaml`);
      const pkg = await emitted(spec);
      const path = join(dir, `${name}.${side}.ts`);
      const imports = RESULT_TYPE_CODE[name]?.imports ?? [];
      const text = [
        `import { ApiClient${imports.map((n) => `, type ${n}`).join('')} } from './${relative(dir, pkg)}/src/index.js';`,
        'declare const client: ApiClient;',
        'declare function read<T>(value: T): void;',
        'export async function consumer(): Promise<void> {',
        `  ${code}`,
        '}',
        '',
      ].join('\n');
      writeFileSync(path, text);
      files.push({ name, side, path });
    }
  }
  const errors = typecheck(files.map((f) => f.path));
  const problems: string[] = [];
  for (const { name, side, path } of files) {
    const own = errors.filter((e) => e.startsWith(path.replace(`${process.cwd()}/`, '')));
    const breaks = RESULT_TYPE_CODE[name]?.breaks === true;
    const level = CASES[name]?.level;
    if (side === 'old' && own.length > 0)
      problems.push(`${name}: does not compile against the old package: ${own.join('; ')}`);
    if (side === 'new' && breaks && own.length === 0)
      problems.push(`${name}: still compiles against the new package`);
    if (side === 'new' && !breaks && own.length > 0)
      problems.push(`${name}: no longer compiles against the new package: ${own.join('; ')}`);
    const runTime = RESULT_TYPE_CODE[name]?.runTime === true;
    if (side === 'new' && (level === 'breaking') !== (breaks || runTime))
      problems.push(`${name}: classified ${level}, but the code ${breaks ? 'breaks' : 'compiles'}`);
    if (side === 'new' && runTime && !/a run-time break/.test(String(CASES[name]?.message)))
      problems.push(`${name}: a run-time break must say so`);
    if (side === 'new' && name === 'op-id-renamed') {
      // Reported as the rename migrate applies, not as a removal and an addition.
      const changes = diffSpecs(join(FIXTURES, 'base.yaml'), join(FIXTURES, 'op-id-renamed.yaml')).changes;
      const renames = changes.flatMap((c) =>
        c.rename?.kind === 'operation' && c.level === 'breaking' ? [[c.rename.from, c.rename.to]] : [],
      );
      if (changes.length !== 1 || JSON.stringify(renames) !== JSON.stringify([['deletePet', 'removePet']]))
        problems.push(`${name}: not one operation rename deletePet -> removePet: ${JSON.stringify(changes)}`);
    }
  }
  assert.equal(problems, []);
});

test("X's published 2.147 -> 2.159: every compile error is a breaking change of its operation", async () => {
  const reference = join(ROOT, 'test', 'fixtures', 'reference');
  const pair = await preparePair(
    'x',
    join(reference, 'x-openapi-2.147.json'),
    join(reference, 'x-openapi-2.159.json'),
  );
  const errors = compileErrors([pair, pair.control]);
  assert.equal(
    controlErrors(pair, errors),
    [],
    'the consumer compiles against the package it was derived from',
  );
  const found = errors.get(pair.path) ?? new Map<string, string[]>();
  assert.equal(unexplained(pair, found), []);
  // The pair does break consumers (a removed result field, fields made optional), and the consumer sees it.
  assert.ok(found.has('deleteAllConnections'), 'the removed data.killed_connections fails to compile');
  assert.ok(found.has('getMediaUploadStatus'), 'data.id made optional fails to compile');
  assert.ok(pair.program.ranges.length >= 132, 'every old operation is called');
});

test.run();
