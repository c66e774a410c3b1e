/**
 * The spec thread (see spec-thread.ts): loads a spec and builds its model for each load job, then
 * makes that model's API snapshot and runtime files when asked.
 */
import { enableCodeCache } from '../code-cache.ts';
import { serveJobs } from './thread.ts';

// Before the libraries load (a static import of spec-thread.ts would load them first).
enableCodeCache();
const { specThreadJob } = await import('./spec-thread.ts');
serveJobs((job: Parameters<typeof specThreadJob>[0], progress) => specThreadJob(job, progress));
