import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseSnapshot, SNAPSHOT_FILE } from '../diff/snapshot.ts';

/**
 * The names a generated package has published, by operationId (`group.method`), from the API
 * snapshot in its folder: where two operations want one name, the one that had it keeps it
 * (model/groups.ts), so adding an operation renames none. Empty when there is no package yet.
 */
export function publishedNames(out: string): Record<string, string> {
  let text: string;
  try {
    text = readFileSync(join(out, SNAPSHOT_FILE), 'utf8');
  } catch {
    return {};
  }
  const snapshot = parseSnapshot(text);
  const names: Record<string, string> = {};
  for (const [id, op] of Object.entries(snapshot?.operations ?? {})) names[id] = `${op.group}.${op.method}`;
  return names;
}
