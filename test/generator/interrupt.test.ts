/**
 * The interruption leaf (generator/interrupt.ts): at a signal, work going on beside the main thread
 * (threads, child processes) is told to stop before any folder is removed, so that it winds down
 * while they are; then the undo steps run newest first, and a failing step does not stop the rest.
 */
import { test } from '../helpers/uvu.ts';
import * as assert from 'uvu/assert';
import { cleanUp, onInterrupt, stopOnInterrupt } from '../../generator/interrupt.ts';

test('stop steps run first, then undo steps newest first; a step that fails does not stop the others', () => {
  const ran: string[] = [];
  onInterrupt(() => ran.push('remove the compile folder'));
  onInterrupt(() => {
    ran.push('remove the staging folder');
    throw new Error('busy');
  });
  stopOnInterrupt(() => ran.push('end a thread'));
  const forgotten = onInterrupt(() => ran.push('gone already'));
  forgotten();
  stopOnInterrupt(() => ran.push('kill the compiler'));
  cleanUp();
  assert.equal(ran, [
    'end a thread',
    'kill the compiler',
    'remove the staging folder',
    'remove the compile folder',
  ]);
  ran.length = 0;
  cleanUp();
  assert.equal(ran, [], 'each step runs once');
});

test.run();
