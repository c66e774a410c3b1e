/** The API reference's layout check: no page both at `x.md` and `x/index.md` (a static server serves one for both). */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from '../../helpers/uvu.ts';
import * as assert from 'uvu/assert';
import { ambiguousPages } from '../../../docs/scripts/api.ts';
import { removeDir, tempDir } from '../../helpers/cli.ts';

test('a page beside a folder with an index page of the same name is reported, at any depth', () => {
  const dir = tempDir('api-layout');
  try {
    mkdirSync(join(dir, 'index', 'classes'), { recursive: true });
    mkdirSync(join(dir, 'functions', 'functions'), { recursive: true });
    writeFileSync(join(dir, 'index.md'), '# root');
    writeFileSync(join(dir, 'index', 'classes', 'A.md'), '# A');
    writeFileSync(join(dir, 'functions', 'index.md'), '# functions');
    writeFileSync(join(dir, 'functions', 'functions', 'f.md'), '# f');
    assert.equal(ambiguousPages(dir), []);
    writeFileSync(join(dir, 'index', 'index.md'), '# index');
    writeFileSync(join(dir, 'functions', 'functions.md'), '# clash');
    mkdirSync(join(dir, 'functions', 'functions'), { recursive: true });
    writeFileSync(join(dir, 'functions', 'functions', 'index.md'), '# clash');
    assert.equal(ambiguousPages(dir).sort(), [
      'functions/functions.md and functions/functions/index.md',
      'index.md and index/index.md',
    ]);
  } finally {
    removeDir(dir);
  }
});

test.run();
