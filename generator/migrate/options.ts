/** The options of `xgen migrate`, as the command line read them (generator/cli.ts FLAGS.migrate). */
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
}
