/**
 * The spec thread (see spec-thread.ts): loads a spec and builds its model for each load job, then
 * makes that model's API snapshot and runtime files when asked.
 */
import { type RestJob, type SpecJob, specThreadJob } from './spec-thread.ts';
import { serveJobs } from './emit/thread.ts';

serveJobs((job: SpecJob | RestJob, progress) => specThreadJob(job, progress));
