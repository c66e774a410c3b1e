import { createHash } from 'node:crypto';
import { cpSync } from 'node:fs';
import { resolve } from 'node:path';
import { transformerTwoslash } from '@shikijs/vitepress-twoslash';
import { defineConfig, type DefaultTheme, type MarkdownOptions } from 'vitepress';
import { apiPagesLeftOut } from './api-sample.ts';
import { apiSidebar } from './api-sidebar.ts';
import { highlightOnce } from './code-cache.ts';
import { twoslashCompilerOptions } from './twoslash-options.ts';

const root = resolve(import.meta.dirname, '../..');

/**
 * XGEN_DOCS_API_SAMPLE=1: the site with a sample of each kind of API page only (api-sample.ts), for the
 * test of the site under a sub-path base; a link into a page left out is then no dead link of the build.
 */
const leftOut =
  process.env.XGEN_DOCS_API_SAMPLE === '1' ? apiPagesLeftOut(resolve(import.meta.dirname, '..')) : [];

const guide: DefaultTheme.SidebarItem[] = [
  {
    text: 'Start',
    items: [
      { text: 'Getting started', link: '/guide/getting-started' },
      { text: 'Using a generated client', link: '/guide/using-a-client' },
      { text: 'Authentication', link: '/guide/authentication' },
      { text: 'Field selection in types', link: '/guide/field-selection' },
      { text: 'Tree-shakable functions', link: '/guide/functions' },
      { text: 'Testing your code', link: '/guide/testing' },
    ],
  },
  {
    text: 'Generating',
    items: [
      { text: 'Generating packages', link: '/guide/generating' },
      { text: 'When the spec changes', link: '/guide/spec-changes' },
      { text: 'Migrating your code', link: '/guide/migrate' },
      { text: 'Publishing and consuming packages', link: '/guide/publishing' },
      { text: 'Another repo and CI', link: '/guide/other-repos' },
    ],
  },
  {
    text: 'Going further',
    items: [
      { text: 'Customising runtime templates', link: '/guide/templates' },
      { text: 'Any OpenAPI 3.x document', link: '/guide/any-spec' },
      { text: 'Vendor extensions', link: '/guide/vendor-extensions' },
      { text: 'Reliability', link: '/guide/reliability' },
      { text: 'How it works', link: '/guide/how-it-works' },
    ],
  },
];

const reference: DefaultTheme.SidebarItem[] = [
  {
    text: 'Reference',
    items: [
      { text: 'Command line', link: '/reference/cli' },
      { text: 'Config file', link: '/reference/config' },
    ],
  },
  ...apiSidebar(resolve(import.meta.dirname, '../reference/api')),
];

export default defineConfig({
  title: 'xgen',
  description: 'Typed, zero-dependency TypeScript clients for the X API, generated from OpenAPI.',
  cleanUrls: true,
  lastUpdated: false,
  // One page at a time: the local search index takes pages in the order they finish, so more at once gave
  // another index (and other file names for every page) from the same sources.
  buildConcurrency: 1,
  // The README of each generated package stays with its package; the site links the API pages instead.
  srcExclude: ['**/README.md', 'scripts/**', 'parts/**', ...leftOut],
  ignoreDeadLinks: leftOut.length > 0,
  themeConfig: {
    nav: [
      { text: 'Guide', link: '/guide/getting-started', activeMatch: '/guide/' },
      { text: 'Reference', link: '/reference/cli', activeMatch: '/reference/' },
      { text: 'Benchmarks', link: '/benchmarks' },
    ],
    sidebar: { '/guide/': guide, '/reference/': reference },
    search: { provider: 'local' },
    outline: { level: [2, 3] },
  },
  markdown: {
    // TypeDoc links a member as #end_time: anchors keep underscores (VitePress's own slugify makes them dashes).
    anchor: { slugify },
    headers: { slugify },
    // Each code block is highlighted (and compiled) once, not again for the search index (code-cache.ts).
    config: (md) => highlightOnce(md, root),
    // Every ```ts block is compiled (no `twoslash` marker needed); a block that does not compile fails the build.
    codeTransformers: [
      everyTsBlock(
        transformerTwoslash({
          explicitTrigger: false,
          langs: ['ts'],
          throws: true,
          twoslashOptions: { compilerOptions: twoslashCompilerOptions(root) },
        }),
      ),
      stablePopperIds(),
    ],
  },
  // The workflow recipes the publishing guide links to are served as they are (test/docs/recipes.test.ts reads them).
  buildEnd(site) {
    cpSync(resolve(import.meta.dirname, '../recipes'), resolve(site.outDir, 'recipes'), { recursive: true });
  },
  vite: {
    // The floating-vue hovers are rendered on the server too.
    ssr: { noExternal: ['floating-vue'] },
  },
});

/** The transformer type VitePress's own shiki takes. */
type ShikiTransformer = NonNullable<MarkdownOptions['codeTransformers']>[number];

/**
 * The twoslash transformer, run on ```ts blocks only: without an explicit trigger it would also take
 * VitePress's v-pre off every other block (a YAML `${{ ... }}` would then be read as a Vue expression).
 * A block marked `no-twoslash` (the API pages' examples, compiled by their own test) is left alone.
 */
function everyTsBlock(transformer: ReturnType<typeof transformerTwoslash>): ShikiTransformer {
  // The plugin is typed against its own shiki; VitePress 1.6 runs shiki 2, whose transformer hooks
  // (preprocess, postprocess, ...) take the same arguments.
  const twoslash = transformer as unknown as ShikiTransformer;
  return {
    ...twoslash,
    preprocess(code, options) {
      const meta = (options.meta as { __raw?: string } | undefined)?.__raw ?? '';
      if (options.lang !== 'ts' || /\bno-twoslash\b/.test(meta)) return;
      return twoslash.preprocess?.call(this, code, options);
    },
  };
}

/**
 * floating-vue names each hover's popper `popper_<random>_<time>`: two builds of the same pages differed
 * in every page with a twoslash hover. Its `ariaId` prop names it instead, here from the block's text and
 * the hover's place in it, so that a build is the same bytes each time (and the server's ids are the
 * browser's: one hydration mismatch less).
 */
function stablePopperIds(): ShikiTransformer {
  return {
    name: 'xgen:stable-popper-ids',
    root(root) {
      const block = createHash('sha256').update(this.source).digest('hex').slice(0, 10);
      let place = 0;
      const visit = (node: {
        type: string;
        tagName?: string;
        properties?: Record<string, unknown>;
        children?: unknown[];
      }): void => {
        if (node.type === 'element' && node.tagName === 'v-menu')
          node.properties = { ...node.properties, 'aria-id': `twoslash-${block}-${place++}` };
        for (const child of node.children ?? []) visit(child as typeof node);
      };
      visit(root);
    },
  };
}

/** VitePress's slugify, keeping `_` (TypeDoc's member anchors are the names as written). */
function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036F]/g, '')
    .replace(/[\u0000-\u001f]/g, '')
    .replace(/[\s~`!@#$%^&*()\-+=[\]{}|\\;:"'“”‘’<>,.?/]+/g, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^-+|-+$/g, '')
    .replace(/^(\d)/, '_$1')
    .toLowerCase();
}
