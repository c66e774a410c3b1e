/**
 * The package types each operation's result names, decided in the model from the narrowing's
 * structure (not read off printed types): what a resource module prints imports exactly these.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from '../../helpers/uvu.ts';
import * as assert from 'uvu/assert';
import { loadSpec } from '../../../generator/load/index.ts';
import { buildModel, type OperationModel } from '../../../generator/model/index.ts';
import { ROOT } from '../../helpers/cli.ts';

const model = buildModel(loadSpec(join(ROOT, 'spec', 'core-v2.yaml')), {
  packageName: '@xgen/core-v2',
  clientName: 'CoreClient',
});
const op = (id: string): OperationModel => model.operations.find((o) => o.id === id)!;

test('a paginated result narrowed by its fields: the result, its page and the selected items', () => {
  assert.equal(op('getUsersPosts').resultTypes, {
    declared: ['UserTweetsResponse'],
    narrowed: ['GetUsersPostsResponse', 'GetUsersPostsPage', 'TweetSelection'],
  });
});

test('a result nothing narrows names its body type both ways; a browser step names none', () => {
  assert.equal(op('createPosts').resultTypes, {
    declared: ['TweetCreateResponse'],
    narrowed: ['TweetCreateResponse'],
  });
  assert.equal(op('oauthAuthorize').resultTypes, { declared: [], narrowed: [] });
});

test("each resource module imports its operations' narrowed result types and params types, nothing else from models", () => {
  for (const group of model.groups) {
    const text = readFileSync(
      join(ROOT, 'generated', 'core-v2', 'src', 'resources', `${group.fileName}.ts`),
      'utf8',
    );
    const imported =
      /import type \{([^}]*)\} from '\.\.\/models\.js'/
        .exec(text)?.[1]
        ?.split(',')
        .map((n) => n.trim())
        .filter(Boolean) ?? [];
    const ops = model.operations.filter((o) => o.group === group.property);
    const enums = new Set(model.enums.map((e) => e.name));
    const expected = new Set(
      ops.flatMap((o) => [
        ...o.resultTypes.narrowed,
        ...(o.hasParams ? [o.paramsType] : []),
        ...(o.narrowing ? [o.narrowing.paramsTypeName] : []),
      ]),
    );
    assert.equal(imported, [...expected].filter((n) => !enums.has(n)).sort(), group.fileName);
  }
});

test.run();
