/**
 * The order test/run.ts hands files to its processes (test/helpers/batch-queue.ts): the slowest first,
 * short ones batched by transport, and the readers of a fixture one of them builds kept queued while
 * it is built, unless nothing else is left.
 */
import { test } from './uvu.ts';
import * as assert from 'uvu/assert';
import { BatchQueue, type QueuedJob } from './batch-queue.ts';

const job = (name: string, estimate: number, transport = 'node'): QueuedJob => ({
  name,
  transport,
  estimate,
});
const names = (batch: QueuedJob[]) => batch.map((j) => `${j.transport}:${j.name}`);
const drain = (queue: BatchQueue<QueuedJob>) => {
  const out: string[][] = [];
  for (let batch = queue.next(); batch.length > 0; batch = queue.next()) out.push(names(batch));
  return out;
};

test('the slowest first; short files batched with others of their transport up to the limit', () => {
  const queue = new BatchQueue(
    [job('a', 1_000), job('slow', 50_000), job('b', 9_000), job('c', 9_000, 'fetch'), job('d', 5_000)],
    10_000,
    () => false,
    () => true,
  );
  // b and c take as long: by key, fetch:c first.
  assert.equal(drain(queue), [['node:slow'], ['fetch:c'], ['node:b', 'node:a'], ['node:d']]);
});

test('once a reader of the fixture has started, the others wait while it is built, then go', () => {
  let built = false;
  const reads = (name: string) => name.startsWith('site');
  const queue = new BatchQueue(
    [job('site-a', 90_000), job('site-b', 80_000), job('other', 40_000), job('last', 35_000)],
    10_000,
    reads,
    () => built,
  );
  assert.equal(names(queue.next()), ['node:site-a'], 'the slowest starts and builds the fixture');
  assert.equal(names(queue.next()), ['node:other'], 'site-b waits: the other process runs other files');
  built = true;
  assert.equal(names(queue.next()), ['node:site-b'], 'built: the readers go in their order again');
  assert.equal(names(queue.next()), ['node:last']);
  assert.equal(queue.next(), []);
});

test('a waiting reader is taken when nothing else is left, and never joins another batch while it waits', () => {
  const reads = (name: string) => name.startsWith('site');
  const queue = new BatchQueue(
    [job('site-a', 20_000), job('short', 1_000), job('site-b', 2_000)],
    30_000,
    reads,
    () => false,
  );
  // site-a starts the build; short joins its batch; site-b, a reader, stays out of it.
  assert.equal(names(queue.next()), ['node:site-a', 'node:short']);
  assert.equal(
    names(queue.next()),
    ['node:site-b'],
    'nothing else left: it goes (and waits for the fixture itself)',
  );
  assert.equal(queue.next(), []);
});

test('a fixture handed in (ready from the start) keeps no reader waiting', () => {
  const reads = (name: string) => name.startsWith('site');
  const queue = new BatchQueue(
    [job('site-a', 9_000), job('site-b', 8_000), job('x', 100)],
    30_000,
    reads,
    () => true,
  );
  assert.equal(drain(queue), [['node:site-a', 'node:site-b', 'node:x']]);
});

test.run();
