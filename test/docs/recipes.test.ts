/**
 * The workflow recipes docs/guide/publishing.md points at (docs/recipes/) are real files: each
 * parses, the workflows have the shape GitHub Actions runs, and every `xgen` command their steps run
 * exists with the options they pass (checked against the command's own --help).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from '../helpers/uvu.ts';
import * as assert from 'uvu/assert';
import { parse } from 'yaml';
import { ROOT, runCli } from '../helpers/cli.ts';

const RECIPES = join(ROOT, 'docs', 'recipes');

interface Step {
  run?: string;
  uses?: string;
}
interface Workflow {
  on: unknown;
  permissions?: Record<string, string>;
  jobs: Record<string, { 'runs-on': string; steps: Step[] }>;
}

const workflows = (): [string, Workflow][] =>
  readdirSync(RECIPES)
    .filter((f) => f.endsWith('.yml'))
    .map((f) => [f, parse(readFileSync(join(RECIPES, f), 'utf8')) as Workflow] as [string, Workflow])
    .filter(([, w]) => w && typeof w === 'object' && 'jobs' in w);

const runs = (workflow: Workflow): string[] =>
  Object.values(workflow.jobs).flatMap((job) => job.steps.flatMap((s) => (s.run ? [s.run] : [])));

/** Each `xgen <command> <args>` in a shell script, up to the end of its command (a pipe, `;`, `||`, a redirect). */
function xgenCalls(script: string): { command: string; options: string[]; text: string }[] {
  return [...script.matchAll(/\bxgen\s+([a-z]+)([^\n|;&>]*)/g)].map((m) => ({
    command: m[1] as string,
    options: [...(m[2] ?? '').matchAll(/(?:^|\s)(--[a-z-]+)/g)].map((o) => o[1] as string),
    text: m[0],
  }));
}

test('the recipes are there and parse: three workflows, Renovate and Dependabot settings', () => {
  const names = workflows()
    .map(([f]) => f)
    .sort();
  assert.equal(names, ['api-publish.yml', 'api-pull-request.yml', 'consumer-migrate.yml']);
  for (const [file, workflow] of workflows()) {
    assert.ok(workflow.on, `${file}: on`);
    for (const [name, job] of Object.entries(workflow.jobs)) {
      assert.type(job['runs-on'], 'string', `${file}: ${name} runs-on`);
      assert.ok(
        Array.isArray(job.steps) && job.steps.every((s) => (s.run === undefined) !== (s.uses === undefined)),
        `${file}: ${name}: each step runs or uses`,
      );
    }
  }
  const renovate = JSON.parse(readFileSync(join(RECIPES, 'renovate.json'), 'utf8')) as {
    packageRules: unknown[];
  };
  assert.ok(renovate.packageRules.length > 0);
  const dependabot = parse(readFileSync(join(RECIPES, 'dependabot.yml'), 'utf8')) as {
    version: number;
    updates: { 'package-ecosystem': string }[];
  };
  assert.is(dependabot.version, 2);
  assert.is(dependabot.updates[0]?.['package-ecosystem'], 'npm');
});

test('the pipeline: generate --check and diff --fail-on on the pull request, publish --provenance on merge, migrate on the upgrade', () => {
  const all = Object.fromEntries(workflows().map(([f, w]) => [f, runs(w).join('\n')]));
  assert.match(all['api-pull-request.yml'] ?? '', /xgen generate --check/);
  assert.match(all['api-pull-request.yml'] ?? '', /xgen diff \S+ \S+ --fail-on breaking/);
  assert.match(all['api-publish.yml'] ?? '', /npm publish --provenance/);
  const publish = workflows().find(([f]) => f === 'api-publish.yml')?.[1];
  assert.is(publish?.permissions?.['id-token'], 'write', 'provenance needs the OIDC token');
  assert.match(all['consumer-migrate.yml'] ?? '', /npx xgen migrate/);
});

test('every xgen command a recipe runs exists, with the options it passes', async () => {
  const calls = workflows().flatMap(([file, w]) =>
    runs(w).flatMap((script) => xgenCalls(script).map((call) => ({ file, ...call }))),
  );
  assert.ok(calls.length >= 4, `found ${calls.length}`);
  for (const call of calls) {
    const help = await runCli([call.command, '--help']);
    assert.is(
      help.code,
      0,
      `${call.file}: \`${call.text.trim()}\`: no command "${call.command}"\n${help.text}`,
    );
    for (const option of call.options)
      assert.ok(
        help.text.includes(option),
        `${call.file}: \`${call.text.trim()}\`: ${call.command} has no ${option}`,
      );
  }
});

test.run();
