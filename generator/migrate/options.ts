/** The options of `xgen migrate`, as the command line read them (generator/cli/main.ts FLAGS.migrate). */
export interface MigrateOptions {
  dryRun: boolean;
  project: string;
  /** The xgen config (default xgen.config.yaml); given or present, the repo generates its packages. */
  config?: string;
  package?: string;
  from?: string;
  to?: string;
  /** Installed packages named on the command line (consumer mode). */
  packages?: string[];
  /**
   * The packages the config lists, as the command line read them (the generating repo's mode):
   * migrate never reads the config file itself.
   */
  configured?: MigratePackage[];
}

/** What migrate needs of a package the config lists (a package config has these). */
export interface MigratePackage {
  name: string;
  client: string;
  /** Absolute path of the output folder, where its snapshots are. */
  out: string;
  /** Overlays applied before loading a spec given with --from or --to (absolute paths, in order). */
  overlays?: string[];
  /** The config's `names:`, operationId -> `group.method`, and where each is written. */
  names?: Record<string, string>;
  namesAt?: Record<string, string>;
}
