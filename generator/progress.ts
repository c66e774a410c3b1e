/**
 * The status line on a terminal: each package generating shows its current stage
 * (`xgen: @acme/pets compile · @acme/shop format`), redrawn in place on stderr and cleared before any
 * other line is printed. Off (nothing printed) when stderr is not a terminal or with --quiet.
 */
export class Progress {
  private readonly stages = new Map<string, string>();
  private shown = false;

  constructor(
    private readonly stream: NodeJS.WriteStream,
    private readonly enabled: boolean,
  ) {}

  /** A terminal's status line when stderr is one. */
  static forTerminal(quiet: boolean): Progress {
    return new Progress(
      process.stderr,
      !quiet && process.stderr.isTTY === true && process.env.TERM !== 'dumb',
    );
  }

  stage(pkg: string, stage: string): void {
    if (!this.enabled) return;
    this.stages.set(pkg, stage);
    this.render();
  }

  finish(pkg: string): void {
    if (!this.enabled) return;
    this.stages.delete(pkg);
    this.render();
  }

  /** Prints through `print` with the status line out of the way, then draws it again. */
  around(print: () => void): void {
    this.clear();
    print();
    this.render();
  }

  clear(): void {
    if (!this.shown) return;
    this.stream.write('\r\x1b[K');
    this.shown = false;
  }

  private render(): void {
    if (!this.enabled) return;
    this.clear();
    if (this.stages.size === 0) return;
    const text = `xgen: ${[...this.stages].map(([pkg, stage]) => `${pkg} ${stage}`).join(' · ')}`;
    const width = this.stream.columns || 80;
    this.stream.write(text.length < width ? text : `${text.slice(0, width - 2)}…`);
    this.shown = true;
  }
}
