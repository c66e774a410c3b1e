/**
 * The emitters' thread (see emitters-thread.ts): loads ts-morph and the emitters as soon as it
 * starts, then emits the files of each model it is sent.
 */
import { runEmitters } from './emitters.ts';
import type { EmittersJob } from './emitters-thread.ts';
import { serveJobs } from './thread.ts';

serveJobs(({ model, packageJson }: EmittersJob) => runEmitters(model, packageJson));
