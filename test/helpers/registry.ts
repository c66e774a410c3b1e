/**
 * A private npm registry for tests: Verdaccio in a child process on a free loopback port, storage
 * in a temporary folder, the packages it does not hold proxied to the registry npm is configured
 * with (as a company's registry proxies the public one), and a user whose token the npm commands
 * of the test carry through their own userconfig. `stop()` ends the process.
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './cli.ts';

export interface Registry {
  /** `http://127.0.0.1:<port>/`. */
  url: string;
  /** An npmrc naming the registry and the token: pass as `npm_config_userconfig`. */
  npmrc: string;
  stop(): Promise<void>;
}

/** The packages published to it, held only there: everything else comes through the uplink. */
const LOCAL = ['xgen', '@acme/*'];

export async function startRegistry(dir: string): Promise<Registry> {
  mkdirSync(join(dir, 'storage'), { recursive: true });
  const uplink = execFileSync(
    process.platform === 'win32' ? 'npm.cmd' : 'npm',
    ['config', 'get', 'registry'],
    { encoding: 'utf8' },
  ).trim();
  const config = join(dir, 'config.yaml');
  const local = LOCAL.map((name) => `  '${name}':\n    access: $all\n    publish: $authenticated\n`).join('');
  writeFileSync(
    config,
    `storage: ${JSON.stringify(join(dir, 'storage'))}\n` +
      // A throwaway user in a temporary folder: bcrypt's cheapest cost (4) saves a second of
      // processor before anything can publish. The uplink passes tarballs through without keeping
      // a copy (the consumer's npm cache holds them for its second install).
      `auth:\n  htpasswd:\n    file: ${JSON.stringify(join(dir, 'htpasswd'))}\n    max_users: 10\n    rounds: 4\n` +
      `uplinks:\n  upstream:\n    url: ${JSON.stringify(uplink)}\n    timeout: 60s\n    cache: false\n` +
      `packages:\n${local}  '**':\n    access: $all\n    proxy: upstream\n` +
      // JWT tokens: checked by their signature. The legacy (AES) token is user and password, and
      // every request carrying it runs htpasswd's bcrypt again (~0.3 s of processor each, most of
      // the install's time on a busy machine).
      `security:\n  api:\n    jwt:\n      sign:\n        expiresIn: 1h\n` +
      `max_body_size: 200mb\nlog: { type: stdout, format: json, level: error }\n`,
  );
  // runServer gives an HTTP server to listen with: port 0, the port the system gives.
  const script = `const { runServer } = require('verdaccio');
runServer(process.argv[1]).then((app) => {
  const server = app.listen(0, '127.0.0.1', () => console.log('listening ' + server.address().port));
}, (error) => { console.error(String(error)); process.exit(1); });`;
  const child = spawn(process.execPath, ['-e', script, config], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const port = await new Promise<number>((resolve, reject) => {
    // Timers run before pending I/O: where the caller's own work held the event loop past the
    // limit, the check waits one turn so that output already there is read first.
    const timer = setTimeout(
      () =>
        setImmediate(() => {
          child.kill('SIGTERM');
          reject(new Error(`verdaccio did not start in 60 s:\n${output}`));
        }),
      60_000,
    );
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening (\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`verdaccio exited (${code}):\n${output}`));
    });
  });
  const url = `http://127.0.0.1:${port}/`;
  const stop = (): Promise<void> =>
    new Promise((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  try {
    // npm adduser's request: a new user, answered with a token.
    const response = await fetch(`${url}-/user/org.couchdb.user:ci`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'ci',
        password: 'ci-password-1',
        type: 'user',
        roles: [],
        date: new Date(0).toISOString(),
      }),
    });
    const { token } = (await response.json()) as { token?: string };
    if (!token) throw new Error(`no token from verdaccio (${response.status})`);
    const npmrc = join(dir, 'npmrc');
    writeFileSync(npmrc, `registry=${url}\n//127.0.0.1:${port}/:_authToken=${token}\n`);
    return { url, npmrc, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
