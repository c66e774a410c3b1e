/**
 * Discriminated unions in every form OpenAPI allows (generator/model/discriminators.ts), on
 * test/fixtures/specs/discriminators/unions.yaml: what the model makes of each form, and a consumer
 * program that narrows each one, type-checked against the generated package.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from '../../helpers/uvu.ts';
import * as assert from 'uvu/assert';
import { generatePackage } from '../../../generator/generate.ts';
import { loadSpec } from '../../../generator/load/index.ts';
import { buildModel, type ApiModel } from '../../../generator/model/index.ts';
import { removeDir, ROOT, tempDir, writeTree } from '../../helpers/cli.ts';
import { typecheck } from '../../helpers/typecheck.ts';
import { shareEmitThreads } from '../../helpers/emit-threads.ts';

// Generates in this process: the test process's emit threads serve it (test/helpers/emit-threads.ts).
shareEmitThreads(test);

const SPEC = join(ROOT, 'test', 'fixtures', 'specs', 'discriminators', 'unions.yaml');
const REFERENCE = join(ROOT, 'test', 'fixtures', 'reference');

let work = '';
let model: ApiModel;
test.before(() => {
  work = tempDir('discriminators');
  model = buildModel(loadSpec(SPEC), { packageName: '@t/unions', clientName: 'UnionsClient' });
});
test.after(() => removeDir(work));

const schema = (name: string) => model.schemas.find((s) => s.name === name)?.schema;

test('a mapping is completed with the implicit values: each member by its schema name as the spec writes it', () => {
  assert.equal(schema('Shape')?.discriminator, {
    propertyName: 'kind',
    mapping: { Circle: '#/components/schemas/Circle', Square: '#/components/schemas/Square' },
  });
  assert.equal((schema('Problem')?.discriminator as { mapping: unknown }).mapping, {
    'about:blank': '#/components/schemas/GenericProblem',
    'https://api.x.com/2/problems/resource-not-found': '#/components/schemas/ResourceNotFoundProblem',
    // Recased to OAuth1PermissionsProblem as a type; the value is the spec's key.
    Oauth1PermissionsProblem: '#/components/schemas/OAuth1PermissionsProblem',
  });
});

test("a base schema's allOf children get a union beside the base, which keeps its shape", () => {
  assert.equal(schema('VehicleUnion')?.oneOf, [
    { $ref: '#/components/schemas/Car' },
    { $ref: '#/components/schemas/Truck' },
  ]);
  assert.ok(schema('Vehicle')?.properties, 'Vehicle is still an object');
  assert.equal(model.problems, {
    name: 'ProblemUnion',
    discriminator: 'type',
    variants: [
      { type: 'about:blank', schema: 'GenericProblem', title: undefined },
      {
        type: 'https://api.x.com/2/problems/resource-not-found',
        schema: 'ResourceNotFoundProblem',
        title: undefined,
      },
      { type: 'Oauth1PermissionsProblem', schema: 'OAuth1PermissionsProblem', title: undefined },
    ],
  });
});

test("'../event_type': the object holding the union becomes a union keyed by its event_type", () => {
  assert.is(
    schema('ActivityPayload')?.discriminator,
    undefined,
    'the union names no property of its members',
  );
  const data = (
    schema('ActivityResponse')?.properties as Record<
      string,
      { oneOf?: { properties: Record<string, unknown> }[] }
    >
  ).data;
  assert.equal(
    data?.oneOf?.map((v) => [v.properties.event_type, v.properties.payload]),
    [
      [{ type: 'string', enum: ['post.create', 'post.delete'] }, { $ref: '#/components/schemas/Post' }],
      [{ type: 'string', const: 'follow.follow' }, { $ref: '#/components/schemas/Follow' }],
    ],
  );
  assert.not.match(JSON.stringify(model.schemas), '../event_type');
});

test("X's 2.147 and 2.159 problems: the union of Problem's allOf children, one variant per mapped type", () => {
  for (const version of ['2.147', '2.159']) {
    const x = buildModel(loadSpec(join(REFERENCE, `x-openapi-${version}.json`)), {
      packageName: '@t/x',
      clientName: 'XClient',
    });
    assert.is(x.problems?.name, 'ProblemUnion', version);
    assert.is(x.problems?.discriminator, 'type');
    assert.ok(
      x.problems?.variants.some(
        (v) =>
          v.type === 'https://api.twitter.com/2/problems/resource-not-found' &&
          v.schema === 'ResourceNotFoundProblem',
      ),
      version,
    );
    assert.is(x.problems?.variants.length, 19, version);
    assert.not.match(JSON.stringify(x.schemas), '../event_type', version);
  }
});

/** Every form narrowed by its tag; each `@ts-expect-error` must stay an error. */
const PROGRAM = `
import { ApiError, isProblem, ProblemTypes, UnionsClient, type ActivityResponse, type Pet, type Shape, type VehicleUnion, type Post } from './out/dist/index.js';

export function pet(p: Pet): number | string {
  if (p.pet_type === 'cat') return p.lives;
  // @ts-expect-error -- a dog has no lives
  void p.lives;
  return p.bark;
}

export function shape(s: Shape): number {
  if (s.kind === 'Circle') return s.radius;
  return s.side;
}

export function vehicle(v: VehicleUnion): number | undefined {
  if (v.vehicle_type === 'Truck') return v.payload_tons;
  // @ts-expect-error -- a car carries no payload
  void v.payload_tons;
  return v.seats;
}

export function activity(response: ActivityResponse): Post | undefined {
  const data = response.data;
  if (data?.event_type === 'post.create') {
    const post: Post = data.payload;
    return post;
  }
  // @ts-expect-error -- never a property named after the relative pointer
  void data?.payload['../event_type'];
  if (data?.event_type === 'follow.follow') {
    // @ts-expect-error -- a follow's payload is not a post
    const post: Post = data.payload;
    void post;
  }
  return undefined;
}

export async function problems(): Promise<string | undefined> {
  const client = new UnionsClient();
  try {
    await client.call('getPet', { id: '1' });
  } catch (error) {
    if (!(error instanceof ApiError) || !error.problem) throw error;
    const problem = error.problem;
    if (problem.type === 'https://api.x.com/2/problems/resource-not-found') return problem.resource_id;
    // @ts-expect-error -- only a resource-not-found problem names a resource
    void problem.resource_id;
    if (isProblem(problem, ProblemTypes.OAuth1PermissionsProblem)) return problem.permission;
    // @ts-expect-error -- not a type of this API
    if (problem.type === 'https://example.com/other') return '';
  }
  return undefined;
}
`;

test('a consumer narrows each form on its tag (tsc)', async () => {
  const generated = await generatePackage({
    spec: SPEC,
    out: join(work, 'out'),
    name: '@t/unions',
    client: 'UnionsClient',
    templates: {},
  });
  writeTree(join(work, 'out'), generated.files);
  const file = join(work, 'consumer.ts');
  writeFileSync(file, PROGRAM);
  assert.equal(typecheck([file]), []);
});

test.run();
