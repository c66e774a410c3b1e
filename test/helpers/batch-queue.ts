/**
 * The order test/run.ts hands test files to its processes: the slowest file left first, then the next
 * ones of its transport while the batch is short (the slow ones go alone). Files that read a fixture one
 * of them builds for the run (the docs site) wait in the queue once one has started, until the fixture
 * is built: another process runs other files meanwhile instead of waiting for it. A waiting file is
 * taken only when nothing else is left.
 */
export interface QueuedJob {
  name: string;
  transport: string;
  /** Its last time, in milliseconds. */
  estimate: number;
}

export class BatchQueue<J extends QueuedJob> {
  private readonly jobs: J[];
  private fixtureStarted = false;

  constructor(
    jobs: readonly J[],
    /** A batch takes files until their times add up to this. */
    private readonly batchMs: number,
    /** Whether a file reads the shared fixture. */
    private readonly readsFixture: (name: string) => boolean,
    /** Whether the fixture is there (built by a reader, or handed in). */
    private readonly fixtureReady: () => boolean,
  ) {
    this.jobs = [...jobs].sort(
      (a, b) =>
        b.estimate - a.estimate || `${a.transport}:${a.name}`.localeCompare(`${b.transport}:${b.name}`),
    );
  }

  /** The next batch, empty when the queue is. */
  next(): J[] {
    const ready = this.jobs.findIndex((job) => !this.waits(job));
    const first = this.jobs.splice(ready < 0 ? 0 : ready, 1)[0];
    if (!first) return [];
    this.take(first);
    const batch = [first];
    let total = first.estimate;
    for (let i = 0; i < this.jobs.length && total < this.batchMs;) {
      const job = this.jobs[i]!;
      if (job.transport === first.transport && total + job.estimate <= this.batchMs && !this.waits(job)) {
        this.take(job);
        batch.push(job);
        total += job.estimate;
        this.jobs.splice(i, 1);
      } else i++;
    }
    return batch;
  }

  private take(job: J): void {
    if (this.readsFixture(job.name)) this.fixtureStarted = true;
  }

  private waits(job: J): boolean {
    return this.readsFixture(job.name) && this.fixtureStarted && !this.fixtureReady();
  }
}
