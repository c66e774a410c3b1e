/**
 * One job a file: no module of the generator or of the runtime templates grows past 500 lines (as
 * laid out by the format check), with no exception. A file that needs more holds two ideas; split
 * it along its seam.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { test } from '../helpers/uvu.ts';
import * as assert from 'uvu/assert';
import { ROOT } from '../helpers/cli.ts';

const LIMIT = 500;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith('.ts') || entry.name.endsWith('.ts.hbs') ? [path] : [];
  });
}

test(`no file in generator/ or templates/ is over ${LIMIT} lines`, () => {
  const long = [...sources(join(ROOT, 'generator')), ...sources(join(ROOT, 'templates'))]
    .map((path) => ({ path: relative(ROOT, path), lines: readFileSync(path, 'utf8').split('\n').length - 1 }))
    .filter((file) => file.lines > LIMIT)
    .map((file) => `${file.path}: ${file.lines} lines`);
  assert.equal(long, []);
});

test.run();
