/**
 * Every exported name a bump removes or renames is in the diff, operation-derived names included
 * (`<Operation>Params`, `ParamsOf`, `Response`, `Page`, a selection type, schemas only removed
 * operations used), and each cause is one entry listing the operations it reaches.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from '../../helpers/uvu.ts';
import * as assert from 'uvu/assert';
import { diffSpecs } from '../../../generator/diff/compare.ts';
import { renderText } from '../../../generator/diff/render.ts';
import { diffSnapshots } from '../../../generator/diff/rules.ts';
import { apiSnapshot } from '../../../generator/diff/snapshot.ts';
import { loadSpec } from '../../../generator/load/index.ts';
import { buildModel } from '../../../generator/model/index.ts';
import { removeDir, ROOT, tempDir } from '../../helpers/cli.ts';

const POSTS = join(ROOT, 'test', 'fixtures', 'diff', 'renames', 'posts.old.yaml');

test('an operation removed names what went with it: its own types and the schemas only it used', () => {
  const dir = tempDir('diff-exported-names');
  try {
    const text = readFileSync(POSTS, 'utf8');
    const users = text.indexOf('  /2/users/{id}:');
    const withoutPath = text.slice(0, users) + text.slice(text.indexOf('components:'));
    const schema = withoutPath.indexOf('    UserResponse:');
    writeFileSync(join(dir, 'gone.yaml'), withoutPath.slice(0, schema));
    const report = diffSpecs(POSTS, join(dir, 'gone.yaml'));
    const removal = report.changes.filter(
      (c) => c.operationId === 'getUsersById' || c.operationIds?.includes('getUsersById'),
    );
    assert.equal(
      removal.map((c) => c.message),
      [
        'getUsersById: operation removed (was client.users.getById); no longer exported with it: GetUsersByIdParams, GetUsersByIdParamsOf, GetUsersByIdResponse, UserResponse (code naming them no longer compiles)',
      ],
    );
    // Each name once in the whole report: the removal is its cause.
    for (const name of ['GetUsersByIdParams', 'UserResponse'])
      assert.is(report.changes.filter((c) => new RegExp(`\\b${name}\\b`).test(c.message)).length, 1, name);
  } finally {
    removeDir(dir);
  }
});

test('a result path that stops following its parameter in many operations is one cause, its operations listed', () => {
  const old = apiSnapshot(buildModel(loadSpec(POSTS), { packageName: 'api', clientName: 'ApiClient' }));
  const selection = {
    param: 'tweet.fields',
    object: 'Post',
    defaults: ['edit_history_tweet_ids', 'id', 'text'],
  };
  for (const op of Object.values(old.operations))
    op.narrowing = {
      ...op.narrowing,
      selected: { ...op.narrowing?.selected, 'includes.tweets[]': selection },
    };
  const next = structuredClone(old);
  for (const op of Object.values(next.operations)) delete op.narrowing?.selected?.['includes.tweets[]'];
  const changes = diffSnapshots(old, next).filter((c) => c.message.includes('includes.tweets[]'));
  assert.equal(
    changes.map((c) => [c.message, c.operationIds]),
    [
      [
        'result field includes.tweets[] no longer follows tweet.fields: the fields it asks for are optional again, as the schema states them',
        ['getPostsByIds', 'getUsersById'],
      ],
    ],
  );
  const text = renderText({ bump: 'major', changes });
  assert.is(text.split('\n').filter((line) => line.includes('no longer follows')).length, 1, text);
  assert.ok(text.includes('in 2 operations: getPostsByIds, getUsersById'), text);
});

/** A spec whose `/parties` returns `result` (YAML at the response's schema), with `schemas` below. */
function partiesSpec(version: string, result: string, schemas: string): string {
  return `openapi: 3.0.3
info:
  title: Parties
  version: ${version}
paths:
  /parties:
    get:
      operationId: getParties
      responses:
        '200':
          description: The parties
          content:
            application/json:
              schema:
${result}
components:
  schemas:
${schemas}`;
}

const AUTHORIZED = `    AuthorizedParty:
      type: object
      properties:
        name:
          type: string
        party:
          type: string
`;

test('a result that was a list of a type and is now one object with its fields: that type renamed, the list not', () => {
  const dir = tempDir('diff-list-became-object');
  try {
    const list = `                type: array
                items:
                  $ref: '#/components/schemas/Parties'
`;
    const object = (name: string) => `                $ref: '#/components/schemas/${name}'\n`;
    const parties = (name: string, field: string) => `    ${name}:
      type: object
      properties:
        ${field}:
          type: array
          nullable: true
          items:
            $ref: '#/components/schemas/AuthorizedParty'
`;
    writeFileSync(
      join(dir, 'old.yaml'),
      partiesSpec('1.0.0', list, parties('Parties', 'authorizedParties') + AUTHORIZED),
    );
    writeFileSync(
      join(dir, 'new.yaml'),
      partiesSpec(
        '2.0.0',
        object('AccessParties'),
        parties('AccessParties', 'authorizedParties') + AUTHORIZED,
      ),
    );
    const renames = diffSpecs(join(dir, 'old.yaml'), join(dir, 'new.yaml')).changes.flatMap((c) =>
      c.rename?.kind === 'type' ? [`${c.rename.from} -> ${c.rename.to}`] : [],
    );
    assert.equal([...new Set(renames)], ['Parties -> AccessParties']);
    // Other fields: another thing, no rename.
    writeFileSync(
      join(dir, 'other.yaml'),
      partiesSpec('2.0.0', object('AccessParties'), parties('AccessParties', 'delegations') + AUTHORIZED),
    );
    const none = diffSpecs(join(dir, 'old.yaml'), join(dir, 'other.yaml')).changes.filter(
      (c) => c.rename?.kind === 'type',
    );
    assert.equal(
      none.map((c) => c.message),
      [],
    );
  } finally {
    removeDir(dir);
  }
});

test.run();
