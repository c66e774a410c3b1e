/** Field selection inferred where a spec does not state it (generator/model/selection-inference.ts). */
import { test } from '../../helpers/uvu.ts';
import * as assert from 'uvu/assert';
import { loadSpec } from '../../../generator/load/index.ts';
import { buildModel } from '../../../generator/model/index.ts';

// X's shape without X's extensions: `<object>.fields` parameters whose values name an object's
// properties, `data` and `includes`, `expansions`.
const SPEC = `
openapi: 3.1.0
info: { title: inference, version: '1' }
paths:
  /posts:
    get:
      operationId: getPosts
      parameters:
        - $ref: '#/components/parameters/PostFields'
        - $ref: '#/components/parameters/Expansions'
        - $ref: '#/components/parameters/AuthorFields'
        - name: odd.fields
          in: query
          schema: { type: array, items: { type: string, enum: [colour, size, weight] } }
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
  /quiet:
    get:
      operationId: getQuiet
      x-field-selection: false
      parameters:
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
      schema: { type: array, items: { type: string, enum: [author_id, created_at, id, lang, text, extra] } }
    AuthorFields:
      name: author.fields
      in: query
      style: form
      explode: false
      schema: { type: array, items: { type: string, enum: [id, name, bio, url] } }
    Expansions:
      name: expansions
      in: query
      schema: { type: array, items: { type: string, enum: [author_id] } }
  schemas:
    Post:
      type: object
      properties:
        id: { type: string }
        text: { type: string }
        author_id: { type: string }
        created_at: { type: string }
        lang: { type: string }
        nickname: { type: string }
    Author:
      type: object
      required: [id, name]
      properties:
        id: { type: string }
        name: { type: string }
        bio: { type: string }
        url: { type: string }
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

function model(text = SPEC) {
  const spec = loadSpec('inference.yaml', text);
  return {
    model: buildModel(spec, { packageName: 'inference', clientName: 'InferenceClient' }),
    docs: spec.docs,
  };
}

test('a *.fields parameter is paired with the object its values name, in data and in includes', () => {
  const { model: m } = model();
  const posts = m.operations.find((o) => o.id === 'getPosts')?.narrowing;
  assert.ok(posts, 'getPosts narrows');
  assert.equal(posts?.inferredFrom, ['post.fields', 'author.fields']);
  assert.equal(
    posts?.members.map((member) => [
      member.property,
      member.selection?.param ?? member.object?.members.map((i) => `${i.property}:${i.selection?.param}`),
    ]),
    [
      ['data', 'post.fields'],
      ['includes', ['authors:author.fields']],
    ],
  );
  assert.equal(
    m.operations
      .find((o) => o.id === 'getAuthor')
      ?.narrowing?.members.map((member) => member.selection?.param),
    ['author.fields'],
  );
  // `odd.fields` names no property of anything the result carries.
  assert.not.ok(m.selections.some((s) => s.param === 'odd.fields'));
});

test('defaults from the required list; without one, nothing is claimed present unasked', () => {
  const { model: m } = model();
  const author = m.selections.find((s) => s.object === 'Author');
  assert.equal(author?.defaults, ['id', 'name']);
  assert.is(author?.defaultsUnknown, undefined);
  assert.is(author?.inferred, true);
  const post = m.selections.find((s) => s.object === 'Post');
  assert.equal(post?.defaults, []);
  assert.is(post?.defaultsUnknown, true);
  assert.equal(post?.unselectable, ['nickname'], 'a property the parameter cannot name stays optional');
});

test('each pairing is one located note, not a warning', () => {
  const { docs } = model();
  assert.equal(docs.warnings, []);
  const notes = docs.notes.map((n) => `${n.file}:${n.line}:${n.column} ${n.pointer}`);
  assert.equal(notes, [
    'inference.yaml:47:5 #/components/parameters/PostFields',
    'inference.yaml:53:5 #/components/parameters/AuthorFields',
  ]);
  assert.match(
    docs.notes[0]?.reason ?? '',
    /^field selection inferred: "post\.fields" selects the fields of Post in results \(its values name 5 of the 6 properties of Post\); Post has no required list/,
  );
  assert.match(docs.notes[1]?.reason ?? '', /defaults from its required list \(id, name\)/);
});

test('x-field-selection: false on the operation or on the parameter switches it off', () => {
  const { model: m } = model();
  assert.is(m.operations.find((o) => o.id === 'getQuiet')?.narrowing, undefined, 'operation');
  const off = model(
    SPEC.replace(
      '      name: author.fields\n',
      '      name: author.fields\n      x-field-selection: false\n',
    ),
  ).model;
  assert.equal(
    off.operations.find((o) => o.id === 'getPosts')?.narrowing?.inferredFrom,
    ['post.fields'],
    'parameter',
  );
  assert.is(off.operations.find((o) => o.id === 'getAuthor')?.narrowing, undefined);
});

test('a stated x-field-selection is taken as stated, and includes need an expansions parameter', () => {
  const stated = SPEC.replace(
    '      name: post.fields\n',
    '      name: post.fields\n      x-field-selection: { object: Post, defaults: [id, text] }\n',
  );
  const { model: m, docs } = model(stated);
  const post = m.selections.find((s) => s.object === 'Post');
  assert.equal(post?.defaults, ['id', 'text']);
  assert.is(post?.inferred, undefined);
  assert.equal(m.operations.find((o) => o.id === 'getPosts')?.narrowing?.inferredFrom, ['author.fields']);
  assert.is(docs.notes.length, 1);
  const noExpansions = model(
    SPEC.replace("        - $ref: '#/components/parameters/Expansions'\n", ''),
  ).model;
  assert.equal(
    noExpansions.operations
      .find((o) => o.id === 'getPosts')
      ?.narrowing?.members.map((member) => member.property),
    ['data'],
  );
});

test('a parameter that names too few of an object’s properties is not paired', () => {
  const few = SPEC.replace(
    'enum: [author_id, created_at, id, lang, text, extra]',
    'enum: [id, text, extra, more]',
  );
  const { model: m } = model(few);
  assert.not.ok(
    m.selections.some((s) => s.object === 'Post'),
    '2 of 6 properties',
  );
});

test.run();
