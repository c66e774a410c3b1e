/**
 * Notes (inferred field selections) as `xgen generate` prints them: one line a package, naming the
 * parameters and where to read the details (the package README, `--verbose`); nothing on a cached
 * run; every located note under `--verbose`.
 */
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from '../helpers/uvu.ts';
import * as assert from 'uvu/assert';
import { removeDir, ROOT, runCli, tempDir } from '../helpers/cli.ts';
import { shareEmitThreads } from '../helpers/emit-threads.ts';

// Generates in this process: the test process's emit threads serve it (test/helpers/emit-threads.ts).
shareEmitThreads(test);

// X's shape without X's extensions: `<object>.fields` parameters whose values name an object's properties.
const SPEC = `openapi: 3.1.0
info: { title: notes, version: '1' }
paths:
  /posts:
    get:
      operationId: getPosts
      parameters:
        - $ref: '#/components/parameters/PostFields'
        - $ref: '#/components/parameters/AuthorFields'
      responses:
        '200':
          description: ok
          content:
            application/json:
              schema: { $ref: '#/components/schemas/PostsResponse' }
  /authors/{id}:
    get:
      operationId: getAuthor
      parameters:
        - { name: id, in: path, required: true, schema: { type: string } }
        - $ref: '#/components/parameters/AuthorFields'
      responses:
        '200':
          description: ok
          content:
            application/json:
              schema: { $ref: '#/components/schemas/AuthorResponse' }
components:
  parameters:
    PostFields:
      name: post.fields
      in: query
      style: form
      explode: false
      schema: { type: array, items: { type: string, enum: [author_id, created_at, id, text] } }
    AuthorFields:
      name: author.fields
      in: query
      style: form
      explode: false
      schema: { type: array, items: { type: string, enum: [id, name, bio] } }
  schemas:
    Post:
      type: object
      properties:
        id: { type: string }
        text: { type: string }
        author_id: { type: string }
        created_at: { type: string }
    Author:
      type: object
      required: [id, name]
      properties:
        id: { type: string }
        name: { type: string }
        bio: { type: string }
    Includes:
      type: object
      properties:
        authors: { type: array, items: { $ref: '#/components/schemas/Author' } }
    PostsResponse:
      type: object
      properties:
        data: { type: array, items: { $ref: '#/components/schemas/Post' } }
        includes: { $ref: '#/components/schemas/Includes' }
    AuthorResponse:
      type: object
      properties:
        data: { $ref: '#/components/schemas/Author' }
`;

let work = '';
let spec = '';
test.before(() => {
  work = tempDir('notes');
  spec = join(work, 'notes.yaml');
  writeFileSync(spec, SPEC);
});
test.after(() => removeDir(work));

const generate = (...more: string[]) =>
  runCli([
    'generate',
    '--spec',
    spec,
    '--out',
    join(work, 'out'),
    '--name',
    'notes',
    '--cache-dir',
    join(work, 'cache'),
    ...more,
  ]);
const notes = (lines: string[]) => lines.filter((line) => line.includes(': note: '));

test('one line a package, then nothing on a cached run; --verbose prints each note, located', async () => {
  const first = await generate();
  assert.is(first.code, 0, first.text);
  assert.equal(notes(first.err), [
    `${join(work, 'out').replace(`${process.cwd()}/`, '')}: note: field selection inferred for 2 parameters author.fields, post.fields, followed by 2 operations' results; ` +
      'the package README ("Field selection") lists them, --verbose prints each with its location in the spec (x-field-selection there states it instead)',
  ]);
  const cached = await generate();
  assert.match(cached.text, 'inputs unchanged since a cached run');
  assert.equal(notes(cached.err), [], 'a cached run repeats no note');
  const verbose = await generate('--verbose');
  const located = notes(verbose.err);
  assert.is(located.length, 2, verbose.text);
  assert.match(
    located[0]!,
    /notes\.yaml:\d+:\d+: note: field selection inferred: "post\.fields" selects the fields of Post/,
  );
  assert.match(
    located[1]!,
    /notes\.yaml:\d+:\d+: note: field selection inferred: "author\.fields" selects the fields of Author/,
  );
});

test('a watch round whose notes are unchanged repeats none of them', async () => {
  const child = spawn(
    process.execPath,
    [
      join(ROOT, 'bin', 'xgen.js'),
      'generate',
      '--spec',
      'notes.yaml',
      '--out',
      'watched',
      '--name',
      'notes',
      '--watch',
      '--no-cache',
    ],
    {
      cwd: work,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
  const waitFor = async (pattern: string, count: number): Promise<void> => {
    const deadline = Date.now() + 120_000;
    while (output.split(pattern).length - 1 < count) {
      if (Date.now() > deadline || child.exitCode !== null)
        throw new Error(`no ${count}× "${pattern}"; output:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  try {
    await waitFor('watched: wrote notes', 1);
    await waitFor('for changes (Ctrl-C to stop)', 1);
    writeFileSync(spec, SPEC.replace('title: notes', 'title: notes again'));
    await waitFor('watched: wrote notes', 2);
    assert.is(output.split(': note: ').length - 1, 1, output);
  } finally {
    child.kill('SIGINT');
    await exited;
    writeFileSync(spec, SPEC);
  }
});

test.run();
