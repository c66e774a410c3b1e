/**
 * Starts Stoplight Prism (`prism mock <spec> --errors`) on loopback for a test, and stops it.
 *
 * `--errors` makes Prism answer a request that breaks the spec with 422 (401 for a missing credential,
 * 404 for an unknown path or method) and a response that breaks it with 500; every violation is also
 * listed in the `sl-violations` response header, which the harness reads.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { freePort } from '../helpers/server.ts';

const require = createRequire(import.meta.url);
const PRISM_BIN = join(dirname(require.resolve('@stoplight/prism-cli/package.json')), 'dist', 'index.js');

export interface PrismServer {
  /** `http://127.0.0.1:<port>` */
  url: string;
  /** Prism's own output so far (for failure messages). */
  log(): string;
  stop(): Promise<void>;
}

/** Every Prism this process started, killed on exit if a test did not get to stop it. */
const running = new Set<ChildProcess>();
let exitHookInstalled = false;

function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    // Prism runs in its own process group (detached), so this reaches anything it forked too.
    process.kill(-child.pid, signal);
  } catch {
    try {
      child.kill(signal);
    } catch {
      /* already gone */
    }
  }
}

function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.once('exit', () => {
    for (const child of running) killGroup(child, 'SIGKILL');
  });
  // Prism runs in its own process group, so a Ctrl-C of the test run does not reach it: pass it on,
  // then die of the same signal.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      for (const child of running) killGroup(child, 'SIGKILL');
      process.kill(process.pid, signal);
    });
  }
}

/**
 * Starts `prism mock <specFile> -h 127.0.0.1 -p <free port> --errors` and waits until it says it
 * listens. The port is free when chosen, but Prism takes seconds to bind it, and another test
 * process may take it meanwhile: then this Prism exits with EADDRINUSE while the other's server
 * answers on the port, so an answer there proves nothing; this child's own "listening" line does. A
 * port taken so is tried again with another.
 */
export async function startPrism(specFile: string, { timeoutMs = 60_000 } = {}): Promise<PrismServer> {
  installExitHook();
  for (let attempt = 1; ; attempt++) {
    const started = await startPrismOn(await freePort(), specFile, timeoutMs);
    if ('server' in started) return started.server;
    if (!started.portTaken || attempt === 3) throw new Error(started.error);
  }
}

async function startPrismOn(
  port: number,
  specFile: string,
  timeoutMs: number,
): Promise<{ server: PrismServer } | { error: string; portTaken: boolean }> {
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(
    process.execPath,
    [PRISM_BIN, 'mock', specFile, '-h', '127.0.0.1', '-p', String(port), '--errors'],
    {
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, FORCE_COLOR: '0', NO_COLOR: '1' },
    },
  );
  running.add(child);
  let output = '';
  let listening: (() => void) | undefined;
  const saidListening = new Promise<void>((resolve) => (listening = resolve));
  const keep = (chunk: Buffer) => {
    output += chunk.toString();
    // Looked for until heard: then Prism logs a line a request, and the log is kept for errors only.
    if (listening && output.includes(`Prism is listening on ${url}`)) {
      listening();
      listening = undefined;
    }
    if (output.length > 200_000) output = output.slice(-100_000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  exited.then(() => running.delete(child));

  const stop = async () => {
    killGroup(child, 'SIGTERM');
    const timer = setTimeout(() => killGroup(child, 'SIGKILL'), 3000);
    await exited;
    clearTimeout(timer);
  };

  let timer: NodeJS.Timeout | undefined;
  const outcome = await Promise.race([
    saidListening.then(() => 'listening' as const),
    exited.then(() => 'exited' as const),
    new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), timeoutMs))),
  ]);
  clearTimeout(timer);
  if (outcome === 'listening') return { server: { url, log: () => output, stop } };
  if (outcome === 'late') {
    await stop();
    return {
      error: `Prism did not listen on ${url} within ${timeoutMs} ms:\n${output.slice(-4000)}`,
      portTaken: false,
    };
  }
  return {
    error: `Prism exited (${child.exitCode ?? child.signalCode}) before listening on ${url}:\n${output.slice(-4000)}`,
    portTaken: output.includes('EADDRINUSE'),
  };
}
