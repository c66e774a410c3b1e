/**
 * A YAML mistake is told in a spec author's words, at file:line:column, not in the parser's grammar
 * ("A block sequence may not be used as an implicit map key"); an alias to no anchor is not called an
 * alias bomb.
 */
import { test } from '../../helpers/uvu.ts';
import * as assert from 'uvu/assert';
import { SpecError } from '../../../generator/errors.ts';
import { parseSpecFile } from '../../../generator/load/parse.ts';

function problem(text: string): string {
  try {
    parseSpecFile('spec.yaml', text);
  } catch (error) {
    if (error instanceof SpecError) return error.message;
    throw error;
  }
  throw new Error('no error');
}

const CASES: [text: string, message: string][] = [
  [
    'openapi: 3.1.0\ninfo:\n  title: x\n  - version: 1\n',
    'spec.yaml:4:1: invalid YAML: a list item or mapping where a key goes (is this line indented like the key above it, or is a ":" missing?) (at #/info)',
  ],
  [
    'openapi: 3.1.0\ninfo:\n\ttitle: x\n',
    'spec.yaml:3:1: invalid YAML: a tab indents this line; YAML indents with spaces only (at #)',
  ],
  [
    'openapi: 3.1.0\ninfo:\n  title: @x\n',
    'spec.yaml:3:10: invalid YAML: a value that starts with @ must be quoted (at #/info/title)',
  ],
  [
    'openapi: 3.1.0\n---\ninfo: {}\n',
    'spec.yaml:2:1: invalid YAML: more than one YAML document in the file (a "---" line starts another); a spec is one document (at #)',
  ],
  [
    'openapi: 3.1.0\ninfo: *x\n',
    'spec.yaml:2:7: invalid YAML: the alias *x names no anchor (&x) set before it (at #/info)',
  ],
];

for (const [text, message] of CASES)
  test(message.replace(/^spec\.yaml:\S+ /, ''), () => assert.is(problem(text), message));

test("no message carries the parser's grammar words", () => {
  for (const [text] of CASES)
    assert.not.match(
      problem(text),
      /implicit map key|Plain value|parseAllDocuments|Tabs are not allowed|expand too far/,
    );
});

test.run();
