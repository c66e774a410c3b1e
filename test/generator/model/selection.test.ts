/** What field selection means for an object's properties (generator/model/selection.ts). */
import { test } from '../../helpers/uvu.ts';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import ts from 'typescript';
import { BUILTIN_TEMPLATES } from '../../../generator/templates-dir.ts';
import { loadSpec } from '../../../generator/load/index.ts';
import { buildModel } from '../../../generator/model/index.ts';
import { PAGE_MEMBERS } from '../../../generator/model/selection.ts';

const SPEC = `
openapi: 3.1.0
info: { title: selection, version: '1' }
paths:
  /things:
    get:
      operationId: getThings
      parameters:
        - name: thing.fields
          in: query
          style: form
          explode: false
          schema: { type: array, items: { $ref: '#/components/schemas/ThingField' } }
          x-field-selection: { object: Thing, defaults: [id] }
      responses:
        '200':
          description: ok
          content:
            application/json:
              schema:
                type: object
                properties:
                  data: { type: array, items: { $ref: '#/components/schemas/Thing' } }
components:
  schemas:
    ThingField: { type: string, enum: [id, name, reply_to] }
    Thing:
      type: object
      required: [id, kind]
      properties:
        id: { type: string }
        name: { type: string }
        reply_to: { type: string, x-sometimes-absent: true }
        kind: { type: string }
        nickname: { type: string }
`;

const model = buildModel(loadSpec('selection.yaml', SPEC), {
  packageName: 'selection',
  clientName: 'SelectionClient',
});
const thing = model.selections.find((s) => s.object === 'Thing');

test('each property of a selected object falls in one category', () => {
  assert.ok(thing, 'Thing is selected');
  assert.equal(
    thing?.defaults,
    ['id', 'kind'],
    'the listed defaults, and a required property the parameter cannot name',
  );
  assert.equal(thing?.sometimesAbsent, ['reply_to']);
  assert.equal(
    thing?.unselectable,
    ['nickname'],
    'optional and not a field name: optional in every selection',
  );
  assert.equal(thing?.presentWhenAsked, ['id', 'name', 'kind']);
  assert.equal(thing?.nonDefaults, ['name', 'reply_to']);
});

test('a parameter that takes any string can name every property', () => {
  const open = SPEC.replace("items: { $ref: '#/components/schemas/ThingField' }", 'items: { type: string }');
  const any = buildModel(loadSpec('selection.yaml', open), {
    packageName: 'selection',
    clientName: 'SelectionClient',
  });
  const selection = any.selections.find((s) => s.object === 'Thing');
  assert.equal(selection?.unselectable, []);
  assert.equal(selection?.defaults, ['id']);
});

// A page interface extends the body only when no body property collides with what a page adds: the
// model's list must be the runtime's own, member for member.
test("PAGE_MEMBERS lists what the runtime's PageMembers declares", () => {
  const file = `${BUILTIN_TEMPLATES}/runtime/pagination.ts`;
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
  const members = source.statements
    .filter(ts.isInterfaceDeclaration)
    .find((s) => s.name.text === 'PageMembers')
    ?.members.map((m) => (m.name && ts.isIdentifier(m.name) ? m.name.text : '?'));
  assert.equal([...PAGE_MEMBERS].sort(), [...(members ?? [])].sort());
});

test.run();
