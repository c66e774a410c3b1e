/**
 * Every contender of the generation and big-spec benchmarks starts in a folder where it finds only its
 * own configuration: started in the repository's root, openapi-typescript lints with its redocly.yaml.
 */
import { readdirSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import { test } from '../../helpers/uvu.ts';
import * as assert from 'uvu/assert';
import { command as bigSpecCommand, TOOLS as BIG_SPEC_TOOLS } from '../../../bench/big-spec.ts';
import { command as generationCommand, PEER_CONFIGS, type Run } from '../../../bench/generation.ts';
import { contenderFolder, foreignConfigs } from '../../../bench/lib/contenders.ts';
import { BENCH, ROOT, SPEC_NAMES } from '../../../bench/lib/setup.ts';

const GENERATION_RUNS: Run[] = [
  'xgen',
  'openapi-typescript',
  'heyapi',
  'orval',
  'xgen-both',
  'xgen-both-cached',
];

/** Every (contender, working folder) the two benchmarks start a process in. */
function workingFolders(): { tool: string; cwd: string }[] {
  const folders: { tool: string; cwd: string }[] = [];
  for (const tool of GENERATION_RUNS)
    for (const spec of [...SPEC_NAMES, 'both' as const])
      folders.push({ tool, cwd: generationCommand(tool, spec).cwd });
  for (const tool of BIG_SPEC_TOOLS)
    for (const spec of ['x', 'stripe', 'github'] as const)
      folders.push({ tool, cwd: bigSpecCommand(tool, spec).cwd });
  return folders;
}

test('each contender runs outside the repository, with no other tool configuration in or above its folder', () => {
  const folders = workingFolders();
  assert.ok(folders.some((f) => f.tool === 'openapi-typescript'));
  for (const { tool, cwd } of folders) {
    assert.ok(relative(ROOT, cwd).startsWith('..'), `${tool} runs in ${cwd}, inside the repository`);
    assert.equal(foreignConfigs(cwd, tool), [], `${tool}'s folder ${cwd}`);
  }
});

test("a peer's folder holds its own configuration and nothing else; no two tools share a folder", () => {
  const byFolder = new Map<string, Set<string>>();
  for (const { tool, cwd } of workingFolders()) {
    const own = PEER_CONFIGS[tool as keyof typeof PEER_CONFIGS];
    assert.equal(readdirSync(cwd), own ? [own] : [], `${tool}'s folder ${cwd}`);
    byFolder.set(cwd, (byFolder.get(cwd) ?? new Set()).add(tool.startsWith('xgen') ? 'xgen' : tool));
  }
  for (const [cwd, tools] of byFolder)
    assert.is(tools.size, 1, `${cwd} is shared by ${[...tools].join(', ')}`);
});

test("the check sees another tool's configuration above a folder: the repository's redocly.yaml from bench/", () => {
  const found = foreignConfigs(BENCH, 'openapi-typescript').map((file) => relative(ROOT, file));
  assert.ok(found.includes('redocly.yaml'), found.join(', '));
  assert.ok(found.includes('xgen.config.yaml'), found.join(', '));
  // In the folder itself a tool's own kind of configuration is its own; another tool's is not.
  const forXgen = foreignConfigs(ROOT, 'xgen').map((file) => basename(file));
  assert.not.ok(forXgen.includes('xgen.config.yaml'));
  assert.ok(forXgen.includes('redocly.yaml'));
});

test('a working folder inside the repository is refused', () => {
  assert.throws(
    () => contenderFolder('openapi-typescript', join(ROOT, '..', '..', '..')),
    /inside the repository|sees other configuration/,
  );
});

test.run();
