/**
 * The generator's layers, as DESIGN.md draws them, checked by `npm run lint` (dependency-cruiser).
 * From the top: the CLI (cli.ts) drives generate.ts, which drives the stages load -> model -> emit ->
 * format -> compile -> write; config, cache, version and diff serve the CLI and generate.ts. A few
 * leaf modules at the generator's root (errors, the templates folder, the package's compiler options)
 * hold what several stages share and import nothing of the generator.
 */
const STAGE = '^generator/(load|model|emit|format|compile|write)/';
const ABOVE_STAGES = '^generator/((cli|generate|config)[.]ts$|(cache|version|diff)/)';

module.exports = {
  forbidden: [
    { name: 'no-cycles', severity: 'error', comment: 'Dependencies run one way: no module reaches itself again.', from: {}, to: { circular: true } },
    { name: 'cli-is-the-top', severity: 'error', comment: 'The CLI drives the stages; nothing imports it.', from: { pathNot: '^generator/cli[.]ts$' }, to: { path: '^generator/cli[.]ts$' } },
    { name: 'stages-import-nothing-above', severity: 'error', comment: 'A stage never imports the CLI, generate.ts, the config reader, the cache, versioning or diff.', from: { path: STAGE }, to: { path: ABOVE_STAGES } },
    { name: 'services-import-nothing-above', severity: 'error', comment: 'The cache and versioning serve generate.ts: they import neither it, the CLI nor the config reader.', from: { path: '^generator/(cache|version)/' }, to: { path: '^generator/(cli|generate|config)[.]ts$' } },
    { name: 'cache-and-version-know-no-stage', severity: 'error', comment: 'The cache and versioning work on files and snapshots, not on a stage of the pipeline.', from: { path: '^generator/(cache|version)/' }, to: { path: STAGE } },
    { name: 'diff-imports-nothing-above', severity: 'error', comment: 'diff serves the CLI and versioning: it imports neither the CLI, generate.ts, the config reader, the cache nor versioning.', from: { path: '^generator/diff/' }, to: { path: '^generator/((cli|generate|config)[.]ts$|(cache|version)/)' } },
    { name: 'load-is-the-first-stage', severity: 'error', comment: 'load reads files and knows no later stage.', from: { path: '^generator/load/' }, to: { path: '^generator/(model|emit|format|compile|write)/' } },
    { name: 'model-reads-load', severity: 'error', comment: 'The model reads what load produced and knows no later stage.', from: { path: '^generator/model/' }, to: { path: '^generator/(emit|format|compile|write)/' } },
    { name: 'emit-reads-the-model-only', severity: 'error', comment: 'Emitters render the model: never load (the raw document) nor a later stage.', from: { path: '^generator/emit/' }, to: { path: '^generator/(load|format|compile|write)/' } },
    { name: 'format-knows-text', severity: 'error', comment: 'format lays out text: it knows neither the spec nor the model nor the emitters.', from: { path: '^generator/format/' }, to: { path: '^generator/(load|model|emit|compile|write)/' } },
    { name: 'compile-and-write-know-files', severity: 'error', comment: 'compile and write know files, not meaning: no load, model or emit.', from: { path: '^generator/(compile|write)/' }, to: { path: '^generator/(load|model|emit|format)/' } },
    { name: 'compile-never-imports-emit-or-write', severity: 'error', comment: 'compile turns files into files: what it shares with write (interruption, temporary folders) is in the leaves interrupt.ts and temporary.ts, so neither stage depends on the other.', from: { path: '^generator/compile/' }, to: { path: '^generator/(emit|write)/' } },
    { name: 'write-is-the-last-stage', severity: 'error', comment: 'write puts files on disk and needs no compiler.', from: { path: '^generator/write/' }, to: { path: '^generator/compile/' } },
    { name: 'leaves-import-no-generator-code', severity: 'error', comment: 'The shared leaf modules at the root import nothing of the generator, so any layer may use them.', from: { path: '^generator/(errors|templates-dir|package-compiler-options|urls|interrupt|temporary)[.]ts$' }, to: { path: '^generator/' } },
    { name: 'runtime-never-imports-the-generator', severity: 'error', comment: "The runtime in templates/ is copied into packages: it never imports generator code.", from: { path: '^templates/' }, to: { path: '^generator/' } },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|dist)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.js', '.mjs'] },
  },
};
