/**
 * The docs' samples are compiled: every ```ts block goes through twoslash with the site's own
 * markdown settings (docs/.vitepress/config.ts), so a sample that does not compile fails the build,
 * and one that does shows its types. The README's samples go through the same check.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from '../helpers/uvu.ts';
import * as assert from 'uvu/assert';
import { createMarkdownRenderer, type MarkdownRenderer } from 'vitepress';
import config from '../../docs/.vitepress/config.ts';
import { ROOT } from '../helpers/cli.ts';

let md: MarkdownRenderer;

test.before(async () => {
  md = await createMarkdownRenderer(join(ROOT, 'docs'), config.markdown, '/');
});

const block = (lang: string, code: string) => `\`\`\`${lang}\n${code}\n\`\`\`\n`;

test('a ts sample that does not compile fails, naming the error', () => {
  assert.throws(
    () =>
      md.render(
        block(
          'ts',
          "import { CoreClient } from '@xgen/core-v2';\nnew CoreClient({ auth: { bearerToken: 42 } });",
        ),
      ),
    (error: Error) => /2322/.test(error.message),
  );
});

test('a ts sample of an unknown package fails', () => {
  assert.throws(
    () => md.render(block('ts', "import { PetClient } from '@acme/pets';")),
    (error: Error) => /2307/.test(error.message),
  );
});

test('a sample that compiles shows hovers, and a query the narrowed type', () => {
  const html = md.render(
    block(
      'ts',
      [
        "import { CoreClient } from '@xgen/core-v2';",
        'declare const client: CoreClient;',
        '// ---cut---',
        "const { data = [] } = await client.tweets.getPostsByIds({ ids: ['20'], 'tweet.fields': ['created_at'] });",
        'data[0]?.created_at;',
        '//        ^?',
      ].join('\n'),
    ),
  );
  assert.match(html, 'twoslash-hover');
  // The popups' code, as text: the query shows the field as requested, a plain string.
  const popups = [...html.matchAll(/class="twoslash-popup-code">([\s\S]*?)<\/code>/g)].map((m) =>
    m[1]!.replace(/<[^>]+>/g, ''),
  );
  assert.ok(popups.includes('created_at: string'), popups.join('\n'));
  assert.not.match(html, 'declare const client');
});

test('a block marked no-twoslash, and other languages, are shown as they are', () => {
  assert.not.throws(() => md.render(block('ts no-twoslash', 'client.anything({});')));
  // A YAML `${{ }}` stays text (VitePress's v-pre is kept on blocks twoslash does not take).
  assert.match(md.render(block('yaml', 'run: echo ${{ github.base_ref }}')), /<pre[^>]* v-pre/);
});

test("the README's TypeScript samples compile", () => {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const samples = [...readme.matchAll(/^```ts\n([\s\S]*?)^```$/gm)].map((m) => m[1]!);
  assert.ok(samples.length > 0, 'the README has a sample');
  for (const sample of samples) md.render(block('ts', sample.trimEnd()));
});

test.run();
