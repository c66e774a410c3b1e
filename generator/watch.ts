import { watch as watchFolder, type FSWatcher } from 'node:fs';
import { basename, dirname, resolve } from 'node:path';
import type { PackageConfig } from './config.ts';
import type { generateAll } from './generate.ts';
import { isUrl } from './urls.ts';

/** Edits come in bursts (an editor writes, renames, touches): one regeneration per burst. */
const SETTLE_MS = 150;

interface WatchOptions {
  /** The config file, re-read when it changes (undefined with --spec). */
  configFile: string | undefined;
  generate: (configs: PackageConfig[]) => ReturnType<typeof generateAll>;
  log: (line: string) => void;
  /** Prints an error as the command would (its exit code is not used: watching goes on). */
  fail: (error: unknown) => void;
}

/**
 * `xgen generate --watch`: generates every package, then regenerates a package whenever a file it was
 * made from changes: its spec and every file its `$ref`s reach, its overlays, its template overrides
 * (and every package when the config changes). A regeneration that fails prints its error and writes
 * nothing, so the last good package stays. Runs until a signal ends the process (interrupt.ts).
 */
export async function watch(read: () => PackageConfig[], options: WatchOptions): Promise<number> {
  let configs: PackageConfig[];
  try {
    configs = read();
  } catch (error) {
    options.fail(error);
    return 2;
  }
  /** The files each package depends on, by package out folder. */
  const inputs = new Map<string, Set<string>>();
  const watchers = new Map<string, FSWatcher>();
  let pending = new Set<string>();
  let configChanged = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();

  const declared = (config: PackageConfig): string[] =>
    [config.spec, ...(config.overlays ?? []), ...Object.values(config.templates)].filter((f) => !isUrl(f));

  const regenerate = async (which: PackageConfig[]): Promise<void> => {
    await Promise.all(
      which.map(async (config) => {
        try {
          const result = await options.generate([config]);
          inputs.set(
            config.out,
            new Set([...declared(config), ...(result.inputs.get(config) ?? []).filter((f) => !isUrl(f))]),
          );
        } catch (error) {
          options.fail(error);
          // Keep watching what is known, and what the failed run was given.
          inputs.set(config.out, new Set([...(inputs.get(config.out) ?? []), ...declared(config)]));
        }
      }),
    );
    follow();
    const count = new Set([...inputs.values()].flatMap((set) => [...set])).size;
    options.log(`xgen: watching ${count} ${count === 1 ? 'file' : 'files'} for changes (Ctrl-C to stop)`);
  };

  /** Watches the folder of every input file (an editor may replace a file rather than write it). */
  const follow = (): void => {
    const folders = new Set([...inputs.values()].flatMap((set) => [...set].map((f) => dirname(f))));
    if (options.configFile) folders.add(dirname(options.configFile));
    for (const [folder, watcher] of watchers) {
      if (!folders.has(folder)) {
        watcher.close();
        watchers.delete(folder);
      }
    }
    for (const folder of folders) {
      if (watchers.has(folder)) continue;
      try {
        watchers.set(
          folder,
          watchFolder(folder, (_event, name) => {
            if (name) changed(resolve(folder, name.toString()));
          }),
        );
      } catch {
        // A folder that went away: its package reports the missing file on its next run.
      }
    }
  };

  const changed = (file: string): void => {
    if (options.configFile && file === options.configFile) configChanged = true;
    else if (![...inputs.values()].some((set) => set.has(file))) return;
    else pending.add(file);
    clearTimeout(timer);
    timer = setTimeout(() => {
      running = running.then(async () => {
        const files = pending;
        pending = new Set();
        if (configChanged) {
          configChanged = false;
          try {
            configs = read();
          } catch (error) {
            options.fail(error);
            return;
          }
          options.log(`xgen: ${basename(options.configFile ?? '')} changed: regenerating every package`);
          inputs.clear();
          return regenerate(configs);
        }
        const which = configs.filter((config) => [...files].some((f) => inputs.get(config.out)?.has(f)));
        if (which.length === 0) return;
        options.log(
          `xgen: ${[...files].map((f) => basename(f)).join(', ')} changed: regenerating ${which.map((c) => c.name).join(', ')}`,
        );
        return regenerate(which);
      });
    }, SETTLE_MS);
  };

  await regenerate(configs);
  // Runs until SIGINT or SIGTERM (the process's handler ends it).
  return new Promise<number>(() => {});
}
