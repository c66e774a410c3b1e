/**
 * The contract harness catches drift between a spec and a generated client. Prism serves a copy of
 * spec/core-v2.yaml broken on purpose while CoreClient (generated from the real spec) calls it:
 * - getNews: the path is renamed in the served spec, so the client's path is unknown there;
 * - searchNews: the served spec requires a query parameter the client never sends;
 * - getRules: the method is gone from the served spec;
 * - getConnectionHistory: the served response example breaks its schema.
 * - deleteAllConnections: the served response schema is loosened and its example breaks the real
 *   schema; Prism accepts it, the harness's own check of the decoded body against the real spec must not.
 * Each must fail, with the reason, and an untouched operation in the same run must still pass.
 */
import { test } from '../helpers/uvu.ts';
import * as assert from 'uvu/assert';
import { ContractRun, formatResults, type OperationResult } from './harness.ts';
import type { SpecDoc } from './spec-schemas.ts';
import { coreTarget } from './targets.ts';

function breakSpec(doc: SpecDoc): void {
  doc.paths['/2/news/stories/{id}'] = doc.paths['/2/news/{id}'];
  delete doc.paths['/2/news/{id}'];
  doc.paths['/2/news/search'].get.parameters.push({
    name: 'region',
    in: 'query',
    required: true,
    schema: { type: 'string' },
  });
  delete doc.paths['/2/tweets/search/stream/rules'].get;
  const history = doc.paths['/2/connections'].get.responses['200'].content['application/json'];
  history.example = { ...history.example, data: 'not a list of connections' };
  const killed = doc.paths['/2/connections/all'].delete.responses['200'].content['application/json'];
  killed.schema = {};
  killed.example = { data: 'not the kill result' };
}

let results: Map<string, OperationResult>;

test.before(async () => {
  const run = await ContractRun.start(coreTarget(), { mutate: breakSpec, copyName: 'core-v2.broken' });
  try {
    const started = performance.now();
    const list = await run.checkAll({
      only: [
        'getNews',
        'searchNews',
        'getRules',
        'getConnectionHistory',
        'deleteAllConnections',
        'getPostsByIds',
      ],
    });
    console.log(
      `\n${formatResults('core-v2 (broken on purpose)', list, Math.round(performance.now() - started), { failuresExpected: true })}`,
    );
    results = new Map(list.map((r) => [r.id, r]));
  } finally {
    await run.stop();
  }
});

const problemsOf = (id: string) => results.get(id)?.problems.join('\n') ?? '';

test('a path the served spec no longer has fails the operation (Prism 404: no path matched)', () => {
  assert.is(results.get('getNews')?.outcome, 'failed');
  assert.match(problemsOf('getNews'), /answered 404/);
  assert.match(problemsOf('getNews'), /NO_PATH_MATCHED/);
});

test('a required query parameter the client does not send fails the operation (Prism 422, named)', () => {
  assert.is(results.get('searchNews')?.outcome, 'failed');
  assert.match(problemsOf('searchNews'), /answered 422/);
  assert.match(problemsOf('searchNews'), /region/);
});

test('a method the served spec no longer has fails the operation', () => {
  assert.is(results.get('getRules')?.outcome, 'failed');
  assert.match(problemsOf('getRules'), /answered 40[45]/);
});

test('a response that breaks its schema fails the operation (Prism --errors: 500, violation listed)', () => {
  assert.is(results.get('getConnectionHistory')?.outcome, 'failed');
  assert.match(problemsOf('getConnectionHistory'), /answered 500/);
  assert.match(problemsOf('getConnectionHistory'), /prism Error at response/);
});

test('a decoded body that breaks the real response schema fails the operation, even when Prism accepts it', () => {
  assert.is(results.get('deleteAllConnections')?.outcome, 'failed');
  assert.match(problemsOf('deleteAllConnections'), /decoded application\/json body: \/data must be object/);
  assert.not.match(problemsOf('deleteAllConnections'), /prism answered/);
});

test('an operation the breakage does not touch still passes in the same run', () => {
  assert.is(results.get('getPostsByIds')?.outcome, 'passed', problemsOf('getPostsByIds'));
});

test.run();
