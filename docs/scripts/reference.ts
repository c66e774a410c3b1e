/**
 * Writes the pages of the site that are generated from the code (`npm run docs` and `docs:build` run it
 * first): the CLI and config references, the API of both generated packages, and the benchmarks.
 * None of them is committed (docs/.gitignore), so none can drift from what it documents.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { apiReference } from './api.ts';
import { benchmarksPage } from './benchmarks.ts';
import { cliReference } from './cli.ts';
import { configReference } from './config.ts';
import { migrateWalkthrough } from './migrate-walkthrough.ts';
import { templatesPart } from './templates.ts';

const root = resolve(import.meta.dirname, '../..');
const docs = join(root, 'docs');
const started = performance.now();
mkdirSync(join(docs, 'reference'), { recursive: true });
writeFileSync(join(docs, 'reference', 'cli.md'), await cliReference());
writeFileSync(join(docs, 'reference', 'config.md'), configReference(root));
writeFileSync(join(docs, 'benchmarks.md'), benchmarksPage(root));
mkdirSync(join(docs, 'parts'), { recursive: true });
writeFileSync(join(docs, 'parts', 'templates.md'), templatesPart());
writeFileSync(join(docs, 'parts', 'migrate-walkthrough.md'), migrateWalkthrough(root));
await apiReference(root, join(docs, 'reference', 'api'));
console.log(`docs: reference pages written in ${((performance.now() - started) / 1000).toFixed(1)} s`);
