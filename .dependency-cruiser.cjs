/**
 * The generator's layers, as DESIGN.md draws them, checked by `npm run lint` (dependency-cruiser);
 * test/lint/layers.test.ts plants a wrong arrow for each "never" and checks that its rule fails.
 *
 *   cli/     the command line (main.ts; its parts beside it) reads the config file (config.ts); watch.ts
 *    |       re-runs generate.ts with it
 *    |- generate.ts -> load -> model -> emit -> format -> compile -> write -> generated/<package>/
 *    |     |             emit/: emitters side by side (emitters.ts runs them), sharing helper modules
 *    |     |- run/       where work runs: the spec thread, the emit threads and workers, the model's
 *    |     |             transfer between them, the JIT budget; it calls the stages, no stage imports it
 *    |     |- cache/     results by the digest of their inputs
 *    |     '- version/   version, changelog, rename history   -> diff/, history/
 *    |- diff/            load -> model -> API snapshot, compared
 *    '- migrate/         rewrites a consumer's code           -> diff/, history/ (load, model for --from)
 *   history/             what a package keeps for migrate (rename history, the snapshot before the last
 *                        major, the renames between two snapshots): written by version/, read by migrate/
 *   leaves               errors.ts, urls.ts, templates-dir.ts, package-compiler-options.ts, code-cache.ts,
 *                        lru-folder.ts (the bounded folder both caches keep),
 *                        cache-folder.ts, interrupt.ts and temporary.ts (what compile and write share)
 *   templates/runtime/   copied into each package: client core, auth, pages, streams and the transports
 *                        (node-transport, fetch-transport, browser-transport); never imports the generator
 */
const STAGE = '^generator/(load|model|emit|format|compile|write)/';
/** Where work runs (threads, workers): it calls the stages. */
const RUN = '^generator/run/';
const ABOVE_STAGES = '^generator/((generate|config|watch)[.]ts$|(cli|cache|version|diff|migrate|history)/)';

/**
 * The emitters: each renders files of a package (emitters.ts runs them; run/ renders the runtime and
 * the schema types). test/lint/layers.test.ts checks this list against what emitters.ts runs.
 */
const EMITTERS =
  '^generator/emit/(client|enums|functions|index-file|models|operations|package-files|problems|readme|resources|runtime|schema-types|testing)[.]ts$';

/** The shared leaf modules at the generator's root. */
const LEAVES =
  '^generator/(errors|templates-dir|package-compiler-options|urls|interrupt|temporary|code-cache|cache-folder|lru-folder)[.]ts$';

module.exports = {
  forbidden: [
    {
      name: 'no-cycles',
      severity: 'error',
      comment: 'Dependencies run one way: no module reaches itself again.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'cli-is-the-top',
      severity: 'error',
      comment:
        'The CLI (cli/main.ts and its parts beside it in cli/) drives the stages; nothing else imports it.',
      from: { pathNot: '^generator/cli/' },
      to: { path: '^generator/cli/' },
    },
    {
      name: 'config-is-read-by-the-command-line',
      severity: 'error',
      comment:
        'Nothing below the command line reads the config file: cli/ reads it (config.ts, which checks it against config-schema.ts) and hands each part plain options, so a stage, the diff or migrate runs the same from a config, a flag or a test. generate.ts and watch.ts take what cli/ read (the rule below).',
      from: { path: '^generator/', pathNot: '^generator/((generate|watch|config)[.]ts$|cli/)' },
      to: { path: '^generator/config(-schema)?[.]ts$' },
    },
    {
      name: 'generate-and-watch-take-the-config-they-are-given',
      severity: 'error',
      comment:
        'generate.ts and watch.ts name the PackageConfig type cli/ hands them (a type-only import) and never read the file themselves.',
      from: { path: '^generator/(generate|watch)[.]ts$' },
      to: { path: '^generator/config(-schema)?[.]ts$', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'stages-import-nothing-above',
      severity: 'error',
      comment:
        'A stage never imports the CLI, generate.ts, watch.ts, the config reader, the cache, versioning, the diff, migrate or the history they share.',
      from: { path: STAGE },
      to: { path: ABOVE_STAGES },
    },
    {
      name: 'stages-never-import-run',
      comment:
        'Where work runs is apart from what it computes: run/ starts threads and workers and calls the stages (and the diff, the history, the leaves) as plain functions there or in place; none of them imports it, so each stays a function a test or another caller runs as it is.',
      severity: 'error',
      from: { path: [STAGE, '^generator/(cache|version|diff|migrate|history)/', LEAVES] },
      to: { path: RUN },
    },
    {
      name: 'services-import-nothing-above',
      severity: 'error',
      comment:
        'The cache and versioning serve generate.ts: they import neither it, the CLI, watch.ts nor the config reader.',
      from: { path: '^generator/(cache|version)/' },
      to: { path: '^generator/((generate|config|watch)[.]ts$|cli/)' },
    },
    {
      name: 'cache-and-version-know-no-stage',
      severity: 'error',
      comment: 'The cache and versioning work on files and snapshots, not on a stage of the pipeline.',
      from: { path: '^generator/(cache|version)/' },
      to: { path: STAGE },
    },
    {
      name: 'diff-imports-nothing-above',
      severity: 'error',
      comment:
        'diff serves the CLI, versioning and migrate: it imports none of them, nor generate.ts, the config reader, the cache or the history.',
      from: { path: '^generator/diff/' },
      to: { path: '^generator/((generate|config|watch)[.]ts$|(cli|cache|version|migrate|history)/)' },
    },
    {
      name: 'diff-compares-models',
      severity: 'error',
      comment:
        "The diff compares models and never imports emit (nor a later stage): facts it needs, such as a function's name or the public export list, are decided in the model, so the API snapshot cannot drift with how an emitter prints them.",
      from: { path: '^generator/diff/' },
      to: { path: '^generator/(emit|format|compile|write)/' },
    },
    {
      name: 'version-never-imports-migrate',
      severity: 'error',
      comment:
        "Versioning and migrate never import each other's internals: all of migrate/ is migrate's own. What versioning writes for migrate (the previous snapshot, the rename history, the renames that decide them) is in generator/history/, which both read.",
      from: { path: '^generator/version/' },
      to: { path: '^generator/migrate/' },
    },
    {
      name: 'migrate-never-imports-version',
      severity: 'error',
      comment:
        "Migrate and versioning never import each other's internals: all of version/ is versioning's own. Migrate reads a package's history through generator/history/, the part both share.",
      from: { path: '^generator/migrate/' },
      to: { path: '^generator/version/' },
    },
    {
      name: 'history-is-shared-below-version-and-migrate',
      severity: 'error',
      comment:
        'generator/history/ is what versioning and migrate share, so it imports neither of them, nor anything above them (the CLI, generate.ts, the config reader, the cache); it reads snapshots and the diff, and names from the model, never a stage that loads or prints.',
      from: { path: '^generator/history/' },
      to: {
        path: '^generator/((generate|config|watch)[.]ts$|(cli|cache|version|migrate)/|(load|emit|format|compile|write)/)',
      },
    },
    {
      name: 'migrate-reads-snapshots',
      severity: 'error',
      comment:
        "migrate works on API snapshots (made from a spec through load and the model where --from or --to names one) and on the consumer's code: it never imports the emitters or a later stage, the cache, or the commands above it.",
      from: { path: '^generator/migrate/' },
      to: { path: '^generator/((generate|watch)[.]ts$|(cli|cache)/|(emit|format|compile|write)/)' },
    },
    {
      name: 'load-is-the-first-stage',
      severity: 'error',
      comment: 'load reads files and knows no later stage (load never imports model).',
      from: { path: '^generator/load/' },
      to: { path: '^generator/(model|emit|format|compile|write)/' },
    },
    {
      name: 'model-reads-load',
      severity: 'error',
      comment: 'The model reads what load produced and knows no later stage (model never imports emit).',
      from: { path: '^generator/model/' },
      to: { path: '^generator/(emit|format|compile|write)/' },
    },
    {
      name: 'emit-reads-the-model-only',
      severity: 'error',
      comment: 'Emitters render the model: never load (the raw document) nor a later stage.',
      from: { path: '^generator/emit/' },
      to: { path: '^generator/(load|format|compile|write)/' },
    },
    {
      name: 'emitters-side-by-side',
      severity: 'error',
      comment:
        "Emitters stand side by side: what two of them print alike (a signature's type text, a method's doc comment) is in a helper module of emit/ (signatures.ts, operation-docs.ts, source.ts, structures.ts…) that both import. No module of emit/ imports an emitter but emitters.ts, which runs them.",
      from: { path: '^generator/emit/', pathNot: '^generator/emit/emitters[.]ts$' },
      to: { path: EMITTERS },
    },
    {
      name: 'format-knows-text',
      severity: 'error',
      comment: 'format lays out text: it knows neither the spec nor the model nor the emitters.',
      from: { path: '^generator/format/' },
      to: { path: '^generator/(load|model|emit|compile|write)/' },
    },
    {
      name: 'compile-and-write-know-files',
      severity: 'error',
      comment: 'compile and write know files, not meaning: no load, model or emit.',
      from: { path: '^generator/(compile|write)/' },
      to: { path: '^generator/(load|model|emit|format)/' },
    },
    {
      name: 'compile-never-imports-emit-or-write',
      severity: 'error',
      comment:
        'compile turns files into files: what it shares with write (interruption, temporary folders) is in the leaves interrupt.ts and temporary.ts, so neither stage depends on the other.',
      from: { path: '^generator/compile/' },
      to: { path: '^generator/(emit|write)/' },
    },
    {
      name: 'write-is-the-last-stage',
      severity: 'error',
      comment: 'write puts files on disk and needs no compiler.',
      from: { path: '^generator/write/' },
      to: { path: '^generator/compile/' },
    },
    {
      name: 'leaves-import-no-generator-code',
      severity: 'error',
      comment:
        'The shared leaf modules at the root import nothing of the generator but each other, so any layer may use them.',
      from: { path: LEAVES },
      to: { path: '^generator/', pathNot: LEAVES },
    },
    {
      name: 'runtime-never-imports-the-generator',
      severity: 'error',
      comment: 'The runtime in templates/ is copied into packages: it never imports generator code.',
      from: { path: '^templates/' },
      to: { path: '^generator/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|dist)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.js', '.mjs'] },
  },
};
